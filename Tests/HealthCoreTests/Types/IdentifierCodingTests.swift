import Foundation
import HealthCore
import Testing

@Suite("Open identifiers and SampleType")
struct IdentifierCodingTests {
    @Test("identifiers encode as plain strings and unknown ones round-trip")
    func identifierJSON() throws {
        let known = [QuantityTypeIdentifier.stepCount, QuantityTypeIdentifier("HKQuantityTypeIdentifierFromTheFuture")]
        let data = try JSONEncoder().encode(known)
        #expect(
            String(decoding: data, as: UTF8.self)
                == #"["HKQuantityTypeIdentifierStepCount","HKQuantityTypeIdentifierFromTheFuture"]"#
        )
        #expect(try JSONDecoder().decode([QuantityTypeIdentifier].self, from: data) == known)
        let category = CategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierFromTheFuture")
        let decoded = try JSONDecoder().decode(
            CategoryTypeIdentifier.self, from: try JSONEncoder().encode(category))
        #expect(decoded == category)
        #expect(decoded.description == "HKCategoryTypeIdentifierFromTheFuture")
        let correlation = CorrelationTypeIdentifier("HKCorrelationTypeIdentifierFromTheFuture")
        #expect(
            try JSONDecoder().decode(CorrelationTypeIdentifier.self, from: try JSONEncoder().encode(correlation))
                == correlation)
        let characteristic = CharacteristicTypeIdentifier("HKCharacteristicTypeIdentifierFromTheFuture")
        #expect(
            try JSONDecoder().decode(CharacteristicTypeIdentifier.self, from: try JSONEncoder().encode(characteristic))
                == characteristic)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(QuantityTypeIdentifier.self, from: Data("42".utf8))
        }
    }

    @Test("identifiers compare and hash by raw value")
    func equality() {
        #expect(QuantityTypeIdentifier("HKQuantityTypeIdentifierHeartRate") == .heartRate)
        #expect(QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierHeartRate") == .heartRate)
        let set: Set<QuantityTypeIdentifier> = [
            .heartRate, QuantityTypeIdentifier("HKQuantityTypeIdentifierHeartRate"),
        ]
        #expect(set.count == 1)
        #expect(QuantityTypeIdentifier.heartRate.description == "HKQuantityTypeIdentifierHeartRate")
    }

    @Test("SampleType classifies identifiers by prefix")
    func classification() {
        #expect(SampleType(identifier: "HKQuantityTypeIdentifierStepCount") == .quantity(.stepCount))
        #expect(SampleType(identifier: "HKCategoryTypeIdentifierSleepAnalysis") == .category(.sleepAnalysis))
        #expect(SampleType(identifier: "HKCorrelationTypeIdentifierBloodPressure") == .correlation(.bloodPressure))
        #expect(SampleType(identifier: "HKWorkoutTypeIdentifier") == .workout)
        #expect(SampleType(identifier: "HKWorkoutRouteTypeIdentifier") == .workoutRoute)
        #expect(SampleType(identifier: "HKDataTypeIdentifierHeartbeatSeries") == .heartbeatSeries)
        #expect(SampleType(identifier: "HKDataTypeIdentifierAudiogram") == .audiogram)
        #expect(SampleType(identifier: "HKDataTypeIdentifierElectrocardiogram") == .electrocardiogram)
        #expect(SampleType(identifier: "HKDataTypeSleepDurationGoal") == .sleepDurationGoal)
        #expect(SampleType(identifier: "HKDocumentTypeIdentifierCDA") == .cdaDocument)
        let future = SampleType(identifier: "HKQuantityTypeIdentifierFromTheFuture")
        #expect(future.kind == .quantity, "an unknown quantity identifier is still a quantity type")
        #expect(future.quantityIdentifier?.rawValue == "HKQuantityTypeIdentifierFromTheFuture")
        #expect(future.quantityIdentifier?.typeDescription == nil)
        #expect(future.categoryIdentifier == nil && future.correlationIdentifier == nil)
        let near = SampleType(identifier: "HKWorkoutTypeIdentifierX")
        #expect(near.kind == .other, "singletons match exactly")
        #expect(near.identifier == "HKWorkoutTypeIdentifierX")
        #expect(SampleType(identifier: "HKCategoryTypeIdentifierSleepAnalysis").categoryIdentifier == .sleepAnalysis)
        #expect(SampleType(identifier: "HKCorrelationTypeIdentifierFood").correlationIdentifier == .food)
    }

    @Test("SampleType identifiers round-trip, including unknown ones")
    func identifierRoundTrip() {
        let identifiers = [
            "HKQuantityTypeIdentifierStepCount", "HKQuantityTypeIdentifierFromTheFuture",
            "HKCategoryTypeIdentifierFromTheFuture", "HKCorrelationTypeIdentifierFood", "HKWorkoutTypeIdentifier",
            "HKWorkoutRouteTypeIdentifier", "HKDataTypeIdentifierHeartbeatSeries", "HKDataTypeIdentifierAudiogram",
            "HKDataTypeIdentifierElectrocardiogram", "HKVisionPrescriptionTypeIdentifier", "", "something else",
        ]
        for identifier in identifiers {
            #expect(SampleType(identifier: identifier).identifier == identifier)
            #expect(SampleType(identifier: identifier).description == identifier)
        }
    }

    @Test("SampleType is Codable as its identifier string")
    func sampleTypeJSON() throws {
        let types: [SampleType] = [
            .quantity(.heartRate), .category(.mindfulSession), .workout,
            SampleType(identifier: "HKDataTypeFromTheFuture"),
            .quantity(QuantityTypeIdentifier("HKQuantityTypeIdentifierFromTheFuture")),
        ]
        let data = try JSONEncoder().encode(types)
        #expect(
            String(decoding: data, as: UTF8.self)
                == #"["HKQuantityTypeIdentifierHeartRate","HKCategoryTypeIdentifierMindfulSession","#
                + #""HKWorkoutTypeIdentifier","HKDataTypeFromTheFuture","HKQuantityTypeIdentifierFromTheFuture"]"#
        )
        #expect(try JSONDecoder().decode([SampleType].self, from: data) == types)
    }

    @Test("SampleType equality, hashing and order use the identifier")
    func equalityAndOrder() {
        #expect(SampleType(identifier: "HKWorkoutTypeIdentifier") == .workout)
        #expect(SampleType(identifier: "HKQuantityTypeIdentifierStepCount") == .quantity(.stepCount))
        let set: Set<SampleType> = [.workout, SampleType(identifier: "HKWorkoutTypeIdentifier"), .quantity(.stepCount)]
        #expect(set.count == 2)
        let sorted = [SampleType.workout, .quantity(.stepCount), .category(.sleepAnalysis)].sorted()
        #expect(sorted == [.category(.sleepAnalysis), .quantity(.stepCount), .workout])
    }
}
