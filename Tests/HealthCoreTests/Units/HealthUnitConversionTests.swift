import HealthCore
import Testing

@Suite("HealthUnit conversion")
struct HealthUnitConversionTests {
    /// §2.5 conversion vectors (relative tolerance 1e-12).
    static let vectors: [(value: Double, from: String, to: String, expected: Double)] = [
        (1, "lb", "kg", 0.45359237),
        (1, "kg", "lb", 2.2046226218487757),
        (1, "st", "kg", 6.35029318),
        (1, "st", "lb", 14),
        (1, "mi", "m", 1609.344),
        (5, "km", "mi", 3.1068559611866697),
        (100, "kJ", "kcal", 23.90057361376673),
        (1, "kcal", "Cal", 1),
        (1, "kcal", "cal", 1000),
        (1, "kcal", "kJ", 4.184),
        (0, "degC", "K", 273.15),
        (120, "mmHg", "Pa", 15998.688),
        (1, "atm", "mmHg", 759.9998199852389),
        (100, "mg/dL", "mmol<180.15588000005408>/L", 5.550748607260001),
        (5.5, "mmol<180.15588000005408>/L", "mg/dL", 99.08573400002975),
        (60, "count/min", "count/s", 1),
        (60, "count/min", "Hz", 1),
        (8, "fl_oz_us", "cup_us", 1),
        (1, "cup_us", "mL", 236.5882365),
        (94, "dBASPL", "Pa", 1.0023744672545452),
        (1, "Pa", "dBASPL", 93.97940008672037),
        (0.97, "%", "%", 0.97),
    ]

    @Test("§2.5 vectors", arguments: vectors)
    func vector(value: Double, from: String, to: String, expected: Double) throws {
        let actual = try convert(value, from, to)
        #expect(isClose(actual, expected), "\(value) \(from) → \(actual) \(to), expected \(expected)")
    }

    @Test func exactFloatingPointResults() throws {
        #expect(try convert(37, "degC", "degF") == 98.60000000000001)
        #expect(try convert(0, "degC", "K") == 273.15)
        #expect(try convert(1, "lb", "kg") == 0.45359237)
        #expect(try convert(100, "mg/dL", "g/L") == 1)
        #expect(try convert(1, "L", "mL") == 1000)
    }

    static let equivalences: [(value: Double, from: String, to: String, expected: Double)] = [
        (1, "L", "dm^3", 1),
        (1, "m^3", "L", 1000),
        (1, "W", "J/s", 1),
        (1, "kcal/hr", "W", 4184.0 / 3600.0),
        (1, "Hz", "1/s", 1),
        (1, "mol<180>", "g", 180),
        (1, "mmol<180.15588000005408>/L", "mg/dL", 18.015588000005408),
        (50, "%", "count", 0.5),
        (1, "count", "%", 100),
        (180, "deg", "rad", Double.pi),
        (1, "kg/m.s^2", "Pa", 1),
        (1, "J", "kg.m^2/s^2", 1),
        (1, "m/km", "count", 0.001),
        (212, "degF", "degC", 100),
        (300, "K", "degC", 26.850000000000023),
        (32, "degF", "K", 273.15),
        (1000, "mK", "degC", -272.15),
        (1, "hr", "min", 60),
        (1, "d", "hr", 24),
        (1, "ft", "in", 12),
        (1, "yd", "ft", 3),
        (1, "pt_us", "fl_oz_us", 16),
        (1, "pt_imp", "fl_oz_imp", 20),
        (1, "cup_imp", "fl_oz_imp", 10),
        (1, "lb", "oz", 16),
        (10, "cmAq", "Pa", 980.665),
        (1, "inHg", "Pa", 3386.38816),
        (1, "IU", "IU", 1),
        (1, "kS", "S", 1000),
        (1, "mV", "V", 0.001),
        (1, "klx", "lx", 1000),
    ]

    @Test("dimensional equivalences", arguments: equivalences)
    func equivalence(value: Double, from: String, to: String, expected: Double) throws {
        let actual = try convert(value, from, to)
        #expect(isClose(actual, expected), "\(value) \(from) → \(actual) \(to), expected \(expected)")
        #expect(try unit(from).isCompatible(with: unit(to)))
    }

    @Test func dimensionlessUnits() throws {
        #expect(HealthUnit.count().isDimensionless)
        #expect(HealthUnit.percent().isDimensionless)
        #expect(try unit("m/km").isDimensionless)
        #expect(try unit("1").isDimensionless)
        #expect(!HealthUnit.hertz().isDimensionless)
        #expect(!HealthUnit.internationalUnit().isDimensionless)
    }

    @Test func soundPressureLevelRoundTrips() throws {
        for level in [0.0, 30, 60, 85, 94, 120] {
            let pascals = try convert(level, "dBASPL", "Pa")
            #expect(isClose(try convert(pascals, "Pa", "dBASPL"), level, relative: 1e-12) || level == 0)
        }
        #expect(isClose(try convert(0, "dBASPL", "mPa"), 0.02))
    }

    /// The converter the store's writer keeps per run of rows gives what `convert(_:to:)` gives, bit for bit,
    /// and refuses what it refuses with the same code.
    @Test func aConverterGivesExactlyWhatConvertGives() throws {
        let extra: [(Double, String, String)] = [
            (37, "degC", "degF"), (98.6, "degF", "degC"), (300, "K", "degF"), (-40, "degF", "K"),
            (0.5, "kcal", "kJ"), (72, "count/min", "count/min"), (123.456, "mL/(kg*min)", "L/(kg*hr)"),
        ]
        for (value, from, to) in Self.vectors.map({ ($0.value, $0.from, $0.to) }) + extra {
            let source = try HealthUnit(from: from)
            let target = try HealthUnit(from: to)
            let expected = try source.convert(value, to: target)
            let converted = try HealthUnit.Converter(from: source, to: target).convert(value)
            #expect(converted.bitPattern == expected.bitPattern, "\(value) \(from) → \(to)")
        }
        for (from, to) in [("kg", "m"), ("degC/min", "degF/min"), ("dBASPL", "count")] {
            let source = try HealthUnit(from: from)
            let target = try HealthUnit(from: to)
            var converting: HealthUnitError.Code?
            var making: HealthUnitError.Code?
            do { _ = try source.convert(1, to: target) } catch { converting = error.code }
            do { _ = try HealthUnit.Converter(from: source, to: target) } catch { making = error.code }
            #expect(converting != nil && making == converting, "\(from) → \(to)")
        }
    }
}
