import Foundation
import OpenHealthKit
import Testing

@Suite("Which store HKHealthStore() opens")
struct StoreLocationTests {
    @Test("the environment rule: $OHK_STORE, else $XDG_DATA_HOME, else ~/.local/share")
    func environmentRule() {
        let explicit = HKHealthStore.Configuration.fromEnvironment(["OHK_STORE": "/tmp/x.sqlite", "HOME": "/home/ana"])
        #expect(explicit.database == .location("/tmp/x.sqlite"))
        let memory = HKHealthStore.Configuration.fromEnvironment(["OHK_STORE": "memory:demo"])
        #expect(memory.database == .location("memory:demo"))
        let xdg = HKHealthStore.Configuration.fromEnvironment(["XDG_DATA_HOME": "/data", "HOME": "/home/ana"])
        #expect(xdg.database == .file(path: "/data/openhealthkit/health.sqlite"))
        let home = HKHealthStore.Configuration.fromEnvironment(["HOME": "/home/ana", "XDG_DATA_HOME": ""])
        #expect(home.database == .file(path: "/home/ana/.local/share/openhealthkit/health.sqlite"))
    }

    @Test("the app identity and the permission policy come from the environment")
    func identityAndPolicy() async throws {
        let path = TestSupport.temporaryStorePath()
        var config = HKHealthStore.Configuration.fromEnvironment([
            "OHK_STORE": path, "OHK_BUNDLE_ID": "com.example.env", "OHK_APP_NAME": "Env", "OHK_AUTHORIZATION": "deny",
        ])
        #expect(config.app.bundleIdentifier == "com.example.env")
        #expect(config.app.name == "Env")
        config.now = { TestSupport.at(12) }
        try await TestSupport.withStore(config) { store in
            let steps = HKQuantityType(.stepCount)
            try await store.requestAuthorization(toShare: [steps], read: [steps])
            #expect(store.authorizationStatus(for: steps) == .sharingDenied)
        }
        let defaulted = HKHealthStore.Configuration.fromEnvironment(["HOME": "/home/ana"])
        #expect(defaulted.app.bundleIdentifier.hasPrefix("org.openhealthkit."))
    }

    @Test("two stores on the same SQLite file share one engine: an observer fires for the other store's save")
    func sharedFile() async throws {
        let config = TestSupport.configuration(.sqlite)
        let steps = HKQuantityType(.stepCount)
        let first = HKHealthStore(configuration: config)
        let second = HKHealthStore(configuration: config.with(app: TestSupport.otherApp))
        try await first.requestAuthorization(toShare: [steps], read: [steps])
        try await second.requestAuthorization(toShare: [steps], read: [steps])
        let (fires, continuation) = AsyncStream<Void>.makeStream()
        let observer = HKObserverQuery(sampleType: steps, predicate: nil) { _, done, _ in
            continuation.yield()
            done()
        }
        first.execute(observer)
        var iterator = fires.makeAsyncIterator()
        await iterator.next()
        try await HKHealthStore.Configuration.$current.withValue(config) {
            try await second.save(TestSupport.steps(3, TestSupport.at(9), TestSupport.at(9, 1)))
        }
        await iterator.next()
        first.stop(observer)
        let reopened = HKHealthStore(configuration: config)
        let all = try await TestSupport.run(reopened, steps)
        #expect(all.count == 1)
        #expect(all.first?.sourceRevision.source.bundleIdentifier == "com.example.other")
    }

    @Test(
        "a postgres:// location: HealthKit code saves and reads a person of a PostgreSQL database",
        .enabled(
            if: ProcessInfo.processInfo.environment["OHK_TEST_POSTGRES_URL"] != nil
                || ProcessInfo.processInfo.environment["OHK_REQUIRE_POSTGRES"] == "1",
            "no PostgreSQL: run `eval \"$(scripts/postgres start)\"` first"))
    func postgresLocation() async throws {
        let base = try #require(
            ProcessInfo.processInfo.environment["OHK_TEST_POSTGRES_URL"], "OHK_TEST_POSTGRES_URL is not set")
        var config = TestSupport.configuration(.memory)
        config.database = .location(base + "?person=hk-\(UUID().uuidString.lowercased())&sslmode=disable")
        let steps = HKQuantityType(.stepCount)
        let store = HKHealthStore(configuration: config)
        try await store.requestAuthorization(toShare: [steps], read: [steps])
        try await HKHealthStore.Configuration.$current.withValue(config) {
            try await store.save(TestSupport.steps(3, TestSupport.at(9), TestSupport.at(9, 1)))
        }
        let reopened = HKHealthStore(configuration: config.with(app: TestSupport.otherApp))
        try await reopened.requestAuthorization(toShare: [], read: [steps])
        let all = try await TestSupport.run(reopened, steps)
        #expect(all.count == 1)
        #expect(all.first?.sourceRevision.source.bundleIdentifier == config.app.bundleIdentifier)
    }

    @Test("a database that cannot be opened: every throwing call fails with errorDatabaseInaccessible")
    func unopenable() async throws {
        var config = TestSupport.configuration(.memory)
        config.database = .file(path: "/proc/openhealthkit-cannot-exist/health.sqlite")
        let store = HKHealthStore(configuration: config)
        #expect(store.authorizationStatus(for: HKQuantityType(.stepCount)) == .notDetermined)
        await #expect(throws: HKError(.errorDatabaseInaccessible)) {
            try await store.requestAuthorization(toShare: [HKQuantityType(.stepCount)], read: [])
        }
    }

    @Test("a fixed clock, calendar and UUID source come from the configuration")
    func injectedSources() async throws {
        let config = TestSupport.configuration(.memory)
        try await TestSupport.withStore(config) { store in
            let first = TestSupport.steps(1, TestSupport.at(9), TestSupport.at(9, 1))
            let second = TestSupport.steps(1, TestSupport.at(9), TestSupport.at(9, 1))
            #expect(first.uuid.uuidString == "00000000-0000-4000-8000-000000000001")
            #expect(second.uuid.uuidString == "00000000-0000-4000-8000-000000000002")
            #expect(store.configuration.now() == TestSupport.at(12))
            #expect(store.configuration.calendar.timeZone.secondsFromGMT() == 0)
        }
    }
}
