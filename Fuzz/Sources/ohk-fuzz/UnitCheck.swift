import Foundation
import HealthCore

/// The unit parser (HealthCore's `HealthUnit(from:)`, which every save, import and API request goes through) on the
/// input read as text: it never crashes; a unit it accepts prints as a string that parses back to the same unit,
/// is compatible with itself, and converts a value to itself unchanged.
enum UnitCheck {
    static func run(_ body: [UInt8]) {
        // Unit strings are short: the first line of the input, at most 256 bytes.
        let line = body.prefix(256).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).first ?? []
        let text = String(decoding: line, as: UTF8.self)
        guard let unit = try? HealthUnit(from: text) else { return }
        let printed = unit.unitString
        let reparsed = try? HealthUnit(from: printed)
        invariant(reparsed == unit, "unit \(printed.debugDescription) does not parse back to itself")
        invariant(unit.isCompatible(with: unit), "unit \(printed.debugDescription) is not compatible with itself")
        if let converted = try? unit.convert(1.5, to: unit) {
            invariant(
                abs(converted - 1.5) <= 1e-9 * 1.5, "unit \(printed.debugDescription) converts 1.5 to \(converted)")
        }
    }
}
