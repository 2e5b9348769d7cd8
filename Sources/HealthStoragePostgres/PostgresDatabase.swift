import Foundation
import HealthCore
import HealthStorage
import Logging
import NIOCore
import NIOPosix
import NIOSSL
import PostgresNIO

/// One database server as this process reaches it: a postgres-nio connection pool (running in a task of its own)
/// shared by every person's store on the same URL, the schema migrated once, and the connection that runs each
/// person's statements told which person it serves (`ohk.person`, which the row-level security policies read).
final class PostgresDatabase: Sendable {
    let location: PostgresLocation
    let client: PostgresClient
    /// The replica's pool when the location names one.
    let replica: PostgresClient?
    /// One connection of its own for autocommit bookkeeping inside another connection's transaction (a bulk
    /// write registers the types it meets there): with every pooled connection held by a long transaction, such a
    /// step would otherwise wait for a connection forever.
    let sideline: PostgresClient
    private let runner: Task<Void, Never>
    private let logger: Logger
    /// Which person each leased connection was last told (by connection id), so a store of one person sets it
    /// once per connection rather than before every statement.
    private let personOfConnection = Locked<[Int: Int64]>([:])
    /// The schema, migrated once per process and pool.
    let migration = AsyncOnce<Void>()
    /// How many leases went to the replica (a test hook: reads do go there).
    let replicaLeases = Locked(0)
    /// The shared `types` table's rows.
    let types = TypeCatalog()
    /// Committed facts about people that only ever grow (registered sources, type spans): writes skip a statement
    /// when nothing new would be recorded.
    let facts = CommittedFacts()

    private static let shared = Locked<[String: PostgresDatabase]>([:])

    /// The process's pool for a location's server, made on first use.
    static func shared(for location: PostgresLocation) -> PostgresDatabase {
        shared.withLock { pools in
            if let pool = pools[location.poolKey] { return pool }
            let pool = PostgresDatabase(location: location)
            pools[location.poolKey] = pool
            return pool
        }
    }

    private init(location: PostgresLocation) {
        self.location = location
        var logger = Logger(label: "org.openhealthkit.postgres")
        logger.logLevel = .critical
        self.logger = logger
        let client = PostgresClient(
            configuration: Self.configuration(location, endpoint: nil), backgroundLogger: logger)
        let replica = location.replica.map {
            PostgresClient(configuration: Self.configuration(location, endpoint: $0), backgroundLogger: logger)
        }
        var sidelineConfiguration = Self.configuration(location, endpoint: nil)
        sidelineConfiguration.options.maximumConnections = 1
        let sideline = PostgresClient(configuration: sidelineConfiguration, backgroundLogger: logger)
        self.client = client
        self.replica = replica
        self.sideline = sideline
        self.runner = Task {
            await withDiscardingTaskGroup { group in
                group.addTask { await client.run() }
                group.addTask { await sideline.run() }
                if let replica { group.addTask { await replica.run() } }
            }
        }
    }

    deinit { runner.cancel() }

    private static func configuration(
        _ location: PostgresLocation, endpoint: PostgresLocation.Endpoint?
    ) -> PostgresClient.Configuration {
        let tls: PostgresClient.Configuration.TLS =
            switch location.sslMode {
            case .disable: .disable
            case .prefer: .prefer(.makeClientConfiguration())
            case .require: .require(.makeClientConfiguration())
            }
        var configuration = PostgresClient.Configuration(
            host: endpoint?.host ?? location.host, port: endpoint?.port ?? location.port,
            username: location.username, password: location.password, database: location.database, tls: tls)
        configuration.options.maximumConnections = location.poolSize
        configuration.options.minimumConnections = 0
        configuration.options.connectTimeout = .seconds(location.connectTimeoutSeconds)
        configuration.options.additionalStartupParameters = [
            ("statement_timeout", String(location.statementTimeoutMilliseconds)),
            ("application_name", "openhealthkit"),
        ]
        return configuration
    }

    /// Opens a connection of its own (not pooled) for `body`, closing it afterwards: a server that does not answer
    /// fails within the location's connect timeout (the pool would keep retrying in the background).
    func withDirectConnection<T: Sendable>(_ body: (PostgresConnection) async throws -> T) async throws -> T {
        let tls: PostgresConnection.Configuration.TLS =
            switch location.sslMode {
            case .disable: .disable
            case .prefer: .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
            case .require: .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
            }
        var configuration = PostgresConnection.Configuration(
            host: location.host, port: location.port, username: location.username, password: location.password,
            database: location.database, tls: tls)
        configuration.options.connectTimeout = .seconds(Int64(location.connectTimeoutSeconds))
        configuration.options.additionalStartupParameters = [
            ("statement_timeout", String(location.statementTimeoutMilliseconds)),
            ("application_name", "openhealthkit"),
        ]
        let connection = try await PostgresConnection.connect(configuration: configuration, id: 0, logger: logger)
        do {
            let value = try await body(connection)
            try? await connection.close()
            return value
        } catch {
            try? await connection.close()
            throw error
        }
    }

