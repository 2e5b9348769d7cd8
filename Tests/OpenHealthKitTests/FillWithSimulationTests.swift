import Foundation
import OpenHealthKit
import Testing

private let day = TestSupport.midnight

private func configuration(
    _ backend: TestSupport.Backend, authorization: HKHealthStore.Configuration.Authorization = .grantAll
) -> HKHealthStore.Configuration {
    TestSupport.configuration(backend, authorization: authorization)
}

/// Every step sample: start, end, value and source, in start order.
private func steps(_ store: HKHealthStore) async throws -> [String] {
    try await store.requestAuthorization(
        toShare: [], read: [HKQuantityType(.stepCount), HKQuantityType(.distanceWalkingRunning)])
    return try await HKSampleQueryDescriptor(
        predicates: [.quantitySample(type: HKQuantityType(.stepCount))], sortDescriptors: [SortDescriptor(\.startDate)]
    ).result(for: store).map { sample in
        "\(sample.uuid) \(sample.startDate) \(sample.endDate) \(sample.quantity.doubleValue(for: .count())) "
            + sample.sourceRevision.source.name
    }
}

@Suite struct FillWithSimulationTests {
    @Test(arguments: TestSupport.Backend.allCases)
    func theSameSeedGivesTheSameData(backend: TestSupport.Backend) async throws {
        let first = try await TestSupport.withStore(configuration(backend)) { store in
            try await store.fillWithSimulation(.phoneAndWatchDay(on: day), seed: 3)
            return try await steps(store)
        }
        let again = try await TestSupport.withStore(configuration(backend)) { store in
            try await store.fillWithSimulation(.phoneAndWatchDay(on: day), seed: 3)
            return try await steps(store)
        }
        let other = try await TestSupport.withStore(configuration(backend)) { store in
            try await store.fillWithSimulation(.phoneAndWatchDay(on: day), seed: 4)
            return try await steps(store)
        }
        #expect(first.count > 50)
        #expect(first == again)
        #expect(first != other)
    }

    @Test(arguments: TestSupport.Backend.allCases)
    func samplesKeepTheDeviceThatRecordedThem(backend: TestSupport.Backend) async throws {
        try await TestSupport.withStore(configuration(backend)) { store in
            let saved = try await store.fillWithSimulation(.phoneAndWatchDay(on: day), seed: 3)
            #expect(try await steps(store).count > 50)  // asks to read steps and distance
            let all = try await HKSampleQueryDescriptor(
                predicates: [
                    .quantitySample(type: HKQuantityType(.stepCount)),
                    .quantitySample(type: HKQuantityType(.distanceWalkingRunning)),
                ], sortDescriptors: []
            ).result(for: store)
            let mine = try await HKSampleQueryDescriptor(
                predicates: [
                    .quantitySample(
                        type: HKQuantityType(.stepCount), predicate: HKQuery.predicateForObjects(from: .default()))
                ], sortDescriptors: []
            ).result(for: store)

            #expect(all.count == saved)
            #expect(Set(all.map(\.sourceRevision.source.name)) == ["Ana’s iPhone", "Ana’s Apple Watch"])
            #expect(Set(all.compactMap(\.device?.model)) == ["iPhone", "Watch"])
            #expect(mine.isEmpty)
        }
    }

    @Test(arguments: TestSupport.Backend.allCases)
    func fillingNeedsNoPermissionButReadingDoes(backend: TestSupport.Backend) async throws {
        try await TestSupport.withStore(configuration(backend, authorization: .denyAll)) { store in
            try await store.requestAuthorization(toShare: [], read: [HKQuantityType(.stepCount)])
            let saved = try await store.fillWithSimulation(.stepsAndWeight(days: 2, startingOn: day), seed: 1)
            #expect(saved > 2)
            #expect(try await steps(store).isEmpty)
        }
    }

    @Test(arguments: TestSupport.Backend.allCases)
    func aMonthStoresItsActivitySummaries(backend: TestSupport.Backend) async throws {
        try await TestSupport.withStore(configuration(backend)) { store in
            try await store.fillWithSimulation(.demoMonth(days: 3, startingOn: day), seed: 5)
            try await store.requestAuthorization(toShare: [], read: [HKObjectType.activitySummaryType()])
            let summaries: [HKActivitySummary] = try await withCheckedThrowingContinuation { continuation in
                store.execute(
                    HKActivitySummaryQuery(predicate: nil) { _, summaries, error in
                        if let error {
                            continuation.resume(throwing: error)
                        } else {
                            continuation.resume(returning: summaries ?? [])
                        }
                    })
            }
            #expect(summaries.count == 3)
        }
    }

    @Test func aRefusedSampleFailsWithHealthKitsErrorNamingTheRule() async throws {
        var refusing = configuration(.memory)
        refusing.earliestPermittedSampleDate = day.addingTimeInterval(30 * 86_400)
        try await TestSupport.withStore(refusing) { store in
            do {
                try await store.fillWithSimulation(.stepsAndWeight(days: 2, startingOn: day), seed: 1)
                Issue.record("samples before the earliest permitted date were saved")
            } catch let error as HKError {
                #expect(error.code == .errorInvalidArgument)
                #expect(!error.message.isEmpty)
            }
        }
    }

    @Test func anUnopenableDatabaseFailsWithDatabaseInaccessible() async throws {
        var unopenable = configuration(.memory)
        unopenable.database = .file(path: "/proc/openhealthkit-cannot-exist/simulation.sqlite")
        let store = HKHealthStore(configuration: unopenable)
        await #expect(throws: HKError(.errorDatabaseInaccessible)) {
            try await store.fillWithSimulation(.phoneAndWatchDay(on: day), seed: 3)
        }
    }
}
