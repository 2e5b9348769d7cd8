import Foundation
import OpenHealthKit
import Testing

/// A locked device (``HKHealthStore/setDeviceLocked(_:)``): reads fail with code 6 on every store of the database,
/// saves still succeed, and everything is readable again once it is unlocked.
@Suite("A locked device")
struct DeviceLockTests {
    @Test("queries fail with errorDatabaseInaccessible while locked; saves do not; unlocking restores reads")
    func lockedReads() async throws {
        try await AnchoredAndObserverTests.authorized(.memory) { store in
            let steps = HKQuantityType(.stepCount)
            let start = Date(timeIntervalSince1970: 1_750_000_000)
            let sample = HKQuantitySample(
                type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 12), start: start,
                end: start.addingTimeInterval(60))
            let other = HKHealthStore(configuration: store.configuration)
            store.setDeviceLocked(true)
            #expect(other.isDeviceLocked, "the lock is the device's: every store on the database sees it")
            try await store.save(sample)
            do {
                _ = try await AnchoredAndObserverTests.page(store, from: nil, limit: 0)
                Issue.record("an anchored query ran while the device was locked")
            } catch let error as HKError {
                #expect(error.code == .errorDatabaseInaccessible)
            }
            await #expect(throws: HKError.self) {
                try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: steps)], sortDescriptors: [])
                    .result(for: store)
            }
            store.setDeviceLocked(false)
            #expect(!other.isDeviceLocked)
            let page = try await AnchoredAndObserverTests.page(store, from: nil, limit: 0)
            #expect(page.added.map(\.uuid) == [sample.uuid], "the sample saved while locked is there")
        }
    }
}
