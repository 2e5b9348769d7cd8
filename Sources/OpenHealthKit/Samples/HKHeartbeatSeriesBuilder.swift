public import Foundation
import HealthCore
import HealthQuery

/// Builds a heartbeat series beat by beat: HealthKit's `HKHeartbeatSeriesBuilder` (iOS 13).
///
/// ```swift
/// let builder = HKHeartbeatSeriesBuilder(healthStore: store, device: nil, start: start)
/// try await builder.addHeartbeatWithTimeInterval(sinceSeriesStartDate: 0.82, precededByGap: false)
/// let series = try await builder.finishSeries()   // an HKHeartbeatSeriesSample ending at the last beat
/// ```
///
/// Beats must come in time order, at or after the start; the saved series ends at its last beat.
public final class HKHeartbeatSeriesBuilder: HKSeriesBuilder, @unchecked Sendable {
    /// The most beats one series may hold.
    public class var maximumCount: Int { PayloadSample.maxHeartbeats }

    private let healthStore: HKHealthStore
    private let device: HKDevice?
    private let startDate: Date

    private struct State {
        var phase = SeriesBuilderPhase.building
        var beats: [Heartbeat] = []
        var metadata = Metadata()
    }

    private let state = Locked(State())

    /// Creates a builder for a series starting at `startDate`.
    public init(healthStore: HKHealthStore, device: HKDevice?, start startDate: Date) {
        self.healthStore = healthStore
        self.device = device
        self.startDate = startDate
    }

    /// Adds a beat.
    /// - Throws: `HKError(.errorInvalidArgument)` for a negative or non-finite time, a beat earlier than the one
    ///   before, more than ``maximumCount`` beats, or a builder already finished or discarded.
    public func addHeartbeatWithTimeInterval(
        sinceSeriesStartDate timeIntervalSinceStart: TimeInterval, precededByGap: Bool
    ) async throws {
        try state.withLock { (state) throws(HKError) in
            guard state.phase == .building else {
                throw HKError(.errorInvalidArgument, "HKHeartbeatSeriesBuilder: the series is \(state.phase)")
            }
            guard timeIntervalSinceStart.isFinite, timeIntervalSinceStart >= 0 else {
                throw HKError(.errorInvalidArgument, "HKHeartbeatSeriesBuilder: a beat's time must be ≥ 0 and finite")
            }
            if let last = state.beats.last, timeIntervalSinceStart < last.timeSinceSeriesStart {
                throw HKError(.errorInvalidArgument, "HKHeartbeatSeriesBuilder: beats must be added in time order")
            }
            guard state.beats.count < PayloadSample.maxHeartbeats else {
                throw HKError(.errorDataSizeExceeded, "HKHeartbeatSeriesBuilder: more than \(Self.maximumCount) beats")
            }
            state.beats.append(Heartbeat(timeSinceSeriesStart: timeIntervalSinceStart, precededByGap: precededByGap))
        }
    }

    /// Adds a beat (completion form).
    public func addHeartbeatWithTimeInterval(
        sinceSeriesStartDate timeIntervalSinceStart: TimeInterval, precededByGap: Bool,
        completion: @escaping @Sendable (Bool, (any Error)?) -> Void
    ) {
        Task.detached { [self] in
            do {
                try await addHeartbeatWithTimeInterval(
                    sinceSeriesStartDate: timeIntervalSinceStart, precededByGap: precededByGap)
                completion(true, nil)
            } catch {
                completion(false, error)
            }
        }
    }

    /// Merges metadata into the series'.
    /// - Throws: `HKError(.errorInvalidArgument)` for a value HealthKit does not accept as metadata.
    public func addMetadata(_ metadata: [String: Any]) async throws {
        let (engineMetadata, problem) = MetadataBridge.engine(metadata)
        if let problem { throw HKError.programmerError(problem) }
        state.withLock { state in
            for (key, value) in engineMetadata { state.metadata[key] = value }
        }
    }

    /// Merges metadata into the series' (completion form).
    public func addMetadata(_ metadata: [String: Any], completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        let (engineMetadata, problem) = MetadataBridge.engine(metadata)
        Task.detached { [self] in
            if let problem {
                completion(false, HKError.programmerError(problem))
                return
            }
            state.withLock { state in
                for (key, value) in engineMetadata { state.metadata[key] = value }
            }
            completion(true, nil)
        }
    }

    /// Saves the series and returns it; the builder is then finished.
    /// - Throws: `HKError(.errorInvalidArgument)` for a finished or discarded builder; the store's errors
    ///   (authorization, validation) otherwise — after which the series can be finished again.
    public func finishSeries() async throws -> HKHeartbeatSeriesSample {
        let (beats, metadata) = try state.withLock { (state) throws(HKError) -> ([Heartbeat], Metadata) in
            guard state.phase == .building else {
                throw HKError(.errorInvalidArgument, "HKHeartbeatSeriesBuilder: the series is \(state.phase)")
            }
            state.phase = .finishing
            return (state.beats, state.metadata)
        }
        do {
            let saved = try await save(beats, metadata: metadata)
            state.withLock { $0.phase = .finished }
            return saved
        } catch {
            state.withLock { $0.phase = .building }
            throw error
        }
    }

    /// Saves the series (completion form).
    public func finishSeries(completion: @escaping @Sendable (HKHeartbeatSeriesSample?, (any Error)?) -> Void) {
        Task.detached { [self] in
            do {
                completion(try await finishSeries(), nil)
            } catch {
                completion(nil, error)
            }
        }
    }

    /// Drops the beats; nothing is saved and the builder takes no more.
    public override func discard() {
        state.withLock { state in
            state.phase = .discarded
            state.beats = []
        }
    }

    private func save(_ beats: [Heartbeat], metadata: Metadata) async throws -> HKHeartbeatSeriesSample {
        let end = startDate.addingTimeInterval(beats.last?.timeSinceSeriesStart ?? 0)
        let sample = PayloadSample.heartbeatSeries(
            uuid: healthStore.configuration.makeUUID(), start: startDate, end: end, beats: beats,
            device: device?.engineValue, metadata: metadata)
        let uuid = sample.uuid
        let saved = try await healthStore.perform { engine in
            _ = try await engine.save([.payload(sample)])
            return try await engine.samples(of: .heartbeatSeries, predicate: .uuid(uuid), limit: 1)
        }
        guard let series = saved.first.map(HKSample.make) as? HKHeartbeatSeriesSample else {
            throw HKError(.errorNoData, "HKHeartbeatSeriesBuilder: the saved series cannot be read back")
        }
        return series
    }
}
