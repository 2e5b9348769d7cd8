import Logging
import PostgresNIO

/// Read-your-writes with a streaming replica: after a write the store remembers the primary's log position;
/// a read goes to the replica only once the replica has replayed past it (waiting up to ``patience``), else to the
/// primary. Without a replica this does nothing.
actor LastWrite {
    /// The primary's log position after this store's last write, until the replica has replayed it.
    private var position: String?
    /// How long a read waits for the replica to catch up before it goes to the primary.
    static let patience: Duration = .milliseconds(50)

    /// Notes the primary's log position after a committed write (only when a replica is configured).
    func record(_ connection: PostgresConnection, _ logger: Logger, database: PostgresDatabase) async {
        guard database.replica != nil else { return }
        do {
            let rows = try await connection.run("SELECT pg_current_wal_lsn()::text", logger: logger)
            for try await lsn in rows.decode(String.self) { position = lsn }
        } catch {
            position = "FFFFFFFF/FFFFFFFF"  // unknown: reads go to the primary until the next write succeeds
        }
    }

    /// Whether a read may go to the replica now: there is one, and it has replayed this store's last write.
    func replicaIsUsable(_ database: PostgresDatabase) async -> Bool {
        guard let replica = database.replica else { return false }
        guard let position else { return true }
        let clock = ContinuousClock()
        let deadline = clock.now + Self.patience
        while true {
            if await Self.replayed(position, on: replica, database.queryLogger) {
                self.position = nil
                return true
            }
            if clock.now >= deadline { return false }
            try? await Task.sleep(for: .milliseconds(2))
        }
    }

    private static func replayed(_ position: String, on replica: PostgresClient, _ logger: Logger) async -> Bool {
        do {
            return try await PostgresDatabase.lease(replica, within: .seconds(2)) { connection in
                let rows = try await connection.run(
                    "SELECT COALESCE(pg_last_wal_replay_lsn() >= \(position)::pg_lsn, false)", logger: logger)
                for try await caughtUp in rows.decode(Bool.self) { return caughtUp }
                return false
            }
        } catch {}
        return false
    }
}
