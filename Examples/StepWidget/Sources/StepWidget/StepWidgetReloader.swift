import Foundation
import HealthKit

/// Asks the widget to reload whenever new steps land: an observer query on steps, with immediate background
/// delivery so the app is woken for it. Like every observer query, it also fires once when started.
///
/// `reload` stands in for `WidgetCenter.shared.reloadTimelines(ofKind: "StepWidget")`. The observer's
/// completion handler is always called, or HealthKit backs off and stops waking the app.
final class StepWidgetReloader: Sendable {
    let store: HKHealthStore
    private let query: HKObserverQuery

    static var steps: HKQuantityType { HKQuantityType(.stepCount) }

    /// Creates the reloader; nothing happens before ``start()``.
    init(store: HKHealthStore, reload: @escaping @Sendable () -> Void) {
        self.store = store
        query = HKObserverQuery(sampleType: Self.steps, predicate: nil) { _, completionHandler, error in
            if error == nil { reload() }
            completionHandler()
        }
    }

    /// Starts observing and registers for immediate background delivery of steps.
    func start() async throws {
        store.execute(query)
        try await store.enableBackgroundDelivery(for: Self.steps, frequency: .immediate)
    }

    /// Stops observing and background delivery.
    func stop() async throws {
        store.stop(query)
        try await store.disableBackgroundDelivery(for: Self.steps)
    }
}
