import Foundation
import OpenHealthKit
import Testing

@Suite("setAuthorization(for:share:read:), the Settings app's hook")
struct SettingsHookTests {
    static let steps = HKQuantityType(.stepCount)

    /// Another app saves 500 steps; the steps app, denied everything, saves nothing yet.
    static func stores(_ backend: TestSupport.Backend) async throws -> HKHealthStore.Configuration {
        let writer = TestSupport.configuration(backend, app: TestSupport.otherApp)
        try await TestSupport.withStore(writer) { other in
            try await other.requestAuthorization(toShare: [steps], read: [])
            try await other.save(TestSupport.steps(500, TestSupport.at(8), TestSupport.at(9)))
        }
        return writer.with(app: TestSupport.stepsApp, authorization: .denyAll)
    }

    static func visibleSteps(_ store: HKHealthStore) async throws -> [Double] {
        (try await TestSupport.run(store, steps) as? [HKQuantitySample] ?? []).map {
            $0.quantity.doubleValue(for: .count())
        }
    }

    @Test("turning reading on and off changes what the app sees", arguments: TestSupport.Backend.allCases)
    func readToggles(backend: TestSupport.Backend) async throws {
        try await TestSupport.withStore(try await Self.stores(backend)) { store in
            try await store.requestAuthorization(toShare: [Self.steps], read: [Self.steps])
            #expect(try await Self.visibleSteps(store).isEmpty)

            try await store.setAuthorization(for: Self.steps, share: nil, read: true)
            #expect(try await Self.visibleSteps(store) == [500])
            #expect(store.authorizationStatus(for: Self.steps) == .sharingDenied)  // share left as it was

            try await store.setAuthorization(for: Self.steps, share: nil, read: false)
            #expect(try await Self.visibleSteps(store).isEmpty)
        }
    }

    @Test("turning sharing on lets the app save, and the read side stays", arguments: TestSupport.Backend.allCases)
    func shareToggles(backend: TestSupport.Backend) async throws {
        try await TestSupport.withStore(try await Self.stores(backend)) { store in
            try await store.requestAuthorization(toShare: [Self.steps], read: [Self.steps])
            await #expect(throws: HKError(.errorAuthorizationDenied)) {
                try await store.save(TestSupport.steps(100, TestSupport.at(9), TestSupport.at(10)))
            }

            try await store.setAuthorization(for: Self.steps, share: true, read: nil)
            #expect(store.authorizationStatus(for: Self.steps) == .sharingAuthorized)
            try await store.save(TestSupport.steps(100, TestSupport.at(9), TestSupport.at(10)))
            #expect(try await Self.visibleSteps(store) == [100])  // still read-denied: only its own sample

            try await store.setAuthorization(for: Self.steps, share: false, read: nil)
            #expect(store.authorizationStatus(for: Self.steps) == .sharingDenied)
        }
    }

    @Test("a change is remembered for other stores of the app", arguments: TestSupport.Backend.allCases)
    func remembered(backend: TestSupport.Backend) async throws {
        let configuration = try await Self.stores(backend)
        try await TestSupport.withStore(configuration) { store in
            try await store.setAuthorization(for: Self.steps, share: nil, read: true)
        }
        let again = HKHealthStore(configuration: configuration)
        #expect(try await Self.visibleSteps(again) == [500])
    }
}
