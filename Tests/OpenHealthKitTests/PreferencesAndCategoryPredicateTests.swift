import Foundation
import HealthCore
import OpenHealthKit
import Testing

/// `HKUserPreferencesDidChange` with the unit hook, and `HKCategoryValuePredicateProviding`: the spellings real
/// apps use (LoopKit observes the notification per store; sleep code filters with `allAsleepValues`).
@Suite("Preferred units and their notification; category value predicates")
struct PreferencesAndCategoryPredicateTests {
    static let bodyMass = HKQuantityType(.bodyMass)

    @Test(
        "every live store of the database posts the change, with itself as the object",
        arguments: TestSupport.Backend.allCases)
    func preferencesPostPerStore(backend: TestSupport.Backend) async throws {
        let configuration = TestSupport.configuration(backend)
        let first = HKHealthStore(configuration: configuration)
        let second = HKHealthStore(
            configuration: configuration.with(app: TestSupport.otherApp, authorization: .grantAll))
        let elsewhere = HKHealthStore(configuration: TestSupport.configuration(backend))
        let posted = Locked<[ObjectIdentifier]>([])
        let observer = NotificationCenter.default.addObserver(
            forName: .HKUserPreferencesDidChange, object: nil, queue: nil
        ) { note in
            if let store = note.object as? HKHealthStore { posted.withLock { $0.append(ObjectIdentifier(store)) } }
        }
        defer { NotificationCenter.default.removeObserver(observer) }

        #expect(try await first.preferredUnits(for: [Self.bodyMass])[Self.bodyMass] == .gramUnit(with: .kilo))
        try await first.setPreferredUnit(.pound(), for: Self.bodyMass)
        let received = Set(posted.withLock { $0 })
        #expect(received.contains(ObjectIdentifier(first)) && received.contains(ObjectIdentifier(second)))
        #expect(!received.contains(ObjectIdentifier(elsewhere)), "another database's store stays quiet")
        #expect(NSNotification.Name.HKUserPreferencesDidChange.rawValue == "HKUserPreferencesDidChangeNotification")

        // Every app of the database sees the choice, a store opened later too; another database does not.
        #expect(try await second.preferredUnits(for: [Self.bodyMass])[Self.bodyMass] == .pound())
        let later = HKHealthStore(configuration: configuration)
        #expect(try await later.preferredUnits(for: [Self.bodyMass])[Self.bodyMass] == .pound())
        #expect(try await elsewhere.preferredUnits(for: [Self.bodyMass])[Self.bodyMass] == .gramUnit(with: .kilo))

        // A unit of another dimension is refused and changes nothing; nil goes back to the default.
        await #expect(throws: HKError.self) {
            try await first.setPreferredUnit(.count(), for: Self.bodyMass)
        }
        #expect(try await first.preferredUnits(for: [Self.bodyMass])[Self.bodyMass] == .pound())
        try await first.setPreferredUnit(nil, for: Self.bodyMass)
        #expect(try await later.preferredUnits(for: [Self.bodyMass])[Self.bodyMass] == .gramUnit(with: .kilo))
    }

    @Test("the person's choice wins over the configuration's default unit")
    func choiceOverConfiguration() async throws {
        var configuration = TestSupport.configuration(.memory)
        configuration.preferredUnits = [.bodyMass: "lb"]
        let store = HKHealthStore(configuration: configuration)
        #expect(try await store.preferredUnits(for: [Self.bodyMass])[Self.bodyMass] == .pound())
        try await store.setPreferredUnit(.gramUnit(with: .kilo), for: Self.bodyMass)
        #expect(try await store.preferredUnits(for: [Self.bodyMass])[Self.bodyMass] == .gramUnit(with: .kilo))
    }

    @Test("sleep samples filtered by a value set and by a comparison")
    func categoryValuePredicates() async throws {
        let sleep = HKCategoryType(.sleepAnalysis)
        try await TestSupport.withStore(TestSupport.configuration(.memory)) { store in
            let stages: [HKCategoryValueSleepAnalysis] = [.inBed, .asleepCore, .awake, .asleepDeep, .asleepREM]
            let samples = stages.enumerated().map { index, value in
                HKCategorySample(
                    type: sleep, value: value.rawValue, start: TestSupport.at(index),
                    end: TestSupport.at(index, 30))
            }
            try await store.requestAuthorization(toShare: [sleep], read: [sleep])
            try await store.save(samples)
            func values(_ predicate: NSPredicate) async throws -> Set<Int> {
                Set((try await TestSupport.run(store, sleep, predicate) as? [HKCategorySample] ?? []).map(\.value))
            }
            let asleep = HKCategoryValueSleepAnalysis.predicateForSamples(
                equalTo: HKCategoryValueSleepAnalysis.allAsleepValues)
            #expect(
                try await values(asleep)
                    == Set([HKCategoryValueSleepAnalysis.asleepCore, .asleepDeep, .asleepREM].map(\.rawValue)))
            let notInBed = HKCategoryValueSleepAnalysis.predicateForSamples(.notEqualTo, value: .inBed)
            #expect(try await values(notInBed) == Set(stages.filter { $0 != .inBed }.map(\.rawValue)))
            let awake = HKCategoryValueSleepAnalysis.predicateForSamples(.equalTo, value: .awake)
            #expect(try await values(awake) == [HKCategoryValueSleepAnalysis.awake.rawValue])
        }
        // Every category value set conforms, as in HealthKit.
        #expect(HKCategoryValueAppleStandHour.predicateForSamples(equalTo: [.stood]).predicateFormat.isEmpty == false)
        #expect(
            HKCategoryValueSeverity.predicateForSamples(.greaterThan, value: .mild).predicateFormat.isEmpty == false)
    }
}
