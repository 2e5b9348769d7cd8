public import Foundation
import HealthCore

/// An amount in a unit: HealthKit's `HKQuantity`, a thin wrapper of HealthCore's `Quantity`.
///
/// HealthKit raises an exception when a quantity is read or compared in an incompatible unit. OpenHealthKit
/// keeps the non-throwing signatures: ``doubleValue(for:)`` returns `Double.nan` and ``compare(_:)`` returns
/// `.orderedSame` in that case (see the Differences article).
///
/// ```swift
/// let weight = HKQuantity(unit: .pound(), doubleValue: 150)
/// weight.doubleValue(for: .gramUnit(with: .kilo))   // 68.0388555
/// weight.is(compatibleWith: .meter())               // false
/// ```
public final class HKQuantity: NSObject, NSSecureCoding, NSCopying, @unchecked Sendable {
    /// The unit the quantity was made with.
    let unit: HKUnit
    /// The value in ``unit``.
    let value: Double

    /// Creates a quantity.
    /// - Parameters:
    ///   - unit: The unit.
    ///   - value: The value in that unit.
    public init(unit: HKUnit, doubleValue value: Double) {
        self.unit = unit
        self.value = value
    }

    convenience init(_ quantity: Quantity) {
        self.init(unit: HKUnit(quantity.unit), doubleValue: (try? quantity.doubleValue(for: quantity.unit)) ?? .nan)
    }

    /// The engine quantity, or the unit's carried problem.
    func resolved() throws(HKError) -> Quantity {
        Quantity(unit: try unit.resolved(), doubleValue: value)
    }

    /// The value in a unit; `Double.nan` when the units are incompatible (HealthKit raises an exception).
    public func doubleValue(for unit: HKUnit) -> Double {
        guard let from = self.unit.healthUnit, let to = unit.healthUnit else { return .nan }
        return (try? from.convert(value, to: to)) ?? .nan
    }

    /// Whether the quantity can be read in a unit.
    public func `is`(compatibleWith unit: HKUnit) -> Bool {
        guard let from = self.unit.healthUnit, let to = unit.healthUnit else { return false }
        return from.isCompatible(with: to)
    }

    /// Compares with another quantity in a compatible unit (`.orderedSame` when the units are incompatible).
    public func compare(_ quantity: HKQuantity) -> ComparisonResult {
        guard let lhs = try? resolved(), let rhs = try? quantity.resolved() else { return .orderedSame }
        return (try? lhs.compare(rhs)) ?? .orderedSame
    }

    /// Quantities support secure coding.
    public static var supportsSecureCoding: Bool { true }

    /// Encodes the unit and the value.
    public func encode(with coder: NSCoder) {
        coder.encode(unit, forKey: "unit")
        coder.encode(value, forKey: "value")
    }

    /// Decodes the unit and the value; nil when the unit is missing.
    public convenience init?(coder: NSCoder) {
        guard let unit = coder.decodeObject(of: HKUnit.self, forKey: "unit") else { return nil }
        self.init(unit: unit, doubleValue: coder.decodeDouble(forKey: "value"))
    }

    /// The quantity itself: quantities are immutable.
    public func copy(with zone: NSZone? = nil) -> Any { self }

    /// Quantities are equal when their units and values are equal.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? HKQuantity else { return false }
        return unit == other.unit && (value == other.value || (value.isNaN && other.value.isNaN))
    }

    /// Hashes unit and value.
    public override var hash: Int {
        var hasher = Hasher()
        hasher.combine(unit.unitString)
        hasher.combine(value)
        return hasher.finalize()
    }

    /// `"<value> <unit>"`. This shows a health value: do not log it where health data must not appear.
    public override var description: String { "\(value) \(unit.unitString)" }
}
