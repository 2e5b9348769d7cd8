import Foundation
import HealthCore
import HealthQuery
import HealthStorage
import HealthTesting

/// A clock the test moves by hand.
final class ManualClock: HealthClock, Sendable {
    private let current: Locked<Date>
    init(_ start: Date = Fixtures.epoch) { current = Locked(start) }
    var now: Date { current.withLock { $0 } }
    func advance(by seconds: TimeInterval) { current.withLock { $0 = $0.addingTimeInterval(seconds) } }
}

enum Apps {
    static let steps = AppIdentity(
        bundleIdentifier: "com.example.steps", name: "Steps", version: "1.0",
        shareUsageDescription: "Reads your steps", updateUsageDescription: "Saves your walks")
    static let other = AppIdentity(
        bundleIdentifier: "com.example.other", name: "Other", version: "2.0",
        shareUsageDescription: "Reads", updateUsageDescription: "Writes")
    static let silent = AppIdentity(bundleIdentifier: "com.example.silent", name: "Silent")
}

/// A store over in-memory storage with a manual clock, UTC calendar and sequential UUIDs.
func makeStore(
    app: AppIdentity = Apps.steps,
    policy: AuthorizationPolicy = .grantAll,
    storage: any SampleStorage = InMemoryStorage(),
    clock: ManualClock = ManualClock()
) -> HealthStore {
    let uuids = UUIDSequence(start: 1)
    return HealthStore(
        storage: storage, app: app, clock: clock, calendar: Fixtures.calendar(), uuids: { uuids.next() },
        policy: policy)
}

let stepsType = SampleType.quantity(.stepCount)
let heartType = SampleType.quantity(.heartRate)

extension HealthStore {
    func grantSteps() async throws {
        try await requestAuthorization(toShare: [stepsType, heartType], read: [stepsType, heartType])
    }
}