    /// Leases a connection (of the replica when `replica` and one is configured) told to serve `person`, and runs
    /// `body` on it. The connection must not escape `body`.
    ///
    /// A lease not granted within the location's connect timeout asks whether the server still accepts connections
    /// (``serverAnswers()``): if it does, the pool is only busy and the lease waits its turn (every statement is
    /// bounded by `statement_timeout` and by its connection's life); if it does not, the call fails with
    /// ``LeaseTimedOut`` — and until a lease is granted again the next ones give the server only 0.5 s before
    /// asking. postgres-nio's pool alone would keep the request queued for a minute before its circuit breaker
    /// answers (decision 0029).
    func withConnection<T: Sendable>(
        person: Int64?, replica useReplica: Bool = false,
        _ body: (PostgresConnection) async throws -> T
    ) async throws -> T {
        let pool = useReplica ? (replica ?? client) : client
        if pool !== client { replicaLeases.withLock { $0 += 1 } }
        let isPrimary = pool === client
        let full = Duration.seconds(location.connectTimeoutSeconds)
        let first = isPrimary && unreachable.withLock({ $0 }) ? min(.milliseconds(500), full) : full
        let stillThere: @Sendable () async -> Bool = { [self] in isPrimary ? await serverAnswers() : false }
        do {
            return try await Self.lease(pool, within: first, then: full, stillThere: stillThere) { connection in
                if isPrimary { unreachable.withLock { $0 = false } }
                return try await prepared(connection, person: person, isPrimary: isPrimary, body)
            }
        } catch let error as LeaseTimedOut {
            if isPrimary { unreachable.withLock { $0 = true } }
            throw error
        }
    }

    /// Whether the primary's last lease failed because the server did not answer (and none was granted since).
    private let unreachable = Locked(false)

    /// Whether the server accepts a TCP connection at the location's address within a second (a stopped or
    /// unreachable server does not; a busy one does).
    func serverAnswers() async -> Bool {
        do {
            let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connectTimeout(.seconds(1)).connect(host: location.host, port: location.port).get()
            try? await channel.close()
            return true
        } catch {
            return false
        }
    }

    /// Tells a leased connection which person it serves (once per connection and person), then runs `body`.
    private func prepared<T: Sendable>(
        _ connection: PostgresConnection, person: Int64?, isPrimary: Bool,
        _ body: (PostgresConnection) async throws -> T
    ) async throws -> T {
        if let person {
            let key = connection.id * 2 + (isPrimary ? 0 : 1)
            let told = personOfConnection.withLock { $0[key] }
            if told != person {
                try await connection.run("SELECT set_config('ohk.person', \(String(person)), false)", logger: logger)
                personOfConnection.withLock { $0[key] = person }
            }
        }
        return try await body(connection)
    }

    /// A lease not granted within its deadline.
    struct LeaseTimedOut: Error, Sendable {}

    /// Runs `body` on a connection of `pool`. When no connection is granted within `first`, `stillThere` is asked:
    /// true keeps the lease waiting (asking again every `then`), false fails it with ``LeaseTimedOut``. The body
    /// itself is not timed: its statements are, by `statement_timeout`, and by their connection's life
    /// (``ClosedConnectionGuard``).
    static func lease<T: Sendable>(
        _ pool: PostgresClient, within first: Duration, then: Duration? = nil,
        stillThere: @escaping @Sendable () async -> Bool = { false },
        _ body: (PostgresConnection) async throws -> T
    ) async throws -> T {
        let leased = Locked(false)
        return try await withoutActuallyEscaping(body) { body in
            // The body runs once, in the one child task below, and the group waits for it before returning.
            nonisolated(unsafe) let body = body
            return try await withThrowingTaskGroup(of: T?.self) { group in
                group.addTask {
                    try await pool.withConnection { connection in
                        leased.withLock { $0 = true }
                        return try await body(connection)
                    }
                }
                group.addTask {
                    var wait = first
                    while true {
                        // Cancelled (the body is done, or the caller was cancelled): only the body's outcome counts.
                        guard (try? await Task.sleep(for: wait)) != nil else { return nil }
                        if leased.withLock({ $0 }) { return nil }
                        guard await stillThere() else { throw LeaseTimedOut() }
                        wait = then ?? first
                    }
                }
                while let next = try await group.next() {
                    if let value = next {
                        group.cancelAll()
                        return value
                    }
                }
                throw LeaseTimedOut()  // unreachable: the lease's task answers a value or throws
            }
        }
    }

    /// The logger handed to postgres-nio (critical only: statements and values are never logged).
    var queryLogger: Logger { logger }
}

/// Runs an async computation once; later callers await the same result. A failure is not kept: the next caller
/// tries again (a database that was down may be up).
final class AsyncOnce<Value: Sendable>: Sendable {
    private let state = Locked<Task<Value, any Error>?>(nil)

    /// The value, computing it with `make` if no computation succeeded or is under way.
    func value(_ make: @escaping @Sendable () async throws -> Value) async throws -> Value {
        let task = state.withLock { state in
            if let task = state { return task }
            let task = Task { try await make() }
            state = task
            return task
        }
        do {
            return try await task.value
        } catch {
            state.withLock { if $0 == task { $0 = nil } }
            throw error
        }
    }
}

/// Facts about each person's committed data that never become false (sources are never unregistered, spans never
/// shrink), so a writer may skip recording what is already known.
final class CommittedFacts: Sendable {
    private struct Person {
        var sources: Set<String> = []
        var spans: [Int32: Double] = [:]
    }

    private let people = Locked<[Int64: Person]>([:])

    func knowsSource(person: Int64, _ bundle: String) -> Bool {
        people.withLock { $0[person]?.sources.contains(bundle) ?? false }
    }

    func span(person: Int64, type: Int32) -> Double {
        people.withLock { $0[person]?.spans[type] ?? 0 }
    }

    func learn(person: Int64, sources: [String], spans: [Int32: Double]) {
        guard !sources.isEmpty || !spans.isEmpty else { return }
        people.withLock { people in
            people[person, default: Person()].sources.formUnion(sources)
            people[person, default: Person()].spans.merge(spans) { max($0, $1) }
        }
    }
}
