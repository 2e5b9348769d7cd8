import Foundation
import HealthCore

/// A token bucket per key (a token's hash, or an address): `rate` requests per second on average, `burst` at once.
/// The clock is injected. At most `maxKeys` buckets are kept: past it, the buckets that have refilled (which hold
/// nothing a new bucket would not) are dropped, so keys that never come back cannot grow it without bound.
final class RateLimiter: Sendable {
    private struct Bucket {
        var tokens: Double
        var updated: Date
    }

    private let rate: Double
    private let burst: Double
    private let now: @Sendable () -> Date
    private let maxKeys: Int
    private let buckets = Locked<[String: Bucket]>([:])

    init(rate: Double, burst: Double, maxKeys: Int = 100_000, now: @escaping @Sendable () -> Date) {
        self.rate = max(0.001, rate)
        self.burst = max(1, burst)
        self.maxKeys = max(1, maxKeys)
        self.now = now
    }

    /// Buckets held (a diagnostic).
    var keyCount: Int { buckets.withLock { $0.count } }

    /// Takes one request's token; nil when allowed, else the seconds until one is available.
    func take(_ key: String) -> TimeInterval? {
        let time = now()
        return buckets.withLock { buckets in
            var bucket = buckets[key] ?? Bucket(tokens: burst, updated: time)
            bucket.tokens = min(burst, bucket.tokens + max(0, time.timeIntervalSince(bucket.updated)) * rate)
            bucket.updated = time
            defer {
                buckets[key] = bucket
                if buckets.count > maxKeys { prune(&buckets, at: time) }
            }
            guard bucket.tokens >= 1 else { return (1 - bucket.tokens) / rate }
            bucket.tokens -= 1
            return nil
        }
    }

    /// Drops the buckets that are full again; when none is, the oldest half (they are the least likely to be
    /// limiting anyone).
    private func prune(_ buckets: inout [String: Bucket], at time: Date) {
        buckets = buckets.filter { $0.value.tokens + time.timeIntervalSince($0.value.updated) * rate < burst }
        guard buckets.count > maxKeys else { return }
        let byAge = buckets.sorted { $0.value.updated < $1.value.updated }
        for (key, _) in byAge.prefix(buckets.count / 2) { buckets[key] = nil }
    }
}
