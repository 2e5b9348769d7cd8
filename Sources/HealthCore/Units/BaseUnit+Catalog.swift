/// A base dimension of the §2.4 dimensional analysis.
enum DimensionAxis: Int, CaseIterable {
    case mass, length, time, temperature, conductance, potential, angle, illuminance
    case internationalUnit, hearingLevel, effort, diopter, prismDiopter
}

/// Integer exponents over ``DimensionAxis``; two units are compatible iff their vectors are equal.
struct DimensionVector: Hashable, Sendable {
    private(set) var exponents: [Int] = Array(repeating: 0, count: DimensionAxis.allCases.count)

    static let dimensionless = DimensionVector()

    init() {}

    init(_ pairs: [(DimensionAxis, Int)]) {
        for (axis, exponent) in pairs {
            exponents[axis.rawValue] &+= exponent
        }
    }

    /// Adds `other` raised to `power` (wrapping arithmetic: pathological exponents must not trap).
    mutating func add(_ other: DimensionVector, times power: Int) {
        for index in exponents.indices {
            exponents[index] &+= other.exponents[index] &* power
        }
    }

    var isDimensionless: Bool { exponents.allSatisfy { $0 == 0 } }
}

/// A positive factor `mantissa × 10^powerOfTen` relative to the coherent base (gram, meter, second, kelvin, …).
///
/// Keeping the decimal exponent apart makes prefix-only conversions (mg/dL ↔ g/L, kJ ↔ J) exact.
struct Scale: Hashable, Sendable {
    var mantissa: Double
    var powerOfTen: Int

    static let one = Scale(mantissa: 1, powerOfTen: 0)

    /// Multiplies by `other` raised to `power`.
    mutating func multiply(by other: Scale, power: Int) {
        mantissa *= Scale.raise(other.mantissa, to: power)
        powerOfTen &+= other.powerOfTen &* power
    }

    private static func raise(_ base: Double, to power: Int) -> Double {
        if base == 1 { return 1 }
        switch power {
        case 1: return base
        case -1: return 1 / base
        case 2: return base * base
        case -2: return 1 / (base * base)
        default:
            var result = 1.0
            var remaining = power.magnitude
            var factor = base
            while remaining > 0 {
                if remaining & 1 == 1 { result *= factor }
                factor *= factor
                remaining >>= 1
            }
            return power < 0 ? 1 / result : result
        }
    }
}

/// How a standalone unit maps onto its linear reference unit.
enum NonLinearKind: Sendable {
    /// `degC` or `degF`: affine over kelvin.
    case celsius, fahrenheit
    /// `dBASPL`: p = 2·10⁻⁵ Pa · 10^(dB/20).
    case soundPressureLevel
}

extension BaseUnit {
    /// The dimension vector of one unprefixed unit (mol counts as mass through its molar mass).
    var dimension: DimensionVector {
        switch self {
        case .gram, .mole, .ounce, .pound, .stone: DimensionVector([(.mass, 1)])
        case .meter, .inch, .foot, .yard, .mile: DimensionVector([(.length, 1)])
        case .liter, .fluidOunceUS, .fluidOunceImperial, .pintUS, .pintImperial, .cupUS, .cupImperial:
            DimensionVector([(.length, 3)])
        case .pascal, .millimeterOfMercury, .centimeterOfWater, .atmosphere, .inchOfMercury,
            .decibelSoundPressureLevel:
            DimensionVector([(.mass, 1), (.length, -1), (.time, -2)])
        case .second, .minute, .hour, .day: DimensionVector([(.time, 1)])
        case .joule, .smallCalorie, .kilocalorie, .largeCalorie:
            DimensionVector([(.mass, 1), (.length, 2), (.time, -2)])
        case .watt: DimensionVector([(.mass, 1), (.length, 2), (.time, -3)])
        case .hertz: DimensionVector([(.time, -1)])
        case .kelvin, .degreeCelsius, .degreeFahrenheit: DimensionVector([(.temperature, 1)])
        case .siemens: DimensionVector([(.conductance, 1)])
        case .volt: DimensionVector([(.potential, 1)])
        case .radian, .degreeAngle: DimensionVector([(.angle, 1)])
        case .lux: DimensionVector([(.illuminance, 1)])
        case .internationalUnit: DimensionVector([(.internationalUnit, 1)])
        case .decibelHearingLevel: DimensionVector([(.hearingLevel, 1)])
        case .appleEffortScore: DimensionVector([(.effort, 1)])
        case .diopter: DimensionVector([(.diopter, 1)])
        case .prismDiopter: DimensionVector([(.prismDiopter, 1)])
        case .count, .percent: .dimensionless
        }
    }

