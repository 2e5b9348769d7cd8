public import Foundation
public import HealthCore
import HealthStorage

extension HealthStore {
    /// Statistics of a quantity type: HealthKit's `HKStatisticsQuery` (reference §5.5, §6).
    ///
    /// Cumulative sums merge overlapping sources by the type's source order (the Health app's numbers, not a
    /// naive sum). The window is the predicate's date range when it has one, else the span of the samples.
    /// - Parameters:
    ///   - type: The quantity type.
    ///   - predicate: Which samples.
    ///   - options: The statistics.
    ///   - sourceOrder: A merge order for this query only (highest priority first); nil for the type's own
    ///     (``sourceOrder(for:)``). The store's order is not changed.
    /// - Throws: ``HealthError`` `.noData` (11) when no sample matches; `.invalidArgument` (3) for options the
    ///   type does not allow (a sum of heart rate).
    public func statistics(
        of type: QuantityTypeIdentifier,
        predicate: SamplePredicate = .all,
        options: StatisticsOptions,
        sourceOrder: SourceOrder? = nil
    ) async throws -> StatisticsResult {
        let computation = try await makeComputation(type, options: options, sourceOrder: sourceOrder)
        let window = predicate.dateWindow
        let inputs = try await statisticsInputs(type, predicate: predicate, computation: computation, range: nil)
        let resolved = window.flatMap { window -> DateInterval? in
            guard let span = StatisticsInput.span(of: inputs) else { return nil }
            let start = window.start ?? span.start
            let end = window.end ?? span.end
            return DateInterval(start: min(start, end), end: max(start, end))
        }
        guard let result = computation.statistics(of: inputs, in: resolved) else {
            throw HealthError(.noData, "No data available for the specified predicate.")
        }
        return result
    }

    /// Statistics per calendar bucket: HealthKit's `HKStatisticsCollectionQuery` (reference §5.6).
    ///
    /// The predicate selects samples; buckets clip them (a selected sample straddling the predicate's range
    /// contributes its prorated parts to buckets outside it). Samples are read a chunk of buckets at a time
    /// through the store's type + time index, so years of data are never in memory at once.
    /// - Parameters:
    ///   - type: The quantity type.
    ///   - predicate: Which samples.
    ///   - options: The statistics.
    ///   - anchorDate: Any date on the bucket grid.
    ///   - intervalComponents: The bucket length (seconds … years). Its `calendar`, when set, does the bucket
    ///     arithmetic (with its time zone), as in HealthKit; otherwise the store's calendar does.
    ///   - sourceOrder: A merge order for this query only (highest priority first; sources not listed follow);
    ///     nil for the type's own (``sourceOrder(for:)``). The store's order is not changed, and the merged slots
    ///     of a one-off order are kept in memory only.
    public func statisticsCollection(
        of type: QuantityTypeIdentifier,
        predicate: SamplePredicate = .all,
        options: StatisticsOptions,
        anchorDate: Date,
        intervalComponents: DateComponents,
        sourceOrder: SourceOrder? = nil
    ) async throws -> StatisticsCollection {
        let computation = try await makeComputation(type, options: options, sourceOrder: sourceOrder)
        let buckets: StatisticsBuckets
        do {
            buckets = try StatisticsBuckets(
                anchor: anchorDate, interval: intervalComponents, calendar: intervalComponents.calendar ?? calendar)
        } catch {
            throw HealthError(.invalidArgument, error.description)
        }
        let persistence: SlotPersistence = sourceOrder == nil ? .whenLarge : .never
        if let cached = try await slotCollection(type, predicate, computation, buckets, persistence: persistence) {
            return cached
        }
        if let cached = try await discreteSlotCollection(type, predicate, computation, buckets) {
            return cached
        }
        guard let span = try await selectedSpan(type, predicate: predicate),
            let indices = buckets.indices(from: span.start, through: span.end)
        else {
            return StatisticsCollection(buckets: buckets, unit: computation.unit, results: [])
        }
        let results = try await sweptResults(type, predicate, computation, buckets, indices)
        return StatisticsCollection(buckets: buckets, unit: computation.unit, results: results)
    }

    /// The statistics of buckets `indices` computed from the samples, a chunk of buckets per storage read.
    func sweptResults(
        _ type: QuantityTypeIdentifier, _ predicate: SamplePredicate, _ computation: StatisticsComputation,
        _ buckets: StatisticsBuckets, _ indices: ClosedRange<Int>
    ) async throws -> [StatisticsResult] {
        var results: [StatisticsResult] = []
        var first = indices.lowerBound
        while first <= indices.upperBound {
            let last = min(first + Self.bucketsPerChunk - 1, indices.upperBound)
            guard let chunkStart = buckets.start(ofBucket: first), let chunkEnd = buckets.start(ofBucket: last + 1)
            else {
                break
            }
            let boundaries = buckets.boundaries(from: chunkStart, through: chunkEnd.addingTimeInterval(-0.001))
            let inputs = try await statisticsInputs(
                type, predicate: predicate, computation: computation,
                range: DateInterval(start: chunkStart, end: chunkEnd.addingTimeInterval(Self.lookahead)))
            if !inputs.isEmpty {
                let chunk = (try? computation.statistics(of: inputs, boundaries: boundaries)) ?? []
                results += chunk.compactMap { $0 }
            }
            first = last + 1
        }
        return results
    }

