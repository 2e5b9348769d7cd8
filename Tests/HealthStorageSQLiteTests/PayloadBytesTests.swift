import Foundation
import HealthCore
import HealthTesting
import Testing

@testable import HealthStorageSQLite

/// A workout's stored payload is a function of the workout: statistics in type order, object keys sorted.
@Suite struct PayloadBytesTests {
    static let types: [QuantityTypeIdentifier] = [
        .heartRate, .activeEnergyBurned, .distanceWalkingRunning, .stepCount, .basalEnergyBurned,
        .distanceCycling, .runningPower, .runningSpeed, .flightsClimbed,
    ]

    static func workout(_ order: [QuantityTypeIdentifier], capacity: Int) -> Workout {
        let start = Fixtures.date(2024, 5, 1, 7)
        var statistics: [QuantityTypeIdentifier: WorkoutStatistics] = [:]
        statistics.reserveCapacity(capacity)
        for type in order {
            statistics[type] = WorkoutStatistics(
                quantityType: type, start: start, end: start.addingTimeInterval(1_800),
                sum: Quantity(unit: .count(), doubleValue: 3))
        }
        return Workout(
            uuid: UUIDSequence.uuid(1), activityType: .running, start: start, end: start.addingTimeInterval(1_800),
            duration: 1_700, statistics: statistics)
    }

    @Test func workoutStatisticsAreStoredInTypeOrder() throws {
        let payload = try #require(try SampleCodec.payload(.workout(Self.workout(Self.types, capacity: 0))))
        let object = try #require(try JSONSerialization.jsonObject(with: payload) as? [String: Any])
        let array = try #require(object["statistics"] as? [Any])
        let keys = stride(from: 0, to: array.count, by: 2).compactMap { array[$0] as? String }
        #expect(keys == Self.types.map(\.rawValue).sorted())
        let reversed = Self.workout(Self.types.reversed(), capacity: 64)
        #expect(try SampleCodec.payload(.workout(reversed)) == payload, "equal workouts, equal payload bytes")
    }
}
