import HealthCore
import Testing

/// Whether `actual` is within `tolerance` of `expected`, relative to the larger magnitude.
func isClose(_ actual: Double, _ expected: Double, relative tolerance: Double = 1e-12) -> Bool {
    if actual == expected { return true }
    return abs(actual - expected) <= tolerance * max(abs(actual), abs(expected))
}

/// Parses a unit string, recording a test issue on failure.
func unit(_ string: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> HealthUnit {
    do {
        return try HealthUnit(from: string)
    } catch {
        Issue.record("\(error)", sourceLocation: sourceLocation)
        throw error
    }
}

/// Converts `value` from one unit string to another.
func convert(_ value: Double, _ from: String, _ to: String) throws -> Double {
    try HealthUnit(from: from).convert(value, to: HealthUnit(from: to))
}
