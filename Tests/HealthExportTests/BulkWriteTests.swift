import Foundation
import HealthCore
import HealthQuery
import HealthStorage
import HealthStorageSQLite
import HealthTesting
import Testing

/// The bulk-write contract both backends implement, and HealthStore's bulk-import entry point.
@Suite("Bulk write")
struct BulkWriteTests {
    enum Backend: String, CaseIterable, Sendable {
        case memory, sqliteFile
    }

    struct Boom: Error, Equatable {}

    final class SinkBox: @unchecked Sendable {
        var sink: (any BulkSink)?
    }

    static func storage(_ backend: Backend, in directory: URL) throws -> any BulkWritableStorage {
        switch backend {
        case .memory: InMemoryStorage()
        case .sqliteFile: try SQLiteStorage(path: directory.appendingPathComponent("bulk.sqlite").path)
        }
    }

    static let source = SourceRevision(source: Fixtures.watch, productType: "Watch7,3")

    static func steps(_ n: UInt64, value: Double = 10) -> AnySample {
        let start = Fixtures.epoch.addingTimeInterval(Double(n) * 60)
        return .quantity(
            QuantitySample(
                uuid: UUIDSequence.uuid(n), type: .stepCount, quantity: Quantity(unit: .count(), doubleValue: value),
                start: start, end: start.addingTimeInterval(60), sourceRevision: source))
    }

    /// The next identity of a repeat in these tests: the UUID number plus 1,000.
    static func rename(_ sample: AnySample, _ occurrence: Int) -> AnySample {
        var renamed = sample
        let n = UInt64(sample.uuid.uuid.15) | UInt64(sample.uuid.uuid.14) << 8
        renamed.uuid = UUIDSequence.uuid(n + 1_000)
        return renamed
    }

    static func pressure(_ n: UInt64) -> AnySample {
        let date = Fixtures.epoch.addingTimeInterval(Double(n) * 3_600)
        func member(_ type: QuantityTypeIdentifier, _ value: Double, _ id: UInt64) -> QuantitySample {
            QuantitySample(
                uuid: UUIDSequence.uuid(id), type: type,
                quantity: Quantity(unit: .millimeterOfMercury(), doubleValue: value),
                start: date, end: date)
        }
        return .correlation(
            Correlation(
                uuid: UUIDSequence.uuid(n), type: .bloodPressure, start: date, end: date,
                quantitySamples: [
                    member(.bloodPressureSystolic, 120, n + 1), member(.bloodPressureDiastolic, 80, n + 2),
                ],
                sourceRevision: SourceRevision(source: .healthApp)))
    }

