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
