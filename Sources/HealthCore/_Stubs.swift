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
