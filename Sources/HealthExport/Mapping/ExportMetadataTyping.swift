import Foundation
package import HealthCore

/// Keys the importer adds to metadata for export content HealthCore has no field for.
package enum ExportMetadataKeys {
    /// The beats of an HRV record's `HeartRateVariabilityMetadataList`, kept as one string:
    /// `bpm@time` entries joined by `|`, in document order, with the export's locale-formatted time of day
    /// verbatim (for example `58@3:36:20.60 AM|47@3:36:21.64 AM`).
    ///
    /// They are metadata rather than a quantity series: the record's quantity is the SDNN in ms, and the times
    /// carry no date or zone, so turning them into samples would invent data.
    package static let instantaneousBeatsPerMinute = MetadataKey("HeartRateVariabilityInstantaneousBeatsPerMinute")
}

/// Turns the export's metadata strings back into typed values.
///
/// Known boolean keys: `"0"`/`"1"` become booleans. Known number keys become numbers. Known quantity keys, and
/// any other value shaped as `number unit` with a unit HealthKit's grammar accepts (`"418 cm"`, `"22.2 degC"`,
/// `"4.52156 kcal/hr·kg"`), become quantities. A value in the export date layout becomes a date. Everything
/// else stays a string. Keys are kept as written; `HKMetadataKey…` spellings are looked up under their short
/// form (`HKMetadataKeyHeartRateMotionContext` → `HKHeartRateMotionContext`).
struct ExportMetadataTyping {
    private var units: [String: HealthUnit] = [:]
    private var badUnits: Set<String> = []
    private var unitKeys: [String: String] = [:]
    /// The last `MetadataEntry` key read through ``key(_:at:)``: its escaped bytes, its key and the kinds its
    /// value may take. Entries come in runs of one key (every heart-rate record's
    /// `HKMetadataKeyHeartRateMotionContext`), so a run decodes and looks its key up once.
    private var lastKey: (raw: [UInt8], key: MetadataKey, kinds: Set<MetadataValueKind>?)?

    /// The canonical spelling of a parsable unit string, cached (for identity keys).
    mutating func unitKey(_ string: String) -> String {
        if let hit = unitKeys[string] { return hit }
        let key = unit(string)?.unitString ?? string
        if unitKeys.count < 10_000 { unitKeys[string] = key }
        return key
    }

    /// Forgets the parsed units (not the strings known not to parse) and the last metadata key: the next ones are
    /// new objects, not shared with the samples of batches another thread may be writing.
    mutating func forgetSharedValues() {
        units.removeAll(keepingCapacity: true)
        lastKey = nil
    }

    /// The unit for a string, cached; nil when it does not parse.
    mutating func unit(_ string: String) -> HealthUnit? {
        if let hit = units[string] { return hit }
        if badUnits.contains(string) { return nil }
        guard let unit = try? HealthUnit(from: string) else {
            badUnits.insert(string)
            return nil
        }
        units[string] = unit
        return unit
    }

    static func kinds(for key: String) -> Set<MetadataValueKind>? {
        if let kinds = MetadataKey.requiredKinds[MetadataKey(key)] { return kinds }
        let prefix = "HKMetadataKey"
        guard key.hasPrefix(prefix) else { return nil }
        return MetadataKey.requiredKinds[MetadataKey("HK" + key.dropFirst(prefix.count))]
    }

    /// The key of the attribute value at `index` (a `MetadataEntry`'s `key`) and the kinds its value may take; nil
    /// when the key is empty. The same bytes as the last call's give the last call's key without decoding them.
    mutating func key(_ tag: XMLStartTag, at index: Int) -> (key: MetadataKey, kinds: Set<MetadataValueKind>?)? {
        if let last = lastKey, tag.withRawValueBytes(at: index, { $0.elementsEqual(last.raw) }) {
            return (last.key, last.kinds)
        }
        let string = tag.value(at: index)
        guard !string.isEmpty else { return nil }
        let entry = (raw: Array(tag.rawValueBytes(at: index)), key: MetadataKey(string), kinds: Self.kinds(for: string))
        lastKey = entry
        return (entry.key, entry.kinds)
    }

    /// The typed value of one entry.
    mutating func value(forKey key: String, string: String) -> MetadataValue {
        value(kinds: Self.kinds(for: key), string: string)
    }

    /// The typed value of one entry whose key allows `kinds` (nil: a key with no required kinds).
    mutating func value(kinds: Set<MetadataValueKind>?, string: String) -> MetadataValue {
        if let kinds {
            if kinds.contains(.bool), string == "0" || string == "1" { return .bool(string == "1") }
            if kinds.contains(.number), let number = Double(string), number.isFinite { return .number(number) }
            if kinds.contains(.quantity), let quantity = quantity(string) { return .quantity(quantity) }
            return .string(string)
        }
        if string.utf8.count == 25 || string.utf8.count == 19, let date = ExportDateParser.parse(string) {
            return .date(date)
        }
        if let quantity = quantity(string) { return .quantity(quantity) }
        return .string(string)
    }

    /// `number unit` as a quantity, or nil.
    mutating func quantity(_ string: String) -> Quantity? {
        guard let space = string.firstIndex(of: " ") else { return nil }
        let number = string[..<space]
        let unitString = string[string.index(after: space)...]
        guard let first = number.utf8.first, first == UInt8(ascii: "-") || (48...57).contains(first),
            let value = Double(number), value.isFinite, !unitString.isEmpty, !unitString.contains(" "),
            let unit = unit(String(unitString))
        else { return nil }
        return Quantity(unit: unit, doubleValue: value)
    }
}
