import Foundation
import HealthCore
import HealthStorage
import HealthTesting
import Testing

@testable import HealthStorageSQLite

/// A bulk write inserts its rows ``CommitWriter/groupRows`` at a time, in one statement each
/// (``CommitWriter/tryInsertGroup(_:from:payloads:inserted:)``): a group is all or nothing, and what it stores is
/// what the one-row path stores.
@Suite struct BulkGroupTests {
    static let rows = CommitWriter.groupRows
    static let t0 = Fixtures.date(2024, 6, 1)

    /// Step samples from both sources, every third with metadata, of several lengths; one of them is three days
    /// long, so a query far after its start finds it only through the type's recorded span.
    static func steps(_ range: Range<Int>, uuids: UUIDSequence) -> [AnySample] {
        let build = SampleBuilder(uuids: uuids)
        return range.map { i in
            let start = t0.addingTimeInterval(Double(i) * 600)
            let length = i == 37 ? 3 * 86_400 : Double(30 + (i % 7) * 100)
            var steps = build.steps(
                Double(i), start: start, end: start.addingTimeInterval(length),
                source: i % 2 == 0 ? Fixtures.phone : Fixtures.watch,
                metadata: i % 3 == 0 ? [.wasUserEntered: .bool(i % 2 == 0), MetadataKey("n"): .number(Double(i))] : [:])
            if i % 4 == 1 { steps.device = Fixtures.watchDevice }
            return .quantity(steps)
        }
    }

    /// Groups of steps, the mixed data set (a correlation, workouts, a route, metadata of every kind), then more
    /// groups of steps and a remainder smaller than a group.
    static func samples() -> [AnySample] {
        let uuids = UUIDSequence(start: 9_000)
        return steps(0..<40, uuids: uuids) + MixedDataSet().commits().samples + steps(40..<110, uuids: uuids)
    }

    /// Renames a repeat by its occurrence.
    static let rename: @Sendable (AnySample, Int) -> AnySample = { sample, occurrence in
        var copy = sample
        var bytes = sample.uuid.uuid
        bytes.0 = bytes.0 &+ UInt8(0x10 * occurrence)
        copy.uuid = UUID(uuid: bytes)
        return copy
    }

    /// What a bulk write of `batches` into a new store (holding `before`) reported and stored.
    struct Written: Equatable {
        var outcomes: [BulkOutcome]
        var inserted: Int
        var alreadyPresent: Int
        var anchor: Int64
        var touched: Set<SampleType>
        var stored: [StoredSample]
        /// The steps overlapping a window two days after the long sample's start.
        var lateSteps: Set<UUID>
    }

    static func write(_ batches: [[AnySample]], before: [AnySample] = []) async throws -> Written {
        let storage = try SQLiteStorage.temporary()
        if !before.isEmpty { _ = try await storage.commit(StorageCommit(inserts: before)) }
        let (outcomes, result) = try await storage.bulkWrite(options: BulkWriteOptions()) { sink in
            var outcomes: [BulkOutcome] = []
            for batch in batches {
                let preparer = try #require(storage.bulkPreparer)
                outcomes += try await sink.write(
                    BulkBatch(samples: batch), prepared: preparer.prepare(batch), reidentify: rename)
            }
            return outcomes
        }
        let window = SamplePredicate.date(
            start: t0.addingTimeInterval(2 * 86_400), end: t0.addingTimeInterval(3 * 86_400))
        let late = try await storage.samples(matching: SampleRequest(predicate: .type(.quantity(.stepCount)) && window))
        return Written(
            outcomes: outcomes, inserted: result.inserted, alreadyPresent: result.alreadyPresent, anchor: result.anchor,
            touched: result.touchedTypes,
            stored: try await storage.samples(matching: SampleRequest()).sorted { $0.anchor < $1.anchor },
            lateSteps: Set(late.map(\.sample.uuid)))
    }

