import Foundation
import HTTPTypes
import HealthAPIInput
import HealthCore
import HealthQuery
import Hummingbird
import NIOCore

/// A device mirroring its HealthKit store into the person's (decision 0031, docs/sync.md); mirror tokens only
/// (``MirrorGate``).
///
/// - `POST /v1/sync/batches` (JSON, `Content-Encoding: gzip` accepted) → the batch's ``SyncReply``: applied once
///   per batch id, every refused item named by index with its reason; a malformed body is a 400 that changes
///   nothing; more than `maxSyncBatchItems` items or `maxSyncBodyBytes` bytes a 413 naming the limit.
/// - `GET /v1/sync/status` → `{"device", "types": [SyncTypeStatus…]}`: per type the last phone anchor acknowledged,
///   the totals, the last problem.
enum SyncRoutes {
    static func add(to group: RouterGroup<ServerContext>, services: ServerServices) {
        group.post("/sync/batches") { request, context in try await applyBatch(request, context, services) }
        group.get("/sync/status") { _, context in try await status(context) }
    }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    private static func applyBatch(
        _ request: Request, _ context: ServerContext, _ services: ServerServices
    ) async throws -> Response {
        let caller = try context.requireCaller()
        guard let device = caller.token.mirror else { throw APIError.forbidden("only a device's mirror token syncs") }
        let limits = services.limits
        let bytes = try await body(request, limits: limits)
        try JSONShape.check(bytes[...], maxDepth: limits.maxJSONDepth, maxString: limits.maxStringLength)
        let json: JSONValue
        do {
            json = try JSONBytesParser.parse(bytes)
        } catch {
            throw APIError.badRequest("the body is not JSON (\(error.reason) at byte \(error.offset))")
        }
        let input = try SyncBatchInput(json: json)
        let items = (input.samples?.count ?? 0) + (input.deleted?.count ?? 0)
        guard items <= limits.maxSyncBatchItems else {
            throw APIError(
                .contentTooLarge, "batch-too-large",
                "the batch holds \(items) samples and deletions; at most \(limits.maxSyncBatchItems) per batch")
        }
        let reply = try await caller.store.applySyncBatch(try input.syncBatch(device: device))
        return Requests.json(encoded: ByteBuffer(bytes: try encoder.encode(reply)))
    }

    private static func status(_ context: ServerContext) async throws -> Response {
        let caller = try context.requireCaller()
        let types = try await caller.store.syncStatus()
        struct Document: Encodable {
            let device: String
            let types: [SyncTypeStatus]
        }
        let document = Document(device: caller.token.mirror ?? "", types: types)
        return Requests.json(encoded: ByteBuffer(bytes: try encoder.encode(document)))
    }

    /// The body's bytes: as sent, or inflated from gzip — within `maxSyncBodyBytes` either way (413 beyond).
    private static func body(_ request: Request, limits: ServerConfiguration.Limits) async throws -> [UInt8] {
        let tooLarge = APIError(
            .contentTooLarge, "body-too-large", "the batch is larger than \(limits.maxSyncBodyBytes) bytes")
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: limits.maxSyncBodyBytes)
        } catch is NIOTooManyBytesError {
            throw tooLarge
        }
        switch request.headers[.contentEncoding]?.lowercased() {
        case nil, "identity":
            return Array(buffer.readableBytesView)
        case "gzip":
            do {
                return try GzipBody.inflate(buffer, maxBytes: limits.maxSyncBodyBytes)
            } catch .tooLarge {
                throw tooLarge
            } catch {
                throw APIError.badRequest("the gzip body is damaged or cut short")
            }
        default:
            throw APIError(
                .unsupportedMediaType, "unsupported-encoding", "Content-Encoding must be gzip or identity")
        }
    }
}
