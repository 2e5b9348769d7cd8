import Logging
import PostgresNIO

/// Brings a database's schema to the current version: reads the applied version (no lock when it is current),
/// else applies the missing migrations in one transaction under an advisory lock, so concurrent processes
/// migrate once and a failed migration leaves nothing behind. The role must own the schema to migrate; the
/// application role only reads the version.
enum PostgresMigrator {
    static func migrate(_ connection: PostgresConnection, _ logger: Logger) async throws {
        let latest = PostgresSchema.migrations.last?.version ?? 0
        if try await applied(connection, logger) >= latest { return }
        try await connection.run("BEGIN", logger: logger)
        do {
            try await connection.run(
                "SELECT pg_advisory_xact_lock(\(PostgresSchema.migrationLock))", logger: logger)
            try await connection.run(
                "CREATE TABLE IF NOT EXISTS ohk_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
                logger: logger)
            let current = try await applied(connection, logger)
            for migration in PostgresSchema.migrations where migration.version > current {
                for statement in migration.statements {
                    try await connection.run(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                try await connection.run(
                    "INSERT INTO ohk_migrations (version) VALUES (\(migration.version))", logger: logger)
            }
            try await connection.run("COMMIT", logger: logger)
        } catch {
            _ = try? await connection.run("ROLLBACK", logger: logger)
            throw error
        }
    }

    /// The highest applied migration (0 for an empty database).
    private static func applied(_ connection: PostgresConnection, _ logger: Logger) async throws -> Int {
        let exists = try await connection.run(
            "SELECT to_regclass('ohk_migrations') IS NOT NULL", logger: logger)
        for try await found in exists.decode(Bool.self) where !found { return 0 }
        let rows = try await connection.run("SELECT COALESCE(MAX(version), 0) FROM ohk_migrations", logger: logger)
        for try await version in rows.decode(Int32.self) { return Int(version) }
        return 0
    }
}
