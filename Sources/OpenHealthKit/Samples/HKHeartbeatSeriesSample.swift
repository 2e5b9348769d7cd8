public import Foundation
import HealthCore

/// A series of heartbeats (beat-to-beat times, as Apple Watch records with an HRV reading): HealthKit's
/// `HKHeartbeatSeriesSample`. Read its beats with ``HKHeartbeatSeriesQuery`` or
/// ``HKHeartbeatSeriesQueryDescriptor``; write one with ``HKHeartbeatSeriesBuilder``.
public final class HKHeartbeatSeriesSample: HKSeriesSample, @unchecked Sendable {
    /// The beats as stored.
    var beats: [Heartbeat] { engineSample.payloadSample?.heartbeats ?? [] }
}
