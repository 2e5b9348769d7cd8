/// The values last worked out for a few keys, newest first.
///
/// Records come in runs that repeat their source, version and device; where an iPhone's and a watch's records of
/// one type interleave by time, the runs alternate between a few of them. A single "last value" misses at every
/// switch; this finds each of the few again. Lookups compare keys one by one, so it is meant for a handful of
/// entries (``capacity``) with cheap keys, not as a dictionary. Keys and values are kept apart so that a lookup
/// reads keys only (a value holding arrays or objects is not copied, nor retained, to be passed over).
struct RecentValues<Key: Equatable, Value> {
    /// How many entries are kept; remembering one more forgets the oldest.
    let capacity: Int
    private var keys: [Key] = []
    private var values: [Value] = []

    init(capacity: Int = 4) {
        precondition(capacity > 0, "a RecentValues keeps at least one entry")
        self.capacity = capacity
        keys.reserveCapacity(capacity)
        values.reserveCapacity(capacity)
    }

    /// The value remembered for `key`, or nil.
    func value(for key: Key) -> Value? {
        index(of: key).map { values[$0] }
    }

    /// Whether a value is remembered for `key`.
    func contains(_ key: Key) -> Bool {
        index(of: key) != nil
    }

    /// Runs `body` on the value remembered for `key`, in place; false when none is.
    mutating func update(for key: Key, _ body: (inout Value) -> Void) -> Bool {
        guard let index = index(of: key) else { return false }
        body(&values[index])
        return true
    }

    /// Remembers `value` for `key` as the newest entry (replacing what `key` had), forgetting the oldest when full.
    mutating func remember(_ value: Value, for key: Key) {
        if let index = index(of: key) {
            keys.remove(at: index)
            values.remove(at: index)
        } else if keys.count == capacity {
            keys.removeLast()
            values.removeLast()
        }
        keys.insert(key, at: 0)
        values.insert(value, at: 0)
    }

    /// Forgets every entry.
    mutating func removeAll() {
        keys.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
    }

    private func index(of key: Key) -> Int? {
        for index in keys.indices where keys[index] == key { return index }
        return nil
    }
}

extension RecentValues: Sendable where Key: Sendable, Value: Sendable {}
