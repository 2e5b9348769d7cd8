public import Foundation
public import HealthKit

/// What HealthSync syncs, where to, and how: the server, the device's mirror token, the types, a folder of its own.
///
/// ```swift
/// let configuration = HealthSyncConfiguration(
///     server: URL(string: "https://health.example.com")!, token: keychainToken, device: "anas-iphone",
///     types: [HKQuantityType(.stepCount), HKQuantityType(.heartRate), HKCategoryType(.sleepAnalysis)],
///     folder: applicationSupport.appendingPathComponent("HealthSync"),
///     now: { Date.now }, random: liveRandom)   // liveRandom: a closure returning a random number in 0..<1
/// ```
///
/// The clock and the random source are the app's to give (HealthSync reads no live value itself, so its tests are
/// deterministic).
public struct HealthSyncConfiguration: Sendable {
    /// The server (`ohk serve`): its origin, e.g. `https://health.example.com`.
    public var server: URL
    /// The device's mirror token (`ohk server issue-token --person P --mirror DEVICE`). Keep it in the Keychain.
    public var token: String
    /// The device name the token was issued for.
    public var device: String
    /// The sample types to mirror (quantity and category types).
    public var types: [HKSampleType]
    /// A folder of HealthSync's own: anchors, the outbox, progress. Created if missing.
    public var folder: URL
    /// The most samples plus deletions in one batch (the server takes at most 5,000).
    public var batchLimit = 500
    /// How far back each backfill step reaches (newest first).
    public var backfillStep: TimeInterval = 7 * 86_400
    /// The first retry's wait; each retry doubles it, up to ``maximumRetryDelay``, with full jitter.
    public var initialRetryDelay: TimeInterval = 1
    /// The longest wait between two attempts at a batch.
    public var maximumRetryDelay: TimeInterval = 300
    /// Attempts at one batch in one sync before it is left in the outbox for the next sync.
    public var attemptsPerSync = 8
    /// Attempts at one batch in an observer's wake (which iOS gives little time: its completion handler must be
    /// called soon, or background delivery is throttled).
    public var attemptsPerWake = 2
    /// Every request's timeout.
    public var requestTimeout: TimeInterval = 60
    /// The current time (diagnostics, backfill's start).
    public var now: @Sendable () -> Date
    /// A random number in 0..<1: retry jitter, and the folder's install id (so it must be really random in an app).
    public var random: @Sendable () -> Double
    /// Waits a number of seconds (retries).
    public var sleep: @Sendable (TimeInterval) async throws -> Void = { seconds in
        try await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
    }
    /// Sends a request and returns the reply (URLSession by default; a test may wrap it).
    public var transport: any SyncTransport = URLSessionTransport()

    /// Creates a configuration with the defaults above.
    public init(
        server: URL, token: String, device: String, types: [HKSampleType], folder: URL,
        now: @escaping @Sendable () -> Date, random: @escaping @Sendable () -> Double
    ) {
        self.now = now
        self.random = random
        self.server = server
        self.token = token
        self.device = device
        self.types = types
        self.folder = folder
    }
}