    @Test func groupedRowsAreStoredAsRowByRowStoresThem() async throws {
        let samples = Self.samples()
        #expect(samples.count > 4 * Self.rows)
        let grouped = try await Self.write([samples])
        // One sample per batch: fewer than a group, so every row goes through the one-row path.
        let single = try await Self.write(samples.map { [$0] })
        #expect(grouped == single)
        #expect(grouped.inserted == samples.count)
        #expect(grouped.stored.count == samples.count + 2, "the correlation's two members are rows of their own")
        #expect(grouped.lateSteps.count == 1, "the long sample's span was recorded from its group")
        let withMetadata = grouped.stored.filter { !$0.sample.metadata.isEmpty }
        #expect(withMetadata.count > 40)
    }

    /// Metadata rows go ``CommitWriter/metadataGroupRows`` to a statement, whatever sample they belong to: a
    /// sample with more entries than a group, and others with one to five, so that groups end inside a sample's
    /// rows and a remainder smaller than a group is left at the end of each batch.
    @Test func metadataRowsAreStoredInGroupsAsRowByRowStoresThem() async throws {
        let build = SampleBuilder(uuids: UUIDSequence(start: 20_000))
        let samples: [AnySample] = (0..<50).map { i in
            var metadata = Metadata()
            for k in 0..<(i == 20 ? CommitWriter.metadataGroupRows + 13 : 1 + i % 5) {
                metadata[MetadataKey("k\(k)")] = k % 2 == 0 ? .number(Double(i * 100 + k)) : .string("v\(i)-\(k)")
            }
            let start = Self.t0.addingTimeInterval(Double(i) * 60)
            return .quantity(
                build.steps(Double(i), start: start, end: start.addingTimeInterval(30), metadata: metadata))
        }
        let entries = samples.reduce(0) { $0 + $1.metadata.entries.count }
        #expect(entries > 3 * CommitWriter.metadataGroupRows)
        for batches in [[samples], [Array(samples[0..<23]), Array(samples[23...])]] {
            let grouped = try await Self.write(batches)
            let single = try await Self.write(samples.map { [$0] })
            #expect(grouped == single)
            #expect(grouped.stored.map(\.sample.metadata) == samples.map(\.metadata))
        }
    }

    @Test func storedAndRepeatedUUIDsGiveTheRowByRowOutcomes() async throws {
        var samples = Self.samples()
        let stored = samples[70]
        // A repeat inside the first group, one of the stored sample in a later group, and a repeat across groups.
        samples[9] = samples[3]
        samples[100] = samples[50]
        let batches = [Array(samples[0..<60]), Array(samples[60...])]
        let grouped = try await Self.write(batches, before: [stored])
        let single = try await Self.write(samples.map { [$0] }, before: [stored])
        #expect(grouped == single)
        #expect(grouped.outcomes[70] == .alreadyPresent(stored.uuid))
        #expect(grouped.outcomes[9].isInserted && grouped.outcomes[9].uuid != samples[3].uuid)
        #expect(grouped.outcomes[100].isInserted && grouped.outcomes[100].uuid != samples[50].uuid)
        #expect(grouped.alreadyPresent == 1)
        #expect(grouped.inserted == samples.count - 1)
    }

