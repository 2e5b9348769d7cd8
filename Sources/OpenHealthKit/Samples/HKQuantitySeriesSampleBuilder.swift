public import Foundation
import HealthCore
import HealthQuery

/// Builds one quantity sample from many quantities as they arrive (a cycling app's power every second, a
/// heart-rate strap's beats): HealthKit's `HKQuantitySeriesSampleBuilder` (iOS 13).
///
/// ```swift
/// let builder = HKQuantitySeriesSampleBuilder(
///     healthStore: store, quantityType: HKQuantityType(.heartRate), startDate: start, device: nil)
/// try builder.insert(HKQuantity(unit: bpm, doubleValue: 128), at: start.addingTimeInterval(1))
/// let samples = try await builder.finishSeries(metadata: nil)   // one HKDiscreteQuantitySample, count 1
/// ```
///
/// The saved sample keeps every quantity (its `count`); its quantity is their sum for a cumulative type and
/// their mean otherwise, and it spans the start date to the end date (or the last quantity's end).
public final class HKQuantitySeriesSampleBuilder: NSObject, @unchecked Sendable {
    /// The store the series is saved to.
    public let healthStore: HKHealthStore
    /// The type of every quantity.
    public let quantityType: HKQuantityType
    /// The start of the series (no quantity may start before it).
    public let startDate: Date
    /// The device recording the series.
    public let device: HKDevice?

    private struct State {
        var phase = SeriesBuilderPhase.building
        var series: [SeriesQuantity] = []
    }

    private let state = Locked(State())

    /// Creates a builder.
    public init(healthStore: HKHealthStore, quantityType: HKQuantityType, startDate: Date, device: HKDevice?) {
        self.healthStore = healthStore
        self.quantityType = quantityType
        self.startDate = startDate
        self.device = device
    }

    /// Adds a quantity over an interval (cumulative types).
    /// - Throws: `HKError(.errorInvalidArgument)` for a unit of another dimension than the type's, an interval
    ///   starting before ``startDate``, or a builder already finished or discarded.
    public func insert(_ quantity: HKQuantity, for dateInterval: DateInterval) throws {
        let resolved: Quantity
        do { resolved = try quantity.resolved() } catch {
            throw HKError(.errorInvalidArgument, "HKQuantitySeriesSampleBuilder: \(error.message)")
        }
        guard let canonical = quantityType.canonicalUnit, resolved.unit.isCompatible(with: canonical) else {
            throw HKError(
                .errorInvalidArgument,
                "HKQuantitySeriesSampleBuilder: \(resolved.unit.unitString) is not a unit of \(quantityType.identifier)"
            )
        }
        guard dateInterval.start >= startDate else {
            throw HKError(
                .errorInvalidArgument, "HKQuantitySeriesSampleBuilder: a quantity may not start before the series")
        }
        try state.withLock { (state) throws(HKError) in
            guard state.phase == .building else {
                throw HKError(.errorInvalidArgument, "HKQuantitySeriesSampleBuilder: the series is \(state.phase)")
            }
            state.series.append(SeriesQuantity(quantity: resolved, start: dateInterval.start, end: dateInterval.end))
        }
    }

    /// Adds a quantity at an instant (discrete types).
    /// - Throws: As ``insert(_:for:)``.
    public func insert(_ quantity: HKQuantity, at date: Date) throws {
        try insert(quantity, for: DateInterval(start: date, duration: 0))
    }

    /// Saves the series as a sample ending at `endDate` (nil: at the last quantity's end) and returns what was
    /// saved; the builder is then finished.
    /// - Throws: `HKError(.errorInvalidArgument)` when nothing was inserted, the end is before a quantity's end, or
    ///   the builder is finished or discarded; the store's errors (authorization, validation) otherwise — after
    ///   which the series can be finished again.
    public func finishSeries(metadata: [String: Any]?, endDate: Date?) async throws -> [HKQuantitySample] {
        let series = try state.withLock { (state) throws(HKError) -> [SeriesQuantity] in
            guard state.phase == .building else {
                throw HKError(.errorInvalidArgument, "HKQuantitySeriesSampleBuilder: the series is \(state.phase)")
            }
            guard !state.series.isEmpty else {
                throw HKError(.errorInvalidArgument, "HKQuantitySeriesSampleBuilder: no quantity was inserted")
            }
            state.phase = .finishing
            return state.series
        }
        do {
            let saved = try await save(series, metadata: metadata, endDate: endDate)
            state.withLock { $0.phase = .finished }
            return saved
        } catch {
            state.withLock { $0.phase = .building }
            throw error
        }
    }

    /// Saves the series (completion form).
    public func finishSeries(
        metadata: [String: Any]?, endDate: Date?,
        completion: @escaping @Sendable ([HKQuantitySample]?, (any Error)?) -> Void
    ) {
        // Metadata crosses to the task in the engine's (sendable) form.
        let (engineMetadata, problem) = MetadataBridge.engine(metadata)
        Task.detached { [self] in
            do {
                if let problem { throw HKError(.errorInvalidArgument, problem) }
                let dictionary = MetadataBridge.dictionary(engineMetadata)
                completion(try await finishSeries(metadata: dictionary, endDate: endDate), nil)
            } catch {
                completion(nil, error)
            }
        }
    }

    /// Saves the series ending at the last quantity's end (completion form).
    public func finishSeries(
        metadata: [String: Any]?, completion: @escaping @Sendable ([HKQuantitySample]?, (any Error)?) -> Void
    ) {
        finishSeries(metadata: metadata, endDate: nil, completion: completion)
    }

    /// Drops the quantities; nothing is saved and the builder takes no more.
    public func discard() {
        state.withLock { state in
            state.phase = .discarded
            state.series = []
        }
    }

    private func save(
        _ series: [SeriesQuantity], metadata: [String: Any]?, endDate: Date?
    ) async throws -> [HKQuantitySample] {
        let (engineMetadata, problem) = MetadataBridge.engine(metadata)
        if let problem { throw HKError(.errorInvalidArgument, problem) }
        let lastEnd = series.map(\.endDate).max() ?? startDate
        if let endDate, endDate < lastEnd {
            throw HKError(.errorInvalidArgument, "HKQuantitySeriesSampleBuilder: the end is before a quantity's end")
        }
        let identifier = QuantityTypeIdentifier(rawValue: quantityType.identifier)
        guard
            var sample = QuantitySample(
                uuid: healthStore.configuration.makeUUID(), type: identifier, series: series,
                device: device?.engineValue, metadata: engineMetadata)
        else {
            throw HKError(.errorInvalidArgument, "HKQuantitySeriesSampleBuilder: the quantities' units do not agree")
        }
        sample.startDate = startDate
        sample.endDate = endDate ?? lastEnd
        let uuid = sample.uuid
        let saved = try await healthStore.perform { engine in
            _ = try await engine.save([.quantity(sample)])
            return try await engine.samples(of: .quantity(identifier), predicate: .uuid(uuid), limit: 1)
        }
        return saved.compactMap { HKSample.make($0) as? HKQuantitySample }
    }
}

extension HKQuantitySeriesSampleBuilder {
    /// Saves the series ending at the last quantity's end.
    public func finishSeries(metadata: [String: Any]?) async throws -> [HKQuantitySample] {
        try await finishSeries(metadata: metadata, endDate: nil)
    }
}
