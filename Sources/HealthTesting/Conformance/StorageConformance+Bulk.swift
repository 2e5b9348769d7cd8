import Foundation
import HealthCore
import HealthStorage

/// An error a producer throws in the bulk checks, to see it come back unchanged.
struct ProducerStopped: Error, Equatable {
    let marker: Int
}

extension StorageConformance {
    /// The bulk-write contract (``SampleStorage/bulkWrite(options:_:)``), on every backend.
    static let bulkChecks: [Check] = [
        Check(name: "bulkIsAllOrNothing") { subject in
            let m = Material()
            let storage = try await subject.makeStorage()
            _ = try await storage.commit(StorageCommit(inserts: [m.steps(1, 0, 1)]))
            do {
                _ = try await storage.bulkWrite(options: BulkWriteOptions()) { sink in
                    _ = try await sink.write(BulkBatch(samples: [m.steps(2, 1, 2), m.heartRate(60, 2)])) { s, _ in s }
                    _ = try await sink.write(
                        BulkBatch(
                            activitySummaries: [ActivitySummary(day: Material.day)],
                            characteristics: Characteristics(biologicalSex: .male))
                    ) { s, _ in s }
                    throw ProducerStopped(marker: 7)
                }
                throw ConformanceFailure(check: "bulkIsAllOrNothing", message: "a failed producer's write returned")
            } catch let error as ProducerStopped {
                try require(error.marker == 7, "bulkIsAllOrNothing", "the producer's error came back changed")
            }
            try await requireUnchanged(storage, count: 1, anchor: 1, "bulkIsAllOrNothing")
            let summaries = try await storage.activitySummaries(from: nil, through: nil)
            let me = try await storage.characteristics()
            try require(
                summaries.isEmpty && me == Characteristics(), "bulkIsAllOrNothing",
                "summaries or characteristics of a failed write were kept")
            let after = try await storage.commit(StorageCommit(inserts: [m.steps(3, 3, 4)]))
            try require(after.anchor == 2, "bulkIsAllOrNothing", "the store cannot be written after a failed write")
        },
        Check(name: "bulkInsertsIfAbsent") { subject in
            let m = Material()
            let storage = try await subject.makeStorage()
            let stored = m.steps(1, 0, 1)
            _ = try await storage.commit(StorageCommit(inserts: [stored]))
            let fresh = m.steps(2, 1, 2, Fixtures.phone)
            let pressure = Material.bloodPressure(m, at: 5)
            let (outcomes, result) = try await storage.bulkWrite(options: BulkWriteOptions()) { sink in
                try await sink.write(BulkBatch(samples: [stored, fresh, pressure])) { s, _ in s }
            }
            try require(
                outcomes == [.alreadyPresent(stored.uuid), .inserted(fresh.uuid), .inserted(pressure.uuid)],
                "bulkInsertsIfAbsent", "outcomes \(outcomes)")
            try require(
                result.inserted == 2 && result.alreadyPresent == 1, "bulkInsertsIfAbsent",
                "counts \(result.inserted)/\(result.alreadyPresent)")
            let anchor = try await storage.currentAnchor()
            try require(result.anchor == anchor, "bulkInsertsIfAbsent", "result anchor \(result.anchor) ≠ \(anchor)")
            try require(
                result.touchedTypes
                    == [
                        .quantity(.stepCount), .correlation(.bloodPressure), .quantity(.bloodPressureSystolic),
                        .quantity(.bloodPressureDiastolic),
                    ], "bulkInsertsIfAbsent", "touched types \(result.touchedTypes.sorted())")
            let members = try await storage.count(matching: .type(.quantity(.bloodPressureSystolic)))
            try require(members == 1, "bulkInsertsIfAbsent", "correlation members stored \(members)")
            // The same write again changes nothing.
            let (again, second) = try await storage.bulkWrite(options: BulkWriteOptions()) { sink in
                try await sink.write(BulkBatch(samples: [stored, fresh, pressure])) { s, _ in s }
            }
            try require(
                again.allSatisfy { !$0.isInserted } && second.inserted == 0 && second.anchor == anchor,
                "bulkInsertsIfAbsent", "a repeated write inserted \(second.inserted)")
            try require(second.touchedTypes.isEmpty, "bulkInsertsIfAbsent", "a no-op write touched types")
        },
        Check(name: "bulkReidentifiesRepeats") { subject in
            let m = Material()
            let storage = try await subject.makeStorage()
            let stored = m.steps(1, 0, 1)
            _ = try await storage.commit(StorageCommit(inserts: [stored]))
            let twice = m.steps(2, 1, 2)
            let renamed = Renamer()
            let (outcomes, result) = try await storage.bulkWrite(options: BulkWriteOptions()) { sink in
                let first = try await sink.write(BulkBatch(samples: [twice, stored])) { s, n in renamed.next(s, n) }
                let second = try await sink.write(BulkBatch(samples: [twice, stored, twice])) { s, n in
                    renamed.next(s, n)
                }
                return first + second
            }
            let uuids = outcomes.map(\.uuid)
            try require(
                outcomes[0] == .inserted(twice.uuid) && outcomes[1] == .alreadyPresent(stored.uuid)
                    && outcomes[2].isInserted && outcomes[3].isInserted && outcomes[4].isInserted,
                "bulkReidentifiesRepeats", "outcomes \(outcomes)")
            try require(Set(uuids).count == 5, "bulkReidentifiesRepeats", "repeats kept one identity")
            try require(
                renamed.occurrences == [1, 1, 1, 2], "bulkReidentifiesRepeats",
                "reidentify occurrences \(renamed.occurrences)")
            try require(result.inserted == 4, "bulkReidentifiesRepeats", "inserted \(result.inserted)")
            let total = try await storage.count(matching: .all)
            try require(total == 5, "bulkReidentifiesRepeats", "stored \(total)")
            // A repeat that keeps its UUID is refused, and nothing of the write is kept.
            do {
                _ = try await storage.bulkWrite(options: BulkWriteOptions()) { sink in
                    try await sink.write(BulkBatch(samples: [m.steps(9, 9, 10), stored, stored])) { s, _ in s }
                }
                throw ConformanceFailure(check: "bulkReidentifiesRepeats", message: "an unrenamed repeat was accepted")
            } catch let error as StorageError {
                try require(error.code == .duplicateUUID, "bulkReidentifiesRepeats", "code \(error.code)")
            }
            let after = try await storage.count(matching: .all)
            try require(after == 5, "bulkReidentifiesRepeats", "a refused write left \(after - 5) samples")
        },
        Check(name: "bulkIsInvisibleUntilCommitted") { subject in
            let m = Material()
            let storage = try await subject.makeStorage()
            _ = try await storage.commit(StorageCommit(inserts: [m.steps(1, 0, 1)]))
            let late = m.steps(7, 7, 8, Fixtures.phone)
            let (seen, result) = try await storage.bulkWrite(options: BulkWriteOptions()) { sink in
                _ = try await sink.write(BulkBatch(samples: [m.steps(2, 1, 2), m.steps(3, 2, 3)])) { s, _ in s }
                let during = try await storage.count(matching: .all)
                let anchor = try await storage.currentAnchor()
                // Another writer of the same store waits for the bulk write to end.
                let writer = Task { try await storage.commit(StorageCommit(inserts: [late])) }
                _ = try await sink.write(BulkBatch(samples: [m.steps(4, 3, 4)])) { s, _ in s }
                return (during, anchor, writer)
            }
            try require(seen.0 == 1 && seen.1 == 1, "bulkIsInvisibleUntilCommitted", "readers saw a partial write")
            let committed = try await seen.2.value
            try require(
                committed.anchor > result.anchor, "bulkIsInvisibleUntilCommitted",
                "another writer's commit (\(committed.anchor)) landed inside the bulk write (\(result.anchor))")
            let total = try await storage.count(matching: .all)
            try require(total == 5, "bulkIsInvisibleUntilCommitted", "stored \(total)")
        },
        Check(name: "bulkCancelledLeavesTheStoreAsItWas") { subject in
            let m = Material()
            let storage = try await subject.makeStorage()
            _ = try await storage.commit(StorageCommit(inserts: [m.steps(1, 0, 1)]))
            let started = Signal()
            let task = Task {
                try await storage.bulkWrite(options: BulkWriteOptions()) { sink in
                    var index = 0.0
                    while true {
                        index += 1
                        _ = try await sink.write(BulkBatch(samples: [m.steps(index, index, index + 1)])) { s, _ in s }
                        started.fire()
                        try Task.checkCancellation()
                        await Task.yield()
                    }
                }
            }
            await started.wait()
            task.cancel()
            do {
                _ = try await task.value
                throw ConformanceFailure(check: "bulkCancelledLeavesTheStoreAsItWas", message: "no cancellation")
            } catch is CancellationError {}
            try await requireUnchanged(storage, count: 1, anchor: 1, "bulkCancelledLeavesTheStoreAsItWas")
        },
        Check(name: "bulkSummariesCharacteristicsAndUnmet") { subject in
            let m = Material()
            let storage = try await subject.makeStorage()
            let kept = m.steps(1, 0, 1)
            let gone = m.steps(2, 1, 2)
            let notCounted = m.heartRate(60, 3)
            _ = try await storage.commit(StorageCommit(inserts: [kept, gone, notCounted]))
            let day = Material.day
            let kcal = HealthUnit.kilocalorie()
            try await storage.saveActivitySummaries([
                ActivitySummary(day: day, activeEnergyBurned: Quantity(unit: kcal, doubleValue: 1))
            ])
            let heartRate = notCounted.uuid
            let (_, result) = try await storage.bulkWrite(
                options: BulkWriteOptions(countUnmet: { $0 != heartRate })
            ) { sink in
                try await sink.write(
                    BulkBatch(
                        samples: [kept],
                        activitySummaries: [
                            ActivitySummary(day: day, activeEnergyBurned: Quantity(unit: kcal, doubleValue: 2))
                        ],
                        characteristics: Characteristics(bloodType: .oNegative))
                ) { s, _ in s }
            }
            try require(
                result.unmet == [.quantity(.stepCount): 1], "bulkSummariesCharacteristicsAndUnmet",
                "unmet \(String(describing: result.unmet))")
            let summaries = try await storage.activitySummaries(from: nil, through: nil)
            try require(
                summaries.count == 1 && summaries[0].activeEnergyBurned == Quantity(unit: kcal, doubleValue: 2),
                "bulkSummariesCharacteristicsAndUnmet", "summaries are replaced by day")
            let me = try await storage.characteristics()
            try require(me.bloodType == .oNegative, "bulkSummariesCharacteristicsAndUnmet", "characteristics")
        },
        Check(name: "bulkFirstImportKeepsTheAccessPaths") { subject in
            let m = Material()
            let reference = try await subject.makeStorage()
            let expected = try await subject.accessPaths(of: reference)
            let storage = try await subject.makeStorage()
            do {
                _ = try await storage.bulkWrite(options: BulkWriteOptions()) { sink in
                    _ = try await sink.write(BulkBatch(samples: [m.steps(1, 0, 1)])) { s, _ in s }
                    throw ProducerStopped(marker: 1)
                }
            } catch is ProducerStopped {}
            let afterFailure = try await subject.accessPaths(of: storage)
            try require(
                afterFailure == expected, "bulkFirstImportKeepsTheAccessPaths",
                "a failed first import changed the access paths: \(afterFailure.keys.sorted()) ≠ \(expected.keys.sorted())"
            )
            let samples = (0..<200).map { m.steps(Double($0), Double($0), Double($0) + 1) }
            _ = try await storage.bulkWrite(options: BulkWriteOptions()) { sink in
                try await sink.write(BulkBatch(samples: samples)) { s, _ in s }
            }
            let afterImport = try await subject.accessPaths(of: storage)
            try require(
                afterImport == expected, "bulkFirstImportKeepsTheAccessPaths",
                "a first import left other access paths: \(afterImport.keys.sorted()) ≠ \(expected.keys.sorted())")
            let window = try await storage.samples(
                matching: SampleRequest(predicate: .date(start: m.at(50), end: m.at(52)), sort: [.startDate]))
            try require(
                window.map(\.sample.uuid) == [samples[49].uuid, samples[50].uuid, samples[51].uuid],
                "bulkFirstImportKeepsTheAccessPaths", "a window query after a first import")
        },
    ]