    @Test func aCommitOfManySamplesStoresWhatOneByOneCommitsStore() async throws {
        let samples = Self.samples()
        let grouped = try SQLiteStorage.temporary()
        let result = try await grouped.commit(StorageCommit(inserts: samples))
        let single = try SQLiteStorage.temporary()
        for sample in samples { _ = try await single.commit(StorageCommit(inserts: [sample])) }
        let stored = try await grouped.samples(matching: SampleRequest()).sorted { $0.anchor < $1.anchor }
        #expect(stored == (try await single.samples(matching: SampleRequest()).sorted { $0.anchor < $1.anchor }))
        #expect(result.anchor == Int64(samples.count + 2))
        #expect(
            result.touchedTypes
                == Set(
                    samples.map(\.sampleType) + [.quantity(.bloodPressureSystolic), .quantity(.bloodPressureDiastolic)])
        )
    }

    @Test func aCommitWithAStoredUUIDInAGroupStoresNothing() async throws {
        let samples = Self.samples()
        let storage = try SQLiteStorage.temporary()
        _ = try await storage.commit(StorageCommit(inserts: [samples[100]]))
        await #expect(throws: StorageError.self) { try await storage.commit(StorageCommit(inserts: samples)) }
        do {
            _ = try await storage.commit(StorageCommit(inserts: samples))
        } catch {
            #expect(error.code == .duplicateUUID)
        }
        #expect(try await storage.count(matching: .all) == 1)
        #expect(try await storage.currentAnchor() == 1)
    }

    /// Runs `body` with a commit writer inside one write transaction of a new store.
    static func withWriter<T: Sendable>(
        _ storage: SQLiteStorage, _ body: @escaping @Sendable (inout CommitWriter) throws -> T
    ) async throws -> T {
        let cache = storage.writeCache
        return try await storage.write("test") { db in
            var writer = try CommitWriter(db: db, cache: cache)
            let value = try body(&writer)
            try writer.finish()
            return value
        }
    }

    @Test func aGroupIsAllOrNothing() async throws {
        let samples = Self.steps(0..<(2 * Self.rows), uuids: UUIDSequence(start: 1))
        let storage = try SQLiteStorage.temporary()
        _ = try await storage.commit(StorageCommit(inserts: [samples[Self.rows + 5]]))
        let result = try await Self.withWriter(storage) { writer in
            let before = writer.anchor
            var uuids: [UUID] = []
            let first = try writer.tryInsertGroup(samples, from: 0, payloads: nil) { uuids.append($0) }
            let afterFirst = writer.anchor
            // The second group holds the stored sample: SQLite undoes the rows before it in the statement too.
            let second = try writer.tryInsertGroup(samples, from: Self.rows, payloads: nil) { uuids.append($0) }
            return (before, first, afterFirst, second, writer.anchor, uuids)
        }
        #expect(result.1 == .inserted)
        #expect(result.2 == result.0 + Int64(Self.rows))
        #expect(result.3 == .conflict)
        #expect(result.4 == result.2, "a refused group moves no anchor")
        #expect(result.5 == samples.prefix(Self.rows).map(\.uuid))
        let stored = try await storage.samples(matching: SampleRequest()).sorted { $0.anchor < $1.anchor }
        #expect(stored.count == Self.rows + 1)
        #expect(stored.dropFirst().map(\.anchor) == Array((result.0 + 1)...(result.0 + Int64(Self.rows))))
        #expect(stored.dropFirst().map(\.sample) == Array(samples.prefix(Self.rows)))
    }

    @Test func aGroupWithARepeatOrACorrelationWritesNothing() async throws {
        var repeated = Self.steps(0..<Self.rows, uuids: UUIDSequence(start: 1))
        repeated[Self.rows - 1] = repeated[0]
        var withCorrelation = Self.steps(0..<Self.rows, uuids: UUIDSequence(start: 100))
        let pressure = try #require(MixedDataSet().commits().samples.first { $0.correlation != nil })
        withCorrelation[Self.rows / 2] = pressure
        let storage = try SQLiteStorage.temporary()
        let outcomes = try await Self.withWriter(storage) { [repeated, withCorrelation] writer in
            let repeatOutcome = try writer.tryInsertGroup(repeated, from: 0, payloads: nil) { _ in }
            let correlationOutcome = try writer.tryInsertGroup(withCorrelation, from: 0, payloads: nil) { _ in }
            return (repeatOutcome, correlationOutcome, writer.anchor)
        }
        #expect(outcomes.0 == .conflict)
        #expect(outcomes.1 == .hasCorrelation)
        #expect(outcomes.2 == 0)
        #expect(try await storage.count(matching: .all) == 0)
    }
}
