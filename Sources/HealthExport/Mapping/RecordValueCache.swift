import Foundation

/// The last few decoded values of each repeated `Record` attribute, by their raw bytes.
///
/// Records come in runs of the same type, source, unit and device, so most values are one the cache holds and
/// need no new string (the device description alone is about 170 bytes). Where an iPhone's and a watch's records
/// of one type interleave by time, the source, version and device alternate between a few values: each slot keeps
/// ``depth`` of them, so such a switch finds the other one again instead of decoding it anew (measured on the
/// medium export, whose source changes at one record in twenty: BENCHMARKS.md). Equal raw bytes decode to equal
/// strings, so a hit is exact.
///
/// Each decoded value gets a *generation*, a number no other value of its slot ever gets: while the cache returns
/// the same generation it returns the same string, so the mapper can keep what it derived from a value (a device,
/// an admission) by the generation alone, without comparing or hashing the string.
struct RecordValueCache {
    enum Slot: Int, CaseIterable {
        case type, unit, sourceName, sourceVersion, device
    }

    /// How many distinct values each slot holds.
    static let depth = 4

    // One entry per (slot, place): entry `slot * depth + place`.
    private var raw: [[UInt8]] = Array(repeating: [], count: Slot.allCases.count * depth)
    private var decoded: [String] = Array(repeating: "", count: Slot.allCases.count * depth)
    private var generations: [Int] = Array(repeating: 0, count: Slot.allCases.count * depth)
    /// The length of each held device description's pointer prefix (``pointerPrefixLength(_:)``; 0 elsewhere).
    private var pointerSkips: [Int] = Array(repeating: 0, count: Slot.allCases.count * depth)
    /// Per slot: how many places are filled, the entry returned last (-1: none yet), the next place to replace
    /// when all are filled, and the last generation handed out.
    private var filled: [Int] = Array(repeating: 0, count: Slot.allCases.count)
    private var latest: [Int] = Array(repeating: -1, count: Slot.allCases.count)
    private var nextVictim: [Int] = Array(repeating: 0, count: Slot.allCases.count)
    private var lastGeneration: [Int] = Array(repeating: 0, count: Slot.allCases.count)

    /// The generation of the value the slot returned last (0 before the first).
    func generation(_ slot: Slot) -> Int {
        let entry = latest[slot.rawValue]
        return entry >= 0 ? generations[entry] : 0
    }

    /// The decoded value of the attribute at `index`, reused when its bytes equal those of a value the slot holds.
    mutating func value(_ tag: XMLStartTag, at index: Int, _ slot: Slot) -> String {
        read(tag, at: index, slot)
        return latestValue(slot)
    }

    /// Reads the attribute at `index` into the slot, as ``value(_:at:_:)`` does but without handing out its string
    /// (which a caller would retain and release), and returns its generation.
    @discardableResult
    mutating func read(_ tag: XMLStartTag, at index: Int, _ slot: Slot) -> Int {
        let s = slot.rawValue
        // The bytes are lent, not sliced: a slice per attribute retains and releases the scanner's buffer.
        if let entry = tag.withRawValueBytes(at: index, { find($0, pointerSkip: 0, in: s) }) {
            latest[s] = entry
        } else {
            decode(tag.rawValueBytes(at: index), pointerSkip: 0, into: s)
        }
        return generations[latest[s]]
    }

    /// The decoded device description at `index`, reused when its bytes equal those of a description the slot
    /// holds — or differ only by the pointer (`&lt;&lt;HKDevice: 0x2e54920b0&gt;`), which Apple's exports write anew
    /// on every record: the held description is then returned, pointer and all. Every reader of a description drops
    /// the pointer first (``DeviceDescription/withoutPointer(_:)``), so that is exact for them.
    mutating func device(_ tag: XMLStartTag, at index: Int) -> String {
        readDevice(tag, at: index)
        return latestValue(.device)
    }

    /// Reads the device description at `index`, as ``device(_:at:)`` does but without handing out its string, and
    /// returns its generation.
    @discardableResult
    mutating func readDevice(_ tag: XMLStartTag, at index: Int) -> Int {
        let s = Slot.device.rawValue
        let (entry, skip) = tag.withRawValueBytes(at: index) { new in
            let skip = Self.pointerPrefixLength(new)
            return (find(new, pointerSkip: skip, in: s), skip)
        }
        if let entry {
            latest[s] = entry
        } else {
            decode(tag.rawValueBytes(at: index), pointerSkip: skip, into: s)
        }
        return generations[latest[s]]
    }

    /// The value the slot read last (the one of ``generation(_:)``); empty before the first.
    func latestValue(_ slot: Slot) -> String {
        let entry = latest[slot.rawValue]
        return entry >= 0 ? decoded[entry] : ""
    }

    /// The entry of slot `s` that `new` matches, the one returned last tried first.
    private func find(_ new: UnsafeBufferPointer<UInt8>, pointerSkip: Int, in s: Int) -> Int? {
        let last = latest[s]
        if last >= 0, matches(new, pointerSkip, entry: last) { return last }
        let first = s * Self.depth
        for entry in first..<(first + filled[s]) where entry != last {
            if matches(new, pointerSkip, entry: entry) { return entry }
        }
        return nil
    }

    /// Whether `new` equals the held bytes of `entry` — or, when both start with a pointer prefix (`newSkip` and
    /// the held skip above 0), equals them after it. Equal bytes have equal prefixes, so one comparison decides.
    private func matches(_ new: UnsafeBufferPointer<UInt8>, _ newSkip: Int, entry: Int) -> Bool {
        let heldSkip = pointerSkips[entry]
        return raw[entry].withUnsafeBufferPointer { held in
            guard let a = held.baseAddress, let b = new.baseAddress else { return held.count == new.count }
            if newSkip == 0 {
                return held.count == new.count && memcmp(a, b, held.count) == 0
            }
            guard heldSkip > 0, held.count - heldSkip == new.count - newSkip else { return false }
            return memcmp(a + heldSkip, b + newSkip, held.count - heldSkip) == 0
        }
    }

    /// Decodes `bytes` into a place of slot `s` — a free one, else the oldest other than the one returned last —
    /// under a new generation.
    private mutating func decode(_ bytes: ArraySlice<UInt8>, pointerSkip: Int, into s: Int) {
        let value = XMLText.decode(bytes)
        let first = s * Self.depth
        let entry: Int
        if filled[s] < Self.depth {
            entry = first + filled[s]
            filled[s] += 1
        } else {
            var place = nextVictim[s]
            if first + place == latest[s] { place = (place + 1) % Self.depth }
            entry = first + place
            nextVictim[s] = (place + 1) % Self.depth
        }
        raw[entry] = Array(bytes)
        decoded[entry] = value
        pointerSkips[entry] = pointerSkip
        lastGeneration[s] += 1
        generations[entry] = lastGeneration[s]
        latest[s] = entry
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
