import Foundation
import OpenHealthKit
import Testing

@Suite("Anchored and observer queries")
struct AnchoredAndObserverTests {
    typealias Page = (added: [HKSample], deleted: [HKDeletedObject], anchor: HKQueryAnchor?)

    static func page(_ store: HKHealthStore, from anchor: HKQueryAnchor?, limit: Int) async throws -> Page {
        try await withCheckedThrowingContinuation { continuation in
            store.execute(
                HKAnchoredObjectQuery(type: HKQuantityType(.stepCount), predicate: nil, anchor: anchor, limit: limit) {
                    _, added, deleted, anchor, error in
                    if let error {
                        continuation.resume(throwing: error)
                    } else {
                        continuation.resume(returning: (added ?? [], deleted ?? [], anchor))
                    }
                })
        }
    }

    static func authorized(_ backend: TestSupport.Backend, _ body: (HKHealthStore) async throws -> Void) async throws {
        try await TestSupport.withStore(TestSupport.configuration(backend)) { store in
            let steps = HKQuantityType(.stepCount)
            try await store.requestAuthorization(toShare: [steps, HKQuantityType(.heartRate)], read: [steps])
            try await body(store)
        }
    }

    @Test(
        "paging with a limit loses nothing, and a later page reports deletions", arguments: TestSupport.Backend.allCases
    )
    func paging(backend: TestSupport.Backend) async throws {
        try await Self.authorized(backend) { store in
            let samples = (0..<5).map {
                TestSupport.steps(Double($0 + 1), TestSupport.at(8 + $0), TestSupport.at(8 + $0, 30))
            }
            try await store.save(samples)
            var anchor: HKQueryAnchor?
            var pages: [[Double]] = []
            repeat {
                let page = try await Self.page(store, from: anchor, limit: 2)
                pages.append((page.added as? [HKQuantitySample] ?? []).map { $0.quantity.doubleValue(for: .count()) })
                anchor = page.anchor
            } while pages.last?.isEmpty == false
            #expect(pages == [[1, 2], [3, 4], [5], []])
            try await store.delete(samples[1])
            let afterDelete = try await Self.page(store, from: anchor, limit: HKObjectQueryNoLimit)
            #expect(afterDelete.added.isEmpty)
            #expect(afterDelete.deleted.map(\.uuid) == [samples[1].uuid])
            let archived = try NSKeyedArchiver.archivedData(
                withRootObject: afterDelete.anchor as Any, requiringSecureCoding: true)
            let restored = try NSKeyedUnarchiver.unarchivedObject(ofClass: HKQueryAnchor.self, from: archived)
            #expect(restored == afterDelete.anchor)
        }
    }

    @Test("the update handler receives each later commit once", arguments: TestSupport.Backend.allCases)
    func updateHandler(backend: TestSupport.Backend) async throws {
        try await Self.authorized(backend) { store in
            try await store.save(TestSupport.steps(1, TestSupport.at(7), TestSupport.at(7, 10)))
            let (events, continuation) = AsyncStream<(Int, Int)>.makeStream()
            let query = HKAnchoredObjectQuery(
                type: HKQuantityType(.stepCount), predicate: nil, anchor: nil, limit: HKObjectQueryNoLimit
            ) {
                _, added, deleted, _, _ in continuation.yield((added?.count ?? -1, deleted?.count ?? -1))
            }
            query.updateHandler = { _, added, deleted, _, _ in
                continuation.yield((added?.count ?? -1, deleted?.count ?? -1))
            }
            store.execute(query)
            var iterator = events.makeAsyncIterator()
            let initial = await iterator.next()
            #expect(initial?.0 == 1)
            let batch = (0..<3).map { TestSupport.steps(10, TestSupport.at(9 + $0), TestSupport.at(9 + $0, 5)) }
            try await store.save(batch)
            let update = await iterator.next()
            #expect(update?.0 == 3)
            try await store.delete(batch)
            let deletion = await iterator.next()
            #expect(deletion?.1 == 3)
            store.stop(query)
        }
    }

    @Test(
        "an observer fires after execute, then once per committed batch, across stores and apps",
        arguments: TestSupport.Backend.allCases)
    func observer(backend: TestSupport.Backend) async throws {
        let config = TestSupport.configuration(backend)
        try await TestSupport.withStore(config) { store in
            let steps = HKQuantityType(.stepCount)
            try await store.requestAuthorization(toShare: [steps, HKQuantityType(.heartRate)], read: [steps])
            let (fires, continuation) = AsyncStream<Int>.makeStream()
            let counter = Counter()
            let query = HKObserverQuery(sampleType: steps, predicate: nil) { _, completion, error in
                #expect(error == nil)
                continuation.yield(counter.increment())
                completion()
            }
            store.execute(query)
            var iterator = fires.makeAsyncIterator()
            #expect(await iterator.next() == 1)
            try await store.save((0..<3).map { TestSupport.steps(1, TestSupport.at(9, $0), TestSupport.at(9, $0 + 1)) })
            #expect(await iterator.next() == 2)
            try await store.save(
                HKQuantitySample(
                    type: HKQuantityType(.heartRate),
                    quantity: HKQuantity(unit: .count().unitDivided(by: .minute()), doubleValue: 60),
                    start: TestSupport.at(10), end: TestSupport.at(10)))
            let other = HKHealthStore(configuration: config.with(app: TestSupport.otherApp))
            try await other.requestAuthorization(toShare: [steps], read: [])
            try await other.save(TestSupport.steps(5, TestSupport.at(11), TestSupport.at(11, 1)))
            #expect(await iterator.next() == 3)  // the heart-rate commit did not fire it; the other app's did
            store.stop(query)
        }
    }
}

/// A thread-safe counter for handlers.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func increment() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
}
