import AsyncHTTPClient
import Foundation
import HealthSync
import NIOCore
import NIOHTTP1

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// HealthSync's transport over swift-nio's HTTP client, for the Linux simulator only (`--transport nio`): Linux's
/// URLSession (swift-corelibs-foundation over libcurl) spent half the phone's time in system calls on a backfill
/// (decision 0032), a cost an iPhone's URLSession does not have. HealthSync itself keeps URLSession.
struct NIOTransport: SyncTransport {
    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        guard let url = request.url else { throw URLError(.badURL) }
        var outgoing = HTTPClientRequest(url: url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: request.httpMethod ?? "GET")
        for (name, value) in request.allHTTPHeaderFields ?? [:] { outgoing.headers.add(name: name, value: value) }
        if let body = request.httpBody { outgoing.body = .bytes(ByteBuffer(bytes: body)) }
        let timeout = TimeAmount.milliseconds(Int64(request.timeoutInterval * 1000))
        let response = try await HTTPClient.shared.execute(outgoing, timeout: timeout)
        let body = try await response.body.collect(upTo: 64 << 20)
        var headers: [String: String] = [:]
        for header in response.headers { headers[header.name] = header.value }
        guard
            let http = HTTPURLResponse(
                url: url, statusCode: Int(response.status.code), httpVersion: "HTTP/1.1", headerFields: headers)
        else { throw URLError(.badServerResponse) }
        return (Data(body.readableBytesView), http)
    }
}
