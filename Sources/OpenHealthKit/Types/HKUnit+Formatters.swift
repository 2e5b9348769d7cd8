public import Foundation

// HealthKit's bridges between units and Foundation's formatter units.

extension HKUnit {
    /// The unit of a mass formatter unit.
    public convenience init(from massFormatterUnit: MassFormatter.Unit) {
        let unit: HKUnit =
            switch massFormatterUnit {
            case .gram: .gram()
            case .kilogram: .gramUnit(with: .kilo)
            case .ounce: .ounce()
            case .pound: .pound()
            case .stone: .stone()
            @unknown default: .gram()
            }
        self.init(from: unit.unitString)
    }

    /// The unit of a length formatter unit.
    public convenience init(from lengthFormatterUnit: LengthFormatter.Unit) {
        let unit: HKUnit =
            switch lengthFormatterUnit {
            case .millimeter: .meterUnit(with: .milli)
            case .centimeter: .meterUnit(with: .centi)
            case .meter: .meter()
            case .kilometer: .meterUnit(with: .kilo)
            case .inch: .inch()
            case .foot: .foot()
            case .yard: .yard()
            case .mile: .mile()
            @unknown default: .meter()
            }
        self.init(from: unit.unitString)
    }

    /// The unit of an energy formatter unit.
    public convenience init(from energyFormatterUnit: EnergyFormatter.Unit) {
        let unit: HKUnit =
            switch energyFormatterUnit {
            case .joule: .joule()
            case .kilojoule: .jouleUnit(with: .kilo)
            case .calorie: .smallCalorie()
            case .kilocalorie: .kilocalorie()
            @unknown default: .joule()
            }
        self.init(from: unit.unitString)
    }

    /// The mass formatter unit of a unit (grams when there is none).
    public static func massFormatterUnit(from unit: HKUnit) -> MassFormatter.Unit {
        let table: [String: MassFormatter.Unit] = [
            "g": .gram, "kg": .kilogram, "oz": .ounce, "lb": .pound, "st": .stone,
        ]
        return table[unit.unitString] ?? .gram
    }

    /// The length formatter unit of a unit (meters when there is none).
    public static func lengthFormatterUnit(from unit: HKUnit) -> LengthFormatter.Unit {
        let table: [String: LengthFormatter.Unit] = [
            "mm": .millimeter, "cm": .centimeter, "m": .meter, "km": .kilometer, "in": .inch, "ft": .foot,
            "yd": .yard, "mi": .mile,
        ]
        return table[unit.unitString] ?? .meter
    }

    /// The energy formatter unit of a unit (joules when there is none).
    public static func energyFormatterUnit(from unit: HKUnit) -> EnergyFormatter.Unit {
        let table: [String: EnergyFormatter.Unit] = [
            "J": .joule, "kJ": .kilojoule, "cal": .calorie, "kcal": .kilocalorie, "Cal": .kilocalorie,
        ]
        return table[unit.unitString] ?? .joule
    }
}
