import HealthCore

/// The unit `ohk stats` prints values in.
enum UnitChoice {
    /// Parses `--unit` and checks that it measures what the type measures.
    /// - Throws: ``CLIError`` (usage) naming the unit and, for a mismatch, the type and its canonical unit.
    static func parse(_ text: String, for type: QuantityTypeIdentifier, canonical: HealthUnit) throws -> HealthUnit {
        let unit: HealthUnit
        do {
            unit = try HealthUnit(from: text)
        } catch {
            throw CLIError.usage("--unit '\(text)' is not a unit (\(error.code)); e.g. count, kg, lb, km, count/min")
        }
        guard unit.isCompatible(with: canonical) else {
            throw CLIError.usage(
                "--unit '\(text)' does not measure \(TypeNames.displayName(.quantity(type))) "
                    + "(its unit is \(canonical.unitString))")
        }
        return unit
    }
}
