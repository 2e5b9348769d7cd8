import Foundation
import HealthCore

/// A token bucket per key (a token's hash): `rate` requests per second on average, `burst` at once. The clock
/// is injected.
final class RateLimiter: Sendable {
    private struct Bucket {
        var tokens: Double
        var updated: Date
    }

    private let rate: Double
    private let burst: Double
    private let now: @Sendable () -> Date
    private let buckets = Locked<[String: Bucket]>([:])

    init(rate: Double, burst: Double, now: @escaping @Sendable () -> Date) {
        self.rate = max(0.001, rate)
        self.burst = max(1, burst)
        self.now = now
    }

    /// Takes one request's token; nil when allowed, else the seconds until one is available.
    func take(_ key: String) -> TimeInterval? {
        let time = now()
        return buckets.withLock { buckets in
            var bucket = buckets[key] ?? Bucket(tokens: burst, updated: time)
            bucket.tokens = min(burst, bucket.tokens + max(0, time.timeIntervalSince(bucket.updated)) * rate)
            bucket.updated = time
            defer { buckets[key] = bucket }
            guard bucket.tokens >= 1 else { return (1 - bucket.tokens) / rate }
            bucket.tokens -= 1
            return nil
        }
    }
}
