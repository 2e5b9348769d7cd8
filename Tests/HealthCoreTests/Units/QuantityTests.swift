import Foundation
import HealthCore
import Testing

@Suite("Quantity")
struct QuantityTests {
    @Test func readsInCompatibleUnits() throws {
        let weight = Quantity(unit: .pound(), doubleValue: 150)
        #expect(isClose(try weight.doubleValue(for: .gramUnit(with: .kilo)), 68.0388555))
        #expect(try weight.doubleValue(for: .pound()) == 150)
        #expect(weight.is(compatibleWith: .stone()))
        #expect(!weight.is(compatibleWith: .meter()))
        #expect(throws: HealthUnitError.self) { try weight.doubleValue(for: .meter()) }
    }

    @Test func oxygenSaturationIsAFraction() throws {
        let saturation = Quantity(unit: .percent(), doubleValue: 0.97)
        #expect(try saturation.doubleValue(for: .percent()) == 0.97)
    }

    @Test func comparesAcrossUnits() throws {
        let mile = Quantity(unit: .mile(), doubleValue: 1)
        #expect(try mile.compare(Quantity(unit: .meter(), doubleValue: 1000)) == .orderedDescending)
        #expect(try mile.compare(Quantity(unit: .meterUnit(with: .kilo), doubleValue: 2)) == .orderedAscending)
        #expect(try mile.compare(Quantity(unit: .meter(), doubleValue: 1609.344)) == .orderedSame)
        #expect(throws: HealthUnitError.self) { try mile.compare(Quantity(unit: .second(), doubleValue: 1)) }
    }

    @Test func equalityIsStructural() {
        #expect(Quantity(unit: .gramUnit(with: .kilo), doubleValue: 1) != Quantity(unit: .gram(), doubleValue: 1000))
        #expect(Quantity(unit: .gram(), doubleValue: 5) == Quantity(unit: .gram(), doubleValue: 5))
    }

    @Test func codableRoundTrip() throws {
        let quantity = Quantity(unit: try unit("ml/(kg*min)"), doubleValue: 42.5)
        let json = try JSONEncoderForTests.encode(quantity)
        #expect(json == #"{"doubleValue":42.5,"unit":"mL\/kg·min"}"#)
        #expect(try JSONEncoderForTests.decode(Quantity.self, from: json) == quantity)
        #expect(throws: DecodingError.self) {
            try JSONEncoderForTests.decode(Quantity.self, from: #"{"doubleValue":1,"unit":"m//s"}"#)
        }
    }

    @Test func descriptionShowsValueAndUnit() {
        #expect(Quantity(unit: .count().unitDivided(by: .minute()), doubleValue: 72).description == "72.0 count/min")
    }
}
