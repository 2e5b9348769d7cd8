/// A unit of measure in HealthKit's unit-string language: `kg`, `count/min`, `mL/min·kg`,
/// `mmol<180.15588000005408>/L`.
///
/// A `HealthUnit` is a product of named units — each with an optional ``MetricPrefix`` and, for `mol`, a molar
/// mass — raised to integer exponents. Create one from a string with ``init(from:)-(String)`` or with HealthKit's
/// constructor spellings (``meter()``, ``gramUnit(with:)``, ``count()``…), combine with ``unitDivided(by:)``,
/// ``unitMultiplied(by:)`` and ``unitRaised(toPower:)``, and convert values with ``convert(_:to:)``.
///
/// ```swift
/// let vo2max = try HealthUnit(from: "ml/(kg*min)")
/// vo2max.unitString                                           // "mL/kg·min"
/// try HealthUnit.pound().convert(1, to: .gramUnit(with: .kilo))   // 0.45359237
/// ```
///
/// Two units are equal iff their canonical ``unitString``s are equal, so `Cal` and `kcal` are different
/// units that convert 1:1, while `ml/(kg*min)` and `mL/kg·min` are the same unit. See <doc:Units>.
///
/// ## Topics
/// ### Parsing and printing
/// - ``init(from:)-(String)``
/// - ``unitString``
/// ### Converting
/// - ``isCompatible(with:)``
/// - ``convert(_:to:)``
/// - ``isDimensionless``
/// ### Combining
/// - ``unitMultiplied(by:)``
/// - ``unitDivided(by:)``
/// - ``unitRaised(toPower:)``
/// - ``reciprocal()``
public struct HealthUnit: Sendable, Hashable {
    /// One named unit with its prefix and, for `mol`, its molar mass in grams per mole.
    struct Atom: Sendable, Hashable {
        var prefix: MetricPrefix
        var base: BaseUnit
        var molarMass: Double?
    }

    /// An atom raised to a non-zero integer exponent.
    struct Factor: Sendable, Hashable {
        var atom: Atom
        var exponent: Int
    }

    /// The normalized factors: one per distinct atom, no zero exponents, positive exponents first, otherwise
    /// in the order written or constructed. Structural equality therefore matches `unitString` equality.
    let factors: [Factor]

    /// Creates a unit from factors in written order, normalizing them.
    init(factors: [Factor]) {
        self.factors = HealthUnit.normalized(factors)
    }

    /// Creates a unit of one atom with exponent 1.
    init(_ base: BaseUnit, prefix: MetricPrefix = .none, molarMass: Double? = nil) {
        self.init(factors: [Factor(atom: Atom(prefix: prefix, base: base, molarMass: molarMass), exponent: 1)])
    }

    /// Folds the factors left to right: a repeated atom merges into its earlier occurrence, an atom whose
    /// exponent reaches zero is removed (so `m·s/m·m` is `s·m`), and finally the denominator moves after the
    /// numerator (stable, so the written order is kept within each side).
    private static func normalized(_ factors: [Factor]) -> [Factor] {
        var merged: [Factor] = []
        for factor in factors where factor.exponent != 0 {
            if let index = merged.firstIndex(where: { $0.atom == factor.atom }) {
                merged[index].exponent = saturatingSum(merged[index].exponent, factor.exponent)
                if merged[index].exponent == 0 {
                    merged.remove(at: index)
                }
            } else {
                merged.append(factor)
            }
        }
        return merged.filter { $0.exponent > 0 } + merged.filter { $0.exponent < 0 }
    }

    /// Adds two exponents, saturating at ±`Int.max` (never `Int.min`, so magnitudes stay representable).
    static func saturatingSum(_ lhs: Int, _ rhs: Int) -> Int {
        let (sum, overflow) = lhs.addingReportingOverflow(rhs)
        if overflow { return lhs > 0 ? Int.max : -Int.max }
        return sum == Int.min ? -Int.max : sum
    }

    /// Multiplies two exponents, saturating at ±`Int.max`.
    static func saturatingProduct(_ lhs: Int, _ rhs: Int) -> Int {
        let (product, overflow) = lhs.multipliedReportingOverflow(by: rhs)
        if overflow { return (lhs < 0) == (rhs < 0) ? Int.max : -Int.max }
        return product == Int.min ? -Int.max : product
    }
}

extension HealthUnit {
    /// The product of this unit and `other`, e.g. `m` × `s` is `m·s`; repeated units merge (`m` × `m` is `m^2`).
    ///
    /// - Parameter other: The unit to multiply by.
    /// - Returns: The combined unit, with this unit's factors first.
    public func unitMultiplied(by other: HealthUnit) -> HealthUnit {
        HealthUnit(factors: factors + other.factors)
    }

    /// The quotient of this unit by `other`, e.g. `count` ÷ `min` is `count/min`.
    ///
    /// ```swift
    /// HealthUnit.literUnit(with: .milli).unitDivided(by: .minute()).unitDivided(by: .gramUnit(with: .kilo))
    ///     .unitString   // "mL/min·kg"
    /// ```
    /// - Parameter other: The divisor.
    /// - Returns: The combined unit.
    public func unitDivided(by other: HealthUnit) -> HealthUnit {
        HealthUnit(factors: factors + other.factors.map { Factor(atom: $0.atom, exponent: -$0.exponent) })
    }

    /// This unit raised to an integer power, e.g. `m` to the 3rd is `m^3`; power 0 gives the unity unit `1`.
    ///
    /// - Parameter power: The exponent; exponents saturate at ±`Int.max`.
    /// - Returns: The raised unit.
    public func unitRaised(toPower power: Int) -> HealthUnit {
        HealthUnit(
            factors: factors.map { Factor(atom: $0.atom, exponent: HealthUnit.saturatingProduct($0.exponent, power)) }
        )
    }

    /// The reciprocal unit, e.g. `s` becomes `1/s` and `m/s` becomes `s/m`.
    ///
    /// - Returns: This unit raised to the power −1.
    public func reciprocal() -> HealthUnit {
        unitRaised(toPower: -1)
    }
}

extension HealthUnit: CustomStringConvertible {
    /// The canonical ``unitString``.
    public var description: String { unitString }
}

extension HealthUnit: Codable {
    /// Decodes a unit from its unit string (any spelling the grammar accepts).
    ///
    /// - Throws: `DecodingError.dataCorrupted` naming the ``HealthUnitError`` when the string does not parse.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let string = try container.decode(String.self)
        do {
            self = try HealthUnit(from: string)
        } catch {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "invalid unit string: \(error.description)")
        }
    }

    /// Encodes the unit as its canonical ``unitString``.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(unitString)
    }
}
