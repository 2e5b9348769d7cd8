import Foundation
import HealthCore

/// HealthKit's `[String: Any]` metadata ↔ HealthCore's typed ``Metadata``.
enum MetadataBridge {
    /// The typed metadata of a dictionary, and the first value HealthKit would reject (it raises an exception:
    /// "Invalid class … for metadata key …").
    static func engine(_ dictionary: [String: Any]?) -> (metadata: Metadata, problem: String?) {
        var metadata = Metadata()
        var problem: String?
        for (key, value) in (dictionary ?? [:]).sorted(by: { $0.key < $1.key }) {
            if let converted = engineValue(value) {
                metadata[MetadataKey(key)] = converted
            } else if problem == nil {
                problem = "Invalid class \(type(of: value)) for metadata key: \(key)"
            }
        }
        return (metadata, problem)
    }

    static func engineValue(_ value: Any) -> MetadataValue? {
        if type(of: value) == Bool.self, let bool = value as? Bool { return .bool(bool) }
        switch value {
        case let string as String: return .string(string)
        case let date as Date: return .date(date)
        case let quantity as HKQuantity: return (try? quantity.resolved()).map(MetadataValue.quantity)
        case let integer as any BinaryInteger: return .number(Double(integer))
        case let number as any BinaryFloatingPoint: return .number(Double(number))
        case let number as NSNumber: return .number(number.doubleValue)
        default: return nil
        }
    }

    /// The dictionary HealthKit returns: strings, `NSNumber`s (numbers and booleans), dates and `HKQuantity`s;
    /// nil when there is no metadata.
    static func dictionary(_ metadata: Metadata) -> [String: Any]? {
        guard !metadata.isEmpty else { return nil }
        var dictionary: [String: Any] = [:]
        for (key, value) in metadata {
            switch value {
            case .string(let string): dictionary[key.rawValue] = string
            case .number(let number): dictionary[key.rawValue] = NSNumber(value: number)
            case .bool(let bool): dictionary[key.rawValue] = NSNumber(value: bool)
            case .date(let date): dictionary[key.rawValue] = date
            case .quantity(let quantity): dictionary[key.rawValue] = HKQuantity(quantity)
            }
        }
        return dictionary
    }
}
