import Foundation
import GRDB
import HealthCore
import HealthStorage
import HealthStorageSQLite

/// Issue 3's figures: insert throughput (1M samples, 10k batches) and a one-day query over a large store,
/// each side by side with raw SQLite through prepared statements.
enum StoreBenchmarks {
    /// - Parameter rounds: interleaved rounds of the two baselines and the store (each reports its best; the
    ///   store's ratio to its row floor is also printed per round, with the median).
    static func run(samples total: Int, queryStoreSize: Int, rounds: Int = 5, report: inout Report) async throws {
        let dir = try temporaryDirectory("store")
        defer { removeUnlessKept(dir) }
        let batches = stride(from: 0, to: total, by: 10_000).map {
            SyntheticSamples.samples($0..<min($0 + 10_000, total))
        }
        let rows = batches.map { $0.map(SQLiteFloor.Row.init) }
        var run = 0
        func insertRaw(_ level: SQLiteFloor.Level) throws {
            run += 1
            try SQLiteFloor.insert(rows, level: level, path: dir.appendingPathComponent("raw-\(run).sqlite").path)
        }
        func insertOurs() async throws {
            run += 1
            let storage = try SQLiteStorage(path: dir.appendingPathComponent("ohk-\(run).sqlite").path)
            for batch in batches { _ = try await storage.commit(StorageCommit(inserts: batch)) }
        }
        // SQLite's own floor on this machine: the access paths added one by one, through the C API.
        for level in SQLiteFloor.Level.allCases where level != .typeEnd {
            let seconds = try await measure(repetitions: 2) { try insertRaw(level) }
            report.add("raw SQLite C API insert \(total), 10k/txn: \(level.label)", seconds: seconds, items: total)
        }
        // The two baselines and the store, interleaved so that all three see the same drift of the machine's
        // speed: warm-up of each, then `rounds` rounds of one each; best of them. The minimal table with the
        // store's three access paths (issue 3's baseline), and the store's own row and indexes through the C API
        // (issue 17's: same row width, same B-trees, same batch size).
        // The same floor with the rows grouped into statements as the store's writer groups them: the store
        // against the floor of its own statement shape.
        func insertRowFloor(rowsPerStatement: Int = 1) async throws {
            run += 1
            try await SQLiteRowFloor.insert(
                batches, rows: rows, path: dir.appendingPathComponent("row-\(run).sqlite").path,
                rowsPerStatement: rowsPerStatement)
        }
        let grouped = SQLiteStorage.rowsPerStatement
        try insertRaw(.typeEnd)
        try await insertRowFloor()
        try await insertRowFloor(rowsPerStatement: grouped)
        try await insertOurs()
        var raw = Double.infinity
        var rowFloor = Double.infinity
        var groupFloor = Double.infinity
        var ours = Double.infinity
        var roundRatios: [Double] = []
        var groupRatios: [Double] = []
        for _ in 0..<rounds {
            raw = min(raw, try await measure(repetitions: 1, warmUp: false) { try insertRaw(.typeEnd) })
            let floorRound = try await measure(repetitions: 1, warmUp: false) { try await insertRowFloor() }
            let groupRound = try await measure(repetitions: 1, warmUp: false) {
                try await insertRowFloor(rowsPerStatement: grouped)
            }
            let oursRound = try await measure(repetitions: 1, warmUp: false) { try await insertOurs() }
            rowFloor = min(rowFloor, floorRound)
            groupFloor = min(groupFloor, groupRound)
            ours = min(ours, oursRound)
            roundRatios.append(oursRound / floorRound)
            groupRatios.append(oursRound / groupRound)
        }
        func sorted(_ ratios: [Double]) -> String {
            let ratios = ratios.sorted()
            return ratios.map { String(format: "%.3f", $0) }.joined(separator: " ")
                + String(format: "; median %.3f×", ratios[ratios.count / 2])
        }
        print("  store ÷ store-row floor, one row per statement, per round (sorted): " + sorted(roundRatios))
        print("  store ÷ store-row floor, \(grouped) rows per statement, per round (sorted): " + sorted(groupRatios))
        report.add(
            "raw SQLite C API insert \(total), 10k/txn: \(SQLiteFloor.Level.typeEnd.label)", seconds: raw, items: total)
        report.add(
            "raw SQLite C API insert \(total), 10k/txn: the store's row and indexes", seconds: rowFloor, items: total,
            baseline: raw)
        report.add(
            "raw SQLite C API insert \(total), 10k/txn: the store's row and indexes, \(grouped) rows per statement",
            seconds: groupFloor, items: total, baseline: rowFloor)
        report.add(
            "SQLiteStorage insert \(total) (commit, 10k/batch)", seconds: ours, items: total, baseline: groupFloor)

        // One-day query over a store of `queryStoreSize` samples.
        let bigPath = dir.appendingPathComponent("big.sqlite").path
        let storage = try SQLiteStorage(path: bigPath)
        let rawBig = dir.appendingPathComponent("raw-big.sqlite").path
        var rawBatches: [[AnySample]] = []
        for offset in stride(from: 0, to: queryStoreSize, by: 10_000) {
            let batch = SyntheticSamples.samples(offset..<min(offset + 10_000, queryStoreSize))
            _ = try await storage.commit(StorageCommit(inserts: batch))
            rawBatches.append(batch)
            if rawBatches.count == 50 {
                try RawSQLite.insert(batches: rawBatches, path: rawBig)
                rawBatches.removeAll()
            }
        }
        if !rawBatches.isEmpty { try RawSQLite.insert(batches: rawBatches, path: rawBig) }
        let day = SyntheticSamples.start.addingTimeInterval(Double(queryStoreSize / 2) * 300)
        let dayEnd = day.addingTimeInterval(86_400)
        var found = 0
        let rawQueue = try DatabaseQueue(path: rawBig)
        let rawQuery = try await measure(repetitions: 20) {
            found = try RawSQLite.dayQuery(rawQueue, start: day, end: dayEnd)
        }
        report.add("raw SQLite one-day query over \(queryStoreSize) (\(found) rows, naive overlap)", seconds: rawQuery)
        let rawBounded = try await measure(repetitions: 20) {
            found = try RawSQLite.dayQuery(rawQueue, start: day, end: dayEnd, longest: 300)
        }
        report.add(
            "raw SQLite one-day query over \(queryStoreSize) (\(found) rows, start bounded by longest)",
            seconds: rawBounded)
        let predicate = SamplePredicate.type(.quantity(.stepCount)) && .date(start: day, end: dayEnd)
        let oursQuery = try await measure(repetitions: 20) {
            found = try await storage.samples(matching: SampleRequest(predicate: predicate)).count
        }
        report.add(
            "SQLiteStorage one-day query over \(queryStoreSize) (\(found) samples)", seconds: oursQuery,
            baseline: rawBounded)
    }
}

