public import Foundation
public import HealthCore
import HealthStorage

extension HealthStore {
    /// The replies kept per device: a batch retried after more than this many later batches is applied again
    /// (harmlessly: its samples are duplicates then).
    public static let keptSyncReplies = 1024

    /// Applies a device's sync batch, all valid items in one transaction with its reply and the device's status
    /// (decision 0031): HealthKit's data as the phone holds it, kept exactly — UUIDs, source revisions, devices,
    /// metadata — so statistics merge it by source priority as the phone does.
    ///
    /// - A batch applied before (same device, same id) gets its stored reply; nothing is applied again.
    /// - Each sample is validated as ``save(_:associations:)`` validates (plus: of the batch's type, with a source);
    ///   an invalid one is a ``SyncProblem`` naming its index, never a failure of the others.
    /// - A sample already stored with the same content is a duplicate; with other content a ``SyncConflict``
    ///   (never overwritten). A deletion of a UUID not stored counts as already deleted.
    ///
    /// - Returns: The reply (also stored, for a retry).
    /// - Throws: ``HealthError`` `.authorizationDenied` unless this store acts for a device mirror
    ///   (``AppIdentity/mirror(device:)``); `.invalidArgument` for a malformed batch id or phone anchor; a storage
    ///   failure as `.databaseInaccessible` (nothing applied).
    public func applySyncBatch(_ batch: SyncBatch) async throws -> SyncReply {
        let device = try requireMirror()
        guard SyncBatch.isValidID(batch.id) else {
            throw HealthError(.invalidArgument, "the batch id must be 1–128 of letters, digits, '.', '_', '-', ':'")
        }
        if let anchor = batch.phoneAnchor, anchor.utf8.count > SyncBatch.maximumPhoneAnchorBytes {
            throw HealthError(
                .invalidArgument, "the phone anchor is longer than \(SyncBatch.maximumPhoneAnchorBytes) bytes")
        }
        let keys = SyncKeys(device: device)
        if let stored = try await storedReply(keys.reply(batch.id)) { return stored }
        do {
            return try await commitSyncBatch(batch, keys: keys)
        } catch let error as StorageError where error.code == .duplicateUUID {
            // Another commit stored one of these UUIDs between the look-up and this commit: the same batch sent
            // twice at once (its reply is stored now), or another batch with the same samples (classify again).
            if let stored = try await storedReply(keys.reply(batch.id)) { return stored }
            do {
                return try await commitSyncBatch(batch, keys: keys)
            } catch let error as StorageError {
                throw error.code == .duplicateUUID
                    ? HealthError(.invalidArgument, "a sample's correlation member is stored already: \(error)")
                    : error.healthError
            }
        } catch let error as StorageError {
            throw error.healthError
        }
    }

    /// The device's sync status per type, by type identifier: the last phone anchor acknowledged, the totals, the
    /// last problem.
    /// - Throws: ``HealthError`` `.authorizationDenied` unless this store acts for a device mirror.
    public func syncStatus() async throws -> [SyncTypeStatus] {
        let device = try requireMirror()
        let entries: [(key: String, value: Data)]
        do {
            entries = try await storage.settings(withPrefix: SyncKeys(device: device).statusPrefix)
        } catch {
            throw error.healthError
        }
        return entries.compactMap { try? JSONDecoder().decode(SyncTypeStatus.self, from: $0.value) }
    }

    private func requireMirror() throws(HealthError) -> String {
        guard let device = app.mirroredDevice, SyncBatch.isValidDeviceName(device) else {
            throw HealthError.notAuthorized("\(app.bundleIdentifier) is not a device mirror: it may not sync")
        }
        return device
    }

    private func storedReply(_ key: String) async throws -> SyncReply? {
        let data: Data?
        do { data = try await storage.setting(key) } catch { throw error.healthError }
        return try data.map { try JSONDecoder().decode(SyncReply.self, from: $0) }
    }

    /// Classifies the batch against the store and commits it with its reply, status and reply index.
    private func commitSyncBatch(_ batch: SyncBatch, keys: SyncKeys) async throws -> SyncReply {
        var plan = SyncPlan(batch: batch, validationOptions: validationOptions)
        let wanted = plan.candidateUUIDs.union(batch.deletions.map(\.uuid))
        let stored = wanted.isEmpty ? [] : try await fetchStored(.uuids(wanted))
        plan.classify(against: Dictionary(stored.map { ($0.sample.uuid, $0.sample) }) { first, _ in first })

        let now = clock.now
        var reply = plan.reply(anchor: 0)
        var status =
            try await storage.setting(keys.status(batch.type)).flatMap {
                try? JSONDecoder().decode(SyncTypeStatus.self, from: $0)
            } ?? SyncTypeStatus(type: batch.type.identifier, batch: batch.id, at: now)
        var index =
            try await storage.setting(keys.index).flatMap { try? JSONDecoder().decode([String].self, from: $0) } ?? []
        index.append(batch.id)
        var settings: [String: Data?] = [:]
        while index.count > Self.keptSyncReplies { settings[keys.reply(index.removeFirst())] = .some(nil) }

        // The reply is committed with the rows, so its anchor is the one the commit reaches: the anchor now plus
        // one per change (each stored row, each tombstone). Another writer committing in between makes it differ;
        // the stored reply is corrected after (a crash before that leaves it lower: a reader looks from earlier).
        let encoder = StoredJSON.encoder()
        reply.anchor = try await currentAnchor() + Int64(plan.changeCount)
        status.add(reply, at: now)
        settings[keys.reply(batch.id)] = try encoder.encode(reply)
        settings[keys.status(batch.type)] = try encoder.encode(status)
        settings[keys.index] = try encoder.encode(index)
        let commit = StorageCommit(inserts: plan.inserts, deletions: plan.deletions, settings: settings)
        let result = try await commitAndPublish(commit)
        if result.anchor != reply.anchor {
            reply.anchor = result.anchor
            try await storage.setSetting(keys.reply(batch.id), try encoder.encode(reply))
        }
        return reply
    }
}

/// The setting keys of a device's sync: `sync/batch/DEVICE/ID` (a reply), `sync/batches/DEVICE` (the kept replies'
/// ids, oldest first), `sync/status/DEVICE/TYPE`.
struct SyncKeys {
    let device: String

    func reply(_ batch: String) -> String { "sync/batch/\(device)/\(batch)" }
    var index: String { "sync/batches/\(device)" }
    func status(_ type: SampleType) -> String { statusPrefix + type.identifier }
    var statusPrefix: String { "sync/status/\(device)/" }
}
