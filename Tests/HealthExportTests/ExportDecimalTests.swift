import Foundation
import HealthSimulation
import Testing

@testable import HealthExport

/// A record's value parses to the same double as `Double(text)`, bit for bit: the content key hashes its bits.
@Suite struct ExportDecimalTests {
    static func same(_ text: String) -> Bool {
        let parsed = ExportDecimal.parse(text)
        let reference = Double(text)
        return parsed?.bitPattern == reference?.bitPattern || (parsed?.isNaN == true && reference?.isNaN == true)
    }

    @Test(arguments: [
        "0", "-0", "72", "0.529", "-3.25", "00.5", "1.50", "9007199254740992", "9007199254740993",
        "0.1", "0.3", "123456789012345.6", "1234567890123456789", "12345678901234567890", "1.", ".5", "-", "",
        "+1", "1e3", "1E-7", "nan", "inf", " 1", "1 ", "1.2.3", "0x10", "1,5", "٣",
        "0.0000000000000000000001", "0.00000000000000000000001", "179769313486231570000000",
    ])
    func chosenCasesAgreeWithDouble(_ text: String) {
        #expect(Self.same(text), "\(text)")
    }

    @Test func theFastPathTakesTheHealthAppsDecimals() {
        for text in ["72", "0.529", "-3.25", "0.6213711922373339", "1.50"] {
            let taken = text.utf8.withContiguousStorageIfAvailable { ExportDecimal.fastPath($0) } ?? nil
            #expect(taken != nil, "\(text)")
        }
        for text in ["1e3", "+1", "1.", "12345678901234567890", "9007199254740993", "61.000000000000007"] {
            let taken = text.utf8.withContiguousStorageIfAvailable { ExportDecimal.fastPath($0) } ?? nil
            #expect(taken == nil, "\(text)")
        }
    }

    @Test func randomDecimalsAgreeWithDouble() {
        var random = SplitMix64(seed: 17)
        var disagreements: [String] = []
        for _ in 0..<200_000 {
            let integerDigits = Int.random(in: 1...17, using: &random)
            let fractionDigits = Int.random(in: 0...24, using: &random)
            var text = Bool.random(using: &random) ? "-" : ""
            for _ in 0..<integerDigits { text.append(Character(String(Int.random(in: 0...9, using: &random)))) }
            if fractionDigits > 0 {
                text.append(".")
                for _ in 0..<fractionDigits { text.append(Character(String(Int.random(in: 0...9, using: &random)))) }
            }
            if !Self.same(text) { disagreements.append(text) }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
    }
}