    /// Fails unless the store still holds `count` samples at `anchor`.
    static func requireUnchanged(
        _ storage: any SampleStorage, count: Int, anchor: Int64, _ check: String
    ) async throws {
        let stored = try await storage.count(matching: .all)
        let current = try await storage.currentAnchor()
        try require(
            stored == count && current == anchor, check,
            "the store changed: \(stored) samples at anchor \(current), expected \(count) at \(anchor)")
    }
}

/// Records `reidentify` calls and renames deterministically (the occurrence's number in the UUID's first byte).
private final class Renamer: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: [Int] = []

    var occurrences: [Int] { lock.withLock { seen } }

    func next(_ sample: AnySample, _ occurrence: Int) -> AnySample {
        lock.withLock { seen.append(occurrence) }
        var copy = sample
        var bytes = sample.uuid.uuid
        bytes.0 = bytes.0 &+ 0x10
        copy.uuid = UUID(uuid: bytes)
        return copy
    }
}

/// A one-shot signal between tasks.
private final class Signal: @unchecked Sendable {
    private let lock = NSLock()
    private var fired = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func fire() {
        let resume = lock.withLock { () -> [CheckedContinuation<Void, Never>] in
            guard !fired else { return [] }
            fired = true
            defer { waiters = [] }
            return waiters
        }
        for waiter in resume { waiter.resume() }
    }

    func wait() async {
        await withCheckedContinuation { continuation in
            let now = lock.withLock { () -> Bool in
                if fired { return true }
                waiters.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }
}

extension Material {
    /// The day of the material's samples.
    static let day: CalendarDay = {
        guard let day = CalendarDay(year: 2024, month: 3, day: 10) else { preconditionFailure("a valid date") }
        return day
    }()

    /// A blood-pressure correlation with its two members, at a minute.
    static func bloodPressure(_ m: Material, at minute: Double) -> AnySample {
        let unit = (try? HealthUnit(from: "mmHg")) ?? .count()
        let systolic = m.build.quantity(.bloodPressureSystolic, 120, unit, start: m.at(minute), source: Fixtures.watch)
        let diastolic = m.build.quantity(.bloodPressureDiastolic, 80, unit, start: m.at(minute), source: Fixtures.watch)
        return .correlation(
            Correlation(
                uuid: m.build.uuids.next(), type: .bloodPressure, start: m.at(minute), end: m.at(minute),
                quantitySamples: [systolic, diastolic], categorySamples: [],
                sourceRevision: SourceRevision(source: Fixtures.watch)))
    }
}
