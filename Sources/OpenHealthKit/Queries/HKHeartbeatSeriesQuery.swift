public import Foundation
import HealthCore

/// Streams the beats of a heartbeat series: HealthKit's `HKHeartbeatSeriesQuery`.
///
/// The handler is called once per beat with its time since the series' start and whether beats may be missing
/// before it, `done == true` on the last one; a series without beats gets one call with `done == true`.
public final class HKHeartbeatSeriesQuery: HKQuery, @unchecked Sendable {
    private let series: HKHeartbeatSeriesSample
    private let dataHandler: @Sendable (HKHeartbeatSeriesQuery, TimeInterval, Bool, Bool, (any Error)?) -> Void

    /// Creates a query for a series.
    public init(
        heartbeatSeries: HKHeartbeatSeriesSample,
        dataHandler: @escaping @Sendable (HKHeartbeatSeriesQuery, TimeInterval, Bool, Bool, (any Error)?) -> Void
    ) {
        self.series = heartbeatSeries
        self.dataHandler = dataHandler
        super.init(objectType: HKSeriesType.heartbeat(), predicate: nil)
    }

    override func prepare(on store: HKHealthStore) -> @Sendable () async -> Void {
        { [self] in
            do {
                let beats = try await store.currentPayload(of: series).heartbeats ?? []
                guard !beats.isEmpty else {
                    deliver { dataHandler(self, 0, false, true, nil) }
                    return
                }
                for (index, beat) in beats.enumerated() {
                    let done = index == beats.count - 1
                    deliver { dataHandler(self, beat.timeSinceSeriesStart, beat.precededByGap, done, nil) }
                }
            } catch {
                deliver { dataHandler(self, 0, false, true, error) }
            }
        }
    }
}

/// The beats of a heartbeat series as an `AsyncSequence`: HealthKit's `HKHeartbeatSeriesQueryDescriptor`.
///
/// ```swift
/// for try await beat in HKHeartbeatSeriesQueryDescriptor(series).results(for: store) {
///     print(beat.timeSinceSeriesStart, beat.precededByGap)
/// }
/// ```
public struct HKHeartbeatSeriesQueryDescriptor: HKAsyncSequenceQuery, @unchecked Sendable {
    /// One beat.
    public struct Heartbeat: Sendable, Hashable {
        /// Seconds from the series' start date.
        public let timeSinceSeriesStart: TimeInterval
        /// True when beats may be missing just before this one.
        public let precededByGap: Bool
    }

    /// The series to read.
    public let sample: HKHeartbeatSeriesSample

    /// Creates a descriptor for a series.
    public init(_ sample: HKHeartbeatSeriesSample) { self.sample = sample }

    /// The beats, in order.
    public func results(for healthStore: HKHealthStore) -> HKQueryResults<Heartbeat> {
        let sample = sample
        return HKQueryResults(
            stream: AsyncThrowingStream { continuation in
                let task = Task {
                    do {
                        for beat in try await healthStore.currentPayload(of: sample).heartbeats ?? [] {
                            continuation.yield(
                                Heartbeat(
                                    timeSinceSeriesStart: beat.timeSinceSeriesStart, precededByGap: beat.precededByGap))
                        }
                        continuation.finish()
                    } catch {
                        continuation.finish(throwing: error)
                    }
                }
                continuation.onTermination = { _ in task.cancel() }
            })
    }
}
