// TEMPORARY stand-ins for the units and catalog modules built in parallel; deleted at merge.
public import Foundation

public struct HealthUnitError: Error, Sendable, Hashable { public var message: String }
public struct HealthUnit: Sendable, Hashable, Codable, CustomStringConvertible {
    public var unitString: String
    public init(from unitString: String) throws(HealthUnitError) { self.unitString = unitString }
    public var description: String { unitString }
    public func isCompatible(with other: HealthUnit) -> Bool { unitString == other.unitString }
    public func convert(_ value: Double, to other: HealthUnit) throws(HealthUnitError) -> Double { value }
    public static func count() -> HealthUnit { HealthUnit(unitString: "count") }
    public static func second() -> HealthUnit { HealthUnit(unitString: "s") }
    public static func meter() -> HealthUnit { HealthUnit(unitString: "m") }
    public static func kilocalorie() -> HealthUnit { HealthUnit(unitString: "kcal") }
    init(unitString: String) { self.unitString = unitString }
}
public struct Quantity: Sendable, Hashable, Codable {
    public let unit: HealthUnit
    let value: Double
    public init(unit: HealthUnit, doubleValue: Double) { self.unit = unit; self.value = doubleValue }
    public func doubleValue(for unit: HealthUnit) throws(HealthUnitError) -> Double { try self.unit.convert(value, to: unit) }
    public func `is`(compatibleWith unit: HealthUnit) -> Bool { self.unit.isCompatible(with: unit) }
    public func compare(_ other: Quantity) throws(HealthUnitError) -> ComparisonResult {
        let o = try other.doubleValue(for: unit)
        return value < o ? .orderedAscending : value > o ? .orderedDescending : .orderedSame
    }
}
public struct QuantityTypeIdentifier: RawRepresentable, Hashable, Sendable, Codable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let stepCount = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierStepCount")
    public static let bodyMass = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierBodyMass")
    public static let heartRate = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierHeartRate")
    public static let bloodPressureSystolic = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierBloodPressureSystolic")
    public static let bloodPressureDiastolic = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierBloodPressureDiastolic")
    public static let insulinDelivery = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierInsulinDelivery")
    public static let activeEnergyBurned = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierActiveEnergyBurned")
    public static let distanceWalkingRunning = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDistanceWalkingRunning")
    public static let dietaryEnergyConsumed = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryEnergyConsumed")
    public static let bodyTemperature = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierBodyTemperature")
    public var typeDescription: QuantityTypeDescription? { nil }
}
public struct CategoryTypeIdentifier: RawRepresentable, Hashable, Sendable, Codable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let sleepAnalysis = CategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierSleepAnalysis")
    public static let menstrualFlow = CategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierMenstrualFlow")
    public static let mindfulSession = CategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierMindfulSession")
    public var typeDescription: CategoryTypeDescription? { nil }
}
public struct CorrelationTypeIdentifier: RawRepresentable, Hashable, Sendable, Codable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let bloodPressure = CorrelationTypeIdentifier(rawValue: "HKCorrelationTypeIdentifierBloodPressure")
    public static let food = CorrelationTypeIdentifier(rawValue: "HKCorrelationTypeIdentifierFood")
}
public struct WorkoutActivityType: RawRepresentable, Hashable, Sendable, Codable {
    public var rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let running = WorkoutActivityType(rawValue: 37)
}
public enum AggregationStyle: Int, Sendable, Codable { case cumulative, discreteArithmetic, discreteTemporallyWeighted, discreteEquivalentContinuousLevel }
public struct QuantityTypeDescription: Sendable, Hashable {
    public var aggregationStyle: AggregationStyle
    public var canonicalUnitString: String
    public var maximumDuration: TimeInterval?
    public var allowsNegativeValues: Bool
}
public struct CategoryTypeDescription: Sendable, Hashable {
    public func isValid(value: Int) -> Bool { true }
}
public enum SampleType: Hashable, Sendable, Codable {
    case quantity(QuantityTypeIdentifier), category(CategoryTypeIdentifier), correlation(CorrelationTypeIdentifier)
    case workout, workoutRoute, heartbeatSeries, audiogram, electrocardiogram, other(String)
    public var identifier: String {
        switch self {
        case .quantity(let i): i.rawValue
        case .category(let i): i.rawValue
        case .correlation(let i): i.rawValue
        case .workout: "HKWorkoutTypeIdentifier"
        case .workoutRoute: "HKWorkoutRouteTypeIdentifier"
        case .heartbeatSeries: "HKDataTypeIdentifierHeartbeatSeries"
        case .audiogram: "HKDataTypeIdentifierAudiogram"
        case .electrocardiogram: "HKDataTypeIdentifierElectrocardiogram"
        case .other(let s): s
        }
    }
}
public enum BiologicalSex: Int, Sendable, Hashable, Codable { case notSet, female, male, other }
public enum BloodType: Int, Sendable, Hashable, Codable { case notSet }
public enum FitzpatrickSkinType: Int, Sendable, Hashable, Codable { case notSet }
public enum WheelchairUse: Int, Sendable, Hashable, Codable { case notSet }
public enum ActivityMoveMode: Int, Sendable, Hashable, Codable { case activeEnergy = 1, appleMoveTime = 2 }
public enum QuantityTypeCatalog { public static let all: [QuantityTypeDescription] = [] }
extension QuantityTypeDescription { public var identifier: QuantityTypeIdentifier { .stepCount } }
