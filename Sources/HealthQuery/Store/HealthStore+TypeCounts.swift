import HealthCore
import HealthStorage

/// How many samples of one type each source has in the store, as of an anchor (kept in ``StatisticsCache``).
struct TypeCounts: Sendable {
    /// The store's anchor the counts reflect.
    var anchor: Int64
    /// Samples per source bundle identifier (`""` for samples without a source).
    var bySource: [String: Int]

    var total: Int { bySource.values.reduce(0, +) }
}

extension HealthStore {
    /// More changes than this since the counts were taken, and they are taken again instead of patched.
    static var countRecountThreshold: Int { 100_000 }

    /// The whole-type counts of `types` (an overview of ten years of data asks every type), or nil when the app
    /// may not read one of them (it counts only its own samples: the storage counts those).
    func wholeTypeCounts(_ types: Set<SampleType>) async throws -> [SampleType: TypeCounts]? {
        let record = try await authorizationRecord()
        guard types.allSatisfy(record.canRead) else { return nil }
        var counts: [SampleType: TypeCounts] = [:]
        for type in types { counts[type] = try await typeCounts(type) }
        return counts
    }

    /// The counts of one type, up to date with the store: from the cache (patched by the change log since),
    /// or counted by the storage.
    private func typeCounts(_ type: SampleType) async throws -> TypeCounts {
        if let held = statisticsCache.counts(for: type), held.anchor <= (try await currentAnchor()),
            let patched = try await patch(held, type)
        {
            statisticsCache.store(patched, for: type)
            return patched
        }
        // Counted between two equal anchors, or not kept: a commit in between could be counted twice later.
        for _ in 0..<3 {
            let before = try await currentAnchor()
            let counted = try await countBySource(type)
            if try await currentAnchor() == before {
                let counts = TypeCounts(anchor: before, bySource: counted)
                statisticsCache.store(counts, for: type)
                return counts
            }
        }
        return TypeCounts(anchor: 0, bySource: try await countBySource(type))
    }

    private func countBySource(_ type: SampleType) async throws -> [String: Int] {
        do {
            let predicate = SamplePredicate.types([type])
            var bySource: [String: Int] = [:]
            for entry in try await storage.sourceCounts(matching: predicate) {
                bySource[entry.record.source.bundleIdentifier, default: 0] += entry.count
            }
            // Samples without a source (or one without a record) count too.
            let unattributed = try await storage.count(matching: predicate) - bySource.values.reduce(0, +)
            if unattributed > 0 { bySource["", default: 0] += unattributed }
            return bySource
        } catch {
            throw error.healthError
        }
    }

    /// The counts brought to the store's anchor by its additions since; nil when something was deleted or too much
    /// changed (then they are counted again).
    private func patch(_ counts: TypeCounts, _ type: SampleType) async throws -> TypeCounts? {
        // A sample added and deleted since the counts were taken shows as a deletion alone, which ends the walk:
        // a deletion means counting again (they are rare).
        var patched = counts
        let walked = try await additions(of: type, after: counts.anchor, limit: Self.countRecountThreshold) {
            patched.bySource[$0.sample.sourceRevision?.source.bundleIdentifier ?? "", default: 0] += 1
        }
        guard let (_, reached) = walked else { return nil }
        patched.anchor = reached
        return patched
    }
}
