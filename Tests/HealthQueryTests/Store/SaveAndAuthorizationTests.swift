import Foundation
import HealthCore
import HealthQuery
import HealthStorage
import HealthTesting
import Testing

@Suite struct SaveAndAuthorizationTests {
    let build = SampleBuilder(uuids: UUIDSequence(start: 100))
    let t0 = Fixtures.date(2024, 3, 1, 9)

    func steps(_ value: Double, _ minutes: Double = 0) -> AnySample {
        .quantity(
            build.steps(
                value, start: t0.addingTimeInterval(minutes * 60), end: t0.addingTimeInterval(minutes * 60 + 600)))
    }

    @Test func savingWithoutSharePermissionFailsWithCode4AndWritesNothing() async throws {
        let storage = InMemoryStorage()
        let store = makeStore(policy: .perType(share: [], read: [stepsType]), storage: storage)
        try await store.requestAuthorization(toShare: [stepsType], read: [stepsType])
        #expect(try await store.authorizationStatus(for: stepsType) == .sharingDenied)
        let error = await #expect(throws: HealthError.self) { try await store.save([steps(10)]) }
        #expect(error?.code == .authorizationDenied)
        #expect(error?.code.rawValue == 4)
        #expect(error?.message.hasPrefix("Not authorized") == true)
        #expect(try await storage.count(matching: .all) == 0)
    }

    @Test func savingAfterAReadOnlyRequestFailsWithCode4AsTheFieldReportShows() async throws {
        // requestAuthorization(toShare: [], read: types) then a save → Code=4 "Not authorized" (reference §4.1).
        let storage = InMemoryStorage()
        let store = makeStore(storage: storage)
        try await store.requestAuthorization(toShare: [], read: [stepsType])
        #expect(try await store.authorizationStatus(for: stepsType) == .notDetermined)
        let error = await #expect(throws: HealthError.self) { try await store.save([steps(10)]) }
        #expect(error?.code == .authorizationDenied)
        #expect(error?.message.hasPrefix("Not authorized") == true)
        #expect(try await storage.count(matching: .all) == 0)
    }

    @Test func savingAnUnrequestedTypeFailsWithCode5() async throws {
        let store = makeStore()
        let error = await #expect(throws: HealthError.self) { try await store.save([steps(10)]) }
        #expect(error?.code == .authorizationNotDetermined)
    }

    @Test func aBatchWithOneInvalidSampleWritesNothingAndNamesIt() async throws {
        let storage = InMemoryStorage()
        let store = makeStore(storage: storage)
        try await store.grantSteps()
        let good = steps(10)
        let bad = AnySample.quantity(build.steps(5, start: t0, end: t0.addingTimeInterval(-60)))
        let error = await #expect(throws: HealthError.self) { try await store.save([good, bad]) }
        #expect(error?.code == .invalidArgument)
        #expect(error?.message.contains(bad.uuid.uuidString) == true)
        #expect(error?.message.contains("sample 1") == true)
        #expect(error?.message.contains("dateOrder") == true)
        #expect(try await storage.count(matching: .all) == 0)
    }

    @Test func savedSamplesAreStampedWithTheAppsRevision() async throws {
        let store = makeStore()
        try await store.grantSteps()
        try await store.save([steps(10)])
        let saved = try await store.samples(of: stepsType)
        #expect(saved.first?.sourceRevision == Apps.steps.sourceRevision)
    }

    @Test func aReadDeniedAppSeesOnlyItsOwnSamples() async throws {
        let store = makeStore()
        try await store.grantSteps()
        try await store.save([steps(10), steps(20, 10)])
        let other = store.store(for: Apps.other, policy: .perType(share: [stepsType], read: []))
        try await other.requestAuthorization(toShare: [stepsType], read: [stepsType])
        let own = steps(30, 20)
        try await other.save([own])
        let seenByOther = try await other.samples(of: stepsType)
        #expect(seenByOther.map(\.uuid) == [own.uuid])
        let seenByFirst = try await store.samples(of: stepsType)
        #expect(seenByFirst.count == 3)
    }

    /// Issue 44, finding 1: another app's deletions of a type this app may not read shape no page — no deletion, no
    /// `hasMore` — whatever the limit; the app's own deletions it sees.
    @Test func aReadDeniedAppLearnsNothingOfOtherAppsDeletions() async throws {
        let store = makeStore()
        try await store.grantSteps()
        let other = store.store(for: Apps.other, policy: .perType(share: [stepsType], read: []))
        try await other.requestAuthorization(toShare: [stepsType], read: [stepsType])
        let own = steps(5, 50)
        try await other.save([own])
        let start = try await other.anchoredChanges(of: stepsType, anchor: nil).newAnchor
        let theirs = [steps(10), steps(20, 10), steps(30, 20)]
        try await store.save(theirs)
        try await store.delete(theirs)
        for limit in [1, 2, nil] as [Int?] {
            let page = try await other.anchoredChanges(of: stepsType, anchor: start, limit: limit)
            #expect(page.added.isEmpty && page.deleted.isEmpty, "limit \(String(describing: limit))")
            #expect(!page.hasMore, "limit \(String(describing: limit)): hasMore reveals the deletions")
        }
        try await other.delete([own])
        let mine = try await other.anchoredChanges(of: stepsType, anchor: start, limit: 1)
        #expect(mine.deleted.map(\.uuid) == [own.uuid] && !mine.hasMore)
        let reader = try await store.anchoredChanges(of: stepsType, anchor: start)
        #expect(Set(reader.deleted.map(\.uuid)) == Set(theirs.map(\.uuid) + [own.uuid]))
    }

