import HealthCore

/// The units the generator writes, built once.
enum SimulationUnits {
    static let count = HealthUnit.count()
    static let countPerMinute = HealthUnit.count().unitDivided(by: .minute())
    static let kilocalorie = HealthUnit.kilocalorie()
    static let meter = HealthUnit.meter()
    static let meterPerSecond = HealthUnit.meter().unitDivided(by: .second())
    static let millisecond = HealthUnit.secondUnit(with: .milli)
    static let kilogram = HealthUnit.gramUnit(with: .kilo)
    static let minute = HealthUnit.minute()
}