    /// The exact factor to the coherent base (§2.3 "Use" column), in grams, meters, cubic meters, seconds.
    ///
    /// For `mol` the factor is 1 and the molar mass is applied by the atom. For `degC`, `degF` and `dBASPL` the
    /// factor is that of their reference unit's interval and is only used for dimension bookkeeping.
    var scale: Scale {
        switch self {
        case .gram, .meter, .second, .kelvin, .siemens, .hertz, .mole, .volt, .radian, .lux, .count: .one
        case .internationalUnit, .decibelHearingLevel, .appleEffortScore, .diopter, .prismDiopter: .one
        case .degreeCelsius, .degreeFahrenheit: .one
        case .percent: Scale(mantissa: 1, powerOfTen: -2)
        case .liter: Scale(mantissa: 1, powerOfTen: -3)
        case .pascal, .joule, .decibelSoundPressureLevel: Scale(mantissa: 1, powerOfTen: 3)
        case .watt: Scale(mantissa: 1, powerOfTen: 3)
        case .ounce: Scale(mantissa: 28.349523125, powerOfTen: 0)
        case .pound: Scale(mantissa: 453.59237, powerOfTen: 0)
        case .stone: Scale(mantissa: 6350.29318, powerOfTen: 0)
        case .inch: Scale(mantissa: 2.54, powerOfTen: -2)
        case .foot: Scale(mantissa: 3.048, powerOfTen: -1)
        case .yard: Scale(mantissa: 9.144, powerOfTen: -1)
        case .mile: Scale(mantissa: 1609.344, powerOfTen: 0)
        case .fluidOunceUS: Scale(mantissa: 0.0295735295625, powerOfTen: -3)
        case .fluidOunceImperial: Scale(mantissa: 0.0284130625, powerOfTen: -3)
        case .pintUS: Scale(mantissa: 0.473176473, powerOfTen: -3)
        case .pintImperial: Scale(mantissa: 0.56826125, powerOfTen: -3)
        case .cupUS: Scale(mantissa: 0.2365882365, powerOfTen: -3)
        case .cupImperial: Scale(mantissa: 0.284130625, powerOfTen: -3)
        case .millimeterOfMercury: Scale(mantissa: 133.3224, powerOfTen: 3)
        case .centimeterOfWater: Scale(mantissa: 98.0665, powerOfTen: 3)
        case .atmosphere: Scale(mantissa: 101325, powerOfTen: 3)
        case .inchOfMercury: Scale(mantissa: 3386.38816, powerOfTen: 3)
        case .minute: Scale(mantissa: 60, powerOfTen: 0)
        case .hour: Scale(mantissa: 3600, powerOfTen: 0)
        case .day: Scale(mantissa: 86400, powerOfTen: 0)
        case .smallCalorie: Scale(mantissa: 4.184, powerOfTen: 3)
        case .kilocalorie, .largeCalorie: Scale(mantissa: 4184, powerOfTen: 3)
        case .degreeAngle: Scale(mantissa: Double.pi / 180, powerOfTen: 0)
        }
    }

    /// Non-nil for units that convert only when standalone.
    var nonLinearKind: NonLinearKind? {
        switch self {
        case .degreeCelsius: .celsius
        case .degreeFahrenheit: .fahrenheit
        case .decibelSoundPressureLevel: .soundPressureLevel
        default: nil
        }
    }
}
