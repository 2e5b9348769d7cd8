public import Foundation

/// An amount in a unit: HealthKit's `HKQuantity`.
///
/// A quantity keeps the unit it was created with; read it in any compatible unit with
/// ``doubleValue(for:)``. Equality (`==`) is structural — same unit and same value, so `1 kg` ≠ `1000 g` — while
/// ``compare(_:)`` compares across compatible units.
///
/// ```swift
/// let weight = Quantity(unit: .pound(), doubleValue: 150)
/// try weight.doubleValue(for: .gramUnit(with: .kilo))   // 68.0388555
/// weight.is(compatibleWith: .meter())                   // false
/// ```
///
/// ## Topics
/// - ``init(unit:doubleValue:)``
/// - ``doubleValue(for:)``
/// - ``is(compatibleWith:)``
/// - ``compare(_:)``
public struct Quantity: Sendable, Hashable {
    /// The unit the quantity was created with.
    public let unit: HealthUnit
    /// The value in ``unit``; read it through ``doubleValue(for:)`` as HealthKit does.
    let value: Double

    /// Creates a quantity of `doubleValue` in `unit`.
    ///
    /// - Parameters:
    ///   - unit: The unit of the value.
    ///   - doubleValue: The value, e.g. `0.97` for an oxygen saturation of 97 % in `%`.
    public init(unit: HealthUnit, doubleValue: Double) {
        self.unit = unit
        self.value = doubleValue
    }

    /// The value expressed in `unit`.
    ///
    /// - Parameter unit: A unit compatible with the quantity's own unit.
    /// - Returns: The converted value (the stored value unchanged when `unit` is the quantity's unit).
    /// - Throws: ``HealthUnitError`` (``HealthUnitError/Code/incompatibleUnits`` or
    ///   ``HealthUnitError/Code/nonLinearCompound``) when the units cannot be converted.
    public func doubleValue(for unit: HealthUnit) throws(HealthUnitError) -> Double {
        try self.unit.convert(value, to: unit)
    }

    /// Whether the quantity can be read in `unit` (see ``HealthUnit/isCompatible(with:)``).
    ///
    /// - Parameter unit: The unit to test.
    /// - Returns: `true` if ``doubleValue(for:)`` with `unit` does not throw.
    public func `is`(compatibleWith unit: HealthUnit) -> Bool {
        self.unit.isCompatible(with: unit)
    }

    /// Compares this quantity with `other`, converting `other` into this quantity's unit.
    ///
    /// ```swift
    /// try Quantity(unit: .mile(), doubleValue: 1).compare(Quantity(unit: .meter(), doubleValue: 1000))
    ///     // .orderedDescending
    /// ```
    /// - Parameter other: A quantity in a compatible unit.
    /// - Returns: `.orderedAscending` if this quantity is smaller, `.orderedDescending` if larger, otherwise
    ///   `.orderedSame` (also when either value is NaN).
    /// - Throws: ``HealthUnitError`` when the units are not compatible.
    public func compare(_ other: Quantity) throws(HealthUnitError) -> ComparisonResult {
        let otherValue = try other.doubleValue(for: unit)
        if value < otherValue { return .orderedAscending }
        if value > otherValue { return .orderedDescending }
        return .orderedSame
    }
}

extension Quantity: CustomStringConvertible {
    /// The value and the unit string, e.g. `"72.0 count/min"`. This shows the caller's own value: do not log it
    /// where health data must not appear.
    public var description: String { "\(value) \(unit.unitString)" }
}