    @Test func authorizationStatusRevealsSharingOnly() async throws {
        let store = makeStore(policy: .perType(share: [heartType], read: [stepsType]))
        try await store.requestAuthorization(
            toShare: [heartType], read: [stepsType, .quantity(.appleExerciseTime)])
        #expect(try await store.authorizationStatus(for: heartType) == .sharingAuthorized)
        #expect(try await store.authorizationStatus(for: stepsType) == .notDetermined, "read-only request")
        #expect(try await store.authorizationStatus(for: .quantity(.appleExerciseTime)) == .sharingDenied)
        #expect(try await store.authorizationStatus(for: .quantity(.bodyMass)) == .notDetermined)
    }

    @Test func answersAreRememberedPerAppAcrossStores() async throws {
        let storage = InMemoryStorage()
        let first = makeStore(policy: .grantAll, storage: storage)
        try await first.requestAuthorization(toShare: [stepsType], read: [])
        let again = makeStore(policy: .denyAll, storage: storage)
        #expect(try await again.authorizationStatus(for: stepsType) == .sharingAuthorized)
        #expect(try await again.requestStatusForAuthorization(toShare: [stepsType], read: []) == .unnecessary)
        #expect(try await again.requestStatusForAuthorization(toShare: [heartType], read: []) == .shouldRequest)
    }

    @Test func invalidRequestsAreClearErrorsNotCrashes() async throws {
        let store = makeStore()
        await #expect(throws: HealthError.self) { try await store.requestAuthorization(toShare: [], read: []) }
        let disallowed = await #expect(throws: HealthError.self) {
            try await store.requestAuthorization(toShare: [.quantity(.appleExerciseTime)], read: [])
        }
        #expect(disallowed?.message.contains("HKQuantityTypeIdentifierAppleExerciseTime") == true)
        let silent = makeStore(app: Apps.silent)
        let missing = await #expect(throws: HealthError.self) {
            try await silent.requestAuthorization(toShare: [stepsType], read: [])
        }
        #expect(missing?.code == .invalidArgument)
        #expect(missing?.message.contains("NSHealthUpdateUsageDescription") == true)
        let missingRead = await #expect(throws: HealthError.self) {
            try await silent.requestAuthorization(toShare: [], read: [stepsType])
        }
        #expect(missingRead?.message.contains("NSHealthShareUsageDescription") == true)
        #expect(HealthStore.isHealthDataAvailable())
    }

    @Test func appsMayDeleteOnlyWhatTheySaved() async throws {
        let store = makeStore()
        try await store.grantSteps()
        let mine = steps(10)
        try await store.save([mine])
        let other = store.store(for: Apps.other)
        try await other.grantSteps()
        let error = await #expect(throws: HealthError.self) { try await other.delete([mine]) }
        #expect(error?.code == .authorizationDenied)
        try await store.delete([mine])
        #expect(try await store.samples(of: stepsType).isEmpty)
        try await store.save([steps(1), steps(2, 20)])
        let removed = try await store.deleteObjects(
            of: stepsType, predicate: .date(start: t0.addingTimeInterval(900), end: nil))
        #expect(removed == 1)
    }
}

@Suite struct PrivilegedIdentityTests {
    let build = SampleBuilder(uuids: UUIDSequence(start: 100))
    let t0 = Fixtures.date(2024, 3, 1, 9)

    @Test func theHealthAppKeepsRecordedSourcesAndNeedsNoSheet() async throws {
        let health = makeStore(app: .healthApp, policy: .denyAll)
        let fromWatch = AnySample.quantity(build.steps(10, start: t0, end: t0, source: Fixtures.watch))
        let manual = AnySample.quantity(build.steps(5, start: t0, end: t0))
        try await health.save([fromWatch, manual])
        let saved = try await health.samples(of: stepsType)
        #expect(saved.map(\.source?.bundleIdentifier) == [Fixtures.watch.bundleIdentifier, "com.apple.Health"])
        #expect(try await health.authorizationStatus(for: stepsType) == .sharingAuthorized)
        try await health.delete([fromWatch])
        #expect(try await health.samples(of: stepsType).count == 1)
    }

    @Test func anAppCannotKeepAForeignSourceRevision() async throws {
        let store = makeStore()
        try await store.grantSteps()
        try await store.save([.quantity(build.steps(10, start: t0, end: t0, source: Fixtures.watch))])
        #expect(try await store.samples(of: stepsType).first?.source == Apps.steps.source)
    }

    @Test func aGrantChangedByAnotherEngineAppliesAtOnce() async throws {
        // Two engines of one app on one storage, as two processes have (each remembers grants in memory): a
        // decision recorded by one is what the other applies at its next call.
        let storage = InMemoryStorage()
        let first = makeStore(storage: storage)
        let second = makeStore(storage: storage)
        try await first.grantSteps()
        try await first.save([.quantity(build.steps(10, start: t0, end: t0))])
        let owner = makeStore(app: .owner(bundleIdentifier: "org.example.person", name: "Person"), storage: storage)
        try await owner.save([.quantity(build.steps(99, start: t0, end: t0.addingTimeInterval(60)))])
        #expect(try await first.samples(of: stepsType).count == 2, "reads every step while allowed")
        try await second.setAuthorization(for: stepsType, share: nil, read: false)
        #expect(try await first.samples(of: stepsType).count == 1, "its own sample only, once read is denied")
        try await second.setAuthorization(for: stepsType, share: false, read: nil)
        await #expect(throws: HealthError.self) {
            try await first.save([.quantity(build.steps(5, start: t0, end: t0))])
        }
    }
}