    @Test(arguments: Backend.allCases)
    func insertsIfAbsentRenamesRepeatsAndCountsUnmet(_ backend: Backend) async throws {
        let directory = try ImportSupport.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let storage = try Self.storage(backend, in: directory)
        let summary = ActivitySummary(
            day: CalendarDay(year: 2024, month: 1, day: 15)!, appleStandHours: Quantity(unit: .count(), doubleValue: 9))
        let (value, first) = try await storage.bulkWrite(options: BulkWriteOptions()) { sink in
            let outcomes = try sink.write(
                BulkBatch(
                    samples: [Self.steps(1), Self.steps(2), Self.steps(1), Self.pressure(100)],
                    activitySummaries: [summary]),
                reidentify: Self.rename)
            _ = try sink.write(BulkBatch(characteristics: Characteristics(bloodType: .bNegative))) { sample, _ in sample
            }
            return outcomes
        }
        #expect(
            value == [
                .inserted(UUIDSequence.uuid(1)), .inserted(UUIDSequence.uuid(2)), .inserted(UUIDSequence.uuid(1_001)),
                .inserted(UUIDSequence.uuid(100)),
            ])
        #expect(first.inserted == 4)
        #expect(first.alreadyPresent == 0)
        #expect(first.anchor == 6)  // 3 steps, 2 members, 1 correlation
        #expect(
            first.touchedTypes == [
                .quantity(.stepCount), .correlation(.bloodPressure), .quantity(.bloodPressureSystolic),
                .quantity(.bloodPressureDiastolic),
            ])
        #expect(try await storage.activitySummaries(from: nil, through: nil) == [summary])
        #expect(try await storage.characteristics().bloodType == .bNegative)

        // Again, with one repeat more and one sample less: the repeats meet the stored ones, in order.
        let (again, second) = try await storage.bulkWrite(options: BulkWriteOptions(countUnmet: { _ in true })) {
            sink in
            try sink.write(
                BulkBatch(samples: [Self.steps(1), Self.steps(1), Self.steps(1), Self.pressure(100)]),
                reidentify: Self.rename)
        }
        #expect(
            again.map(\.uuid) == [
                UUIDSequence.uuid(1), UUIDSequence.uuid(1_001), UUIDSequence.uuid(1_001 + 1_000),
                UUIDSequence.uuid(100),
            ])
        #expect(again.map(\.isInserted) == [false, false, true, false])
        #expect(second.inserted == 1)
        #expect(second.alreadyPresent == 3)
        #expect(second.anchor == 7)
        #expect(second.unmet == [.quantity(.stepCount): 1])
        #expect(try await storage.count(matching: .all) == 7)
    }

    @Test(arguments: Backend.allCases)
    func aThrowingProducerCommitsNothing(_ backend: Backend) async throws {
        let directory = try ImportSupport.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let storage = try Self.storage(backend, in: directory)
        _ = try await storage.commit(StorageCommit(inserts: [Self.steps(1)]))
        let box = SinkBox()
        await #expect(throws: Boom.self) {
            _ = try await storage.bulkWrite(options: BulkWriteOptions()) { sink in
                box.sink = sink
                _ = try sink.write(
                    BulkBatch(
                        samples: (2...500).map { Self.steps($0) },
                        characteristics: Characteristics(bloodType: .oPositive)),
                    reidentify: Self.rename)
                throw Boom()
            }
        }
        #expect(try await storage.count(matching: .all) == 1)
        #expect(try await storage.currentAnchor() == 1)
        #expect(try await storage.characteristics().bloodType == nil)
        // A sink kept past its write is dead.
        #expect(throws: StorageError.self) {
            _ = try box.sink?.write(BulkBatch(samples: [Self.steps(9)]), reidentify: Self.rename)
        }
        #expect(try await storage.count(matching: .all) == 1)
    }

    @Test func healthStoreValidatesAndOnlyAPrivilegedIdentityImports() async throws {
        let storage = InMemoryStorage()
        let store = ImportSupport.store(storage)
        var backwards = Self.steps(2)
        if case .quantity(var sample) = backwards {
            sample.endDate = sample.startDate.addingTimeInterval(-60)
            backwards = .quantity(sample)
        }
        let batch = BulkBatch(samples: [Self.steps(1), backwards])
        let (outcomes, result) = try await store.bulkImport { sink in
            try sink.write(batch, reidentify: Self.rename)
        }
        #expect(outcomes.count == 2)
        #expect(outcomes[0] == .inserted(UUIDSequence.uuid(1)))
        guard case .rejected(let issues) = outcomes[1] else {
            Issue.record("an invalid sample was not rejected")
            return
        }
        #expect(issues.map(\.rule) == [.dateOrder])
        #expect(result.inserted == 1)
        #expect(try await storage.count(matching: .all) == 1)

        let app = store.store(for: AppIdentity(bundleIdentifier: "com.example.app", name: "App"))
        await #expect(throws: HealthError.self) {
            _ = try await app.bulkImport { _ in 0 }
        }
    }
}

