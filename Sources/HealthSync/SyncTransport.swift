public import Foundation

#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// Sends one HTTP request: URLSession's by default (``URLSessionTransport``).
public protocol SyncTransport: Sendable {
    /// The reply's body and response; throws when no reply arrived (no connection, a reset, a timeout).
    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse)
}

/// URLSession, with its own ephemeral session (no cookies, no cache).
public struct URLSessionTransport: SyncTransport {
    let session: URLSession

    /// Creates a transport over an ephemeral session.
    public init() {
        session = URLSession(configuration: .ephemeral)
    }

    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        return (data, http)
    }
}
