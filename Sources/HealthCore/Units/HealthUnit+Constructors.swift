// HealthKit's constructor spellings (`HKUnit.meter()`, `HKUnit.gramUnit(with: .kilo)`, …).

extension HealthUnit {
    /// The dimensionless count unit, `count` (steps, beats, …).
    public static func count() -> HealthUnit { HealthUnit(.count) }

    /// The percent unit, `%`. HealthKit stores percentages as fractions: 97 % is `0.97` in `%`.
    ///
    /// Converting `%` to `count` applies the header factor 1/100 (see <doc:Units>).
    public static func percent() -> HealthUnit { HealthUnit(.percent) }

    /// Meters, `m`.
    public static func meter() -> HealthUnit { HealthUnit(.meter) }

    /// Inches, `in` (0.0254 m).
    public static func inch() -> HealthUnit { HealthUnit(.inch) }

    /// Feet, `ft` (0.3048 m).
    public static func foot() -> HealthUnit { HealthUnit(.foot) }

    /// Yards, `yd` (0.9144 m).
    public static func yard() -> HealthUnit { HealthUnit(.yard) }

    /// Miles, `mi` (1609.344 m).
    public static func mile() -> HealthUnit { HealthUnit(.mile) }

    /// Grams, `g`.
    public static func gram() -> HealthUnit { HealthUnit(.gram) }

    /// Ounces, `oz` (28.349523125 g).
    public static func ounce() -> HealthUnit { HealthUnit(.ounce) }

    /// Pounds, `lb` (453.59237 g).
    public static func pound() -> HealthUnit { HealthUnit(.pound) }

    /// Stones, `st`: exactly 14 lb = 6350.29318 g (HealthKit's header comment rounds to 6350.0 g).
    public static func stone() -> HealthUnit { HealthUnit(.stone) }

    /// Liters, `L` (10⁻³ m³).
    public static func liter() -> HealthUnit { HealthUnit(.liter) }

    /// US fluid ounces, `fl_oz_us` (0.0295735295625 L).
    public static func fluidOunceUS() -> HealthUnit { HealthUnit(.fluidOunceUS) }

    /// Imperial fluid ounces, `fl_oz_imp` (0.0284130625 L).
    public static func fluidOunceImperial() -> HealthUnit { HealthUnit(.fluidOunceImperial) }

    /// US pints, `pt_us` (0.473176473 L).
    public static func pintUS() -> HealthUnit { HealthUnit(.pintUS) }

    /// Imperial pints, `pt_imp` (0.56826125 L).
    public static func pintImperial() -> HealthUnit { HealthUnit(.pintImperial) }

    /// US cups, `cup_us` (0.2365882365 L).
    public static func cupUS() -> HealthUnit { HealthUnit(.cupUS) }

    /// Imperial cups, `cup_imp` (0.284130625 L).
    public static func cupImperial() -> HealthUnit { HealthUnit(.cupImperial) }

    /// Pascals, `Pa`.
    public static func pascal() -> HealthUnit { HealthUnit(.pascal) }

    /// Millimeters of mercury, `mmHg` (133.3224 Pa).
    public static func millimeterOfMercury() -> HealthUnit { HealthUnit(.millimeterOfMercury) }

    /// Centimeters of water, `cmAq` (98.0665 Pa).
    public static func centimeterOfWater() -> HealthUnit { HealthUnit(.centimeterOfWater) }

    /// Standard atmospheres, `atm` (101325 Pa).
    public static func atmosphere() -> HealthUnit { HealthUnit(.atmosphere) }

    /// Inches of mercury, `inHg` (3386.38816 Pa).
    public static func inchesOfMercury() -> HealthUnit { HealthUnit(.inchOfMercury) }

    /// A-weighted sound pressure level in decibels, `dBASPL`: p = 2·10⁻⁵ Pa · 10^(dB/20).
    ///
    /// Logarithmic: converts to pressure units only when standalone.
    public static func decibelAWeightedSoundPressureLevel() -> HealthUnit { HealthUnit(.decibelSoundPressureLevel) }

    /// Hearing level in decibels, `dBHL` (its own dimension).
    public static func decibelHearingLevel() -> HealthUnit { HealthUnit(.decibelHearingLevel) }

    /// Seconds, `s`.
    public static func second() -> HealthUnit { HealthUnit(.second) }

