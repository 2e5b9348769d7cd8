import Foundation
import HealthCore
import Testing

@Suite("Workout activity types against reference §7.2")
struct WorkoutActivityTypeTests {
    @Test("allKnown matches the reference table exactly")
    func allKnown() {
        #expect(WorkoutActivityType.allKnown.map(\.rawValue) == ReferenceWorkoutTable.rows.map(\.rawValue))
        #expect(WorkoutActivityType.allKnown.compactMap(\.name) == ReferenceWorkoutTable.rows.map(\.name))
        #expect(WorkoutActivityType.allKnown.count == 86)
    }

    @Test("every case: name, export name and raw value round-trip")
    func roundTrip() throws {
        for row in ReferenceWorkoutTable.rows {
            let type = WorkoutActivityType(rawValue: row.rawValue)
            let exportName = "HKWorkoutActivityType" + row.name.prefix(1).uppercased() + row.name.dropFirst()
            #expect(type.name == row.name)
            #expect(type.exportName == exportName)
            #expect(type.isKnown)
            #expect(WorkoutActivityType(exportName: exportName) == type)
            #expect(WorkoutActivityType(name: row.name) == type)
            #expect(type.description == row.name)
        }
    }

    @Test("static lets")
    func staticLets() {
        #expect(WorkoutActivityType.americanFootball.rawValue == 1)
        #expect(WorkoutActivityType.running.rawValue == 37)
        #expect(
            WorkoutActivityType.traditionalStrengthTraining.exportName
                == "HKWorkoutActivityTypeTraditionalStrengthTraining")
        #expect(WorkoutActivityType.highIntensityIntervalTraining.rawValue == 63)
        #expect(WorkoutActivityType.taiChi.exportName == "HKWorkoutActivityTypeTaiChi")
        #expect(WorkoutActivityType.dance.rawValue == 14)
        #expect(WorkoutActivityType.mixedMetabolicCardioTraining.rawValue == 30)
        #expect(WorkoutActivityType.swimBikeRun.rawValue == 82)
        #expect(WorkoutActivityType.underwaterDiving.rawValue == 84)
        #expect(WorkoutActivityType.rest.rawValue == 2998)
        #expect(WorkoutActivityType.group.rawValue == 2999)
        #expect(WorkoutActivityType.other.rawValue == 3000)
        #expect(WorkoutActivityType.other.exportName == "HKWorkoutActivityTypeOther")
    }

    @Test("unknown raw values are kept")
    func unknown() throws {
        let unknown = WorkoutActivityType(rawValue: 81)
        #expect(unknown.rawValue == 81)
        #expect(unknown.name == nil)
        #expect(unknown.exportName == nil)
        #expect(!unknown.isKnown)
        #expect(unknown.description == "WorkoutActivityType(rawValue: 81)")
        let data = try JSONEncoder().encode([unknown, .running])
        #expect(String(decoding: data, as: UTF8.self) == "[81,37]")
        #expect(try JSONDecoder().decode([WorkoutActivityType].self, from: data) == [unknown, .running])
    }

    @Test("malformed names are rejected")
    func malformed() {
        #expect(WorkoutActivityType(exportName: "HKWorkoutActivityTypeSkydiving") == nil)
        #expect(WorkoutActivityType(exportName: "HKWorkoutActivityTyperunning") == nil)
        #expect(WorkoutActivityType(exportName: "Running") == nil)
        #expect(WorkoutActivityType(exportName: "HKWorkoutActivityType") == nil)
        #expect(WorkoutActivityType(name: "Running") == nil)
    }
}
