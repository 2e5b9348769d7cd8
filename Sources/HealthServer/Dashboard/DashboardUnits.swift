import Foundation
import HealthCore

/// The types the dashboard offers by their everyday names, with the unit each is shown in and its alternatives.
enum DashboardUnits {
    struct Choice {
        var name: String
        var title: String
        var type: QuantityTypeIdentifier
        /// Display units: the first is the default; the label is what the axis says.
        var units: [(unit: String, label: String)]
    }

    static let trends: [Choice] = [
        Choice(name: "steps", title: "Steps", type: .stepCount, units: [("count", "steps")]),
        Choice(
            name: "distance", title: "Walking + running distance", type: .distanceWalkingRunning,
            units: [("km", "km"), ("mi", "mi")]),
        Choice(
            name: "active-energy", title: "Active energy", type: .activeEnergyBurned,
            units: [("kcal", "kcal"), ("kJ", "kJ")]),
        Choice(
            name: "basal-energy", title: "Resting energy", type: .basalEnergyBurned,
            units: [("kcal", "kcal"), ("kJ", "kJ")]),
        Choice(name: "exercise", title: "Exercise minutes", type: .appleExerciseTime, units: [("min", "min")]),
        Choice(name: "flights", title: "Flights climbed", type: .flightsClimbed, units: [("count", "flights")]),
        Choice(name: "heart-rate", title: "Heart rate", type: .heartRate, units: [("count/min", "bpm")]),
        Choice(
            name: "resting-heart-rate", title: "Resting heart rate", type: .restingHeartRate,
            units: [("count/min", "bpm")]),
        Choice(name: "hrv", title: "Heart rate variability", type: .heartRateVariabilitySDNN, units: [("ms", "ms")]),
        Choice(name: "weight", title: "Weight", type: .bodyMass, units: [("kg", "kg"), ("lb", "lb")]),
        Choice(name: "spo2", title: "Blood oxygen", type: .oxygenSaturation, units: [("%", "%")]),
        Choice(name: "water", title: "Water", type: .dietaryWater, units: [("mL", "mL"), ("fl_oz_us", "fl oz")]),
    ]

    /// The choice of a name (an everyday name or any HealthKit identifier).
    static func choice(_ name: String) -> Choice? {
        if let known = trends.first(where: { $0.name == name }) { return known }
        guard let type = TypeNames.resolve(name)?.quantityIdentifier, let description = type.typeDescription else {
            return nil
        }
        if let known = trends.first(where: { $0.type == type }) { return known }
        let unit = description.canonicalUnit.unitString
        return Choice(name: name, title: TypeNames.displayName(.quantity(type)), type: type, units: [(unit, unit)])
    }

    /// A display unit as a HealthUnit (nil for an unparsable one).
    static func unit(_ text: String) -> HealthUnit? { try? HealthUnit(from: text) }
}
