import Foundation
import GRDB
import HealthCore

/// The secondary indexes a bulk write into an EMPTY store builds once at its end instead of row by row.
///
/// SQLite builds an index from a sorted pass over the table far faster than it inserts the same entries one at a
/// time *in random order* (each insert is a B-tree search and a page change per index). The drop and the rebuild
/// happen inside the bulk write's transaction: readers keep seeing the indexed store from before the write, and a
/// write that fails or is killed rolls back to it. The `uuid` index stays, since the write finds repeats through it.
///
/// One of them, `(type, start)`, is kept live while the rows come in start order, as a Health
/// export's do (grouped by type, each type in time order; decision 0023): each entry then lands on the index's
/// last pages, which stay in the page cache, and that costs less than the sorted pass (a medium or large import
/// about 0.95×: BENCHMARKS.md). Once more than one row in ``disorderDivisor`` starts before the row written just
/// before it (after ``minimumRows``), they are dropped too and built at the end with the others: in random order
/// the live path costs 1.4× the sorted pass.
struct DeferredIndexes {
    /// The dropped indexes, with the statements that create them again (the schema's own, read back from it).
    private(set) var definitions: [String]
    /// The indexes kept live while the rows come in order, with their statements.
    private(set) var live: [(name: String, sql: String)]
    /// Rows seen, rows that started before the row seen just before them, and that row's start.
    private var rows = 0
    private var outOfOrder = 0
    private var lastStart = -Double.infinity

    /// Drops the always-deferred indexes when `samples` has no row, and keeps the order-sensitive ones live; nil
    /// (nothing dropped, nothing watched) otherwise.
    static func dropIfEmpty(_ db: Database) throws -> DeferredIndexes? {
        guard try Bool.fetchOne(db, sql: "SELECT NOT EXISTS (SELECT 1 FROM samples)") == true else { return nil }
        var indexes = DeferredIndexes(definitions: [], live: [])
        for name in alwaysDeferred {
            guard let sql = try definition(of: name, db) else { continue }
            indexes.definitions.append(sql)
            try db.execute(sql: "DROP INDEX \(name)")
        }
        for name in liveWhileInOrder {
            guard let sql = try definition(of: name, db) else { continue }
            indexes.live.append((name, sql))
        }
        return indexes
    }

    private static func definition(of name: String, _ db: Database) throws -> String? {
        try String.fetchOne(
            db, sql: "SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?", arguments: [name])
    }

    /// The indexes of the hot read paths that a bulk write never reads: dropped at once (metadata keys come in no
    /// useful order), or kept live while the rows come in start order.
    static let alwaysDeferred = ["metadata_by_key"]
    static let liveWhileInOrder = ["samples_by_type_start"]

    /// Rows seen before the order is judged: a small write keeps its indexes live whatever its order.
    static let minimumRows = 10_000
    /// Out of order: more than one row in this many starting before the row before it.
    static let disorderDivisor = 10

    /// Notes the start dates of the samples about to be written, in the order they will be written; once the rows
    /// are out of order (above), drops the live indexes, to build them at the end with the others. Returns whether
    /// it dropped them: the schema changed, and statements prepared before must be prepared again.
    mutating func observe(_ samples: borrowing [AnySample], _ db: Database) throws -> Bool {
        guard !live.isEmpty else { return false }
        // By index: a sample copied out of the array (as a sequence's element is) retains every reference it holds.
        for index in samples.indices {
            let time = samples[index].startDate.timeIntervalSinceReferenceDate
            if time < lastStart { outOfOrder += 1 }
            lastStart = time
            rows += 1
        }
        guard rows >= Self.minimumRows, outOfOrder * Self.disorderDivisor > rows else { return false }
        for (name, sql) in live {
            try db.execute(sql: "DROP INDEX \(name)")
            definitions.append(sql)
        }
        live = []
        return true
    }

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