/// The baseline: the same rows in a minimal table with the store's three access paths, through SQLite's C API.
enum RawSQLite {
    static func insert(batches: [[AnySample]], path: String) throws {
        try SQLiteFloor.insert(batches.map { $0.map(SQLiteFloor.Row.init) }, level: .typeEnd, path: path)
    }

    /// Samples overlapping `[start, end)`; with `longest`, also `start >= start − longest` so the index
    /// range-scans (what a hand-written query that knows the longest sample would do).
    static func dayQuery(_ queue: DatabaseQueue, start: Date, end: Date, longest: Double? = nil) throws -> Int {
        try queue.read { db in
            var sql = "SELECT uuid, source, start, end, value FROM samples WHERE type = 1 AND start < ? AND end >= ?"
            var arguments: StatementArguments = [
                end.timeIntervalSinceReferenceDate, start.timeIntervalSinceReferenceDate,
            ]
            if let longest {
                sql =
                    "SELECT uuid, source, start, end, value FROM samples WHERE type = 1 AND start >= ? AND start < ? AND end >= ?"
                arguments = [
                    start.timeIntervalSinceReferenceDate - longest, end.timeIntervalSinceReferenceDate,
                    start.timeIntervalSinceReferenceDate,
                ]
            }
            return try Row.fetchAll(db, sql: sql + " ORDER BY id", arguments: arguments).count
        }
    }
}
