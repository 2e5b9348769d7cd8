import Foundation

/// The attributes of a `Record` (and the sample header every element shares) the mapper reads, told apart by
/// their bytes: no string is built for a name.
enum RecordAttribute {
    case type, value, unit, sourceName, sourceVersion, device, startDate, endDate, ignored, other
    /// The per-day aggregate of an iOS 8–9 export (in place of `value`).
    case minimum, maximum, average, recordCount

    init(_ name: ArraySlice<UInt8>) {
        func equals(_ expected: StaticString) -> Bool { XMLStartTag.bytes(name, equal: expected) }
        switch name.count {
        case 3: self = equals("min") ? .minimum : equals("max") ? .maximum : .other
        case 4: self = equals("type") ? .type : equals("unit") ? .unit : .other
        case 5: self = equals("value") ? .value : .other
        case 6: self = equals("device") ? .device : equals("source") ? .sourceName : .other
        case 7: self = equals("endDate") ? .endDate : equals("average") ? .average : .other
        case 9: self = equals("startDate") ? .startDate : .other
        case 10: self = equals("sourceName") ? .sourceName : .other
        case 11: self = equals("recordCount") ? .recordCount : .other
        case 12: self = equals("creationDate") ? .ignored : .other
        case 13: self = equals("sourceVersion") ? .sourceVersion : .other
        default: self = .other
        }
    }
}

/// The last decoded value of each repeated `Record` attribute, by its raw bytes: records come in runs of the
/// same type, source, unit and device, so most values are the previous record's and need no new string (the
/// device description alone is about 170 bytes). Equal raw bytes decode to equal strings, so a hit is exact.
struct RecordValueCache {
    enum Slot: Int, CaseIterable {
        case type, unit, sourceName, sourceVersion, device
    }

    private var raw: [[UInt8]] = Array(repeating: [], count: Slot.allCases.count)
    private var decoded: [String] = Array(repeating: "", count: Slot.allCases.count)

    /// The decoded value of the attribute at `index`, reused when its bytes equal the last ones in `slot`.
    mutating func value(_ tag: XMLStartTag, at index: Int, _ slot: Slot) -> String {
        let bytes = tag.rawValueBytes(at: index)
        let same = raw[slot.rawValue].withUnsafeBufferPointer { held in
            bytes.withUnsafeBufferPointer { new in
                guard held.count == new.count else { return false }
                guard let a = held.baseAddress, let b = new.baseAddress else { return held.count == 0 }
                return memcmp(a, b, held.count) == 0
            }
        }
        if same { return decoded[slot.rawValue] }
        let value = XMLText.decode(bytes)
        raw[slot.rawValue] = Array(bytes)
        decoded[slot.rawValue] = value
        return value
    }
}
