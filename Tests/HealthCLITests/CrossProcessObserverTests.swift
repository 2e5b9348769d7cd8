import Foundation
import HealthCore
import HealthQuery
import HealthRuntime
import OpenHealthKit
import Testing

/// Observers across processes (issue 16, part 3): an observer query in this process hears commits that the `ohk`
/// executable — another process — makes to the same SQLite file.
@Suite(.timeLimit(.minutes(5))) struct CrossProcessObserverTests {
    /// What the observer's handler saw: the changed types of each firing (nil for the initial firing).
    final class Firings: Sendable {
        let stream: AsyncStream<Set<HKSampleType>?>
        let continuation: AsyncStream<Set<HKSampleType>?>.Continuation
        init() { (stream, continuation) = AsyncStream.makeStream() }
    }

    @Test("an observer query fires when another process saves, and again when another process imports")
    func observerHearsOtherProcesses() async throws {
        let path = try OHKProcess.temporaryStore()
        let configuration = HKHealthStore.Configuration(
            database: .file(path: path),
            app: .init(bundleIdentifier: "org.example.widget", name: "Widget"),
            now: { Date() }, calendar: Calendar(identifier: .gregorian), makeUUID: { UUID() })
        let store = HKHealthStore(configuration: configuration)
        let steps = HKQuantityType(.stepCount)
        try await store.requestAuthorization(toShare: [], read: [steps, HKQuantityType(.heartRate)])
        let firings = Firings()
        let query = HKObserverQuery(queryDescriptors: [HKQueryDescriptor(sampleType: steps, predicate: nil)]) {
            _, types, done, _ in
            firings.continuation.yield(types)
            done()
        }
        store.execute(query)
        defer { store.stop(query) }
        var fired = firings.stream.makeAsyncIterator()
        #expect(try await Self.next(&fired) == .some(nil), "the initial firing")

        let saved = try await OHKProcess.runDetached(["add", "steps", "120", "--store", path])
        #expect(saved.status == 0, "ohk add: \(saved.stderr)")
        #expect(try await Self.next(&fired) == .some([steps]), "another process's save")

        let export = try ExportFiles.folder().appendingPathComponent("export.xml")
        try ExportFiles.document(
            [
                ExportFiles.steps(ExportFiles.phone, "2025-06-01 08:00:00 +0900", "2025-06-01 08:10:00 +0900", 300),
                ExportFiles.steps(ExportFiles.watch, "2025-06-01 08:00:00 +0900", "2025-06-01 08:10:00 +0900", 280),
            ].joined(separator: "\n")
        ).write(to: export, atomically: true, encoding: .utf8)
        let imported = try await OHKProcess.runDetached(["import", export.path, "--store", path])
        #expect(imported.status == 0, "ohk import: \(imported.stderr)")
        #expect(try await Self.next(&fired) == .some([steps]), "another process's import")

        // A commit of a type nobody observes does not fire the steps observer.
        let other = try await OHKProcess.runDetached(["add", "heart-rate", "61", "--store", path])
        #expect(other.status == 0, "ohk add: \(other.stderr)")
        let again = try await OHKProcess.runDetached(["add", "steps", "5", "--store", path])
        #expect(again.status == 0)
        #expect(try await Self.next(&fired) == .some([steps]), "the next steps save, not the heart rate")
    }

    @Test("two databases on one file (as two processes): each commit reported once, in order, none missed")
    func exactlyOnceAcrossDatabases() async throws {
        let path = try OHKProcess.temporaryStore()
        let watcher = try HealthRuntime().open(.sqlite(path))
        let writer = try HealthRuntime().open(.sqlite(path))
        let app = AppIdentity.owner(bundleIdentifier: "org.example.test", name: "Test")
        let local = watcher.store(for: app)
        let remote = writer.store(for: app)
        let steps = SampleType.quantity(.stepCount)
        let heart = SampleType.quantity(.heartRate)
        var updates = local.observe([steps, heart]).makeAsyncIterator()
        try await watcher.watchOtherProcesses(every: .milliseconds(5))
        #expect(watcher.isWatchingOtherProcesses)

        // Background delivery counts the other process's commits too (only the other side saves steps).
        await local.enableBackgroundDelivery(for: steps, frequency: .immediate)
        var deliveries = await local.backgroundDeliveries().makeAsyncIterator()

        let t0 = Date(timeIntervalSinceReferenceDate: 780_000_000)
        func sample(
            _ type: QuantityTypeIdentifier, _ value: Double, _ unit: String, _ minute: Double
        ) throws
            -> AnySample
        {
            let start = t0.addingTimeInterval(minute * 60)
            return .quantity(
                QuantitySample(
                    uuid: UUID(), type: type, quantity: Quantity(unit: try HealthUnit(from: unit), doubleValue: value),
                    start: start, end: start.addingTimeInterval(60)))
        }
        var expected: Set<SampleType> = []
        var seen: Set<SampleType> = []
        var anchors: [Int64] = []
        var last: Int64 = 0
        for round in 0..<20 {
            // Alternate: another "process" saves steps, this one saves heart rate (reported at once).
            if round.isMultiple(of: 2) {
                last = try await remote.save([try sample(.stepCount, 10, "count", Double(round))])
                expected.insert(steps)
            } else {
                last = try await local.save([try sample(.heartRate, 60, "count/min", Double(round))])
                expected.insert(heart)
            }
        }
        while anchors.last ?? 0 < last {
            guard let update = try await Self.next(&updates) else { break }
            anchors.append(update.anchor)
            seen.formUnion(update.types)
        }
        #expect(anchors.last == last, "every commit up to the last was reported")
        #expect(anchors == anchors.sorted() && Set(anchors).count == anchors.count, "in order, none twice: \(anchors)")
        #expect(seen == expected)
        #expect(try await Self.next(&deliveries)?.type == steps, "an immediate background delivery for steps")
        try watcher.close()
        #expect(!watcher.isWatchingOtherProcesses)
    }

    /// The iterator's next element, recording a failure after two minutes (a firing takes milliseconds; the whole
    /// suite under the thread sanitizer on two cores can starve a task for many seconds, so the bound is loose).
    static func next<Iterator: AsyncIteratorProtocol>(_ iterator: inout Iterator) async throws -> Iterator.Element?
    where Iterator.Element: Sendable {
        let timeout = Task {
            try await Task.sleep(for: .seconds(120))
            Issue.record("no firing within two minutes")
        }
        defer { timeout.cancel() }
        return try await iterator.next()
    }
}
