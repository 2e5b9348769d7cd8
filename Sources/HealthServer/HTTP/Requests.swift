import Foundation
import HTTPTypes
import HealthAPIInput
import HealthCore
import HealthQuery
import Hummingbird
import NIOCore

/// Reading requests and writing JSON responses within the server's limits.
enum Requests {
    /// Decodes a JSON body: at most `limits.maxBodyBytes` (413 beyond), nested at most `maxJSONDepth` levels with
    /// strings of at most `maxStringLength` bytes (400), then the type's shape (400 naming the field).
    static func decode<T: Decodable>(
        _ type: T.Type, from request: Request, limits: ServerConfiguration.Limits
    ) async throws -> T {
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: limits.maxBodyBytes)
        } catch is NIOTooManyBytesError {
            throw APIError(.contentTooLarge, "body-too-large", "the body is larger than \(limits.maxBodyBytes) bytes")
        }
        let bytes = buffer.readableBytesView
        try JSONShape.check(bytes, maxDepth: limits.maxJSONDepth, maxString: limits.maxStringLength)
        do {
            return try JSONDecoder().decode(type, from: Data(bytes))
        } catch let error as DecodingError {
            throw APIError.badRequest(describe(error))
        } catch {
            throw APIError.badRequest("the body is not JSON")
        }
    }

    /// A JSON body's bytes, checked for size (413), nesting depth and string lengths (400), not decoded.
    static func collect(_ request: Request, limits: ServerConfiguration.Limits) async throws -> ByteBuffer {
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: limits.maxBodyBytes)
        } catch is NIOTooManyBytesError {
            throw APIError(.contentTooLarge, "body-too-large", "the body is larger than \(limits.maxBodyBytes) bytes")
        }
        try JSONShape.check(buffer.readableBytesView, maxDepth: limits.maxJSONDepth, maxString: limits.maxStringLength)
        return buffer
    }

    /// A decoding error as the field it is about, without the value.
    static func describe(_ error: DecodingError) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            let parts = keys.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue.prefix(80))" }
            let joined = parts.joined()
            return joined.hasPrefix(".") ? String(joined.dropFirst()) : (joined.isEmpty ? "the body" : joined)
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "\(path(context.codingPath + [key])) is missing"
        case .typeMismatch(let type, let context):
            return "\(path(context.codingPath)) must be \(describe(type))"
        case .valueNotFound(let type, let context):
            return "\(path(context.codingPath)) must be \(describe(type)), not null"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty
                ? "the body is not valid JSON" : "\(path(context.codingPath)) is not valid"
        @unknown default:
            return "the body does not have the expected shape"
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Double.Type, is Int.Type, is Int64.Type: "a number"
        case is Bool.Type: "a boolean"
        default: "\(type)".contains("Array") ? "an array" : "an object"
        }
    }

    /// A JSON response.
    static func json(_ value: JSONValue, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        var headers = headers
        headers[.contentType] = "application/json"
        return Response(
            status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: value.encoded())))
    }

    /// A 200 JSON response of bytes already encoded.
    static func json(encoded body: ByteBuffer) -> Response {
        Response(status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: body))
    }

    /// The JSON answer of a read-only query, from the response cache while the person's data has not changed,
    /// else computed (and kept). The data version is read before computing, so a commit during the computation
    /// makes the kept answer stale at once.
    static func cachedJSON(
        _ request: Request, caller: Caller, services: ServerServices, compute: () async throws -> JSONValue
    ) async throws -> Response {
        // A version that cannot be read (a busy file) only costs the cache: the answer is computed and not kept.
        guard let version = try? await caller.store.dataVersion() else {
            return json(encoded: ByteBuffer(bytes: try await compute().encoded()))
        }
        let key = ResponseCache.Key(token: caller.token.hash, path: request.uri.path, query: request.uri.query ?? "")
        if let body = services.responses.body(for: key, version: version) { return json(encoded: body) }
        let body = ByteBuffer(bytes: try await compute().encoded())
        services.responses.store(body, for: key, version: version)
        return json(encoded: body)
    }
}

/// Query parameters, read strictly (HealthAPIInput's ``QueryReader``): a value that does not parse is a 400 naming
/// the parameter.
struct Query {
    let reader: QueryReader

    init(_ request: Request) {
        reader = QueryReader(QueryParameters(request.uri.query))
    }

    func string(_ name: String) throws(APIError) -> String? {
        try Self.map { () throws(InputError) in try reader.string(name) }
    }

    /// Every value of a repeated parameter, and the comma-separated parts of each (`types=a,b&types=c`).
    func list(_ name: String) -> [String] { reader.list(name) }

    /// The sample types of a repeated `type` parameter: known types only, at most `max` of them.
    func sampleTypes(_ name: String = "type", max: Int = 20) throws(APIError) -> [SampleType] {
        try Self.map { () throws(InputError) in try reader.sampleTypes(name, max: max) }
    }

    func date(_ name: String) throws(APIError) -> Date? {
        try Self.map { () throws(InputError) in try reader.date(name) }
    }

    func integer(_ name: String, in range: ClosedRange<Int>) throws(APIError) -> Int? {
        try Self.map { () throws(InputError) in try reader.integer(name, in: range) }
    }

    func bool(_ name: String) throws(APIError) -> Bool {
        try Self.map { () throws(InputError) in try reader.bool(name) }
    }

    /// A sample type by HealthKit identifier.
    func type(_ name: String) throws(APIError) -> SampleType? {
        try Self.map { () throws(InputError) in try reader.type(name) }
    }

    static func sampleType(_ text: String, field: String) throws(APIError) -> SampleType {
        try map { () throws(InputError) in try QueryReader.sampleType(text, field: field) }
    }

    /// A quantity type by identifier, known to the catalog.
    static func quantityType(_ text: String, field: String) throws(APIError) -> QuantityTypeIdentifier {
        try map { () throws(InputError) in try QueryReader.quantityType(text, field: field) }
    }

    /// An input error as the 400 it is.
    static func map<T>(_ read: () throws(InputError) -> T) throws(APIError) -> T {
        do { return try read() } catch { throw APIError.badRequest(error.detail) }
    }
}
