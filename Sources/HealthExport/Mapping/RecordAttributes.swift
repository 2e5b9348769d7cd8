import Foundation

/// The attributes of a `Record` (and the sample header every element shares) the mapper reads, told apart by
/// their bytes: no string is built for a name.
enum RecordAttribute {
    case type, value, unit, sourceName, sourceVersion, device, startDate, endDate, ignored, other
    /// The per-day aggregate of an iOS 8–9 export (in place of `value`).
    case minimum, maximum, average, recordCount

    /// The attribute at `index` of `tag`, told apart by its name's bytes (lent, not sliced).
    init(_ tag: XMLStartTag, at index: Int) {
        self = tag.withAttributeNameBytes(at: index) { RecordAttribute($0) }
    }

    init(_ name: UnsafeBufferPointer<UInt8>) {
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
    private var generations: [Int] = Array(repeating: 0, count: Slot.allCases.count)

    /// Which decode a slot's current value came from: the same generation, the same string (so the mapper can
    /// keep what it derived from a value — a device, an admission — without comparing or hashing the string).
    func generation(_ slot: Slot) -> Int { generations[slot.rawValue] }

    /// The decoded value of the attribute at `index`, reused when its bytes equal the last ones in `slot`.
    mutating func value(_ tag: XMLStartTag, at index: Int, _ slot: Slot) -> String {
        // The bytes are lent, not sliced: a slice per attribute retains and releases the scanner's buffer.
        let same = tag.withRawValueBytes(at: index) { new in
            raw[slot.rawValue].withUnsafeBufferPointer { held in
                guard held.count == new.count else { return false }
                guard let a = held.baseAddress, let b = new.baseAddress else { return held.count == 0 }
                return memcmp(a, b, held.count) == 0
            }
        }
        if same { return decoded[slot.rawValue] }
        return decode(tag.rawValueBytes(at: index), into: slot)
    }

    /// The decoded device description at `index`, reused when its bytes equal the last ones — or differ only by
    /// the pointer (`&lt;&lt;HKDevice: 0x2e54920b0&gt;`), which Apple's exports write anew on every record: the last
    /// description is then returned, pointer and all. Every reader of a description drops the pointer first
    /// (``DeviceDescription/withoutPointer(_:)``), so that is exact for them.
    mutating func device(_ tag: XMLStartTag, at index: Int) -> String {
        let slot = Slot.device.rawValue
        let same = tag.withRawValueBytes(at: index) { new in
            raw[slot].withUnsafeBufferPointer { held in
                guard let a = held.baseAddress, let b = new.baseAddress else { return held.count == new.count }
                if held.count == new.count, memcmp(a, b, held.count) == 0 { return true }
                let newSkip = Self.pointerPrefixLength(new)
                guard newSkip > 0 else { return false }
                let heldSkip = Self.pointerPrefixLength(held)
                guard heldSkip > 0, held.count - heldSkip == new.count - newSkip else { return false }
                return memcmp(a + heldSkip, b + newSkip, held.count - heldSkip) == 0
            }
        }
        if same { return decoded[slot] }
        return decode(tag.rawValueBytes(at: index), into: .device)
    }

    private mutating func decode(_ bytes: ArraySlice<UInt8>, into slot: Slot) -> String {
        let value = XMLText.decode(bytes)
        raw[slot.rawValue] = Array(bytes)
        decoded[slot.rawValue] = value
        generations[slot.rawValue] += 1
        return value
    }

    /// The length of a raw device description's pointer prefix — `&lt;&lt;`, then up to 48 bytes without `&`,
    /// `<` or `>`, then `&gt;` — which decodes to `<<…>` whose `>` is the description's first; 0 when the value
    /// does not start so.
    static func pointerPrefixLength(_ b: UnsafeBufferPointer<UInt8>) -> Int {
        let ampersand = UInt8(ascii: "&")
        let l = UInt8(ascii: "l")
        let g = UInt8(ascii: "g")
        let t = UInt8(ascii: "t")
        let semicolon = UInt8(ascii: ";")
        guard b.count >= 12, b[0] == ampersand, b[1] == l, b[2] == t, b[3] == semicolon, b[4] == ampersand,
            b[5] == l, b[6] == t, b[7] == semicolon
        else { return 0 }
        var index = 8
        let limit = min(b.count - 3, 56)
        while index < limit {
            switch b[index] {
            case ampersand:
                return b[index + 1] == g && b[index + 2] == t && b[index + 3] == semicolon ? index + 4 : 0
            case UInt8(ascii: "<"), UInt8(ascii: ">"):
                return 0
            default:
                index += 1
            }
        }
        return 0
    }
}
