import Foundation
import HealthCore
import HealthTesting
import Testing

/// `SampleType.catalogued(identifier:)` is `init(identifier:)` with the catalog's own strings for known types.
@Suite struct CataloguedTypeTests {
    /// An identifier as a file gives it: a new heap string, not the catalog's constant.
    static func read(_ identifier: String) -> String { String(decoding: Array(identifier.utf8), as: UTF8.self) }

    @Test(arguments: [
        SampleType.quantity(.heartRate), .quantity(.stepCount), .category(.sleepAnalysis), .workout, .workoutRoute,
        .correlation(.bloodPressure), .heartbeatSeries,
    ])
    func aCataloguedTypeIsTheCatalogsValue(type: SampleType) {
        let read = Self.read(type.identifier)
        #expect(utf8Storage(of: read) != utf8Storage(of: type.identifier), "the test reads a copy")
        let catalogued = SampleType.catalogued(identifier: read)
        #expect(catalogued == type && catalogued.kind == type.kind)
        #expect(utf8Storage(of: catalogued.identifier) == utf8Storage(of: type.identifier))
    }

    @Test func otherIdentifiersAreClassifiedAsBefore() {
        for identifier in ["HKQuantityTypeIdentifierFutureThing", "HKDataTypeSleepDurationGoal", "Nonsense", ""] {
            let catalogued = SampleType.catalogued(identifier: Self.read(identifier))
            let classified = SampleType(identifier: identifier)
            #expect(catalogued == classified && catalogued.kind == classified.kind)
        }
    }
}
