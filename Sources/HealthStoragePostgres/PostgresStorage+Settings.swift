public import Foundation
public import HealthCore
public import HealthStorage
import Logging
import PostgresNIO

extension PostgresStorage {
    /// Every source that saved a sample, in registration order.
    public func sources() async throws(StorageError) -> [SourceRecord] {
        let catalog = database.types
        let logger = database.queryLogger
        return try await read("read sources") { connection, person in
            try await Reader(connection: connection, person: person, catalog: catalog, logger: logger).sources()
        }
    }

    /// The source order for a type, or nil when never set.
    public func sourceOrder(for type: SampleType) async throws(StorageError) -> [String]? {
        let catalog = database.types
        let logger = database.queryLogger
        return try await read("read source order") { connection, person -> [String]? in
            guard let id = try await catalog.id(TypeKey(type), connection, logger) else { return nil }
            let rows = try await connection.run(
                "SELECT bundle_ids FROM source_orders WHERE person_id = \(person) AND type_id = \(id)", logger: logger)
            for try await json in rows.decode(String.self) {
                return try JSONDecoder().decode([String].self, from: Data(json.utf8))
            }
            return nil
        }
    }

    /// Sets or clears the source order for a type.
    public func setSourceOrder(_ order: [String]?, for type: SampleType) async throws(StorageError) {
        let logger = database.queryLogger
        let key = TypeKey(type)
        try await write("write source order", types: [key]) { connection, context in
            guard let id = context.catalog.cachedID(key) else { throw StorageError(.io, "type not registered") }
            if let order {
                let json = String(decoding: try StoredJSON.encoder().encode(order), as: UTF8.self)
                try await connection.run(
                    """
                    INSERT INTO source_orders (person_id, type_id, bundle_ids) VALUES (\(context.person), \(id), \(json))
                    ON CONFLICT (person_id, type_id) DO UPDATE SET bundle_ids = EXCLUDED.bundle_ids
                    """, logger: logger)
            } else {
                try await connection.run(
                    "DELETE FROM source_orders WHERE person_id = \(context.person) AND type_id = \(id)", logger: logger)
            }
        }
    }

    /// A stored setting.
    public func setting(_ key: String) async throws(StorageError) -> Data? {
        let logger = database.queryLogger
        return try await read("read setting") { connection, person -> Data? in
            let rows = try await connection.run(
                "SELECT value FROM settings WHERE person_id = \(person) AND key = \(key)", logger: logger)
            for try await value in rows.decode(Data.self) { return value }
            return nil
        }
    }

    /// Stores or removes a setting.
    public func setSetting(_ key: String, _ value: Data?) async throws(StorageError) {
        let logger = database.queryLogger
        try await write("write setting") { connection, context in
            try await Self.writeSetting(key, value, connection, context, logger)
        }
    }

    /// Stores or removes a setting inside a write (``setSetting(_:_:)``, a commit's ``StorageCommit/settings``).
    static func writeSetting(
        _ key: String, _ value: Data?, _ connection: PostgresConnection, _ context: WriteContext, _ logger: Logger
    ) async throws {
        if let value {
            _ = try await connection.run(
                """
                INSERT INTO settings (person_id, key, value) VALUES (\(context.person), \(key), \(value))
                ON CONFLICT (person_id, key) DO UPDATE SET value = EXCLUDED.value
                """, logger: logger)
        } else {
            _ = try await connection.run(
                "DELETE FROM settings WHERE person_id = \(context.person) AND key = \(key)", logger: logger)
        }
    }

    /// Every setting whose key starts with a prefix, in key order (byte order: the keys are `COLLATE "C"`).
    public func settings(withPrefix prefix: String) async throws(StorageError) -> [(key: String, value: Data)] {
        let logger = database.queryLogger
        return try await read("read settings") { connection, person in
            let rows = try await connection.run(
                """
                SELECT key, value FROM settings WHERE person_id = \(person) AND starts_with(key, \(prefix))
                ORDER BY key
                """, logger: logger)
            var result: [(key: String, value: Data)] = []
            for try await (key, value) in rows.decode((String, Data).self) {
                result.append((key, value))
            }
            return result
        }
    }

    /// Activity summaries in a day range (inclusive), in day order.
    public func activitySummaries(
        from: CalendarDay?, through: CalendarDay?
    ) async throws(StorageError) -> [ActivitySummary] {
        let logger = database.queryLogger
        return try await read("read activity summaries") { connection, person in
            let rows = try await connection.run(
                """
                SELECT payload FROM activity_summaries WHERE person_id = \(person)
                AND (\(from?.description)::text IS NULL OR day >= \(from?.description))
                AND (\(through?.description)::text IS NULL OR day <= \(through?.description)) ORDER BY day
                """, logger: logger)
            let decoder = JSONDecoder()
            var summaries: [ActivitySummary] = []
            for try await json in rows.decode(String.self) {
                summaries.append(try decoder.decode(ActivitySummary.self, from: Data(json.utf8)))
            }
            return summaries
        }
    }

    /// Inserts or replaces activity summaries by day.
    public func saveActivitySummaries(_ summaries: [ActivitySummary]) async throws(StorageError) {
        let logger = database.queryLogger
        try await write("write activity summaries") { connection, context in
            try await Self.upsert(summaries, connection, context, logger)
        }
    }

    static func upsert(
        _ summaries: [ActivitySummary], _ connection: PostgresConnection, _ context: WriteContext, _ logger: Logger
    ) async throws {
        guard !summaries.isEmpty else { return }
        // The last summary of a day wins, as saving them one by one would do.
        var byDay: [String: String] = [:]
        let encoder = StoredJSON.encoder()
        for summary in summaries {
            byDay[summary.day.description] = String(decoding: try encoder.encode(summary), as: UTF8.self)
        }
        let days = byDay.keys.sorted()
        try await connection.run(
            """
            INSERT INTO activity_summaries (person_id, day, payload)
            SELECT \(context.person), * FROM unnest(\(days)::text[], \(days.map { byDay[$0] ?? "" })::text[])
            ON CONFLICT (person_id, day) DO UPDATE SET payload = EXCLUDED.payload
            """, logger: logger)
    }

    /// The person's characteristics (empty until set).
    public func characteristics() async throws(StorageError) -> Characteristics {
        let logger = database.queryLogger
        return try await read("read characteristics") { connection, person in
            let rows = try await connection.run(
                "SELECT payload FROM characteristics WHERE person_id = \(person)", logger: logger)
            for try await json in rows.decode(String.self) {
                return try JSONDecoder().decode(Characteristics.self, from: Data(json.utf8))
            }
            return Characteristics()
        }
    }

    /// Replaces the person's characteristics.
    public func setCharacteristics(_ characteristics: Characteristics) async throws(StorageError) {
        let logger = database.queryLogger
        try await write("write characteristics") { connection, context in
            try await Self.store(characteristics, connection, context, logger)
        }
    }

    static func store(
        _ characteristics: Characteristics, _ connection: PostgresConnection, _ context: WriteContext,
        _ logger: Logger
    ) async throws {
        let json = String(decoding: try StoredJSON.encoder().encode(characteristics), as: UTF8.self)
        try await connection.run(
            """
            INSERT INTO characteristics (person_id, payload) VALUES (\(context.person), \(json))
            ON CONFLICT (person_id) DO UPDATE SET payload = EXCLUDED.payload
            """, logger: logger)
    }
}
