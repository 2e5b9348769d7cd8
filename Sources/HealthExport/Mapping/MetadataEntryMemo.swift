import Foundation
import HealthCore

/// The metadata of records read in one pass (``ExportRecordMapper/startPlainRecord(_:)``): each `MetadataEntry`
/// typed once per distinct key and value bytes, and a record's whole metadata reused when its entries are the last
/// record's.
///
/// Records of one run repeat their entries (every heart-rate record of a watch carries
/// `HKMetadataKeyHeartRateMotionContext`, with one of three values): the general path decodes each entry's key and
/// value, types the value and builds a dictionary per record; here a run's records share one. Typing is a function
/// of the key and value alone (``ExportMetadataTyping``), so a held entry is the one a fresh typing would give.
/// Held values are forgotten with each batch (``ExportRecordMapper/forgetSharedValues()``).
struct MetadataEntryMemo {
    /// How many distinct entries are held.
    static let depth = 8
    /// How many entries one record may have on this path (more: the general path reads the record).
    static let maxEntriesPerRecord = 4

    private var keyBytes: [[UInt8]] = []
    private var valueBytes: [[UInt8]] = []
    private var entries: [(key: MetadataKey, value: MetadataValue)] = []
    /// Each place's generation: a number no other entry ever gets.
    private var generations: [Int] = []
    private var lastGeneration = 0
    private var nextVictim = 0
    /// The current record's entries (places), and the last record's (generations) with its metadata.
    private(set) var current: [Int] = []
    private var last: (generations: [Int], metadata: Metadata)?
    private var scratch: [Int] = []

    /// The place of the entry with these key and value bytes, or nil.
    func place(key: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>) -> Int? {
        for place in keyBytes.indices where Self.equal(keyBytes[place], key) && Self.equal(valueBytes[place], value) {
            return place
        }
        return nil
    }

    /// Holds a typed entry under its bytes, in a place the current record does not use, and returns the place.
    mutating func hold(
        key: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>, typed: (MetadataKey, MetadataValue)
    ) -> Int {
        lastGeneration += 1
        if keyBytes.count < Self.depth {
            keyBytes.append(Array(key))
            valueBytes.append(Array(value))
            entries.append(typed)
            generations.append(lastGeneration)
            return keyBytes.count - 1
        }
        // A record holds fewer entries than there are places, so one is always free of it.
        while current.contains(nextVictim) { nextVictim = (nextVictim + 1) % Self.depth }
        let place = nextVictim
        nextVictim = (nextVictim + 1) % Self.depth
        keyBytes[place] = Array(key)
        valueBytes[place] = Array(value)
        entries[place] = typed
        generations[place] = lastGeneration
        return place
    }

    /// Adds the entry at `place` to the current record.
    mutating func add(_ place: Int) {
        current.append(place)
    }

    /// The current record's metadata, and a new record begun: the last record's own when their entries are the
    /// same, else one built from the entries in order (a repeated key keeps its last value, as in the general path).
    mutating func takeMetadata() -> Metadata {
        defer { current.removeAll(keepingCapacity: true) }
        if current.isEmpty { return Metadata() }
        scratch.removeAll(keepingCapacity: true)
        for place in current { scratch.append(generations[place]) }
        if let last, last.generations == scratch { return last.metadata }
        var metadata = Metadata()
        for place in current { metadata[entries[place].key] = entries[place].value }
        last = (scratch, metadata)
        return metadata
    }

    /// Forgets the current record's entries (a record skipped whole).
    mutating func discardCurrent() {
        current.removeAll(keepingCapacity: true)
    }

    /// Forgets every held entry and metadata; while a record is being read (a batch taken between its start and
    /// its end), only the last record's metadata, since the current one's entries are in use.
    mutating func removeAll() {
        last = nil
        guard current.isEmpty else { return }
        keyBytes.removeAll(keepingCapacity: true)
        valueBytes.removeAll(keepingCapacity: true)
        entries.removeAll(keepingCapacity: true)
        generations.removeAll(keepingCapacity: true)
        nextVictim = 0
    }

    private static func equal(_ held: [UInt8], _ new: UnsafeBufferPointer<UInt8>) -> Bool {
        held.count == new.count
            && held.withUnsafeBufferPointer { held in
                guard let a = held.baseAddress, let b = new.baseAddress else { return true }
                return memcmp(a, b, held.count) == 0
            }
    }
}
