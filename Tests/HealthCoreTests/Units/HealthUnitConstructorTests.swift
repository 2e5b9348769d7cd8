import HealthCore
import Testing

@Suite("HealthUnit constructors")
struct HealthUnitConstructorTests {
    static let spellings: [(unit: HealthUnit, expected: String)] = [
        (.count(), "count"), (.percent(), "%"),
        (.meter(), "m"), (.meterUnit(with: .centi), "cm"), (.inch(), "in"), (.foot(), "ft"), (.yard(), "yd"),
        (.mile(), "mi"),
        (.gram(), "g"), (.gramUnit(with: .kilo), "kg"), (.gramUnit(with: .micro), "mcg"), (.ounce(), "oz"),
        (.pound(), "lb"), (.stone(), "st"),
        (.liter(), "L"), (.literUnit(with: .milli), "mL"), (.literUnit(with: .deci), "dL"),
        (.fluidOunceUS(), "fl_oz_us"), (.fluidOunceImperial(), "fl_oz_imp"), (.pintUS(), "pt_us"),
        (.pintImperial(), "pt_imp"), (.cupUS(), "cup_us"), (.cupImperial(), "cup_imp"),
        (.pascal(), "Pa"), (.pascalUnit(with: .kilo), "kPa"), (.millimeterOfMercury(), "mmHg"),
        (.centimeterOfWater(), "cmAq"), (.atmosphere(), "atm"), (.inchesOfMercury(), "inHg"),
        (.decibelAWeightedSoundPressureLevel(), "dBASPL"), (.decibelHearingLevel(), "dBHL"),
        (.second(), "s"), (.secondUnit(with: .milli), "ms"), (.minute(), "min"), (.hour(), "hr"), (.day(), "d"),
        (.joule(), "J"), (.jouleUnit(with: .kilo), "kJ"), (.kilocalorie(), "kcal"), (.smallCalorie(), "cal"),
        (.largeCalorie(), "Cal"),
        (.degreeCelsius(), "degC"), (.degreeFahrenheit(), "degF"), (.kelvin(), "K"),
        (.siemen(), "S"), (.siemenUnit(with: .micro), "mcS"), (.internationalUnit(), "IU"),
        (.hertz(), "Hz"), (.hertzUnit(with: .kilo), "kHz"), (.volt(), "V"), (.voltUnit(with: .micro), "mcV"),
        (.watt(), "W"), (.wattUnit(with: .kilo), "kW"), (.radianAngle(), "rad"),
        (.radianAngleUnit(with: .milli), "mrad"),
        (.degreeAngle(), "deg"), (.lux(), "lx"), (.luxUnit(with: .kilo), "klx"), (.diopter(), "D"),
        (.prismDiopter(), "pD"), (.appleEffortScore(), "appleEffortScore"),
        (.meterUnit(with: .none), "m"), (.meterUnit(with: .femto), "fm"), (.meterUnit(with: .pico), "pm"),
        (.meterUnit(with: .nano), "nm"), (.meterUnit(with: .deca), "dam"), (.meterUnit(with: .hecto), "hm"),
        (.meterUnit(with: .mega), "Mm"), (.meterUnit(with: .giga), "Gm"), (.meterUnit(with: .tera), "Tm"),
    ]

    @Test("constructors print HealthKit's spellings and parse back", arguments: spellings)
    func spelling(unit: HealthUnit, expected: String) throws {
        #expect(unit.unitString == expected)
        #expect(try HealthUnit(from: expected) == unit)
    }

    @Test func compoundConstructors() throws {
        let vo2max = HealthUnit.literUnit(with: .milli).unitDivided(by: .minute()).unitDivided(
            by: .gramUnit(with: .kilo))
        #expect(vo2max.unitString == "mL/min·kg")
        let mets = HealthUnit.kilocalorie().unitDivided(
            by: HealthUnit.hour().unitMultiplied(by: .gramUnit(with: .kilo)))
        #expect(mets.unitString == "kcal/hr·kg")
        #expect(HealthUnit.count().unitDivided(by: .minute()).unitString == "count/min")
        #expect(HealthUnit.meter().unitRaised(toPower: 3).unitString == "m^3")
        #expect(HealthUnit.meter().unitRaised(toPower: 0).unitString == "1")
        #expect(HealthUnit.second().reciprocal().unitString == "1/s")
        #expect(HealthUnit.meter().unitDivided(by: .second()).reciprocal().unitString == "s/m")
        #expect(HealthUnit.meter().unitMultiplied(by: .meter()).unitString == "m^2")
        #expect(HealthUnit.meter().unitDivided(by: .meter()).unitString == "1")
        let glucose = try HealthUnit.moleUnit(with: .milli, molarMass: HealthUnit.molarMassBloodGlucose)
        #expect(glucose.unitString == "mmol<180.15588000005408>")
        #expect(try HealthUnit.moleUnit(withMolarMass: 18.01528).unitString == "mol<18.01528>")
        #expect(HealthUnit.molarMassBloodGlucose == 180.15588000005408)
    }

    @Test func extremeExponentsSaturateWithoutTrapping() {
        let huge = HealthUnit.meter().unitRaised(toPower: Int.max).unitRaised(toPower: Int.min)
        #expect(huge.unitString == "1/m^\(Int.max)")
        #expect(!huge.isCompatible(with: .meter()))
    }

    @available(*, deprecated)
    @Test func deprecatedCalorieIsKilocalorie() {
        #expect(HealthUnit.calorie() == .kilocalorie())
    }

    @Test func metricPrefixRawValuesMatchHealthKit() {
        #expect(MetricPrefix.allCases.map(\.rawValue) == Array(0...13))
        #expect(MetricPrefix.micro.symbol == "mc")
        #expect(MetricPrefix.femto.powerOfTen == -15)
        #expect(MetricPrefix(rawValue: 9) == .kilo)
    }
}
