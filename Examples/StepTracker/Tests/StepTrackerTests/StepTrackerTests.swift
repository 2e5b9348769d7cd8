import ExampleTestSupport
import Foundation
import HealthKit
import Testing

@testable import StepTracker

/// Berlin, 2025-03-10 … 2025-04-06: 28 days that cross the switch to summer time (30 March, a 23-hour day).
private let berlin = ExampleStores.calendar("Europe/Berlin")
private let firstDay = ExampleStores.date(2025, 3, 10, in: berlin)
private let lastDay = ExampleStores.date(2025, 4, 6, 12, in: berlin)
private let app = ExampleStores.app("StepTracker")

private func configuration(
    _ backend: Backend, authorization: HKHealthStore.Configuration.Authorization = .grantAll
) -> HKHealthStore.Configuration {
    ExampleStores.configuration(backend, app: app, authorization: authorization, calendar: berlin) { lastDay }
}

/// Every step sample in the store, through a plain sample query.
private func allSteps(_ store: HKHealthStore) async throws -> [HKQuantitySample] {
    try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: StepTracker.steps)], sortDescriptors: [])
        .result(for: store)
}

@Suite struct StepTrackerTests {
    @Test(arguments: Backend.allCases)
    func dailyBucketsSumToTheSavedSamples(backend: Backend) async throws {
        try await ExampleStores.withStore(configuration(backend)) { store in
            let tracker = StepTracker(store: store, calendar: berlin)
            try await tracker.requestAccess()
            try await store.fillWithSimulation(.stepsAndWeight(days: 28, startingOn: firstDay), seed: 28)

            let history = try await tracker.history(days: 28, endingOn: lastDay)
            let samples = try await allSteps(store)
            var expected: [Date: Double] = [:]
            for sample in samples {
                expected[berlin.startOfDay(for: sample.startDate), default: 0] += sample.quantity.doubleValue(
                    for: .count())
            }

            #expect(history.count == 28)
            #expect(history.first?.start == firstDay)
            #expect(Set(history.map(\.start)).count == 28)
            #expect(samples.count > 28 * 10)
            for day in history { #expect(day.steps == expected[day.start]) }
            #expect(
                history.reduce(0) { $0 + $1.steps } == samples.reduce(0) { $0 + $1.quantity.doubleValue(for: .count()) }
            )
            #expect(history.allSatisfy { (3_000...15_000).contains($0.steps) })
        }
    }

    @Test(arguments: Backend.allCases)
    func eachDayShowsItsMostRecentWeighIn(backend: Backend) async throws {
        try await ExampleStores.withStore(configuration(backend)) { store in
            let tracker = StepTracker(store: store, calendar: berlin)
            try await tracker.requestAccess()
            try await store.fillWithSimulation(.stepsAndWeight(days: 28, startingOn: firstDay), seed: 28)
            let evening = ExampleStores.date(2025, 3, 20, 21, 30, in: berlin)
            try await tracker.logWeight(kilograms: 70.4, at: evening)

            let weights = try await HKSampleQueryDescriptor(
                predicates: [.quantitySample(type: StepTracker.bodyMass)],
                sortDescriptors: [SortDescriptor(\.startDate)]
            ).result(for: store)
            var lastOfDay: [Date: Double] = [:]
            for sample in weights {
                lastOfDay[berlin.startOfDay(for: sample.startDate)] = sample.quantity.doubleValue(
                    for: StepTracker.kilograms)
            }
            let history = try await tracker.history(days: 28, endingOn: lastDay)

            #expect(weights.count == 29)
            #expect(history.allSatisfy { $0.kilograms != nil })
            for day in history { #expect(day.kilograms == lastOfDay[day.start]) }
            #expect(history.first { $0.start == berlin.startOfDay(for: evening) }?.kilograms == 70.4)
        }
    }

    @Test(arguments: Backend.allCases)
    func thePrimerShowsOnlyBeforeTheSheet(backend: Backend) async throws {
        try await ExampleStores.withStore(configuration(backend, authorization: .denyAll)) { store in
            let tracker = StepTracker(store: store, calendar: berlin)
            #expect(try await tracker.permissionStep() == .showPrimer)
            try await tracker.requestAccess()
            // The person said no to everything: HealthKit has its answer, so no primer and no sheet again.
            #expect(try await tracker.permissionStep() == .ready)
            #expect(store.authorizationStatus(for: StepTracker.steps) == .sharingDenied)
        }
    }

    @Test(arguments: Backend.allCases)
    func savingWithoutWritePermissionIsNotAuthorized(backend: Backend) async throws {
        let readOnly = HKHealthStore.Configuration.Authorization.grant(
            share: [], read: [StepTracker.steps, StepTracker.bodyMass])
        try await ExampleStores.withStore(configuration(backend, authorization: readOnly)) { store in
            let tracker = StepTracker(store: store, calendar: berlin)
            try await tracker.requestAccess()
            let start = ExampleStores.date(2025, 4, 6, 9, in: berlin)

            await #expect(throws: StepTrackerError.notAllowedToSave("HKQuantityTypeIdentifierStepCount")) {
                try await tracker.logSteps(500, from: start, to: start.addingTimeInterval(600))
            }
            // What the app's author saw: HealthKit's error code 4.
            let sample = HKQuantitySample(
                type: StepTracker.steps, quantity: HKQuantity(unit: .count(), doubleValue: 500), start: start,
                end: start.addingTimeInterval(600))
            let error = await #expect(throws: HKError.self) { try await store.save(sample) }
            #expect(error?.code == .errorAuthorizationDenied)
            #expect(error?.code.rawValue == 4)
            #expect(try await allSteps(store).isEmpty)
        }
    }

    @Test(arguments: Backend.allCases)
    func aStepSampleLongerThanFourDaysIsRefused(backend: Backend) async throws {
        try await ExampleStores.withStore(configuration(backend)) { store in
            let tracker = StepTracker(store: store, calendar: berlin)
            try await tracker.requestAccess()
            let end = ExampleStores.date(2025, 4, 6, 12, in: berlin)
            let fourDays: TimeInterval = 4 * 86_400

            await #expect(throws: StepTrackerError.sampleTooLong(maximumSeconds: fourDays)) {
                try await tracker.logSteps(40_000, from: end.addingTimeInterval(-fourDays - 60), to: end)
            }
            // HealthKit itself refuses it too: an invalid argument.
            let tooLong = HKQuantitySample(
                type: StepTracker.steps, quantity: HKQuantity(unit: .count(), doubleValue: 40_000),
                start: end.addingTimeInterval(-fourDays - 60), end: end)
            let error = await #expect(throws: HKError.self) { try await store.save(tooLong) }
            #expect(error?.code == .errorInvalidArgument)
            // Exactly four days is allowed.
            try await tracker.logSteps(40_000, from: end.addingTimeInterval(-fourDays), to: end)
            #expect(try await allSteps(store).map { $0.quantity.doubleValue(for: .count()) } == [40_000])
        }
    }
}