    /// Minutes, `min` (60 s).
    public static func minute() -> HealthUnit { HealthUnit(.minute) }

    /// Hours, `hr` (3600 s).
    public static func hour() -> HealthUnit { HealthUnit(.hour) }

    /// Days, `d` (86400 s).
    public static func day() -> HealthUnit { HealthUnit(.day) }

    /// Joules, `J`.
    public static func joule() -> HealthUnit { HealthUnit(.joule) }

    /// Kilocalories, `kcal` (4184 J).
    public static func kilocalorie() -> HealthUnit { HealthUnit(.kilocalorie) }

    /// Small calories, `cal` (4.184 J).
    public static func smallCalorie() -> HealthUnit { HealthUnit(.smallCalorie) }

    /// Large (food) calories, `Cal` (4184 J): convertible to, but not equal to, `kcal`.
    public static func largeCalorie() -> HealthUnit { HealthUnit(.largeCalorie) }

    /// Degrees Celsius, `degC`. Affine: converts to `K`/`degF` only when standalone.
    public static func degreeCelsius() -> HealthUnit { HealthUnit(.degreeCelsius) }

    /// Degrees Fahrenheit, `degF`. Affine: converts to `K`/`degC` only when standalone.
    public static func degreeFahrenheit() -> HealthUnit { HealthUnit(.degreeFahrenheit) }

    /// Kelvins, `K`.
    public static func kelvin() -> HealthUnit { HealthUnit(.kelvin) }

    /// Siemens, `S` (HealthKit's spelling `siemen`).
    public static func siemen() -> HealthUnit { HealthUnit(.siemens) }

    /// International units, `IU` (their own dimension; convert only to `IU`).
    public static func internationalUnit() -> HealthUnit { HealthUnit(.internationalUnit) }

    /// Hertz, `Hz` (compatible with `1/s` and `count/s`).
    public static func hertz() -> HealthUnit { HealthUnit(.hertz) }

    /// Volts, `V`.
    public static func volt() -> HealthUnit { HealthUnit(.volt) }

    /// Watts, `W` (compatible with `J/s` and `kcal/hr`).
    public static func watt() -> HealthUnit { HealthUnit(.watt) }

    /// Radians, `rad`.
    public static func radianAngle() -> HealthUnit { HealthUnit(.radian) }

    /// Angular degrees, `deg` (π/180 rad).
    public static func degreeAngle() -> HealthUnit { HealthUnit(.degreeAngle) }

    /// Lux, `lx`.
    public static func lux() -> HealthUnit { HealthUnit(.lux) }

    /// Diopters, `D` (their own dimension).
    public static func diopter() -> HealthUnit { HealthUnit(.diopter) }

    /// Prism diopters, `pD` (their own dimension).
    public static func prismDiopter() -> HealthUnit { HealthUnit(.prismDiopter) }

    /// Apple's workout effort score, `appleEffortScore` (its own dimension).
    public static func appleEffortScore() -> HealthUnit { HealthUnit(.appleEffortScore) }

    /// Prefixed meters, e.g. `km` for `.kilo`.
    ///
    /// - Parameter prefix: The metric prefix; `.none` gives plain `m`.
    public static func meterUnit(with prefix: MetricPrefix) -> HealthUnit { HealthUnit(.meter, prefix: prefix) }

    /// Prefixed grams, e.g. `kg` for `.kilo`.
    ///
    /// - Parameter prefix: The metric prefix; `.none` gives plain `g`.
    public static func gramUnit(with prefix: MetricPrefix) -> HealthUnit { HealthUnit(.gram, prefix: prefix) }

    /// Prefixed liters, e.g. `kL` for `.kilo`.
    ///
    /// - Parameter prefix: The metric prefix; `.none` gives plain `L`.
    public static func literUnit(with prefix: MetricPrefix) -> HealthUnit { HealthUnit(.liter, prefix: prefix) }

    /// Prefixed pascals, e.g. `kPa` for `.kilo`.
    ///
    /// - Parameter prefix: The metric prefix; `.none` gives plain `Pa`.
    public static func pascalUnit(with prefix: MetricPrefix) -> HealthUnit { HealthUnit(.pascal, prefix: prefix) }

