public import Foundation
import HealthCore

/// A unit of measure: HealthKit's `HKUnit`, a thin wrapper of HealthCore's `HealthUnit`.
///
/// Units compare equal when their unit strings are equal. Build them with the constructors
/// (`HKUnit.count().unitDivided(by: .minute())`) or parse a string with `init(from:)`.
///
/// HealthKit raises an Objective-C exception for an unparsable string; `init(from:)` keeps the non-throwing
/// signature and carries the problem instead: a quantity or sample made with such a unit fails with
/// `HKError(.errorInvalidArgument)` when saved or queried, naming the string and the parse error.
///
/// ```swift
/// let bpm = HKUnit.count().unitDivided(by: .minute())
/// bpm.unitString                      // "count/min"
/// HKUnit(from: "count/min") == bpm    // true
/// ```
public final class HKUnit: NSObject, NSSecureCoding, NSCopying, @unchecked Sendable {
    /// The engine's unit; nil when the unit could not be made.
    let healthUnit: HealthUnit?
    /// Why the unit could not be made (a HealthKit exception).
    let problem: String?
    private let spelled: String

    init(_ unit: HealthUnit) {
        healthUnit = unit
        problem = nil
        spelled = unit.unitString
    }

    init(invalid spelled: String, problem: String) {
        healthUnit = nil
        self.problem = problem
        self.spelled = spelled
    }

    /// Parses a unit string (`"kg"`, `"count/min"`, `"mL/(kg*min)"`, `"mmol<180.15588000005408>/L"`).
    ///
    /// An unparsable string gives a unit that carries the parse error (see the type's discussion).
    /// - Parameter unitString: The unit string.
    public convenience init(from unitString: String) {
        do {
            self.init(try HealthUnit(from: unitString))
        } catch {
            self.init(
                invalid: unitString,
                problem: "Invalid unit string \"\(unitString)\": \(error.description)")
        }
    }

    /// Units support secure coding.
    public static var supportsSecureCoding: Bool { true }

    /// Encodes the unit string.
    public func encode(with coder: NSCoder) {
        coder.encode(unitString as NSString, forKey: "unitString")
    }

    /// Decodes a unit from its unit string (one that no longer parses carries the parse error, like
    /// `init(from:)`); nil when the string is missing.
    public convenience init?(coder: NSCoder) {
        guard let unitString = coder.decodeObject(of: NSString.self, forKey: "unitString") else { return nil }
        self.init(from: String(unitString))
    }

    /// The unit itself: units are immutable.
    public func copy(with zone: NSZone? = nil) -> Any { self }

    /// The canonical unit string, e.g. `"count/min"` (the string given to `init(from:)` when it did not parse).
    public var unitString: String { healthUnit?.unitString ?? spelled }

    /// Whether this is the unity unit (`"1"`): HealthKit's `isNull()`.
    public func isNull() -> Bool { healthUnit?.unitString == "1" || healthUnit?.unitString == "" }

    /// The product of this unit and another.
    public func unitMultiplied(by unit: HKUnit) -> HKUnit {
        combine(unit, "unitMultiplied") { $0.unitMultiplied(by: $1) }
    }

    /// The quotient of this unit by another.
    public func unitDivided(by unit: HKUnit) -> HKUnit {
        combine(unit, "unitDivided") { $0.unitDivided(by: $1) }
    }

    /// This unit raised to an integer power.
    public func unitRaised(toPower power: Int) -> HKUnit {
        guard let healthUnit else { return self }
        return HKUnit(healthUnit.unitRaised(toPower: power))
    }

    /// The reciprocal unit.
    public func reciprocal() -> HKUnit {
        guard let healthUnit else { return self }
        return HKUnit(healthUnit.reciprocal())
    }

    private func combine(_ other: HKUnit, _ name: String, _ body: (HealthUnit, HealthUnit) -> HealthUnit) -> HKUnit {
        guard let left = healthUnit else { return self }
        guard let right = other.healthUnit else { return other }
        return HKUnit(body(left, right))
    }

    /// Units are equal when their unit strings are.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? HKUnit else { return false }
        return unitString == other.unitString
    }

    /// Hashes the unit string.
    public override var hash: Int { unitString.hashValue }

    /// The unit string.
    public override var description: String { unitString }
}

extension HKUnit {
    /// The engine unit, or the carried problem as HealthKit's invalid-argument error.
    func resolved() throws(HKError) -> HealthUnit {
        guard let healthUnit else { throw HKError.programmerError(problem ?? "Invalid unit \(unitString)") }
        return healthUnit
    }
}
