import HealthCore

// HealthKit's unit constructors (`HKUnit.meter()`, `HKUnit.gramUnit(with: .kilo)`, …), each mapping
// HealthCore's constructor of the same name.

extension HKUnit {
    /// `HealthUnit.count()`.
    public static func count() -> HKUnit { HKUnit(HealthUnit.count()) }

    /// `HealthUnit.percent()`.
    public static func percent() -> HKUnit { HKUnit(HealthUnit.percent()) }

    /// `HealthUnit.meter()`.
    public static func meter() -> HKUnit { HKUnit(HealthUnit.meter()) }

    /// `HealthUnit.inch()`.
    public static func inch() -> HKUnit { HKUnit(HealthUnit.inch()) }

    /// `HealthUnit.foot()`.
    public static func foot() -> HKUnit { HKUnit(HealthUnit.foot()) }

    /// `HealthUnit.yard()`.
    public static func yard() -> HKUnit { HKUnit(HealthUnit.yard()) }

    /// `HealthUnit.mile()`.
    public static func mile() -> HKUnit { HKUnit(HealthUnit.mile()) }

    /// `HealthUnit.gram()`.
    public static func gram() -> HKUnit { HKUnit(HealthUnit.gram()) }

    /// `HealthUnit.ounce()`.
    public static func ounce() -> HKUnit { HKUnit(HealthUnit.ounce()) }

    /// `HealthUnit.pound()`.
    public static func pound() -> HKUnit { HKUnit(HealthUnit.pound()) }

    /// `HealthUnit.stone()`.
    public static func stone() -> HKUnit { HKUnit(HealthUnit.stone()) }

    /// `HealthUnit.liter()`.
    public static func liter() -> HKUnit { HKUnit(HealthUnit.liter()) }

    /// `HealthUnit.fluidOunceUS()`.
    public static func fluidOunceUS() -> HKUnit { HKUnit(HealthUnit.fluidOunceUS()) }

    /// `HealthUnit.fluidOunceImperial()`.
    public static func fluidOunceImperial() -> HKUnit { HKUnit(HealthUnit.fluidOunceImperial()) }

    /// `HealthUnit.pintUS()`.
    public static func pintUS() -> HKUnit { HKUnit(HealthUnit.pintUS()) }

    /// `HealthUnit.pintImperial()`.
    public static func pintImperial() -> HKUnit { HKUnit(HealthUnit.pintImperial()) }

    /// `HealthUnit.cupUS()`.
    public static func cupUS() -> HKUnit { HKUnit(HealthUnit.cupUS()) }

    /// `HealthUnit.cupImperial()`.
    public static func cupImperial() -> HKUnit { HKUnit(HealthUnit.cupImperial()) }

    /// `HealthUnit.pascal()`.
    public static func pascal() -> HKUnit { HKUnit(HealthUnit.pascal()) }

    /// `HealthUnit.millimeterOfMercury()`.
    public static func millimeterOfMercury() -> HKUnit { HKUnit(HealthUnit.millimeterOfMercury()) }

    /// `HealthUnit.centimeterOfWater()`.
    public static func centimeterOfWater() -> HKUnit { HKUnit(HealthUnit.centimeterOfWater()) }

    /// `HealthUnit.atmosphere()`.
    public static func atmosphere() -> HKUnit { HKUnit(HealthUnit.atmosphere()) }

    /// `HealthUnit.inchesOfMercury()`.
    public static func inchesOfMercury() -> HKUnit { HKUnit(HealthUnit.inchesOfMercury()) }

    /// `HealthUnit.decibelAWeightedSoundPressureLevel()`.
    public static func decibelAWeightedSoundPressureLevel() -> HKUnit {
        HKUnit(HealthUnit.decibelAWeightedSoundPressureLevel())
    }

    /// `HealthUnit.decibelHearingLevel()`.
    public static func decibelHearingLevel() -> HKUnit { HKUnit(HealthUnit.decibelHearingLevel()) }

    /// `HealthUnit.second()`.
    public static func second() -> HKUnit { HKUnit(HealthUnit.second()) }

    /// `HealthUnit.minute()`.
    public static func minute() -> HKUnit { HKUnit(HealthUnit.minute()) }

    /// `HealthUnit.hour()`.
    public static func hour() -> HKUnit { HKUnit(HealthUnit.hour()) }

    /// `HealthUnit.day()`.
    public static func day() -> HKUnit { HKUnit(HealthUnit.day()) }

    /// `HealthUnit.joule()`.
    public static func joule() -> HKUnit { HKUnit(HealthUnit.joule()) }

    /// `HealthUnit.kilocalorie()`.
    public static func kilocalorie() -> HKUnit { HKUnit(HealthUnit.kilocalorie()) }

    /// `HealthUnit.smallCalorie()`.
    public static func smallCalorie() -> HKUnit { HKUnit(HealthUnit.smallCalorie()) }

    /// `HealthUnit.largeCalorie()`.
    public static func largeCalorie() -> HKUnit { HKUnit(HealthUnit.largeCalorie()) }

    /// `HealthUnit.degreeCelsius()`.
    public static func degreeCelsius() -> HKUnit { HKUnit(HealthUnit.degreeCelsius()) }

    /// `HealthUnit.degreeFahrenheit()`.
    public static func degreeFahrenheit() -> HKUnit { HKUnit(HealthUnit.degreeFahrenheit()) }

    /// `HealthUnit.kelvin()`.
    public static func kelvin() -> HKUnit { HKUnit(HealthUnit.kelvin()) }

