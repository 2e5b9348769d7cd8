import HealthCore
import HealthStorage

extension HealthStore {
    /// Walks the additions of one type after an anchor, a page at a time: how the caches (merged slots, discrete
    /// slots, whole-type counts) catch up with commits made since they were taken, by this process or another.
    ///
    /// - Returns: How many changes were walked and the anchor they reach; nil when the walk met a deletion (the
    ///   change log lists an addition only while its row exists and keeps no dates or values for a tombstone, so a
    ///   cache must be rebuilt) or more than `limit` changes.
    func additions(
        of type: SampleType, after anchor: Int64, limit: Int, _ body: (StoredSample) -> Void
    ) async throws -> (count: Int, anchor: Int64)? {
        var after = anchor
        var seen = 0
        while true {
            let batch: ChangeBatch
            do {
                batch = try await storage.changes(
                    after: after, matching: ChangeRequest(types: [type], limit: Self.slotChangePage))
            } catch {
                throw error.healthError
            }
            for change in batch.changes {
                guard case .added(let stored) = change else { return nil }
                body(stored)
            }
            seen += batch.changes.count
            if seen > limit { return nil }
            guard batch.newAnchor > after else { break }
            after = batch.newAnchor
            guard batch.hasMore else { break }
        }
        return (seen, after)
    }
}
