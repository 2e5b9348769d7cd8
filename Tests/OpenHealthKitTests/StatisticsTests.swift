import Foundation
import HealthCore
import HealthQuery
import OpenHealthKit
import Testing

@Suite("Statistics through HKStatisticsQuery and HKStatisticsCollectionQuery")
struct StatisticsTests {
    /// Two apps' overlapping step samples on one database; returns the reading app's store configuration.
    static func twoSources(_ backend: TestSupport.Backend) async throws -> HKHealthStore.Configuration {
        let steps = HKQuantityType(.stepCount)
        let phone = TestSupport.configuration(backend, app: TestSupport.otherApp)
        try await TestSupport.withStore(phone) { store in
            try await store.requestAuthorization(toShare: [steps], read: [steps])
            try await store.save([
                TestSupport.steps(600, TestSupport.at(9, 5), TestSupport.at(9, 15)),
                TestSupport.steps(1200, TestSupport.at(10, 50), TestSupport.at(11, 10)),
            ])
        }
        let reader = phone.with(app: TestSupport.stepsApp)
        try await TestSupport.withStore(reader) { store in
            try await store.requestAuthorization(toShare: [steps], read: [steps])
            try await store.save([
                TestSupport.steps(1000, TestSupport.at(9), TestSupport.at(9, 10)),
                TestSupport.steps(300, TestSupport.at(14), TestSupport.at(14, 30)),
            ])
        }
        return reader
    }

