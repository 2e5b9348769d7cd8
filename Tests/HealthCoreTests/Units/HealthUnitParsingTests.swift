import HealthCore
import Testing

@Suite("HealthUnit parsing and printing")
struct HealthUnitParsingTests {
    /// Unit strings seen in Health exports (§8.4) and the grammar examples (§2.1), with their canonical print.
    static let canonicalSpellings: [(input: String, canonical: String)] = [
        ("mL/min·kg", "mL/min·kg"),
        ("kcal/hr·kg", "kcal/hr·kg"),
        ("mmol<180.15588000005408>/L", "mmol<180.15588000005408>/L"),
        ("mmol<180.1558800000541>/L", "mmol<180.1558800000541>/L"),
        ("count/min", "count/min"),
        ("Cal", "Cal"),
        ("degF", "degF"),
        ("degC", "degC"),
        ("%", "%"),
        ("dBASPL", "dBASPL"),
        ("dBHL", "dBHL"),
        ("mi", "mi"),
        ("km", "km"),
        ("kJ", "kJ"),
        ("lb", "lb"),
        ("kg", "kg"),
        ("ms", "ms"),
        ("cm", "cm"),
        ("mg/dL", "mg/dL"),
        ("mcg", "mcg"),
        ("µg", "mcg"),
        ("ml/(kg*min)", "mL/kg·min"),
        ("ml/kg*min", "mL/kg·min"),
        ("kg/m.s^2", "kg/m·s^2"),
        ("kg/(m.s^2)", "kg/m·s^2"),
        ("kg.m^-1.s^-2", "kg/m·s^2"),
        ("m^-1", "1/m"),
        ("1/s", "1/s"),
        ("1", "1"),
        ("m*m", "m^2"),
        ("m.s/m", "s"),
        ("K^0*g*K", "g·K"),
        ("m*s*m^-1*m", "s·m"),
        ("m*m^-1", "1"),
        ("mol<180>", "mol<180>"),
        ("dal", "daL"),
        ("fl_oz_us", "fl_oz_us"),
        ("mmHg", "mmHg"),
        ("cmAq", "cmAq"),
        ("inHg", "inHg"),
        ("atm", "atm"),
        ("min", "min"),
        ("hr", "hr"),
        ("d", "d"),
        ("dm", "dm"),
        ("pD", "pD"),
        ("D", "D"),
        ("IU", "IU"),
        ("appleEffortScore", "appleEffortScore"),
        ("rad", "rad"),
        ("deg", "deg"),
        ("klx", "klx"),
        ("mV", "mV"),
        ("µV", "mcV"),
        ("kW", "kW"),
        ("mS", "mS"),
        ("Hz", "Hz"),
        ("K", "K"),
        ("(m)/(s)", "m/s"),
        ("m^+2", "m^2"),
    ]

    @Test("parses, prints canonically and round-trips", arguments: canonicalSpellings)
    func canonicalPrint(input: String, canonical: String) throws {
        let parsed = try unit(input)
        #expect(parsed.unitString == canonical)
        #expect(parsed.description == canonical)
        let reparsed = try unit(parsed.unitString)
        #expect(reparsed == parsed)
        #expect(reparsed.unitString == canonical)
    }

    @Test func equivalentSpellingsAreEqualAndConvertIdentically() throws {
        let spellings = ["kg/m.s^2", "kg/(m.s^2)", "kg.m^-1.s^-2", "kg*m^-1*s^-2", "kg·m^-1·s^-2"]
        let units = try spellings.map { try unit($0) }
        let pascal = HealthUnit.pascal()
        for candidate in units {
            #expect(candidate == units[0])
            #expect(candidate.hashValue == units[0].hashValue)
            #expect(candidate.isCompatible(with: pascal))
            #expect(try candidate.convert(1, to: pascal) == 1)
        }
    }

    @Test func equalityFollowsTheUnitString() throws {
        #expect(try unit("ml/(kg*min)") == unit("mL/kg·min"))
        #expect(try unit("l") == unit("L"))
        #expect(try unit("Cal") != unit("kcal"))
        #expect(try unit("Cal").isCompatible(with: unit("kcal")))
        #expect(try unit("mL/min·kg") != unit("mL/kg·min"))
        #expect(try unit("mmol<180.15588000005408>/L") != unit("mmol<180.1558800000541>/L"))
    }

    @Test func bloodGlucoseMolarMassPrintsExactly() throws {
        let mmolPerLiter = try HealthUnit.moleUnit(with: .milli, molarMass: HealthUnit.molarMassBloodGlucose)
            .unitDivided(by: .liter())
        #expect(mmolPerLiter.unitString == "mmol<180.15588000005408>/L")
        #expect(try mmolPerLiter == unit("mmol<180.15588000005408>/L"))
    }

    @Test func codableUsesTheCanonicalString() throws {
        let encoded = try JSONEncoderForTests.encode([unit("ml/(kg*min)")])
        #expect(encoded == #"["mL\/kg·min"]"#)
        let decoded = try JSONEncoderForTests.decode([HealthUnit].self, from: #"["kcal/hr·kg"]"#)
        #expect(decoded == [try unit("kcal/hr·kg")])
        #expect(throws: DecodingError.self) { try JSONEncoderForTests.decode([HealthUnit].self, from: #"["kgg"]"#) }
    }
}
