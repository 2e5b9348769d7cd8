import Foundation
import GRDB
public import HealthCore
public import HealthStorage

extension SQLiteStorage {
    /// Samples matching a request: the predicate compiled to SQL, sorted in SQL with the anchor (insertion
    /// order) as the final tie-breaker, limited in SQL unless some rows must be decided in memory.
    public func samples(matching request: SampleRequest) async throws(StorageError) -> [StoredSample] {
        let fetch = Fetch(request)
        let lookups = self.lookups
        return try await read("fetch samples") { db in
            try Self.select(
                db, lookups: lookups, where: fetch.condition, arguments: fetch.arguments, order: fetch.order,
                limit: fetch.limit, residual: fetch.residual
            )
            .map { StoredSample(sample: $0.stored.sample, anchor: $0.stored.anchor) }
        }
    }

    /// A request's statement: its condition (with ``EndDateBound``'s bound when it applies), order and limit.
    struct Fetch {
        let condition: String
        let arguments: StatementArguments
        let order: String
        let limit: Int?
        /// The predicate to check candidates against in memory, when SQL cannot decide some rows.
        let residual: SamplePredicate?

        init(_ request: SampleRequest) {
            let compiled = PredicateCompiler.compile(request.predicate)
            limit = request.limit.flatMap { $0 >= 0 ? $0 : nil }
            let bounded = EndDateBound.bounded(
                compiled, predicate: request.predicate, sort: request.sort, limit: limit)
            condition = bounded?.sql ?? compiled.sql
            arguments = bounded?.arguments ?? compiled.arguments
            order = SQLiteStorage.orderClause(
                request.sort, sortsSelectedRows: compiled.boundsStartDate || bounded != nil)
            residual = compiled.needsResidual ? request.predicate : nil
        }
    }

