public import HealthCore

extension SampleStorage {
    /// The default: reads the changes in `(after, through]` a page at a time and collects their types. It loads
    /// the changed samples; backends with an index on the change number override it.
    public func touchedTypes(after anchor: Int64, through last: Int64) async throws(StorageError) -> Set<SampleType> {
        var types: Set<SampleType> = []
        var after = anchor
        while after < last {
            let batch = try await changes(after: after, matching: ChangeRequest(limit: 1_024))
            for change in batch.changes where change.anchor <= last {
                switch change {
                case .added(let stored): types.insert(stored.sample.sampleType)
                case .deleted(let object): types.insert(object.sampleType)
                }
            }
            guard batch.hasMore, batch.newAnchor > after else { break }
            after = batch.newAnchor
        }
        return types
    }
}
