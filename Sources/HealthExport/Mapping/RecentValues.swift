/// The values last worked out for a few keys, newest first.
///
/// Records come in runs that repeat their source, version and device; where an iPhone's and a watch's records of
/// one type interleave by time, the runs alternate between a few of them. A single "last value" misses at every
/// switch; this finds each of the few again. Lookups compare keys one by one, so it is meant for a handful of
/// entries (``capacity``), not as a dictionary.
struct RecentValues<Key: Equatable, Value> {
    /// How many entries are kept; remembering one more forgets the oldest.
    let capacity: Int
    private var entries: [(key: Key, value: Value)] = []

    init(capacity: Int = 4) {
        precondition(capacity > 0, "a RecentValues keeps at least one entry")
        self.capacity = capacity
        entries.reserveCapacity(capacity)
    }

    /// The value remembered for `key`, or nil.
    func value(for key: Key) -> Value? {
        for entry in entries where entry.key == key { return entry.value }
        return nil
    }

    /// Whether a value is remembered for `key`.
    func contains(_ key: Key) -> Bool {
        entries.contains { $0.key == key }
    }

    /// Remembers `value` for `key` as the newest entry (replacing what `key` had), forgetting the oldest when full.
    mutating func remember(_ value: Value, for key: Key) {
        if let index = entries.firstIndex(where: { $0.key == key }) {
            entries.remove(at: index)
        } else if entries.count == capacity {
            entries.removeLast()
        }
        entries.insert((key, value), at: 0)
    }

    /// Forgets every entry.
    mutating func removeAll() {
        entries.removeAll(keepingCapacity: true)
    }
}

extension RecentValues: Sendable where Key: Sendable, Value: Sendable {}
