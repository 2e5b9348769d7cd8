extension HealthUnit {
    /// The canonical spelling of the unit, as HealthKit's `unitString` and Health exports write it.
    ///
    /// Rules: products are joined with `·` (U+00B7), there is at most one `/` and never a parenthesis,
    /// exponents are written `^n` (denominator exponents without their sign), liters are spelled `L`, micro is
    /// `mc`, and a molar mass is printed as the shortest decimal that reads back to the same `Double`
    /// (integral masses without `.0`). A unit with no numerator prints `1/…`, and the unity unit prints `1`.
    ///
    /// Factor order: HealthKit's order is not documented. We keep the order in which the units were written
    /// or constructed, numerator first — which reproduces the export spellings `mL/min·kg` and `kcal/hr·kg` —
    /// and merge a repeated unit into its first occurrence (`m·s·m` prints `m^2·s`).
    ///
    /// ```swift
    /// try HealthUnit(from: "ml/(kg*min)").unitString   // "mL/kg·min"
    /// try HealthUnit(from: "kg.m^-1.s^-2").unitString  // "kg/m·s^2"
    /// HealthUnit.count().unitDivided(by: .minute()).unitString   // "count/min"
    /// ```
    ///
    /// The result always parses back to an equal unit: `try HealthUnit(from: u.unitString) == u`.
    public var unitString: String {
        let numerator = factors.filter { $0.exponent > 0 }
        let denominator = factors.filter { $0.exponent < 0 }
        var text = numerator.isEmpty ? "1" : HealthUnit.print(numerator)
        if !denominator.isEmpty {
            text += "/" + HealthUnit.print(denominator)
        }
        return text
    }

    private static func print(_ factors: [Factor]) -> String {
        factors.map { factor in
            let magnitude = factor.exponent.magnitude
            return factor.atom.symbol + (magnitude == 1 ? "" : "^\(magnitude)")
        }
        .joined(separator: "·")
    }

    /// Prints a molar mass as the shortest round-tripping decimal, without a trailing `.0`.
    static func format(molarMass: Double) -> String {
        let text = molarMass.description
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}

extension HealthUnit.Atom {
    /// The atom as written in a unit string: prefix, base symbol, and `<M>` for moles.
    var symbol: String {
        var text = prefix.symbol + base.rawValue
        if let molarMass {
            text += "<" + HealthUnit.format(molarMass: molarMass) + ">"
        }
        return text
    }
}
