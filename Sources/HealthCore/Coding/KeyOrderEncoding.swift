/// Dictionaries written in key order.
///
/// Swift encodes a dictionary whose keys are neither `String` nor `Int` (``Metadata``'s entries, a workout's
/// statistics by type) as a flat array `[key, value, key, value, …]` in the dictionary's iteration order, and
/// that order depends on a hash seed Swift picks per process. Two equal values then encode to different bytes
/// in two runs, so a stored payload would not be a function of its content. These helpers write the same array
/// shape (so data encoded either way decodes unchanged) with the entries sorted by key.
extension KeyedEncodingContainer {
    /// Encodes `entries` under `key` as Swift's own dictionary array shape, in the order `areInIncreasingOrder`
    /// gives their keys.
    package mutating func encodeInKeyOrder<EntryKey: Encodable, Value: Encodable>(
        _ entries: [EntryKey: Value], forKey key: Key,
        by areInIncreasingOrder: (EntryKey, EntryKey) -> Bool
    ) throws {
        var array = nestedUnkeyedContainer(forKey: key)
        for (entryKey, value) in entries.sorted(by: { areInIncreasingOrder($0.key, $1.key) }) {
            try array.encode(entryKey)
            try array.encode(value)
        }
    }
}
