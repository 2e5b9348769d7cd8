import GRDB

/// The secondary indexes a bulk write into an EMPTY store builds once at its end instead of row by row.
///
/// SQLite builds an index from a sorted pass over the table far faster than it inserts the same entries one at a
/// time (each insert is a B-tree search and a page change per index). The drop and the rebuild happen inside the
/// bulk write's transaction: readers keep seeing the indexed store from before the write, and a write that fails
/// or is killed rolls back to it. The `uuid` index stays, since the write finds repeats through it.
struct DeferredIndexes {
    /// The deferred indexes, with the statements that create them (the schema's own, read back from it).
    let definitions: [String]

    /// Drops the deferrable indexes when `samples` has no row; nil (nothing dropped) otherwise.
    static func dropIfEmpty(_ db: Database) throws -> DeferredIndexes? {
        guard try Bool.fetchOne(db, sql: "SELECT NOT EXISTS (SELECT 1 FROM samples)") == true else { return nil }
        var definitions: [String] = []
        for name in names {
            let sql = try String.fetchOne(
                db, sql: "SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?", arguments: [name])
            guard let sql else { continue }
            definitions.append(sql)
            try db.execute(sql: "DROP INDEX \(name)")
        }
        return DeferredIndexes(definitions: definitions)
    }

    /// The indexes of the hot read paths that a bulk write never reads.
    static let names = ["samples_by_type_start", "samples_by_type_end", "metadata_by_key"]

    /// The page cache while rebuilding, in `cache_size` units (negative: KiB): 2 MiB. SQLite's sorter keeps runs
    /// of the cache's size in memory; measured on the large export's 5M rows (sqlite3 shell, `/usr/bin/time`):
    /// 8 MiB → 21 MB resident, 4.6 s; 2 MiB → 9 MB, 4.4 s. The bulk write restores its own cache size after.
    static let rebuildCacheSize = -2_048

    /// Creates the dropped indexes again, each from one sorted pass.
    func rebuild(_ db: Database) throws {
        try db.execute(sql: "PRAGMA cache_size = \(Self.rebuildCacheSize)")
        for sql in definitions { try db.execute(sql: sql) }
    }
}
