import Foundation
import HealthCore
import HealthTesting
import Testing

/// Metadata and workout statistics encode their dictionaries in key order, in Swift's own dictionary array shape,
/// so equal values are equal bytes and data written before still decodes.
@Suite struct KeyOrderEncodingTests {
    static let keys = (0..<16).map { MetadataKey(rawValue: "OHKKey\(String(format: "%02d", $0))") }

    /// The keys at the even positions of a flat `[key, value, …]` array.
    static func keys(in array: Any?) -> [String] {
        guard let array = array as? [Any] else { return [] }
        return stride(from: 0, to: array.count, by: 2).compactMap { array[$0] as? String }
    }

    static func object(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func metadata(_ order: [MetadataKey], capacity: Int) -> Metadata {
        var entries: [MetadataKey: MetadataValue] = [:]
        entries.reserveCapacity(capacity)
        for key in order { entries[key] = .string(key.rawValue) }
        return Metadata(entries)
    }

    @Test func metadataEntriesAreWrittenInKeyOrder() throws {
        let metadata = Self.metadata(Self.keys.reversed(), capacity: 0)
        let json = try Self.object(JSONEncoder().encode(metadata))
        let written = Self.keys(in: json["entries"])
        #expect(written == Self.keys.map(\.rawValue), "16 keys, in key order")
    }

    @Test func equalMetadataBuiltDifferentlyIsTheSameBytes() throws {
        // Different insertion orders and capacities: the dictionaries iterate in different orders.
        let small = Self.metadata(Self.keys, capacity: 0)
        let large = Self.metadata(Self.keys.reversed(), capacity: 512)
        #expect(small == large)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(try encoder.encode(small) == encoder.encode(large))
    }

    @Test func entriesWrittenInAnyOrderStillDecode() throws {
        // The shape a dictionary's own encoding writes, in an order that is not the keys' order.
        let json = #"{"entries":["b",{"string":{"_0":"two"}},"a",{"number":{"_0":1}}]}"#
        let metadata = try JSONDecoder().decode(Metadata.self, from: Data(json.utf8))
        #expect(metadata == [MetadataKey(rawValue: "a"): .number(1), MetadataKey(rawValue: "b"): .string("two")])
        #expect(try JSONDecoder().decode(Metadata.self, from: JSONEncoder().encode(metadata)) == metadata)
    }

    static let types: [QuantityTypeIdentifier] = [
        .heartRate, .activeEnergyBurned, .distanceWalkingRunning, .stepCount, .basalEnergyBurned,
        .distanceCycling, .runningPower, .runningSpeed, .flightsClimbed,
    ]

    static func statistics(
        _ order: [QuantityTypeIdentifier], start: Date
    ) -> [QuantityTypeIdentifier: WorkoutStatistics] {
        var statistics: [QuantityTypeIdentifier: WorkoutStatistics] = [:]
        statistics.reserveCapacity(order.count * 8)
        for type in order {
            statistics[type] = WorkoutStatistics(
                quantityType: type, start: start, end: start.addingTimeInterval(1_800),
                sum: Quantity(unit: .count(), doubleValue: 3))
        }
        return statistics
    }

    static func workout(_ order: [QuantityTypeIdentifier]) -> Workout {
        let start = Fixtures.date(2024, 5, 1, 7)
        let activity = WorkoutActivity(
            uuid: UUIDSequence.uuid(2), configuration: WorkoutConfiguration(activityType: .running), start: start,
            end: start.addingTimeInterval(1_800), statistics: statistics(order, start: start),
            metadata: metadata(keys, capacity: 0))
        return Workout(
            uuid: UUIDSequence.uuid(1), activityType: .running, start: start, end: start.addingTimeInterval(1_800),
            duration: 1_700, activities: [activity], statistics: statistics(order, start: start),
            device: Fixtures.watchDevice, metadata: metadata(keys.reversed(), capacity: 64),
            sourceRevision: SourceRevision(source: Fixtures.watch))
    }

    @Test func workoutAndActivityStatisticsAreWrittenInTypeOrder() throws {
        let workout = Self.workout(Self.types)
        let json = try Self.object(JSONEncoder().encode(workout))
        let sorted = Self.types.map(\.rawValue).sorted()
        #expect(Self.keys(in: json["statistics"]) == sorted)
        let activity = try #require((json["activities"] as? [[String: Any]])?.first)
        #expect(Self.keys(in: activity["statistics"]) == sorted)
        #expect(json["explicitDuration"] as? Double == 1_700)
    }

    @Test func workoutsRoundTripAndEqualWorkoutsAreTheSameBytes() throws {
        let workout = Self.workout(Self.types)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(workout)
        #expect(try JSONDecoder().decode(Workout.self, from: data) == workout)
        #expect(try encoder.encode(Self.workout(Self.types.reversed())) == data)
        // Optional properties left out are left out, as the synthesized encoding did.
        var bare = workout
        bare.explicitDuration = nil
        bare.device = nil
        bare.sourceRevision = nil
        let object = try Self.object(encoder.encode(bare))
        #expect(object["explicitDuration"] == nil && object["device"] == nil && object["sourceRevision"] == nil)
        #expect(try JSONDecoder().decode(Workout.self, from: encoder.encode(bare)) == bare)
    }
}
