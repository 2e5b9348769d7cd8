import Foundation
import HealthCore
import HealthStorage
import HealthTesting
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The JSON a backend stores (SQLite's payloads, PostgreSQL's documents) is a function of its content: the same
/// samples give the same bytes in another process, whose hash seed orders dictionaries and objects differently.
@Suite struct StoredJSONTests {
    /// Samples whose JSON holds every kind of dictionary and object a payload or document has.
    static func samples() -> [AnySample] {
        let start = Fixtures.date(2024, 5, 1, 7)
        let types: [QuantityTypeIdentifier] = [
            .heartRate, .activeEnergyBurned, .distanceWalkingRunning, .stepCount, .basalEnergyBurned, .runningPower,
        ]
        var statistics: [QuantityTypeIdentifier: WorkoutStatistics] = [:]
        for type in types {
            statistics[type] = WorkoutStatistics(
                quantityType: type, start: start, end: start.addingTimeInterval(1_800),
                sum: Quantity(unit: .count(), doubleValue: 3), mostRecent: Quantity(unit: .count(), doubleValue: 1))
        }
        var metadata = Metadata()
        for n in 0..<12 {
            metadata[MetadataKey(rawValue: "OHKKey\(n)")] = n.isMultiple(of: 2) ? .number(1) : .bool(true)
        }
        metadata[.timeZone] = .string("Europe/Berlin")
        let revision = SourceRevision(source: Fixtures.watch, version: "10.5", productType: "Watch7,3")
        let activity = WorkoutActivity(
            uuid: UUIDSequence.uuid(2), configuration: WorkoutConfiguration(activityType: .running), start: start,
            end: start.addingTimeInterval(1_800), statistics: statistics, metadata: metadata)
        let workout = Workout(
            uuid: UUIDSequence.uuid(1), activityType: .running, start: start, end: start.addingTimeInterval(1_800),
            events: [WorkoutEvent(type: .pause, date: start.addingTimeInterval(600))], activities: [activity],
            statistics: statistics, device: Fixtures.watchDevice, metadata: metadata, sourceRevision: revision)
        let heartRate = QuantitySample(
            uuid: UUIDSequence.uuid(3), type: .heartRate,
            quantity: Quantity(unit: HealthUnit.count().unitDivided(by: .minute()), doubleValue: 61),
            start: start, end: start, device: Fixtures.watchDevice, metadata: metadata, sourceRevision: revision)
        return [.workout(workout), .quantity(heartRate)]
    }

    /// The stored JSON of ``samples()``, one document per line.
    static func documents() throws -> Data {
        let encoder = StoredJSON.encoder()
        var lines = Data()
        for sample in samples() {
            lines.append(try encoder.encode(sample))
            lines.append(UInt8(ascii: "\n"))
        }
        return lines
    }

    @Test func anotherProcessWritesTheSameBytes() async throws {
        let here = try Self.documents()
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            let documents = try StoredJSONTests.documents()
            FileHandle.standardOutput.write(documents)
            exit(0)
        }
        let there = try #require(result).standardOutputContent
        #expect(there.count == here.count)
        #expect(Data(there) == here, "the same samples are the same JSON bytes in another process")
    }

    @Test func objectKeysAreSortedAndDocumentsDecodeBack() throws {
        struct Unordered: Codable, Equatable {
            var zulu = 1, alpha = 2, mike = 3, bravo = 4, yankee = 5, echo = 6, kilo = 7, charlie = 8
        }
        // Without sorted keys the order is the hash order, different in each process (1 chance in 8! of this one).
        let data = try StoredJSON.encoder().encode(Unordered())
        #expect(
            String(decoding: data, as: UTF8.self)
                == #"{"alpha":2,"bravo":4,"charlie":8,"echo":6,"kilo":7,"mike":3,"yankee":5,"zulu":1}"#)
        let lines = try Self.documents().split(separator: UInt8(ascii: "\n"))
        let decoded = try lines.map { try JSONDecoder().decode(AnySample.self, from: Data($0)) }
        #expect(decoded == Self.samples())
    }
}
