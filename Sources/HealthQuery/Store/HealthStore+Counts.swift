public import HealthCore
import HealthStorage

extension HealthStore {
    /// The number of samples of these types that match a predicate, as the app may read them (of a type it may
    /// not read, only its own samples count, with no error). Counted by the storage: no sample is loaded. Whole
    /// types (no predicate) are counted once and then kept up to date from the change log.
    ///
    /// ```swift
    /// try await store.count(of: [.quantity(.stepCount)], predicate: .date(start: monday, end: tuesday))
    /// ```
    ///
    /// - Throws: ``HealthError`` `.databaseInaccessible` when the storage fails.
    public func count(of types: Set<SampleType>, predicate: SamplePredicate = .all) async throws -> Int {
        if case .all = predicate.node, let counts = try await wholeTypeCounts(types) {
            return counts.values.reduce(0) { $0 + $1.total }
        }
        let scoped = try await readablePredicate(predicate, types: types)
        do { return try await storage.count(matching: scoped) } catch { throw error.healthError }
    }

    /// The sources that saved samples of these types matching a predicate, with how many each saved, in the
    /// order the store first saw them: HealthKit's `HKSourceQuery` with counts. Of a type the app may not read,
    /// only its own samples count. Counted by the storage: no sample is loaded. Whole types (no predicate) are
    /// counted once and then kept up to date from the change log.
    ///
    /// - Throws: ``HealthError`` `.databaseInaccessible` when the storage fails.
    public func sourceCounts(
        of types: Set<SampleType>, predicate: SamplePredicate = .all
    ) async throws
        -> [SourceCount]
    {
        if case .all = predicate.node, let counts = try await wholeTypeCounts(types) {
            var bySource: [String: Int] = [:]
            for entry in counts.values { bySource.merge(entry.bySource, uniquingKeysWith: +) }
            let records: [SourceRecord]
            do { records = try await storage.sources() } catch { throw error.healthError }
            return records.compactMap { record in
                bySource[record.source.bundleIdentifier].map { SourceCount(record: record, count: $0) }
            }
        }
        let scoped = try await readablePredicate(predicate, types: types)
        do { return try await storage.sourceCounts(matching: scoped) } catch { throw error.healthError }
    }

    /// The sources behind statistics of a type, by bundle identifier, with their names: what a statistics
    /// result's ``StatisticsResult/sources`` name (HealthKit's `HKStatistics.sources`).
    ///
    /// An app that may read the type learns every source it asks for; one that may not learns only itself
    /// (its statistics never name another source).
    ///
    /// - Parameters:
    ///   - type: The quantity type the statistics are of.
    ///   - bundleIdentifiers: The bundle identifiers to resolve (e.g. ``StatisticsCollection/sources()``).
    /// - Returns: The known ones among them.
    public func statisticsSources(
        of type: QuantityTypeIdentifier, bundleIdentifiers: some Sequence<String>
    ) async throws -> [String: Source] {
        let wanted = Set(bundleIdentifiers)
        guard !wanted.isEmpty else { return [:] }
        let record = try await authorizationRecord()
        let readable = record.canRead(.quantity(type))
        let records: [SourceRecord]
        do { records = try await storage.sources() } catch { throw error.healthError }
        var found: [String: Source] = [:]
        for record in records where wanted.contains(record.source.bundleIdentifier) {
            guard readable || record.source.bundleIdentifier == app.bundleIdentifier else { continue }
            found[record.source.bundleIdentifier] = record.source
        }
        return found
    }

    /// Every sample of the store after an anchor, in commit order, a page at a time: the whole-database read of
    /// an export or a backup. Only an identity with full access (``AppIdentity/isPrivileged``: the person who
    /// owns the data, the Health app) may read it; deletions are not reported.
    ///
    /// ```swift
    /// var anchor: QueryAnchor?
    /// repeat {
    ///     let page = try await store.history(after: anchor, limit: 2_000)
    ///     write(page.added)
    ///     anchor = page.newAnchor
    /// } while page.hasMore
    /// ```
    ///
    /// - Parameters:
    ///   - anchor: Where the previous page ended; nil to start at the beginning.
    ///   - limit: The most samples in one page.
    ///   - includeCorrelationMembers: Whether correlation members come as samples of their own too (they are
    ///     always inside their correlation).
    /// - Throws: ``HealthError`` `.authorizationDenied` for an identity without full access.
    public func history(
        after anchor: QueryAnchor?, limit: Int, includeCorrelationMembers: Bool = false
    ) async throws -> AnchoredResult {
        guard app.isPrivileged else {
            throw HealthError.notAuthorized("\(app.bundleIdentifier) may not read the whole store")
        }
        let request = ChangeRequest(
            predicate: includeCorrelationMembers ? .all : .noCorrelation, limit: max(1, limit),
            includeDeletions: false)
        let batch: ChangeBatch
        do { batch = try await storage.changes(after: anchor?.value, matching: request) } catch {
            throw error.healthError
        }
        let added = batch.changes.compactMap { change -> AnySample? in
            if case .added(let stored) = change { return stored.sample }
            return nil
        }
        return AnchoredResult(
            added: added, deleted: [], newAnchor: QueryAnchor(batch.newAnchor), hasMore: batch.hasMore)
    }
}
