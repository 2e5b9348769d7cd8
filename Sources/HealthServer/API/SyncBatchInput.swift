import Foundation
import HealthCore
import HealthQuery

/// A sync batch as a device sends it to `POST /v1/sync/batches` (docs/sync.md):
/// `{"batch", "type", "samples": [sample…], "deleted": [{"uuid", "type"}], "phoneAnchor"?, "device"?}`.
///
/// A sample is the API's sample (``APISampleInput``) with its `uuid` and `source` required, kept as sent. The
/// batch's own fields must be well formed (else 400, nothing applied); a sample that cannot be read is an item of
/// the batch with its problem (``SyncBatch/Item/invalid(uuid:problem:)``), reported in the reply by its index.
struct SyncBatchInput: Sendable {
    /// One sample, read without failing the batch.
    struct Item: Sendable {
        let sample: Result<APISampleInput, ReadFailure>
        let uuid: String?

        struct ReadFailure: Error, Sendable {
            let problem: String
        }

        init(json: JSONValue, path: String) {
            if case .object(let members) = json, case .string(let text)? = members["uuid"] {
                uuid = text
            } else {
                uuid = nil
            }
            do throws(APIError) {
                sample = .success(try APISampleInput(json: json, path: path))
            } catch {
                sample = .failure(ReadFailure(problem: error.detail))
            }
        }
    }

    struct DeletionInput: Sendable {
        var uuid: String
        var type: String
    }

    var batch: String
    var type: String
    var samples: [Item]?
    var deleted: [DeletionInput]?
    var phoneAnchor: String?
    var device: String?

    /// The batch a parsed body holds (``JSONBytesParser``: one pass, no Codable — decision 0032).
    /// - Throws: ``APIError`` 400 naming the batch's field that is missing or of the wrong type.
    init(json: JSONValue) throws(APIError) {
        let fields = try JSONFields(json, path: "")
        batch = try fields.string("batch")
        type = try fields.string("type")
        samples = try fields.optionalArray("samples").map { elements in
            elements.enumerated().map { index, element in Item(json: element, path: "samples[\(index)]") }
        }
        deleted = try fields.optionalArray("deleted").map { (elements: [JSONValue]) throws(APIError) in
            var deletions: [DeletionInput] = []
            for (index, element) in elements.enumerated() {
                let deletion = try JSONFields(element, path: "deleted[\(index)]")
                deletions.append(DeletionInput(uuid: try deletion.string("uuid"), type: try deletion.string("type")))
            }
            return deletions
        }
        phoneAnchor = try fields.optionalString("phoneAnchor")
        device = try fields.optionalString("device")
    }

    /// The engine's batch.
    /// - Throws: ``APIError`` 400 for a malformed batch id, type, device or deletion.
    func syncBatch(device mirrored: String) throws(APIError) -> SyncBatch {
        guard SyncBatch.isValidID(batch) else {
            throw APIError.badRequest("batch must be 1–128 of letters, digits, '.', '_', '-', ':'")
        }
        if let device, device != mirrored {
            throw APIError.badRequest("device is not the token's device; a mirror token syncs its own device only")
        }
        let sampleType = try Query.sampleType(type, field: "type")
        if let phoneAnchor, phoneAnchor.utf8.count > SyncBatch.maximumPhoneAnchorBytes {
            throw APIError.badRequest("phoneAnchor is longer than \(SyncBatch.maximumPhoneAnchorBytes) bytes")
        }
        var deletions: [SyncDeletion] = []
        for (index, deletion) in (deleted ?? []).enumerated() {
            guard let uuid = UUID(uuidString: deletion.uuid) else {
                throw APIError.badRequest("deleted[\(index)].uuid is not a UUID")
            }
            deletions.append(
                SyncDeletion(uuid: uuid, type: try Query.sampleType(deletion.type, field: "deleted[\(index)].type")))
        }
        let items = (samples ?? []).enumerated().map { index, item in Self.item(item, index: index) }
        return SyncBatch(id: batch, type: sampleType, items: items, deletions: deletions, phoneAnchor: phoneAnchor)
    }

    /// One sample as the engine's item: decoded, or its problem (its path in the problem is `samples[i]`).
    private static func item(_ item: Item, index: Int) -> SyncBatch.Item {
        let uuid = item.uuid.flatMap(UUID.init(uuidString:))
        let path = "samples[\(index)]"
        switch item.sample {
        case .failure(let failure):
            return .invalid(uuid: uuid, problem: failure.problem)
        case .success(let input):
            guard let text = input.uuid else {
                return .invalid(uuid: nil, problem: "\(path).uuid is required: a mirror keeps each sample's UUID")
            }
            guard let id = uuid else {
                return .invalid(uuid: nil, problem: "\(path).uuid is not a UUID (\(text.count) characters)")
            }
            if let index = input.objects?.firstIndex(where: { $0.uuid == nil }) {
                return .invalid(
                    uuid: id, problem: "\(path).objects[\(index)].uuid is required: a mirror keeps each UUID")
            }
            guard input.source != nil else {
                return .invalid(uuid: uuid, problem: "\(path).source is required: a mirror keeps each sample's source")
            }
            do {
                let sample = try input.sample(path: path, keepSource: true) { id }
                return .sample(sample)
            } catch {
                return .invalid(uuid: uuid, problem: error.detail)
            }
        }
    }
}
