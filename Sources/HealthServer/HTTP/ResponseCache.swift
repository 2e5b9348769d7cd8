import Foundation
import HealthCore
import NIOCore
import Synchronization

/// Answers of read-only queries (statistics), kept per token and request and reused while the person's database
/// has not changed: each entry remembers the database's data version (``HealthQuery/HealthStore/dataVersion()``)
/// read before the answer was computed, and is used only while the version is still the same. Any commit, grant or
/// source-order change — by this process or another — changes the version, so a stale answer is never served.
///
/// The key is the token (so its person, app and grants) with the path and the query string as sent: two apps
/// never share an entry, and a read-denied app's answer (its own samples only) stays its own. Health values live
/// here only as the bytes already sent to that token; the cache is bounded by entries and by bytes.
final class ResponseCache: Sendable {
    struct Key: Hashable, Sendable {
        var token: String
        var path: String
        var query: String
    }

    private struct Entry {
        var version: Int64
        var body: ByteBuffer
        var used: UInt64
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        var bytes = 0
        var tick: UInt64 = 0
    }

    private let capacity: Int
    private let maxBytes: Int
    private let state = Locked(State())
    private let hitCount = Atomic<Int>(0)
    private let missCount = Atomic<Int>(0)

    /// A cache of at most `capacity` answers and `maxBytes` bytes of bodies (0 entries: nothing is kept).
    init(capacity: Int, maxBytes: Int = 32 << 20) {
        self.capacity = max(0, capacity)
        self.maxBytes = maxBytes
    }

    /// The answer kept for a key, if it was computed at this data version.
    func body(for key: Key, version: Int64) -> ByteBuffer? {
        let body = state.withLock { state -> ByteBuffer? in
            guard let entry = state.entries[key], entry.version == version else { return nil }
            state.tick += 1
            state.entries[key]?.used = state.tick
            return entry.body
        }
        if body == nil {
            missCount.add(1, ordering: .relaxed)
        } else {
            hitCount.add(1, ordering: .relaxed)
        }
        return body
    }

    /// Answers served from the cache, and answers computed, since the server started.
    var counts: (hits: Int, misses: Int) {
        (hitCount.load(ordering: .relaxed), missCount.load(ordering: .relaxed))
    }

    /// Keeps an answer computed at a data version (read before computing it); the least recently used answers
    /// make room.
    func store(_ body: ByteBuffer, for key: Key, version: Int64) {
        guard capacity > 0, body.readableBytes <= maxBytes / 8 else { return }
        state.withLock { state in
            state.tick += 1
            if let old = state.entries.updateValue(Entry(version: version, body: body, used: state.tick), forKey: key) {
                state.bytes -= old.body.readableBytes
            }
            state.bytes += body.readableBytes
            if state.entries.count > capacity {
                // Evict the least recently used eighth at once, so a full cache does not sort on every store.
                let victims = state.entries.sorted { $0.value.used < $1.value.used }.prefix(max(1, capacity / 8))
                for (key, entry) in victims {
                    state.entries[key] = nil
                    state.bytes -= entry.body.readableBytes
                }
            }
            while state.bytes > maxBytes, let oldest = state.entries.min(by: { $0.value.used < $1.value.used }) {
                // Over the byte bound: the least recently used answers go one at a time (a few large answers must
                // not empty the whole cache).
                state.entries[oldest.key] = nil
                state.bytes -= oldest.value.body.readableBytes
            }
        }
    }

    /// The number of answers kept (for tests).
    var count: Int { state.withLock { $0.entries.count } }
}
