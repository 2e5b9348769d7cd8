import Foundation
import HealthKit

/// HealthKit samples as the server's sync format ("sync sample v1", docs/sync.md): the API's sample JSON with the
/// UUID, the source revision and the device kept. Written with HealthKit's public API only.
enum SampleJSON {
    /// A JSON object for a sample. A sample whose kind or unit HealthSync cannot write is still sent (without its
    /// value), so the server reports it by index in the batch's reply instead of it being skipped silently.
    static func object(_ sample: HKSample) -> [String: Any] {
        var object: [String: Any] = [
            "uuid": sample.uuid.uuidString,
            "type": sample.sampleType.identifier,
            "startDate": date(sample.startDate),
            "endDate": date(sample.endDate),
        ]
        if let quantitySample = sample as? HKQuantitySample {
            if let (value, unit) = quantity(quantitySample.quantity) {
                object["quantity"] = ["value": value, "unit": unit]
            }
        } else if let category = sample as? HKCategorySample {
            object["value"] = category.value
        }
        object["source"] = source(sample.sourceRevision)
        if let device = sample.device { object["device"] = self.device(device) }
        if let metadata = sample.metadata, !metadata.isEmpty { object["metadata"] = self.metadata(metadata) }
        return object
    }

    /// RFC 3339 in UTC with milliseconds (the server's precision).
    static func date(_ date: Date) -> String { formatter.string(from: date) }

    /// One formatter for every date (two per sample; making one per call was most of encoding a batch).
    /// ISO8601DateFormatter is thread-safe.
    nonisolated(unsafe) private static let formatter: ISO8601DateFormatter = {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter
    }()

    /// The units tried for a quantity, in order: the first its type is compatible with is the one sent (the
    /// server converts to its canonical unit; no precision is lost, as each is exact for its dimension).
    static let units: [HKUnit] = [
        .count(), .count().unitDivided(by: .minute()), .meter(), .kilocalorie(), .gramUnit(with: .kilo), .percent(),
        .second(), .secondUnit(with: .milli), .degreeCelsius(), .meter().unitDivided(by: .second()), .watt(),
        .decibelAWeightedSoundPressureLevel(), .millimeterOfMercury(),
        .gramUnit(with: .milli).unitDivided(by: .literUnit(with: .deci)), .liter(),
        .literUnit(with: .milli).unitDivided(by: HKUnit.gramUnit(with: .kilo).unitMultiplied(by: .minute())),
        .internationalUnit(), .lux(), .volt(), .gram(),
    ]

    static func quantity(_ quantity: HKQuantity) -> (Double, String)? {
        for unit in units where quantity.is(compatibleWith: unit) {
            return (quantity.doubleValue(for: unit), unit.unitString)
        }
        return nil
    }

    static func source(_ revision: HKSourceRevision) -> [String: Any] {
        var object: [String: Any] = [
            "name": revision.source.name, "bundleIdentifier": revision.source.bundleIdentifier,
        ]
        if let version = revision.version { object["version"] = version }
        if let product = revision.productType { object["productType"] = product }
        let os = revision.operatingSystemVersion
        if os.majorVersion > 0 {
            object["operatingSystemVersion"] = "\(os.majorVersion).\(os.minorVersion).\(os.patchVersion)"
        }
        return object
    }

    static func device(_ device: HKDevice) -> [String: Any] {
        var object: [String: Any] = [:]
        let fields: [(String, String?)] = [
            ("name", device.name), ("manufacturer", device.manufacturer), ("model", device.model),
            ("hardwareVersion", device.hardwareVersion), ("firmwareVersion", device.firmwareVersion),
            ("softwareVersion", device.softwareVersion), ("localIdentifier", device.localIdentifier),
            ("udiDeviceIdentifier", device.udiDeviceIdentifier),
        ]
        for (key, value) in fields { if let value { object[key] = value } }
        return object
    }

    /// HealthKit's boolean metadata keys: their values arrive as NSNumber and are sent as JSON booleans.
    static let booleanKeys: Set<String> = [
        HKMetadataKeyWasUserEntered, HKMetadataKeyIndoorWorkout, HKMetadataKeyCoachedWorkout,
        HKMetadataKeyMenstrualCycleStart, HKMetadataKeySexualActivityProtectionUsed, HKMetadataKeyWasTakenInLab,
    ]

    static func metadata(_ metadata: [String: Any]) -> [String: Any] {
        var object: [String: Any] = [:]
        for (key, value) in metadata {
            switch value {
            case let text as String: object[key] = text
            case let date as Date: object[key] = ["date": self.date(date)]
            case let quantity as HKQuantity:
                if let (number, unit) = self.quantity(quantity) { object[key] = ["value": number, "unit": unit] }
            case let number as NSNumber:
                object[key] = booleanKeys.contains(key) ? (number.boolValue as Any) : (number.doubleValue as Any)
            default:
                continue  // HealthKit's metadata holds only the four kinds above
            }
        }
        return object
    }
}
