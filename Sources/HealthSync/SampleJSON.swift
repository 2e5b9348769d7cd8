import Foundation
import HealthKit

/// HealthKit samples as the server's sync format ("sync sample v1", docs/sync.md): the API's sample JSON with the
/// UUID, the source revision and the device kept. Written with HealthKit's public API only.
enum SampleJSON {
    /// A batch's body (`POST /v1/sync/batches`): its id, device, type, samples and deletions, written as JSON text
    /// directly. (Through `JSONSerialization` of `[String: Any]`, Linux's Foundation bridged every value to an
    /// object and sorted every key through ICU: 56 % of a backfill's CPU — BENCHMARKS.md, "Phone sync".)
    static func batch(
        id: String, device: String, type: String, samples: [HKSample], deleted: [HKDeletedObject],
        phoneAnchor: String?
    ) -> Data {
        var json = JSONText()
        json.open()
        json.key("batch")
        json.string(id)
        json.key("type")
        json.string(type)
        json.key("device")
        json.string(device)
        if let phoneAnchor {
            json.key("phoneAnchor")
            json.string(phoneAnchor)
        }
        json.key("samples")
        json.openArray()
        for sample in samples {
            json.element()
            write(sample, to: &json)
        }
        json.closeArray()
        json.key("deleted")
        json.openArray()
        for object in deleted {
            json.element()
            json.open()
            json.key("uuid")
            json.string(object.uuid.uuidString)
            json.key("type")
            json.string(type)
            json.close()
        }
        json.closeArray()
        json.close()
        return Data(json.bytes)
    }

    /// A sample's JSON object. A sample whose kind or unit HealthSync cannot write is still sent (without its
    /// value), so the server reports it by index in the batch's reply instead of it being skipped silently.
    static func write(_ sample: HKSample, to json: inout JSONText) {
        json.open()
        json.key("uuid")
        json.string(sample.uuid.uuidString)
        json.key("type")
        json.string(sample.sampleType.identifier)
        json.key("startDate")
        json.string(date(sample.startDate))
        json.key("endDate")
        json.string(date(sample.endDate))
        if let quantitySample = sample as? HKQuantitySample {
            if let (value, unit) = quantity(quantitySample.quantity) {
                json.key("quantity")
                writeQuantity(value, unit, to: &json)
            }
        } else if let category = sample as? HKCategorySample {
            json.key("value")
            json.integer(Int64(category.value))
        }
        json.key("source")
        writeSource(sample.sourceRevision, to: &json)
        if let device = sample.device {
            json.key("device")
            writeDevice(device, to: &json)
        }
        if let metadata = sample.metadata, !metadata.isEmpty {
            json.key("metadata")
            writeMetadata(metadata, to: &json)
        }
        json.close()
    }

    /// RFC 3339 in UTC to the nearest millisecond (the server's precision): ``UTCDateText``.
    static func date(_ date: Date) -> String { UTCDateText.format(date) }

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

    static func writeQuantity(_ value: Double, _ unit: String, to json: inout JSONText) {
        json.open()
        json.key("value")
        json.number(value)
        json.key("unit")
        json.string(unit)
        json.close()
    }

    static func writeSource(_ revision: HKSourceRevision, to json: inout JSONText) {
        json.open()
        json.key("name")
        json.string(revision.source.name)
        json.key("bundleIdentifier")
        json.string(revision.source.bundleIdentifier)
        if let version = revision.version {
            json.key("version")
            json.string(version)
        }
        if let product = revision.productType {
            json.key("productType")
            json.string(product)
        }
        let os = revision.operatingSystemVersion
        if os.majorVersion > 0 {
            json.key("operatingSystemVersion")
            json.string("\(os.majorVersion).\(os.minorVersion).\(os.patchVersion)")
        }
        json.close()
    }

    static func writeDevice(_ device: HKDevice, to json: inout JSONText) {
        json.open()
        let fields: [(String, String?)] = [
            ("name", device.name), ("manufacturer", device.manufacturer), ("model", device.model),
            ("hardwareVersion", device.hardwareVersion), ("firmwareVersion", device.firmwareVersion),
            ("softwareVersion", device.softwareVersion), ("localIdentifier", device.localIdentifier),
            ("udiDeviceIdentifier", device.udiDeviceIdentifier),
        ]
        for (key, value) in fields {
            guard let value else { continue }
            json.key(key)
            json.string(value)
        }
        json.close()
    }

    /// HealthKit's boolean metadata keys: their values arrive as NSNumber and are sent as JSON booleans.
    static let booleanKeys: Set<String> = [
        HKMetadataKeyWasUserEntered, HKMetadataKeyIndoorWorkout, HKMetadataKeyCoachedWorkout,
        HKMetadataKeyMenstrualCycleStart, HKMetadataKeySexualActivityProtectionUsed, HKMetadataKeyWasTakenInLab,
    ]

    /// Metadata in key order (one body for one sample, whatever the dictionary's order).
    static func writeMetadata(_ metadata: [String: Any], to json: inout JSONText) {
        json.open()
        for key in metadata.keys.sorted() {
            switch metadata[key] {
            case let text as String:
                json.key(key)
                json.string(text)
            case let date as Date:
                json.key(key)
                json.open()
                json.key("date")
                json.string(self.date(date))
                json.close()
            case let quantity as HKQuantity:
                guard let (number, unit) = self.quantity(quantity) else { continue }
                json.key(key)
                writeQuantity(number, unit, to: &json)
            case let number as NSNumber:
                json.key(key)
                if booleanKeys.contains(key) { json.boolean(number.boolValue) } else { json.number(number.doubleValue) }
            default:
                continue  // HealthKit's metadata holds only the four kinds above
            }
        }
        json.close()
    }
}
