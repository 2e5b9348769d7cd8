import HealthCore
import Testing

@Suite("HealthUnit errors")
struct HealthUnitErrorTests {
    static let parseFailures: [(input: String, code: HealthUnitError.Code, position: Int)] = [
        ("kgg", .unknownUnit, 0),
        ("m//s", .unparsable, 2),
        ("m^x", .unparsable, 2),
        ("mol<abc>", .unparsable, 4),
        ("", .unparsable, 0),
        ("(m", .unparsable, 2),
        ("m/s/kg", .unparsable, 3),
        ("m/", .unparsable, 2),
        ("m*", .unparsable, 2),
        ("kg m", .unparsable, 2),
        ("mol", .unparsable, 3),
        ("mol<0>", .invalidMolarMass, 4),
        ("mol<180", .unparsable, 7),
        ("kmin", .unknownUnit, 0),
        ("kcount", .unknownUnit, 0),
        ("m/xyz", .unknownUnit, 2),
        ("m^99999999999999999999", .unparsable, 2),
        ("m2", .unparsable, 1),
        ("g<5>", .unparsable, 1),
        (")", .unparsable, 0),
    ]

    @Test("bad strings throw a typed error with the string and position", arguments: parseFailures)
    func parseFailure(input: String, code: HealthUnitError.Code, position: Int) {
        #expect {
            _ = try HealthUnit(from: input)
        } throws: { error in
            guard let error = error as? HealthUnitError else { return false }
            return error.code == code && error.position == position && error.unitString == input
                && error.targetUnitString == nil
        }
    }

    @Test func descriptionNamesStringAndPosition() {
        do {
            _ = try HealthUnit(from: "m//s")
            Issue.record("expected an error")
        } catch {
            #expect(error.description == #"unparsable: "m//s" at position 2: expected a unit, found '/'"#)
        }
        do {
            _ = try HealthUnit(from: "kgg")
            Issue.record("expected an error")
        } catch {
            #expect(error.description == #"unknownUnit: "kgg" at position 0: unknown unit "kgg""#)
        }
    }

    static let incompatiblePairs: [(from: String, to: String, code: HealthUnitError.Code)] = [
        ("kg", "m", .incompatibleUnits),
        ("dBASPL", "m", .incompatibleUnits),
        ("dBASPL/s", "Pa/s", .nonLinearCompound),
        ("Pa/s", "dBASPL/s", .nonLinearCompound),
        ("dBASPL^2", "Pa^2", .nonLinearCompound),
        ("degC/min", "degF/min", .nonLinearCompound),
        ("degC/min", "K/min", .nonLinearCompound),
        ("K/min", "degF/min", .nonLinearCompound),
        ("IU", "count", .incompatibleUnits),
        ("dBHL", "dBASPL", .incompatibleUnits),
        ("D", "1/m", .incompatibleUnits),
        ("V", "S", .incompatibleUnits),
        ("appleEffortScore", "count", .incompatibleUnits),
        ("count/min", "count/m", .incompatibleUnits),
    ]

    @Test("incompatible conversions throw and never crash", arguments: incompatiblePairs)
    func incompatibleConversion(from: String, to: String, code: HealthUnitError.Code) throws {
        let source = try unit(from)
        let target = try unit(to)
        #expect(!source.isCompatible(with: target))
        #expect(!Quantity(unit: source, doubleValue: 1).is(compatibleWith: target))
        #expect {
            _ = try source.convert(42.5, to: target)
        } throws: { error in
            guard let error = error as? HealthUnitError else { return false }
            return error.code == code && error.unitString == source.unitString
                && error.targetUnitString == target.unitString && error.position == nil
        }
    }

    @Test func conversionErrorNeverShowsTheValue() throws {
        do {
            _ = try Quantity(unit: .gramUnit(with: .kilo), doubleValue: 73.25).doubleValue(for: .meter())
            Issue.record("expected an error")
        } catch {
            #expect(!error.description.contains("73"))
            #expect(error.description.contains("\"kg\" to \"m\""))
        }
    }

    @Test func nonLinearUnitsConvertToThemselves() throws {
        #expect(try convert(3, "degC/min", "degC/min") == 3)
        #expect(try unit("degC/min").isCompatible(with: unit("degC/min")))
    }

    @Test func invalidMolarMassConstructorsThrow() {
        #expect(throws: HealthUnitError.self) { try HealthUnit.moleUnit(withMolarMass: 0) }
        #expect(throws: HealthUnitError.self) { try HealthUnit.moleUnit(with: .milli, molarMass: .nan) }
        #expect(throws: HealthUnitError.self) { try HealthUnit.moleUnit(with: .milli, molarMass: -.infinity) }
    }
}
