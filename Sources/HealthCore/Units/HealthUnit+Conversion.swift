import Foundation

extension HealthUnit {
    /// Whether the unit has no dimension: `count`, `%`, the unity unit `1`, or a ratio such as `m/km`.
    public var isDimensionless: Bool {
        analysis.dimension.isDimensionless
    }

    /// Whether values in this unit can be converted to `other`.
    ///
    /// Two units are compatible iff they reduce to the same dimension vector (mass, length, time,
    /// temperature, conductance, potential, angle, illuminance, IU, hearing level, effort, diopter, prism
    /// diopter). A compound unit containing `degC`, `degF` or `dBASPL` is compatible only with itself, because
    /// those units convert only when standalone. Exactly the pairs for which ``convert(_:to:)`` succeeds.
    ///
    /// ```swift
    /// HealthUnit.hertz().isCompatible(with: try HealthUnit(from: "count/s"))   // true
    /// HealthUnit.gram().isCompatible(with: .meter())                         // false
    /// ```
    /// - Parameter other: The unit to compare dimensions with.
    /// - Returns: `true` if ``convert(_:to:)`` from this unit to `other` does not throw.
    public func isCompatible(with other: HealthUnit) -> Bool {
        if self == other { return true }
        let from = analysis
        let to = other.analysis
        return from.dimension == to.dimension && !from.isNonLinearCompound && !to.isNonLinearCompound
    }

    /// Converts a value expressed in this unit to `other`.
    ///
    /// Linear units convert by the ratio of their exact factors (§2.3 "Use" column: 1 lb = 453.59237 g,
    /// 1 st = 6350.29318 g, 1 mi = 1609.344 m, 1 kcal = 4184 J, 1 mmHg = 133.3224 Pa, `%` = 1/100). `mol<M>`
    /// converts to grams through M. Standalone `degC`/`degF` convert affinely (°F = °C·1.8 + 32,
    /// K = °C + 273.15) and standalone `dBASPL` logarithmically (p = 2·10⁻⁵ Pa · 10^(dB/20)).
    ///
    /// ```swift
    /// try HealthUnit(from: "mg/dL").convert(100, to: HealthUnit(from: "mmol<180.15588000005408>/L"))
    ///     // 5.550748607260001
    /// try HealthUnit.degreeCelsius().convert(37, to: .degreeFahrenheit())   // 98.60000000000001
    /// ```
    /// - Parameters:
    ///   - value: The value in this unit.
    ///   - other: The target unit.
    /// - Returns: The value in `other`.
    /// - Throws: ``HealthUnitError`` with code ``HealthUnitError/Code/incompatibleUnits`` when the dimensions
    ///   differ, or ``HealthUnitError/Code/nonLinearCompound`` when `degC`, `degF` or `dBASPL` is part of a
    ///   compound unit (e.g. `degC/min` to `degF/min`). The error names both unit strings, never the value.
    public func convert(_ value: Double, to other: HealthUnit) throws(HealthUnitError) -> Double {
        if self == other { return value }
        return try Converter(from: self, to: other).convert(value)
    }

    /// A conversion from one unit to another worked out once (both units' analyses and the kind of
    /// conversion), for code that converts many values between the same two units; each value then costs
    /// only its arithmetic. Gives exactly what ``convert(_:to:)`` gives, bit for bit: it is the same code.
    package struct Converter: Sendable {
        private let from: UnitAnalysis
        private let to: UnitAnalysis
        private let identity: Bool

        /// Works out the conversion.
        /// - Throws: ``HealthUnitError`` as ``HealthUnit/convert(_:to:)`` does.
        package init(from source: HealthUnit, to target: HealthUnit) throws(HealthUnitError) {
            identity = source == target
            from = identity ? UnitAnalysis() : source.analysis
            to = identity ? UnitAnalysis() : target.analysis
            guard !identity else { return }
            guard from.dimension == to.dimension else {
                throw source.conversionError(.incompatibleUnits, to: target, "the units measure different dimensions")
            }
            guard !from.isNonLinearCompound, !to.isNonLinearCompound else {
                throw source.conversionError(
                    .nonLinearCompound, to: target, "degC, degF and dBASPL convert only as standalone units")
            }
        }

        /// The value, given in the source unit, in the target unit.
        package func convert(_ value: Double) -> Double {
            if identity { return value }
            switch (from.nonLinearKind, to.nonLinearKind) {
            case (nil, nil):
                return HealthUnit.convertLinear(value, from: from.scale, to: to.scale)
            case (.celsius, _), (.fahrenheit, _), (_, .celsius), (_, .fahrenheit):
                let celsius = HealthUnit.celsius(fromValue: value, analysis: from)
                return HealthUnit.value(fromCelsius: celsius, analysis: to)
            case (.soundPressureLevel, _), (_, .soundPressureLevel):
                let pascals = HealthUnit.pascals(fromValue: value, analysis: from)
                return HealthUnit.value(fromPascals: pascals, analysis: to)
            }
        }
    }