    /// `HealthUnit.siemen()`.
    public static func siemen() -> HKUnit { HKUnit(HealthUnit.siemen()) }

    /// `HealthUnit.internationalUnit()`.
    public static func internationalUnit() -> HKUnit { HKUnit(HealthUnit.internationalUnit()) }

    /// `HealthUnit.hertz()`.
    public static func hertz() -> HKUnit { HKUnit(HealthUnit.hertz()) }

    /// `HealthUnit.volt()`.
    public static func volt() -> HKUnit { HKUnit(HealthUnit.volt()) }

    /// `HealthUnit.watt()`.
    public static func watt() -> HKUnit { HKUnit(HealthUnit.watt()) }

    /// `HealthUnit.radianAngle()`.
    public static func radianAngle() -> HKUnit { HKUnit(HealthUnit.radianAngle()) }

    /// `HealthUnit.degreeAngle()`.
    public static func degreeAngle() -> HKUnit { HKUnit(HealthUnit.degreeAngle()) }

    /// `HealthUnit.lux()`.
    public static func lux() -> HKUnit { HKUnit(HealthUnit.lux()) }

    /// `HealthUnit.diopter()`.
    public static func diopter() -> HKUnit { HKUnit(HealthUnit.diopter()) }

    /// `HealthUnit.prismDiopter()`.
    public static func prismDiopter() -> HKUnit { HKUnit(HealthUnit.prismDiopter()) }

    /// `HealthUnit.appleEffortScore()`.
    public static func appleEffortScore() -> HKUnit { HKUnit(HealthUnit.appleEffortScore()) }

    /// `HealthUnit.meterUnit(with:)`.
    public static func meterUnit(with prefix: HKMetricPrefix) -> HKUnit {
        HKUnit(HealthUnit.meterUnit(with: prefix.engineValue))
    }

    /// `HealthUnit.gramUnit(with:)`.
    public static func gramUnit(with prefix: HKMetricPrefix) -> HKUnit {
        HKUnit(HealthUnit.gramUnit(with: prefix.engineValue))
    }

    /// `HealthUnit.literUnit(with:)`.
    public static func literUnit(with prefix: HKMetricPrefix) -> HKUnit {
        HKUnit(HealthUnit.literUnit(with: prefix.engineValue))
    }

    /// `HealthUnit.pascalUnit(with:)`.
    public static func pascalUnit(with prefix: HKMetricPrefix) -> HKUnit {
        HKUnit(HealthUnit.pascalUnit(with: prefix.engineValue))
    }

    /// `HealthUnit.secondUnit(with:)`.
    public static func secondUnit(with prefix: HKMetricPrefix) -> HKUnit {
        HKUnit(HealthUnit.secondUnit(with: prefix.engineValue))
    }

    /// `HealthUnit.jouleUnit(with:)`.
    public static func jouleUnit(with prefix: HKMetricPrefix) -> HKUnit {
        HKUnit(HealthUnit.jouleUnit(with: prefix.engineValue))
    }

    /// `HealthUnit.siemenUnit(with:)`.
    public static func siemenUnit(with prefix: HKMetricPrefix) -> HKUnit {
        HKUnit(HealthUnit.siemenUnit(with: prefix.engineValue))
    }

    /// `HealthUnit.hertzUnit(with:)`.
    public static func hertzUnit(with prefix: HKMetricPrefix) -> HKUnit {
        HKUnit(HealthUnit.hertzUnit(with: prefix.engineValue))
    }

    /// `HealthUnit.voltUnit(with:)`.
    public static func voltUnit(with prefix: HKMetricPrefix) -> HKUnit {
        HKUnit(HealthUnit.voltUnit(with: prefix.engineValue))
    }

    /// `HealthUnit.wattUnit(with:)`.
    public static func wattUnit(with prefix: HKMetricPrefix) -> HKUnit {
        HKUnit(HealthUnit.wattUnit(with: prefix.engineValue))
    }

    /// `HealthUnit.radianAngleUnit(with:)`.
    public static func radianAngleUnit(with prefix: HKMetricPrefix) -> HKUnit {
        HKUnit(HealthUnit.radianAngleUnit(with: prefix.engineValue))
    }

    /// `HealthUnit.luxUnit(with:)`.
    public static func luxUnit(with prefix: HKMetricPrefix) -> HKUnit {
        HKUnit(HealthUnit.luxUnit(with: prefix.engineValue))
    }

    /// Kilocalories under HealthKit's deprecated name.
    @available(*, deprecated, renamed: "kilocalorie()")
    public static func calorie() -> HKUnit { kilocalorie() }

    /// Moles of a substance with a molar mass in g/mol, prefixed, e.g. `mmol<180.15588000005408>`.
    ///
    /// HealthKit raises an exception for a molar mass that is not positive and finite; the unit then carries the
    /// problem (see ``HKUnit``).
    public static func moleUnit(with prefix: HKMetricPrefix, molarMass gramsPerMole: Double) -> HKUnit {
        do {
            return HKUnit(try HealthUnit.moleUnit(with: prefix.engineValue, molarMass: gramsPerMole))
        } catch {
            return HKUnit(invalid: "mol", problem: "Invalid molar mass for moleUnit: \(error.description)")
        }
    }

    /// Moles of a substance with a molar mass in g/mol, `mol<M>`.
    public static func moleUnit(withMolarMass gramsPerMole: Double) -> HKUnit {
        moleUnit(with: .none, molarMass: gramsPerMole)
    }
}
