public import Foundation

/// One metadata value: the classes HealthKit accepts in a metadata dictionary.
///
/// HealthKit stores `NSString`, `NSNumber` (integers, doubles and booleans), `NSDate` and `HKQuantity`.
public enum MetadataValue: Sendable, Hashable, Codable {
    /// A string.
    case string(String)
    /// A number (`NSNumber`); integers up to 2⁵³ are exact.
    case number(Double)
    /// A boolean (`NSNumber` holding a `BOOL`).
    case bool(Bool)
    /// A date.
    case date(Date)
    /// A quantity with its unit.
    case quantity(Quantity)

    /// The kind of the value, used by validation and in errors.
    public var kind: MetadataValueKind {
        switch self {
        case .string: .string
        case .number: .number
        case .bool: .bool
        case .date: .date
        case .quantity: .quantity
        }
    }

    /// The string, if this is a string.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The number as a `Double`, for numbers and booleans (as HealthKit's `NSNumber` does).
    public var doubleValue: Double? {
        switch self {
        case .number(let value): value
        case .bool(let value): value ? 1 : 0
        default: nil
        }
    }

    /// The number as an exact `Int`, if it is integral.
    public var intValue: Int? {
        guard let value = doubleValue, value.isFinite, value.rounded() == value,
            value >= -9_007_199_254_740_992, value <= 9_007_199_254_740_992
        else { return nil }
        return Int(value)
    }

    /// The boolean, for booleans and for the numbers 0 and 1 (exports write booleans as "0"/"1").
    public var boolValue: Bool? {
        switch self {
        case .bool(let value): value
        case .number(let value) where value == 0 || value == 1: value == 1
        default: nil
        }
    }

    /// The date, if this is a date.
    public var dateValue: Date? {
        if case .date(let value) = self { return value }
        return nil
    }

    /// The quantity, if this is a quantity.
    public var quantityValue: Quantity? {
        if case .quantity(let value) = self { return value }
        return nil
    }
}

/// The kinds of ``MetadataValue``.
public enum MetadataValueKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// A string.
    case string
    /// A number.
    case number
    /// A boolean.
    case bool
    /// A date.
    case date
    /// A quantity.
    case quantity
}
