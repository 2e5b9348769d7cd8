public import Foundation
import HealthQuery
public import HealthRuntime

/// How a ``HealthServer`` runs: where it listens, where the data lives, its limits and its webhook policy. Time,
/// calendar, UUIDs and randomness come in from the caller (the command line passes the live ones).
///
/// ```swift
/// var configuration = ServerConfiguration(data: .folder("/var/lib/ohk"), environment: .live, random: Live.randomBytes)
/// configuration.port = 8080
/// ```
public struct ServerConfiguration: Sendable {
    /// Where the server keeps its registry and the people's stores.
    public enum DataLocation: Sendable, Hashable {
        /// A folder: `server.sqlite` (people, tokens, grants requests, webhooks, the delivery outbox) and
        /// `people/NAME.sqlite`, one SQLite store per person.
        case folder(String)
        /// In memory, for tests: nothing survives the process.
        case memory(String)
        /// One PostgreSQL database for everyone (`postgres://user@host:port/db`, without a person): each person is
        /// a person of that database (row-level security keeps them apart) and the registry is the person
        /// `_server`, a name no person can have.
        case postgres(String)
        /// One person's own store (`ohk dashboard`): every person name opens this store, and the registry lives
        /// in memory (a login link per run; nothing about the server is written to the store).
        case personal(StoreLocation)
    }

    /// The interface to listen on (loopback by default).
    public var host = "127.0.0.1"
    /// The port (0 picks a free one).
    public var port = 8080
    /// Where the data lives.
    public var data: DataLocation
    /// Request limits.
    public var limits = Limits()
    /// Where uploads and exports wait on disk (a private folder per job inside it); nil for `uploads/` in a data
    /// folder, else `ohk-uploads-UID` in the temporary folder.
    public var uploadFolder: String?
    /// Webhook delivery rules.
    public var webhooks = WebhookPolicy()
    /// Server-sent events settings.
    public var events = EventSettings()
    /// Connection timeouts and bounds.
    public var connections = ConnectionSettings()
    /// The clock, calendar and UUID source.
    public var environment: RuntimeEnvironment
    /// Where random bytes come from (tokens, webhook secrets, delivery ids).
    public var random: @Sendable (Int) -> [UInt8]

    /// Creates a configuration.
    public init(data: DataLocation, environment: RuntimeEnvironment, random: @escaping @Sendable (Int) -> [UInt8]) {
        self.data = data
        self.environment = environment
        self.random = random
    }

    /// Limits on what one request may ask.
    public struct Limits: Sendable, Hashable {
        /// The largest JSON request body, in bytes (413 beyond).
        public var maxBodyBytes = 4 << 20
        /// The largest export upload, in bytes (413 beyond).
        public var maxUploadBytes = 4 << 30
        /// The most bytes all uploads waiting on disk may hold together (503 with Retry-After beyond).
        public var maxUploadSpace = 16 << 30
        /// The most samples one save may carry (400 beyond).
        public var maxBatchSamples = 1_000
        /// The most samples plus deletions in one sync batch (`POST /v1/sync/batches`; 413 beyond).
        public var maxSyncBatchItems = 5_000
        /// The largest sync batch body, in bytes once inflated (413 beyond; a gzip body is inflated up to it).
        public var maxSyncBodyBytes = 32 << 20
        /// The largest page of samples or changes (400 beyond).
        public var maxPageSize = 1_000
        /// The page size when a request names none.
        public var defaultPageSize = 100
        /// The most buckets a statistics collection may have (400 with a hint beyond).
        public var maxBuckets = 10_000
        /// Requests per second one token may make (a token bucket of this rate), and the burst it may spend.
        public var requestsPerSecond = 50.0
        /// The bucket's size.
        public var burst = 200.0
        /// Failed authentications (unknown, revoked or malformed tokens; failed dashboard logins) one address may
        /// make per second on average, and at once; past them its failures are answered 429 with Retry-After
        /// (valid tokens are never refused by this limit).
        public var failedAuthenticationsPerSecond = 1.0
        /// The failure bucket's size.
        public var failedAuthenticationBurst = 20.0
        /// The most live event streams one token may hold at once (429 beyond).
        public var maxStreamsPerToken = 8
        /// The most webhooks one app of a person may register (400 beyond).
        public var maxWebhooksPerApp = 16
        /// The longest JSON nesting a body may have.
        public var maxJSONDepth = 16
        /// The longest string in a JSON body.
        public var maxStringLength = 4_096
        /// The most statistics answers kept for reuse while the person's data has not changed (0: none kept).
        public var responseCacheEntries = 1_024

        /// The defaults.
        public init() {}
    }

    /// Where webhooks may point and how they are retried.
    public struct WebhookPolicy: Sendable, Hashable {
        /// Loopback, link-local and private addresses are refused unless this is set (a token holder must not
        /// make the server call into its own network); tests on loopback set it.
        public var allowPrivateAddresses = false
        /// Host names allowed whatever their address (the operator's allow-list).
        public var allowedHosts: Set<String> = []
        /// Seconds to wait before each retry of a failed delivery; after the last, the delivery is given up.
        public var retryDelays: [TimeInterval] = [5, 30, 120, 600, 3_600, 21_600]
        /// How long one delivery attempt may take.
        public var timeout: TimeInterval = 10
        /// Deliveries in flight at once, in all.
        public var concurrency = 32
        /// Deliveries in flight at once to one receiver (its host and port): a slow receiver delays only itself.
        public var concurrencyPerReceiver = 2
        /// How often the outbox is looked at for due deliveries and due non-immediate webhooks.
        public var pollInterval: TimeInterval = 1

        /// The defaults.
        public init() {}
    }

    /// Server-sent events settings.
    public struct EventSettings: Sendable, Hashable {
        /// Seconds between heartbeat comments on an idle stream.
        public var heartbeat: TimeInterval = 15
        /// A client that does not take an event within this many seconds is dropped.
        public var writeTimeout: TimeInterval = 10
        /// The most changes in one event.
        public var changesPerEvent = 200

        /// The defaults.
        public init() {}
    }
}
