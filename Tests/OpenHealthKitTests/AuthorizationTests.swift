import Foundation
import OpenHealthKit
import Testing

@Suite("Authorization through HKHealthStore")
struct AuthorizationTests {
    @Test("a denied save fails with code 4 (Not authorized)", arguments: TestSupport.Backend.allCases)
    func deniedSave(backend: TestSupport.Backend) async throws {
        let config = TestSupport.configuration(backend, authorization: .denyAll)
        try await TestSupport.withStore(config) { store in
            let steps = HKQuantityType(.stepCount)
            try await store.requestAuthorization(toShare: [steps], read: [steps])
            #expect(store.authorizationStatus(for: steps) == .sharingDenied)
            do {
                try await store.save(TestSupport.steps(100, TestSupport.at(9), TestSupport.at(10)))
                Issue.record("save succeeded without a grant")
            } catch let error as HKError {
                #expect(error.code == .errorAuthorizationDenied)
                #expect(error.errorCode == 4)
                #expect(error.localizedDescription.hasPrefix("Not authorized"))
            }
        }
    }

    @Test("saving before asking fails with code 5", arguments: TestSupport.Backend.allCases)
    func notDetermined(backend: TestSupport.Backend) async throws {
        try await TestSupport.withStore(TestSupport.configuration(backend)) { store in
            #expect(store.authorizationStatus(for: HKQuantityType(.stepCount)) == .notDetermined)
            await #expect(throws: HKError(.errorAuthorizationNotDetermined)) {
                try await store.save(TestSupport.steps(100, TestSupport.at(9), TestSupport.at(10)))
            }
        }
    }

    @Test(
        "saving after a read-only request fails with code 4, as the field report shows",
        arguments: TestSupport.Backend.allCases)
    func readOnlyRequestThenSave(backend: TestSupport.Backend) async throws {
        try await TestSupport.withStore(TestSupport.configuration(backend)) { store in
            let steps = HKQuantityType(.stepCount)
            try await store.requestAuthorization(toShare: [], read: [steps])
            do {
                try await store.save(TestSupport.steps(100, TestSupport.at(9), TestSupport.at(10)))
                Issue.record("save succeeded after a read-only request")
            } catch let error as HKError {
                #expect(error.code == .errorAuthorizationDenied)
                #expect(error.errorCode == 4)
                #expect(error.localizedDescription.hasPrefix("Not authorized"))
            }
        }
    }

    @Test("a read-denied app sees only its own samples", arguments: TestSupport.Backend.allCases)
    func readDeniedSeesOwn(backend: TestSupport.Backend) async throws {
        let writer = TestSupport.configuration(backend, app: TestSupport.otherApp)
        let steps = HKQuantityType(.stepCount)
        try await TestSupport.withStore(writer) { other in
            try await other.requestAuthorization(toShare: [steps], read: [steps])
            try await other.save(TestSupport.steps(500, TestSupport.at(8), TestSupport.at(9)))
        }
        let reader = writer.with(app: TestSupport.stepsApp, authorization: .grant(share: [steps], read: []))
        try await TestSupport.withStore(reader) { store in
            try await store.requestAuthorization(toShare: [steps], read: [steps])
            try await store.save(TestSupport.steps(100, TestSupport.at(9), TestSupport.at(10)))
            let seen = try await TestSupport.run(store, steps) as? [HKQuantitySample] ?? []
            #expect(seen.map { $0.quantity.doubleValue(for: .count()) } == [100])
            #expect(seen.first?.sourceRevision.source.bundleIdentifier == "com.example.steps")
            #expect(store.authorizationStatus(for: steps) == .sharingAuthorized)
        }
    }
}