/// Batches validated ahead, off the writer thread, through the store's ``BulkValidator``.
@Suite("Bulk write: validated ahead")
struct BulkValidationTests {
    @Test func aBatchValidatedAheadKeepsItsPositionsAndOtherRulesAreAppliedAgain() async throws {
        let storage = InMemoryStorage()
        let earliest = Fixtures.epoch.addingTimeInterval(90)
        let store = HealthStore(
            storage: storage, app: .healthApp, clock: TickingClock(), calendar: Fixtures.calendar(),
            uuids: UUIDSequence(start: 9_000).next,
            validationOptions: ValidationOptions(earliestPermittedSampleDate: earliest))
        var backwards = BulkWriteTests.steps(3)
        if case .quantity(var sample) = backwards {
            sample.endDate = sample.startDate.addingTimeInterval(-60)
            backwards = .quantity(sample)
        }
        // Sample 1 starts before the store's earliest permitted date; 3 ends before it starts.
        let batch = BulkBatch(samples: [BulkWriteTests.steps(1), BulkWriteTests.steps(2), backwards])
        let ahead = store.bulkValidator.validate(batch)
        #expect(ahead.count == 3)
        #expect(ahead.valid.samples.map { $0.uuid } == [UUIDSequence.uuid(2)])
        #expect(Set(ahead.rejected.keys) == [0, 2])
        // A sample without a source revision gets the importing identity's, also after an invalid one.
        var anonymous = BulkWriteTests.steps(4)
        anonymous.sourceRevision = nil
        let filled = store.bulkValidator.validate(BulkBatch(samples: [BulkWriteTests.steps(1), anonymous]))
        #expect(filled.valid.samples.map { $0.sourceRevision } == [store.bulkValidator.revision])
        #expect(Set(filled.rejected.keys) == [0])
        let leading = store.bulkValidator.validate(BulkBatch(samples: [anonymous, BulkWriteTests.steps(2)]))
        #expect(
            leading.valid.samples.map { $0.sourceRevision } == [store.bulkValidator.revision, BulkWriteTests.source])
        #expect(leading.rejected.isEmpty)
        // A validator with laxer rules (another store's) is not trusted: the sink applies its own again.
        let lax = BulkValidator(options: .default, revision: store.bulkValidator.revision).validate(batch)
        #expect(lax.valid.samples.count == 2)
        let (outcomes, result) = try await store.bulkImport { sink in
            (
                try sink.write(ahead, reidentify: BulkWriteTests.rename),
                try sink.write(lax, reidentify: BulkWriteTests.rename)
            )
        }
        for list in [outcomes.0, outcomes.1] {
            #expect(list.count == 3)
            guard case .rejected(let early) = list[0], case .rejected(let order) = list[2] else {
                Issue.record("the invalid samples were not rejected in place: \(list)")
                continue
            }
            #expect(early.map { $0.rule } == [ValidationRule.earliestDate])
            #expect(order.map { $0.rule } == [ValidationRule.dateOrder])
        }
        #expect(outcomes.0[1] == HealthBulkOutcome.inserted(UUIDSequence.uuid(2)))
        #expect(
            outcomes.1[1] == HealthBulkOutcome.inserted(UUIDSequence.uuid(1_002)), "a repeat within the run is renamed")
        #expect(try await storage.count(matching: .all) == result.inserted)
    }
}

/// A large bulk write on a file store leaves no write-ahead log as big as itself beside the store.
@Suite("Bulk write: the log afterwards")
struct BulkWriteLogTests {
    @Test func theWriteAheadLogIsTruncatedAfterABulkWrite() async throws {
        let directory = try ImportSupport.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("bulk.sqlite").path
        let storage = try SQLiteStorage(path: path)
        let samples = (1...20_000).map { BulkWriteTests.steps(UInt64($0)) }
        let (_, result) = try await storage.bulkWrite(options: BulkWriteOptions()) { sink in
            try sink.write(BulkBatch(samples: samples), reidentify: BulkWriteTests.rename).count
        }
        #expect(result.inserted == 20_000)
        let database = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
        let log = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
        #expect(database > 1_000_000, "the samples are in the database file")
        #expect(log == 0, "the log was copied into the database and truncated (\(log) bytes left)")
        #expect(try await storage.samples(matching: SampleRequest()).count == 20_000)
        try storage.close()
    }
}