    /// Prefixed seconds, e.g. `ks` for `.kilo`.
    ///
    /// - Parameter prefix: The metric prefix; `.none` gives plain `s`.
    public static func secondUnit(with prefix: MetricPrefix) -> HealthUnit { HealthUnit(.second, prefix: prefix) }

    /// Prefixed joules, e.g. `kJ` for `.kilo`.
    ///
    /// - Parameter prefix: The metric prefix; `.none` gives plain `J`.
    public static func jouleUnit(with prefix: MetricPrefix) -> HealthUnit { HealthUnit(.joule, prefix: prefix) }

    /// Prefixed siemens, e.g. `kS` for `.kilo`.
    ///
    /// - Parameter prefix: The metric prefix; `.none` gives plain `S`.
    public static func siemenUnit(with prefix: MetricPrefix) -> HealthUnit { HealthUnit(.siemens, prefix: prefix) }

    /// Prefixed hertz, e.g. `kHz` for `.kilo`.
    ///
    /// - Parameter prefix: The metric prefix; `.none` gives plain `Hz`.
    public static func hertzUnit(with prefix: MetricPrefix) -> HealthUnit { HealthUnit(.hertz, prefix: prefix) }

    /// Prefixed volts, e.g. `kV` for `.kilo`.
    ///
    /// - Parameter prefix: The metric prefix; `.none` gives plain `V`.
    public static func voltUnit(with prefix: MetricPrefix) -> HealthUnit { HealthUnit(.volt, prefix: prefix) }

    /// Prefixed watts, e.g. `kW` for `.kilo`.
    ///
    /// - Parameter prefix: The metric prefix; `.none` gives plain `W`.
    public static func wattUnit(with prefix: MetricPrefix) -> HealthUnit { HealthUnit(.watt, prefix: prefix) }

    /// Prefixed radians, e.g. `krad` for `.kilo`.
    ///
    /// - Parameter prefix: The metric prefix; `.none` gives plain `rad`.
    public static func radianAngleUnit(with prefix: MetricPrefix) -> HealthUnit { HealthUnit(.radian, prefix: prefix) }

    /// Prefixed lux, e.g. `klx` for `.kilo`.
    ///
    /// - Parameter prefix: The metric prefix; `.none` gives plain `lx`.
    public static func luxUnit(with prefix: MetricPrefix) -> HealthUnit { HealthUnit(.lux, prefix: prefix) }

    /// Calories, an alias of ``kilocalorie()`` kept for HealthKit source compatibility.
    @available(*, deprecated, renamed: "kilocalorie()", message: "use kilocalorie() or smallCalorie()")
    public static func calorie() -> HealthUnit { kilocalorie() }

    /// HealthKit's molar mass of glucose, in grams per mole, for `mmol<M>/L` blood-glucose units.
    public static let molarMassBloodGlucose = 180.15588000005408

    /// Moles of a substance with the given molar mass, prefixed, e.g. `mmol<180.15588000005408>`.
    ///
    /// ```swift
    /// try HealthUnit.moleUnit(with: .milli, molarMass: HealthUnit.molarMassBloodGlucose)
    ///     .unitDivided(by: .liter()).unitString   // "mmol<180.15588000005408>/L"
    /// ```
    /// - Parameters:
    ///   - prefix: The metric prefix.
    ///   - molarMass: Grams per mole; must be positive and finite.
    /// - Throws: ``HealthUnitError`` with code ``HealthUnitError/Code/invalidMolarMass`` otherwise (HealthKit
    ///   raises an exception).
    public static func moleUnit(with prefix: MetricPrefix, molarMass: Double) throws(HealthUnitError) -> HealthUnit {
        let unit = HealthUnit(.mole, prefix: prefix, molarMass: molarMass)
        guard molarMass.isFinite, molarMass > 0 else {
            throw HealthUnitError(
                code: .invalidMolarMass, unitString: prefix.symbol + "mol",
                message: "molar mass must be positive and finite")
        }
        return unit
    }

    /// Moles of a substance with the given molar mass, `mol<M>`.
    ///
    /// - Parameter molarMass: Grams per mole; must be positive and finite.
    /// - Throws: ``HealthUnitError`` with code ``HealthUnitError/Code/invalidMolarMass`` otherwise.
    public static func moleUnit(withMolarMass molarMass: Double) throws(HealthUnitError) -> HealthUnit {
        try moleUnit(with: .none, molarMass: molarMass)
    }
}