    @Test("HKStatisticsQuery's merged and per-source sums equal the engine's", arguments: TestSupport.Backend.allCases)
    func statisticsQuery(backend: TestSupport.Backend) async throws {
        let config = try await Self.twoSources(backend)
        try await TestSupport.withStore(config) { store in
            let window = HKQuery.predicateForSamples(withStart: TestSupport.at(0), end: TestSupport.at(24))
            let statistics: HKStatistics = try await withCheckedThrowingContinuation { continuation in
                store.execute(
                    HKStatisticsQuery(
                        quantityType: HKQuantityType(.stepCount), quantitySamplePredicate: window,
                        options: [.cumulativeSum, .separateBySource]
                    ) { _, statistics, error in
                        if let statistics {
                            continuation.resume(returning: statistics)
                        } else {
                            continuation.resume(throwing: error ?? HKError(.unknownError))
                        }
                    })
            }
            let engine = try await store.engine.statistics(
                of: .stepCount, predicate: .date(start: TestSupport.at(0), end: TestSupport.at(24)),
                options: [.cumulativeSum, .separateBySource])
            let sum = statistics.sumQuantity()?.doubleValue(for: .count())
            #expect(sum == engine.merged.sum)
            #expect(sum.map { $0 < 3100 } == true)  // merged, not the naive 3100
            let sources = statistics.sources ?? []
            #expect(Set(sources.map(\.bundleIdentifier)) == ["com.example.steps", "com.example.other"])
            for source in sources {
                #expect(
                    statistics.sumQuantity(for: source)?.doubleValue(for: .count())
                        == engine.bySource[source.bundleIdentifier]?.sum)
            }
            #expect(sources.first { $0.bundleIdentifier == "com.example.other" }?.name == "Other")
        }
    }

    @Test("no matching sample is errorNoData; a sum of heart rate is errorInvalidArgument")
    func statisticsErrors() async throws {
        try await TestSupport.withStore(TestSupport.configuration(.memory)) { store in
            func run(_ type: HKQuantityType, _ options: HKStatisticsOptions) async -> (any Error)? {
                await withCheckedContinuation { continuation in
                    store.execute(
                        HKStatisticsQuery(quantityType: type, quantitySamplePredicate: nil, options: options) {
                            _, _, error in continuation.resume(returning: error)
                        })
                }
            }
            let noData = await run(HKQuantityType(.stepCount), .cumulativeSum)
            #expect((noData as? HKError)?.code == .errorNoData)
            let sumOfHeartRate = await run(HKQuantityType(.heartRate), .cumulativeSum)
            #expect((sumOfHeartRate as? HKError)?.code == .errorInvalidArgument)
            #expect((sumOfHeartRate as? HKError)?.message.contains("cumulativeSum") == true)
        }
    }

    @Test(
        "HKStatisticsCollectionQuery's buckets equal the engine's collection", arguments: TestSupport.Backend.allCases)
    func collectionEqualsEngine(backend: TestSupport.Backend) async throws {
        let config = try await Self.twoSources(backend)
        try await TestSupport.withStore(config) { store in
            let query = HKStatisticsCollectionQuery(
                quantityType: HKQuantityType(.stepCount), quantitySamplePredicate: nil,
                options: [.cumulativeSum, .separateBySource], anchorDate: TestSupport.midnight,
                intervalComponents: DateComponents(hour: 1))
            let collection: HKStatisticsCollection = try await withCheckedThrowingContinuation { continuation in
                query.initialResultsHandler = { _, collection, error in
                    if let collection {
                        continuation.resume(returning: collection)
                    } else {
                        continuation.resume(throwing: error ?? HKError(.unknownError))
                    }
                }
                store.execute(query)
            }
            let engine = try await store.engine.statisticsCollection(
                of: .stepCount, options: [.cumulativeSum, .separateBySource], anchorDate: TestSupport.midnight,
                intervalComponents: DateComponents(hour: 1))
            let ours = collection.statistics()
            #expect(ours.count == engine.statistics().count)
            for (mine, theirs) in zip(ours, engine.statistics()) {
                #expect(mine.startDate == theirs.startDate)
                #expect(mine.endDate == theirs.endDate)
                #expect(mine.sumQuantity()?.doubleValue(for: .count()) == theirs.merged.sum)
            }
            #expect(
                ours.map(\.startDate) == [
                    TestSupport.at(9), TestSupport.at(10), TestSupport.at(11), TestSupport.at(14),
                ])
            var visited: [Double?] = []
            collection.enumerateStatistics(from: TestSupport.at(9), to: TestSupport.at(12)) { statistics, _ in
                visited.append(statistics.sumQuantity()?.doubleValue(for: .count()))
            }
            #expect(visited.count == 4)
            #expect(visited[3] == nil)
            var firstOnly = 0
            collection.enumerateStatistics(from: TestSupport.at(0), to: TestSupport.at(23)) { _, stop in
                firstOnly += 1
                stop.pointee = true
            }
            #expect(firstOnly == 1)
            #expect(
                collection.statistics(for: TestSupport.at(14, 20))?.sumQuantity()?.doubleValue(for: .count()) == 300)
            #expect(collection.statistics(for: TestSupport.at(13)) == nil)
            #expect(
                collection.sources().map(\.bundleIdentifier).sorted() == ["com.example.other", "com.example.steps"])
        }
    }

    @Test("a long-running collection query reports the recomputed collection after a save")
    func collectionUpdates() async throws {
        try await TestSupport.withStore(TestSupport.configuration(.memory)) { store in
            let steps = HKQuantityType(.stepCount)
            try await store.requestAuthorization(toShare: [steps], read: [steps])
            try await store.save(TestSupport.steps(100, TestSupport.at(9), TestSupport.at(9, 30)))
            let query = HKStatisticsCollectionQuery(
                quantityType: steps, quantitySamplePredicate: nil, options: .cumulativeSum,
                anchorDate: TestSupport.midnight, intervalComponents: DateComponents(day: 1))
            let (totals, continuation) = AsyncStream<Double>.makeStream()
            query.initialResultsHandler = { _, collection, _ in
                continuation.yield(collection?.statistics().first?.sumQuantity()?.doubleValue(for: .count()) ?? -1)
            }
            query.statisticsUpdateHandler = { _, statistics, collection, _ in
                #expect(statistics == nil)
                continuation.yield(collection?.statistics().first?.sumQuantity()?.doubleValue(for: .count()) ?? -1)
            }
            store.execute(query)
            var iterator = totals.makeAsyncIterator()
            #expect(await iterator.next() == 100)
            try await store.save(TestSupport.steps(50, TestSupport.at(10), TestSupport.at(10, 5)))
            #expect(await iterator.next() == 150)
            store.stop(query)
        }
    }
}
