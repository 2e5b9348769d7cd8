// The SQLite schema of OpenHealthKit, version 3 (v1 plus the migrations below).
//
// Every sample is one row of `samples`; its rowid `anchor` IS its change number, so fetches that break ties by
// insertion order simply add `ORDER BY anchor`. The current anchor lives in `meta` so it never goes back, even
// after the last row is deleted.
//
// meta(id = 1, anchor)                                  the last change number handed out
// types(id, kind, identifier, canonical_unit)           kind: 0 quantity, 1 category, 2 correlation, 3 workout,
//                                                       4 route; UNIQUE(kind, identifier) because an unknown
//                                                       identifier may be both `.quantity(x)` and `.other(x)`
// sources(id, bundle_id UNIQUE, name, registration_order, product_type)
// devices(id, key UNIQUE, name, manufacturer, model, hardware_version, firmware_version, software_version,
//         local_identifier, udi_device_identifier)      key: JSON array of the 8 properties (nil kept as null)
// revisions(id, source_id, name, version, product_type, os_version)   (v3) a sample's source revision; name is
//         NULL unless it differs from the source's registered name. Indexed by all five values (the writer's lookup).
// samples(anchor PK, uuid BLOB UNIQUE, kind, type_id, source_id, revision_id, device_id, start_date, end_date,
//         value          quantity in the type's canonical unit (NULL for unknown types / unconvertible units),
//         unit           NULL when the quantity's unit IS the canonical unit, else its unit string,
//         original_value the quantity's value in `unit` (NULL when `unit` is NULL): exact round trip,
//         category_value, activity_type (workouts, UInt bit pattern), duration (workouts' active duration),
//         route_workout_uuid (routes), correlation_uuid (members), has_metadata,
//         payload        JSON of what is not a column: series, workout events/activities/statistics and explicit
//                        duration, route locations, and a correlation's members as saved)
//         revision_id is NULL exactly when source_id is (a sample without a source revision). Until v3 the
//         revision was four columns instead: source_name, source_version, product_type, os_version.
// metadata(anchor, key, kind, text, number) PK(anchor, key)  one row per entry; kind 0 string (text),
//         1 number, 2 bool (number 0/1), 3 date (number: seconds since 2001), 4 quantity (text unit, number value).
//         Indexed by (key, kind): metadata predicates are `anchor IN (SELECT anchor FROM metadata WHERE key = ? …)`.
// tombstones(anchor PK, uuid, type_id, source_id, sync_identifier, sync_version, sync_metadata)
//         sync_metadata: JSON of the sync keys only when they are not a string / a number (rare, exact).
// workout_associations(sample_uuid, workout_uuid) PK(sample_uuid, workout_uuid), indexed by workout_uuid
// source_orders(type_id PK, bundle_ids JSON)            JSON keeps an explicitly empty order apart from none
// settings(key PK, value BLOB), activity_summaries(day PK, payload JSON), characteristics(id = 1, payload JSON)
// type_spans(type_id PK, max_duration)  (v2) the longest sample ever stored per type (never shrinks): overlap
//         queries add `start_date >= start − max_duration`, which turns them into index range scans.
import GRDB

