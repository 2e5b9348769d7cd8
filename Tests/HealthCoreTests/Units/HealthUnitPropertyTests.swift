import HealthCore
import PropertyBased
import Testing

/// One generated factor: a dimension pool, two picks from it (for the two spellings), an exponent and a
/// separator for the alternative spelling.
struct GeneratedFactor: Sendable, CustomStringConvertible {
    var pool: Int
    var first: Int
    var second: Int
    var exponent: Int
    var separator: Int

    var firstAtom: HealthUnit { HealthUnitPropertyTests.atom(pool, first) }
    var secondAtom: HealthUnit { HealthUnitPropertyTests.atom(pool, second) }
    var description: String { "\(firstAtom)^\(exponent) ~ \(secondAtom)^\(exponent)" }
}

@Suite("HealthUnit properties")
struct HealthUnitPropertyTests {
    /// Linear atoms grouped by dimension; every atom in a pool converts to every other.
    static let pools: [[HealthUnit]] = [
        prefixed(HealthUnit.gramUnit(with:)) + [.ounce(), .pound(), .stone()] + moles,
        prefixed(HealthUnit.meterUnit(with:)) + [.inch(), .foot(), .yard(), .mile()],
        prefixed(HealthUnit.literUnit(with:)) + [
            .fluidOunceUS(), .fluidOunceImperial(), .pintUS(), .pintImperial(), .cupUS(), .cupImperial(),
        ],
        prefixed(HealthUnit.secondUnit(with:)) + [.minute(), .hour(), .day()],
        prefixed(HealthUnit.pascalUnit(with:)) + [
            .millimeterOfMercury(), .centimeterOfWater(), .atmosphere(), .inchesOfMercury(),
        ],
        prefixed(HealthUnit.jouleUnit(with:)) + [.kilocalorie(), .smallCalorie(), .largeCalorie()],
        [.count(), .percent()],
        prefixed(HealthUnit.hertzUnit(with:)),
        prefixed(HealthUnit.wattUnit(with:)),
        prefixed(HealthUnit.radianAngleUnit(with:)) + [.degreeAngle()],
        prefixed(HealthUnit.siemenUnit(with:)),
        prefixed(HealthUnit.voltUnit(with:)),
        prefixed(HealthUnit.luxUnit(with:)),
        prefixed(HealthUnit.secondUnit(with:)).map { $0.reciprocal() } + [
            .hertz(), .count().unitDivided(by: .minute()),
        ],
        [.kelvin()], [.internationalUnit()], [.decibelHearingLevel()], [.diopter()], [.prismDiopter()],
        [.appleEffortScore()],
    ]

    static let moles: [HealthUnit] =
        [MetricPrefix.none, .milli, .micro].compactMap { prefix in
            try? HealthUnit.moleUnit(with: prefix, molarMass: HealthUnit.molarMassBloodGlucose)
        } + [18.01528, 1, 0.5, 342.2965].compactMap { try? HealthUnit.moleUnit(withMolarMass: $0) }

    static func prefixed(_ make: (MetricPrefix) -> HealthUnit) -> [HealthUnit] {
        MetricPrefix.allCases.map(make)
    }

    static func atom(_ pool: Int, _ pick: Int) -> HealthUnit {
        let atoms = pools[pool % pools.count]
        return atoms[pick % atoms.count]
    }

    static let separators = ["*", ".", "·"]

    static let factor = zip(
        Gen.int(in: 0...(pools.count - 1)), Gen.int(in: 0...99), Gen.int(in: 0...99), Gen.int(in: -3...3),
        Gen.int(in: 0...2)
    )
    .map { GeneratedFactor(pool: $0.0, first: $0.1, second: $0.2, exponent: $0.3, separator: $0.4) }

    static let compound = factor.array(of: 1...3)

    static func build(_ factors: [GeneratedFactor], _ atom: (GeneratedFactor) -> HealthUnit) -> HealthUnit {
        factors.reduce(HealthUnit.count().unitDivided(by: .count())) { unit, factor in
            unit.unitMultiplied(by: atom(factor).unitRaised(toPower: factor.exponent))
        }
    }

    @Test func printedUnitsParseBackEqual() async {
        await propertyCheck(count: 500, input: Self.compound) { factors in
            let unit = Self.build(factors) { $0.firstAtom }
            let reparsed = try HealthUnit(from: unit.unitString)
            #expect(reparsed == unit)
            #expect(reparsed.unitString == unit.unitString)
        }
    }

    @Test func alternativeSpellingsParseToTheSameUnit() async {
        // Distinct single atoms: with repeats, a flat spelling can legitimately merge in a different order.
        let singleAtoms = Self.compound.filter { factors in
            let symbols = factors.map(\.firstAtom.unitString)
            return Set(symbols).count == symbols.count && symbols.allSatisfy { !$0.contains("/") }
        }
        await propertyCheck(count: 500, input: singleAtoms) { factors in
            let unit = Self.build(factors) { $0.firstAtom }
            // Every factor in the numerator with a signed exponent, joined by a random separator.
            let spelling = factors.enumerated().map { index, factor in
                (index == 0 ? "" : Self.separators[factor.separator]) + factor.firstAtom.unitString + "^"
                    + String(factor.exponent)
            }
            .joined()
            let parsed = try HealthUnit(from: spelling)
            #expect(parsed == unit, "\(spelling)")
        }
    }

    @Test func roundTripConversionBetweenEquivalentUnits() async {
        let values = Gen.double(in: -1e6...1e6)
        await propertyCheck(count: 500, input: Self.compound, values) { factors, value in
            let source = Self.build(factors) { $0.firstAtom }
            let target = Self.build(factors) { $0.secondAtom }
            #expect(source.isCompatible(with: target))
            let there = try source.convert(value, to: target)
            let back = try target.convert(there, to: source)
            #expect(isClose(back, value), "\(value) \(source) → \(there) \(target) → \(back)")
        }
    }

    @Test func standaloneTemperaturesRoundTrip() async {
        let temperatures: [HealthUnit] = [.degreeCelsius(), .degreeFahrenheit(), .kelvin(), .kelvinInMilli]
        await propertyCheck(
            count: 200, input: Gen.int(in: 0...3), Gen.int(in: 0...3), Gen.double(in: -100...1000)
        ) { first, second, value in
            let there = try temperatures[first].convert(value, to: temperatures[second])
            let back = try temperatures[second].convert(there, to: temperatures[first])
            #expect(abs(back - value) <= 1e-9 * max(1, abs(value)))
        }
    }

    @Test func randomMolarMassesRoundTrip() async {
        await propertyCheck(count: 300, input: Gen.double(in: 1e-3...1e7), Gen.int(in: 0...13)) { mass, raw in
            let prefix = MetricPrefix(rawValue: raw) ?? .none
            let unit = try HealthUnit.moleUnit(with: prefix, molarMass: mass).unitDivided(by: .liter())
            let parsed = try HealthUnit(from: unit.unitString)
            #expect(parsed == unit)
        }
    }
}

extension HealthUnit {
    fileprivate static var kelvinInMilli: HealthUnit { (try? HealthUnit(from: "mK")) ?? .kelvin() }
}
