import GRDB

/// Schema v3: a sample's source revision as one id into `revisions` instead of four text columns on every row
/// (docs/decisions/0026-revisions-table.md).
///
/// A person's samples come from a few dozen revisions (an app or a system version), so the name override, version,
/// product type and operating system version were the same texts repeated on millions of rows. The rows are now
/// narrower: a first import of the large export writes about a fifth fewer table pages (BENCHMARKS.md).
///
/// The migration rebuilds `samples` in one pass: it collects the distinct revisions in the order their first
/// sample was stored, copies every row with its revision's id, and creates the indexes again, without
/// `(type_id, end_date)` (decision 0027). It runs inside the
/// migrator's transaction, so a store is either fully migrated or untouched.
enum RevisionsMigration {
    static func migrate(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE revisions (id INTEGER PRIMARY KEY, source_id INTEGER NOT NULL REFERENCES sources (id),
                    name TEXT, version TEXT, product_type TEXT, os_version TEXT)
                """)
        try db.execute(sql: revisionsIndex)
        try db.execute(
            sql: """
                INSERT INTO revisions (source_id, name, version, product_type, os_version)
                SELECT source_id, source_name, source_version, product_type, os_version FROM samples
                WHERE source_id IS NOT NULL
                GROUP BY source_id, source_name, source_version, product_type, os_version
                ORDER BY MIN(anchor)
                """)
        try db.execute(sql: "ALTER TABLE samples RENAME TO samples_v2")
        try db.execute(sql: samplesTable)
        try db.execute(
            sql: """
                INSERT INTO samples (\(sharedColumns.joined(separator: ", ")), revision_id)
                SELECT \(sharedColumns.map { "s.\($0)" }.joined(separator: ", ")), r.id
                FROM samples_v2 s LEFT JOIN revisions r ON s.source_id IS NOT NULL AND r.source_id = s.source_id
                    AND r.version IS s.source_version AND r.os_version IS s.os_version
                    AND r.product_type IS s.product_type AND r.name IS s.source_name
                ORDER BY s.anchor
                """)
        try db.execute(sql: "DROP TABLE samples_v2")
        for index in samplesIndexes { try db.execute(sql: index) }
    }

    /// The writer's lookup of a revision, and the migration's join, go through it.
    static let revisionsIndex =
        "CREATE INDEX revisions_by_value ON revisions (source_id, version, os_version, product_type, name)"

    /// `samples` as of v3: `revision_id` in place of `source_name`, `source_version`, `product_type`, `os_version`.
    static let samplesTable = """
        CREATE TABLE samples (
            anchor INTEGER PRIMARY KEY,
            uuid BLOB NOT NULL UNIQUE,
            kind INTEGER NOT NULL,
            type_id INTEGER NOT NULL REFERENCES types (id),
            source_id INTEGER REFERENCES sources (id),
            revision_id INTEGER REFERENCES revisions (id),
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
        """

    /// The columns v2 and v3 share, copied as they are.
    private static let sharedColumns = [
        "anchor", "uuid", "kind", "type_id", "source_id", "device_id", "start_date", "end_date", "value", "unit",
        "original_value", "category_value", "activity_type", "duration", "route_workout_uuid", "correlation_uuid",
        "has_metadata", "payload",
    ]

    /// v1's indexes on `samples` (they went with the v2 table), but `(type_id, end_date)`: queries sorted or
    /// bounded by end date range-scan `(type_id, start_date)` instead (decision 0027).
    static let samplesIndexes = [
        "CREATE INDEX samples_by_type_start ON samples (type_id, start_date)",
        "CREATE INDEX samples_by_correlation ON samples (correlation_uuid) WHERE correlation_uuid IS NOT NULL",
        "CREATE INDEX samples_by_route_workout ON samples (route_workout_uuid) WHERE route_workout_uuid IS NOT NULL",
    ]
}