    /// The long-running collection query: the initial collection, then a recomputed one after every commit
    /// that touches the type (HealthKit's `statisticsUpdateHandler`). Ends when the consumer stops iterating.
    public nonisolated func statisticsCollectionUpdates(
        of type: QuantityTypeIdentifier,
        predicate: SamplePredicate = .all,
        options: StatisticsOptions,
        anchorDate: Date,
        intervalComponents: DateComponents,
        sourceOrder: SourceOrder? = nil
    ) -> AsyncThrowingStream<StatisticsCollection, any Error> {
        let notifications = hub.notifications(for: [.quantity(type)])
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    func compute() async throws -> StatisticsCollection {
                        try await self.statisticsCollection(
                            of: type, predicate: predicate, options: options, anchorDate: anchorDate,
                            intervalComponents: intervalComponents, sourceOrder: sourceOrder)
                    }
                    continuation.yield(try await compute())
                    for await _ in notifications { continuation.yield(try await compute()) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// The merge order of a type as the app may see it: the person's list, or HealthKit's default order (manual
    /// entry, watches, phones, apps; newest first), naming only sources the app could learn of by reading — for a
    /// type it may read, the sources that saved samples of it; for one it may not, at most itself. The person's own
    /// identity (and the Health app) sees the whole list.
    ///
    /// Statistics merge by the whole list whoever asks (``mergeOrder(for:)``); an app learns no more from this than
    /// from a source query of the type.
    public func sourceOrder(for type: QuantityTypeIdentifier) async throws -> SourceOrder {
        let order = try await mergeOrder(for: type)
        guard !app.isPrivileged else { return order }
        var visible: Set<String> = [app.bundleIdentifier]
        if try await canRead(.quantity(type)) {
            for entry in try await sourceCounts(of: [.quantity(type)]) {
                visible.insert(entry.record.source.bundleIdentifier)
            }
        }
        return SourceOrder(order.bundleIdentifiers.filter(visible.contains))
    }

    /// The whole merge order of a type, which statistics follow for every app.
    func mergeOrder(for type: QuantityTypeIdentifier) async throws -> SourceOrder {
        do {
            if let list = try await storage.sourceOrder(for: .quantity(type)) { return SourceOrder(list) }
            return SourceOrder.defaultOrder(for: try await storage.sources())
        } catch {
            throw error.healthError
        }
    }

    /// Sets (or with nil, resets to the default) the merge order of a type, highest priority first — what a
    /// person does by dragging sources in the Health app.
    public func setSourceOrder(_ bundleIdentifiers: [String]?, for type: QuantityTypeIdentifier) async throws {
        do { try await storage.setSourceOrder(bundleIdentifiers, for: .quantity(type)) } catch {
            throw error.healthError
        }
        hub.publish(CommitNotification(anchor: try await currentAnchor(), touchedTypes: [.quantity(type)]))
    }

    /// Buckets read per storage round trip in a collection query.
    static var bucketsPerChunk: Int { 64 }
    /// How far past a chunk inputs are read, so time-weighted averages see each quantity's successor.
    static var lookahead: TimeInterval { 600 }

    func makeComputation(
        _ type: QuantityTypeIdentifier, options: StatisticsOptions, sourceOrder override: SourceOrder? = nil
    ) async throws
        -> StatisticsComputation
    {
        let order: SourceOrder
        if let override { order = override } else { order = try await mergeOrder(for: type) }
        do {
            return try StatisticsComputation(type: type, options: options, sourceOrder: order)
        } catch {
            throw HealthError(.invalidArgument, error.description)
        }
    }

    func statisticsInputs(
        _ type: QuantityTypeIdentifier,
        predicate: SamplePredicate,
        computation: StatisticsComputation,
        range: DateInterval?
    ) async throws -> [StatisticsInput] {
        var scoped = try await readablePredicate(predicate, types: [.quantity(type)])
        if let range { scoped = scoped && .date(start: range.start, end: range.end) }
        let pieces: [QuantityPiece]
        do { pieces = try await storage.quantityPieces(matching: scoped, canonicalUnit: computation.unit) } catch {
            throw error.healthError
        }
        return pieces.map(StatisticsInput.init(piece:))
    }

    /// The span of the selected samples: earliest start to latest end.
    func selectedSpan(_ type: QuantityTypeIdentifier, predicate: SamplePredicate) async throws -> DateInterval? {
        let scoped = try await readablePredicate(predicate, types: [.quantity(type)])
        guard let first = try await fetchStored(scoped, sort: [.startDate], limit: 1).first,
            let last = try await fetchStored(scoped, sort: [SampleSortOrder(.endDate, ascending: false)], limit: 1)
                .first
        else { return nil }
        return DateInterval(start: first.sample.startDate, end: max(first.sample.startDate, last.sample.endDate))
    }
}

extension SamplePredicate {
    /// The date range a predicate restricts samples to, when its top level (or a top-level conjunct) is a date
    /// window; each bound may be open.
    var dateWindow: (start: Date?, end: Date?)? {
        switch node {
        case .date(let start, let end, _):
            return (start, end)
        case .and(let children):
            for child in children {
                if case .date(let start, let end, _) = child { return (start, end) }
            }
            return nil
        default:
            return nil
        }
    }
}