extension SQLiteStorage {
    /// The versioned migrations. Never edit a shipped migration: append a new one.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            for statement in schemaV1 { try db.execute(sql: statement) }
        }
        // v2: the longest sample of each type, so an overlap query can bound `start_date` from below and use the
        // (type_id, start_date) index as a range instead of scanning every earlier sample.
        migrator.registerMigration("v2-type-spans") { db in
            try db.execute(sql: "CREATE TABLE type_spans (type_id INTEGER PRIMARY KEY, max_duration REAL NOT NULL)")
            try db.execute(
                sql: """
                    INSERT INTO type_spans (type_id, max_duration)
                    SELECT type_id, MAX(end_date - start_date) FROM samples GROUP BY type_id
                    """)
        }
        // v3: a sample's source revision as an id into `revisions` (decision 0026); `samples` is rebuilt.
        migrator.registerMigration("v3-revisions") { db in try RevisionsMigration.migrate(db) }
        return migrator
    }

    /// Creates a store file whose schema stops after the migration named `last` (a test hook: a store as an
    /// earlier version left it, for the later migrations to meet).
    package static func createFile(_ path: String, schemaUpTo last: String) throws {
        let queue = try DatabaseQueue(path: path)
        try migrator.migrate(queue, upTo: last)
        try queue.close()
    }

    private static let schemaV1: [String] = [
        "CREATE TABLE meta (id INTEGER PRIMARY KEY CHECK (id = 1), anchor INTEGER NOT NULL)",
        "INSERT INTO meta (id, anchor) VALUES (1, 0)",
        """
        CREATE TABLE types (id INTEGER PRIMARY KEY, kind INTEGER NOT NULL, identifier TEXT NOT NULL,
            canonical_unit TEXT, UNIQUE (kind, identifier))
        """,
        """
        CREATE TABLE sources (id INTEGER PRIMARY KEY, bundle_id TEXT NOT NULL UNIQUE, name TEXT NOT NULL,
            registration_order INTEGER NOT NULL, product_type TEXT)
        """,
        """
        CREATE TABLE devices (id INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE, name TEXT, manufacturer TEXT,
            model TEXT, hardware_version TEXT, firmware_version TEXT, software_version TEXT, local_identifier TEXT,
            udi_device_identifier TEXT)
        """,
        """
        CREATE TABLE samples (
            anchor INTEGER PRIMARY KEY,
            uuid BLOB NOT NULL UNIQUE,
            kind INTEGER NOT NULL,
            type_id INTEGER NOT NULL REFERENCES types (id),
            source_id INTEGER REFERENCES sources (id),
            source_name TEXT,
            source_version TEXT,
            product_type TEXT,
            os_version TEXT,
            device_id INTEGER REFERENCES devices (id),
            start_date REAL NOT NULL,
            end_date REAL NOT NULL,
            value REAL,
            unit TEXT,
            original_value REAL,
            category_value INTEGER,
            activity_type INTEGER,
            duration REAL,
            route_workout_uuid BLOB,
            correlation_uuid BLOB,
            has_metadata INTEGER NOT NULL DEFAULT 0,
            payload BLOB)
        """,
        "CREATE INDEX samples_by_type_start ON samples (type_id, start_date)",
        "CREATE INDEX samples_by_type_end ON samples (type_id, end_date)",
        "CREATE INDEX samples_by_correlation ON samples (correlation_uuid) WHERE correlation_uuid IS NOT NULL",
        "CREATE INDEX samples_by_route_workout ON samples (route_workout_uuid) WHERE route_workout_uuid IS NOT NULL",
        """
        CREATE TABLE metadata (anchor INTEGER NOT NULL, key TEXT NOT NULL, kind INTEGER NOT NULL, text TEXT,
            number REAL, PRIMARY KEY (anchor, key)) WITHOUT ROWID
        """,
        "CREATE INDEX metadata_by_key ON metadata (key, kind)",
        """
        CREATE TABLE tombstones (anchor INTEGER PRIMARY KEY, uuid BLOB NOT NULL, type_id INTEGER NOT NULL,
            source_id INTEGER, sync_identifier TEXT, sync_version REAL, sync_metadata BLOB)
        """,
        """
        CREATE TABLE workout_associations (sample_uuid BLOB NOT NULL, workout_uuid BLOB NOT NULL,
            PRIMARY KEY (sample_uuid, workout_uuid)) WITHOUT ROWID
        """,
        "CREATE INDEX workout_associations_by_workout ON workout_associations (workout_uuid)",
        "CREATE TABLE source_orders (type_id INTEGER PRIMARY KEY, bundle_ids BLOB NOT NULL)",
        "CREATE TABLE settings (key TEXT PRIMARY KEY, value BLOB NOT NULL)",
        "CREATE TABLE activity_summaries (day TEXT PRIMARY KEY, payload BLOB NOT NULL)",
        "CREATE TABLE characteristics (id INTEGER PRIMARY KEY CHECK (id = 1), payload BLOB NOT NULL)",
    ]
}
