import Foundation
import HealthCore
import HealthStorage
import HealthTesting
import Testing

@testable import HealthStorageSQLite

/// Payloads encoded ahead of a bulk write (decision 0019): the same bytes the writer encodes, bound as they are,
/// and ignored when they do not belong to the batch.
@Suite struct PreparedPayloadsTests {
    /// The mixed data set's samples: every kind, with payloads (workouts, a route, a correlation) and without.
    static let samples = MixedDataSet().commits().samples

    @Test func eachEntryIsTheWritersOwnEncoding() throws {
        let prepared = PreparedPayloads(Self.samples)
        #expect(prepared.entries.count == Self.samples.count)
        var encoded = 0
        for (sample, entry) in zip(Self.samples, prepared.entries) {
            if sample.correlation != nil {
                #expect(entry == .unprepared, "correlations are written with their members, by the writer")
            } else if let payload = try SampleCodec.payload(sample) {
                #expect(entry == .encoded(payload))
                encoded += 1
            } else {
                #expect(entry == .none)
            }
        }
        #expect(encoded == 3, "two workouts and a route have payloads")
    }

    @Test func theStoragePreparesThroughItsPreparer() throws {
        let storage = try SQLiteStorage.temporary()
        let preparer = try #require(storage.bulkPreparer)
        #expect(preparer.name == "sqlite-payload")
        let rows = preparer.prepare(Self.samples)
        #expect(rows.count == Self.samples.count)
        let payloads = try #require(rows.content as? PreparedPayloads)
        #expect(payloads.entries == PreparedPayloads(Self.samples).entries)
    }

    /// Two workouts that differ only in what the payload holds (their events and explicit duration).
    static func workouts() -> (stored: Workout, other: Workout) {
        let start = Fixtures.date(2024, 5, 1, 7)
        let stored = Workout(
            uuid: UUIDSequence.uuid(1), activityType: .running, start: start, end: start.addingTimeInterval(1_800),
            sourceRevision: SourceRevision(source: Fixtures.app))
        let other = Workout(
            uuid: UUIDSequence.uuid(1), activityType: .running, start: start, end: start.addingTimeInterval(1_800),
            duration: 1_500,
            events: [WorkoutEvent(type: .pause, date: start.addingTimeInterval(60))],
            sourceRevision: SourceRevision(source: Fixtures.app))
        return (stored, other)
    }

    /// Writes one workout with a preparation, and reads back what was stored.
    static func write(_ workout: Workout, prepared: PreparedBulkRows?) async throws -> Workout? {
        let storage = try SQLiteStorage.temporary()
        _ = try await storage.bulkWrite(options: BulkWriteOptions()) { sink in
            try await sink.write(BulkBatch(samples: [.workout(workout)]), prepared: prepared) { sample, _ in sample }
        }
        return try await storage.samples(matching: SampleRequest()).first?.sample.workout
    }

    @Test func theWriterBindsThePreparedBytesAsTheyAre() async throws {
        let (stored, other) = Self.workouts()
        // A preparation carrying the other workout's payload: the stored row gets those bytes, so the writer did
        // not encode the sample again.
        let forged = try #require(try SampleCodec.payload(.workout(other)))
        let read = try await Self.write(
            stored, prepared: PreparedBulkRows(PreparedPayloads(entries: [.encoded(forged)]), count: 1))
        #expect(read?.events == other.events)
        #expect(read?.duration == 1_500)
    }

    @Test(arguments: [0, 1, 2])
    func aPreparationThatDoesNotFitIsIgnored(_ variant: Int) async throws {
        let (stored, other) = Self.workouts()
        let forged = try #require(try SampleCodec.payload(.workout(other)))
        let prepared: PreparedBulkRows? =
            switch variant {
            // Made from a batch of another size.
            case 0: PreparedBulkRows(PreparedPayloads(entries: [.encoded(forged), .none]), count: 2)
            // Another storage's preparation.
            case 1: PreparedBulkRows([forged], count: 1)
            // Nothing prepared for this sample.
            default: PreparedBulkRows(PreparedPayloads(entries: [.unprepared]), count: 1)
            }
        let read = try #require(try await Self.write(stored, prepared: prepared))
        #expect(read == stored)
    }
}
