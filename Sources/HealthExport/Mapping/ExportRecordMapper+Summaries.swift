import Foundation
import HealthCore

// ActivitySummary and Me.
extension ExportRecordMapper {
    /// Maps an `ActivitySummary`; the move ring may be written as `appleMoveTime` or, in older exports,
    /// `appleMoveMinutes`. Exercise time is in minutes, stand hours are counts, energy is in
    /// `activeEnergyBurnedUnit` (default kcal).
    mutating func activitySummary(_ tag: XMLStartTag) {
        var values: [String: String] = [:]
        for index in 0..<tag.attributeCount { values[tag.attributeName(at: index)] = tag.value(at: index) }
        guard let text = values["dateComponents"], let day = CalendarDay(text) else {
            summary.issue(
                "dateComponents missing or invalid", element: "ActivitySummary", line: tag.line, column: tag.column)
            return
        }
        let energyUnit = values["activeEnergyBurnedUnit"] ?? "kcal"
        let moveUnit = values["appleMoveTimeUnit"] ?? "min"
        let moveTime = quantity(values["appleMoveTime"] ?? values["appleMoveMinutes"], moveUnit)
        let moveGoal = quantity(values["appleMoveTimeGoal"] ?? values["appleMoveMinutesGoal"], moveUnit)
        let energyGoal = quantity(values["activeEnergyBurnedGoal"], energyUnit)
        let moveGoalValue = moveGoal.flatMap { try? $0.doubleValue(for: .minute()) } ?? 0
        let energyGoalValue = energyGoal.flatMap { try? $0.doubleValue(for: .kilocalorie()) } ?? 0
        let mode: ActivityMoveMode = moveGoalValue > 0 && energyGoalValue == 0 ? .appleMoveTime : .activeEnergy
        output.activitySummaries.append(
            ActivitySummary(
                day: day,
                activeEnergyBurned: quantity(values["activeEnergyBurned"], energyUnit),
                activeEnergyBurnedGoal: energyGoal,
                appleMoveTime: moveTime,
                appleMoveTimeGoal: moveGoal,
                appleExerciseTime: quantity(values["appleExerciseTime"], "min"),
                appleExerciseTimeGoal: quantity(values["appleExerciseTimeGoal"], "min"),
                appleStandHours: quantity(values["appleStandHours"], "count"),
                appleStandHoursGoal: quantity(values["appleStandHoursGoal"], "count"),
                activityMoveMode: mode))
        summary.activitySummaries += 1
    }

    /// Maps `Me`; a `…NotSet` value or an empty date of birth means not set (nil).
    func characteristics(_ tag: XMLStartTag) -> Characteristics {
        var result = Characteristics()
        for index in 0..<tag.attributeCount {
            let value = tag.value(at: index)
            switch CharacteristicTypeIdentifier(tag.attributeName(at: index)) {
            case .dateOfBirth: result.dateOfBirth = CalendarDay(value)
            case .biologicalSex: result.biologicalSex = Self.setValue(BiologicalSex(exportName: value))
            case .bloodType: result.bloodType = Self.setValue(BloodType(exportName: value))
            case .fitzpatrickSkinType:
                result.fitzpatrickSkinType = Self.setValue(FitzpatrickSkinType(exportName: value))
            case .wheelchairUse: result.wheelchairUse = Self.setValue(WheelchairUse(exportName: value))
            case .activityMoveMode: result.activityMoveMode = ActivityMoveMode(exportName: value)
            default: break
            }
        }
        return result
    }

    /// Nil for the `notSet` value (raw 0).
    private static func setValue<Value: ExportNamedValue>(_ value: Value?) -> Value? {
        guard let value, value.rawValue != 0 else { return nil }
        return value
    }
}