    /// SQLite's plan for ``samples(matching:)``'s statement (`EXPLAIN QUERY PLAN`, one line per step). A test hook:
    /// which index a fetch uses is a speed property no result shows.
    package func queryPlan(_ request: SampleRequest) throws(StorageError) -> [String] {
        let fetch = Fetch(request)
        let sql = Self.selectSQL(
            where: fetch.condition, order: fetch.order, limit: fetch.residual == nil ? fetch.limit : nil)
        do {
            return try writer.read { db in
                try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: fetch.arguments).map {
                    $0["detail"] as String
                }
            }
        } catch {
            throw Self.storageError(error, "plan a fetch")
        }
    }

    /// The number of samples matching a predicate (`COUNT(*)` unless rows must be decided in memory).
    public func count(matching predicate: SamplePredicate) async throws(StorageError) -> Int {
        let compiled = PredicateCompiler.compile(predicate)
        let lookups = self.lookups
        return try await read("count samples") { db in
            guard compiled.needsResidual else {
                return try Int.fetchOne(
                    db, sql: "SELECT COUNT(*) FROM samples WHERE \(compiled.sql)", arguments: compiled.arguments) ?? 0
            }
            return try Self.select(
                db, lookups: lookups, where: compiled.sql, arguments: compiled.arguments, order: "anchor",
                limit: nil, residual: predicate
            ).count
        }
    }

    /// How many matching samples each source saved: one `GROUP BY source_id` over the predicate (rows are
    /// decided in memory only when the predicate needs it), in registration order.
    public func sourceCounts(matching predicate: SamplePredicate) async throws(StorageError) -> [SourceCount] {
        let compiled = PredicateCompiler.compile(predicate)
        let lookups = self.lookups
        return try await read("count samples by source") { db in
            var byID: [Int64: Int] = [:]
            if compiled.needsResidual {
                let kept = try Self.select(
                    db, lookups: lookups, where: compiled.sql, arguments: compiled.arguments, order: "anchor",
                    limit: nil, residual: predicate)
                var byBundle: [String: Int] = [:]
                for row in kept { byBundle[row.stored.sample.source?.bundleIdentifier ?? "", default: 0] += 1 }
                let ids = try Row.fetchAll(db, sql: "SELECT id, bundle_id FROM sources")
                for row in ids { if let count = byBundle[row[1]] { byID[row[0]] = count } }
            } else {
                let rows = try Row.fetchAll(
                    db, sql: "SELECT source_id, COUNT(*) FROM samples WHERE \(compiled.sql) GROUP BY source_id",
                    arguments: compiled.arguments)
                for row in rows { byID[row[0]] = row[1] }
            }
            return try Row.fetchAll(
                db,
                sql: """
                    SELECT id, bundle_id, name, registration_order, product_type FROM sources
                    ORDER BY registration_order
                    """
            ).compactMap { row -> SourceCount? in
                guard let count = byID[row[0]] else { return nil }
                return SourceCount(
                    record: SourceRecord(
                        source: Source(name: row[2], bundleIdentifier: row[1]), registrationOrder: row[3],
                        productType: row[4]),
                    count: count)
            }
        }
    }

    /// `ORDER BY` for sort orders, ending with the anchor.
    ///
    /// With `sortsSelectedRows` (a date window, or ``EndDateBound``'s bound), an end-date key is written
    /// `+end_date`, which keeps SQLite from planning around it: it range-scans the start-date index and sorts the
    /// few rows selected.
    static func orderClause(_ sort: [SampleSortOrder], sortsSelectedRows: Bool = false) -> String {
        let keys = sort.map { order in
            let column =
                switch order.key {
                case .startDate: "start_date"
                case .endDate: sortsSelectedRows ? "+end_date" : "end_date"
                case .uuid: "uuid"
                case .workoutDuration: "CASE WHEN kind = 3 THEN duration ELSE 0 END"
                }
            return column + (order.ascending ? " ASC" : " DESC")
        }
        return (keys + ["anchor ASC"]).joined(separator: ", ")
    }

    /// Selects and decodes samples; with a residual predicate, candidates are filtered in memory before the
    /// limit applies.
    static func select(
        _ db: Database, lookups: Lookups, where condition: String, arguments: StatementArguments, order: String,
        limit: Int?, residual: SamplePredicate?
    ) throws -> [SampleCodec.Decoded] {
        let sql = selectSQL(where: condition, order: order, limit: residual == nil ? limit : nil)
        var decoded: [SampleCodec.Decoded] = []
        let rows = try Row.fetchCursor(db, sql: sql, arguments: arguments)
        while let row = try rows.next() {
            decoded.append(try SampleCodec.decode(row, lookups: lookups, db: db))
        }
        guard let residual else { return decoded }
        let context = RowContext(db: db, members: Set(decoded.filter(\.isCorrelationMember).map(\.stored.sample.uuid)))
        let kept = decoded.filter { residual.evaluate($0.stored.sample, context: context) }
        guard let limit else { return kept }
        return Array(kept.prefix(limit))
    }

    /// The statement ``select(_:lookups:where:arguments:order:limit:residual:)`` runs (and ``queryPlan(_:)``
    /// explains): `limit` is nil when candidates are checked in memory before it applies.
    static func selectSQL(where condition: String, order: String, limit: Int?) -> String {
        let sql = "SELECT \(SampleCodec.columns) FROM samples WHERE \(condition) ORDER BY \(order)"
        return limit.map { sql + " LIMIT \($0)" } ?? sql
    }
}

/// The store's relations for an in-memory check of candidate rows.
struct RowContext: SamplePredicateContext {
    let db: Database
    let members: Set<UUID>

    func isCorrelationMember(_ sample: UUID) -> Bool { members.contains(sample) }

    func isSample(_ sample: UUID, associatedWithWorkout workout: UUID) -> Bool {
        let found = try? Bool.fetchOne(
            db,
            sql: """
                SELECT EXISTS (SELECT 1 FROM workout_associations WHERE sample_uuid = ? AND workout_uuid = ?)
                    OR EXISTS (SELECT 1 FROM samples WHERE uuid = ? AND route_workout_uuid = ?)
                """, arguments: [sample, workout, sample, workout])
        return found ?? false
    }
}