    private func conversionError(
        _ code: HealthUnitError.Code, to other: HealthUnit, _ message: String
    )
        -> HealthUnitError
    {
        HealthUnitError(code: code, unitString: unitString, targetUnitString: other.unitString, message: message)
    }
}

/// The reduced form of a unit: its dimension, its linear factor, and any non-linear atom it contains.
struct UnitAnalysis: Sendable {
    var dimension = DimensionVector()
    var scale = Scale.one
    /// The kind of the unit if it is a standalone non-linear unit (`degC`, `degF`, `dBASPL`).
    var nonLinearKind: NonLinearKind?
    /// Whether a non-linear atom appears inside a compound (or with an exponent other than 1).
    var isNonLinearCompound = false
}

extension HealthUnit {
    var analysis: UnitAnalysis {
        var result = UnitAnalysis()
        for factor in factors {
            let base = factor.atom.base
            result.dimension.add(base.dimension, times: factor.exponent)
            var atomScale = base.scale
            atomScale.powerOfTen &+= factor.atom.prefix.powerOfTen
            if let molarMass = factor.atom.molarMass {
                atomScale.mantissa *= molarMass
            }
            result.scale.multiply(by: atomScale, power: factor.exponent)
            if let kind = base.nonLinearKind {
                if factors.count == 1, factor.exponent == 1 {
                    result.nonLinearKind = kind
                } else {
                    result.isNonLinearCompound = true
                }
            }
        }
        return result
    }

    /// `value × from / to`, applying the decimal exponents with an exact power of ten where possible.
    static func convertLinear(_ value: Double, from: Scale, to: Scale) -> Double {
        var result = value
        if from.mantissa != to.mantissa {
            result = result * from.mantissa / to.mantissa
        }
        let power = from.powerOfTen &- to.powerOfTen
        if power > 0 {
            result *= powerOfTen(power)
        } else if power < 0 {
            result /= powerOfTen(power.magnitude)
        }
        return result
    }

    /// 10^n; exact for n ≤ 22, where every power of ten is a `Double`.
    private static func powerOfTen(_ exponent: some BinaryInteger) -> Double {
        if exponent <= 22 {
            var result = 1.0
            for _ in 0..<Int(exponent) { result *= 10 }
            return result
        }
        return pow(10, Double(exponent))
    }

    private static let kelvinScale = HealthUnit(.kelvin).analysis.scale
    private static let pascalScale = HealthUnit(.pascal).analysis.scale

    fileprivate static func celsius(fromValue value: Double, analysis: UnitAnalysis) -> Double {
        switch analysis.nonLinearKind {
        case .celsius: value
        case .fahrenheit: (value - 32) / 1.8
        case .soundPressureLevel, nil: convertLinear(value, from: analysis.scale, to: kelvinScale) - 273.15
        }
    }

    fileprivate static func value(fromCelsius celsius: Double, analysis: UnitAnalysis) -> Double {
        switch analysis.nonLinearKind {
        case .celsius: celsius
        case .fahrenheit: celsius * 1.8 + 32
        case .soundPressureLevel, nil: convertLinear(celsius + 273.15, from: kelvinScale, to: analysis.scale)
        }
    }

    fileprivate static func pascals(fromValue value: Double, analysis: UnitAnalysis) -> Double {
        switch analysis.nonLinearKind {
        case .soundPressureLevel: 2e-5 * pow(10, value / 20)
        case .celsius, .fahrenheit, nil: convertLinear(value, from: analysis.scale, to: pascalScale)
        }
    }

    fileprivate static func value(fromPascals pascals: Double, analysis: UnitAnalysis) -> Double {
        switch analysis.nonLinearKind {
        case .soundPressureLevel: 20 * log10(pascals / 2e-5)
        case .celsius, .fahrenheit, nil: convertLinear(pascals, from: pascalScale, to: analysis.scale)
        }
    }
}
