public import HealthCore

extension HealthStore {
    /// Brings the merged slots of each cumulative type's sum (in the type's current source order) up to date and
    /// saves them in the store, so that the first statistics query afterwards — in this process or the next —
    /// costs milliseconds instead of one sweep of every sample (docs/decisions/0002-statistics-slots.md).
    ///
    /// The importer calls it at the end of an import ("maintained on write"); an app never needs to (queries
    /// build and patch the slots on demand), but may call it after writing much data to move that cost off
    /// its first query. Types that are not cumulative are ignored: their statistics are always swept.
    ///
    /// It reads every sample of each type and returns nothing, so it reveals nothing to the caller.
    ///
    /// - Parameter types: The quantity types to prepare (e.g. the types an import touched).
    /// - Returns: The cumulative types prepared.
    /// - Throws: ``HealthError`` when the storage fails.
    @discardableResult
    public func prepareStatistics(
        for types: some Sequence<QuantityTypeIdentifier>
    ) async throws -> [QuantityTypeIdentifier] {
        let cumulative = Set(types).filter { $0.typeDescription?.aggregationStyle == .cumulative }
            .sorted { $0.rawValue < $1.rawValue }
        for type in cumulative {
            try Task.checkCancellation()
            let computation = try await makeComputation(type, options: .cumulativeSum)
            _ = try await mergedSlots(for: computation, persistence: .always)
        }
        return cumulative
    }
}
