import Foundation
import HealthKit

#if canImport(OpenHealthKit)  // OpenHealthKit only: its simulation
extension FlightRecorder {
    /// RunWay's "fill with mock runs" button (OpenHealthKit only): seven mornings starting with the day that
    /// contains `day`, each with a 30–60-minute run starting between 06:00 and 08:00 local time, recorded by
    /// an Apple Watch with every type RunWay reads.
    func fillWeekOfMockRuns(startingOn day: Date, seed: UInt64 = 42) async throws {
        try await store.fillWithSimulation(.weekOfMorningRuns(startingOn: day), seed: seed)
    }
}
#endif
