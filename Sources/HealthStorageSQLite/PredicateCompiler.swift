import Foundation
import GRDB
import HealthCore
import HealthStorage

/// A predicate compiled to a SQL condition on `samples`.
struct CompiledPredicate: Sendable {
    /// The condition (never NULL for any row, so `NOT` is exact).
    var sql: String
    /// The arguments of its `?` placeholders, in order.
    var arguments: StatementArguments
    /// True when some rows can only be decided in memory: then `sql` selects a superset, and the caller must
    /// filter the candidates with ``SamplePredicate/evaluate(_:context:)``.
    var needsResidual: Bool
    /// True when the condition bounds `start_date` (a date window): ordering by end date should then sort the
    /// rows the (type_id, start_date) range selects, not walk the end-date index past every later sample.
    var boundsStartDate = false
}

/// Compiles the ``SamplePredicate`` AST to SQL over the schema of `SQLiteStorage+Schema.swift`.
///
/// ```swift
/// PredicateCompiler.compile(.type(.quantity(.stepCount)) && .date(start: a, end: b)).sql
/// // (type_id IN (SELECT id FROM types WHERE kind = 0 AND identifier IN (?))) AND (end_date >= ? AND start_date < ?)
/// ```
///
/// Every node is SQL. A few leaves have rows SQL cannot decide exactly, and those rows are kept as candidates
/// for an in-memory check: quantity comparisons on samples saved in a unit that is neither the type's canonical
/// unit nor the predicate's unit (unknown types, odd units), metadata quantity comparisons across different
/// units, and workout statistics (they live in the JSON payload). Each leaf is emitted with its polarity: under
/// an even number of `NOT`s it keeps the undecided rows (superset), under an odd number it drops them, so the
/// final SQL always selects a superset of the answer.
enum PredicateCompiler {
    /// Compiles a predicate.
    static func compile(_ predicate: SamplePredicate) -> CompiledPredicate {
        var state = State()
        let sql = state.compile(predicate.node, positive: true)
        return CompiledPredicate(
            sql: sql, arguments: StatementArguments(state.arguments), needsResidual: state.residual,
            boundsStartDate: state.boundsStartDate)
    }

    /// The condition on `type_id` (of `samples` or `tombstones`) for a set of types; `0` when none can match.
    static func typeCondition(_ types: Set<SampleType>, column: String = "type_id") -> (String, [DatabaseValue]) {
        var state = State()
        let sql = state.types(types, column: column)
        return (sql, state.arguments)
    }

    private struct State {
        var arguments: [DatabaseValue] = []
        var residual = false
        var boundsStartDate = false
        /// The types a sibling `.types` node restricts the rows to, for the span bound of date windows.
        var spanScope: Set<SampleType>?

        mutating func placeholders(_ values: [DatabaseValue]) -> String {
            arguments += values
            return values.map { _ in "?" }.joined(separator: ", ")
        }

        mutating func arg(_ value: some DatabaseValueConvertible) -> String {
            arguments.append(value.databaseValue)
            return "?"
        }

        /// A leaf whose undecided rows (`undecided`) are kept when positive and dropped when negative.
        /// `decided` must be false on undecided rows.
        /// `undecided` is only built (and its arguments only appended) when positive.
        mutating func partial(
            _ decided: String, positive: Bool, undecided: (inout State) -> String
        ) -> String {
            residual = true
            guard positive else { return decided }
            return "(\(decided)) OR (\(undecided(&self)))"
        }

        mutating func compile(_ node: SamplePredicate.Node, positive: Bool) -> String {
            switch node {
            case .all:
                return "1"
            case .none:
                return "0"
            case .date(let start, let end, let options):
                boundsStartDate = boundsStartDate || start != nil || end != nil
                var parts: [String] = []
                if let start {
                    let column = options.contains(.strictStartDate) ? "start_date" : "end_date"
                    parts.append("\(column) >= \(arg(start.timeIntervalSinceReferenceDate))")
                    if !options.contains(.strictStartDate) {
                        // Implied by `end_date >= start` (no sample is longer than its type's longest), and it
                        // lets SQLite range-scan (type_id, start_date) instead of reading every earlier sample.
                        let bound = arg(start.timeIntervalSinceReferenceDate - 0.001)
                        let scope = spanScope.map { types($0, column: "type_id") } ?? "1"
                        parts.append(
                            "start_date >= \(bound) - (SELECT IFNULL(MAX(max_duration), 0) FROM type_spans WHERE \(scope))"
                        )
                    }
                }
                if let end {
                    let column = options.contains(.strictEndDate) ? "end_date" : "start_date"
                    parts.append("\(column) < \(arg(end.timeIntervalSinceReferenceDate))")
                    if options.contains(.strictEndDate) {
                        // Implied (no sample ends before it starts), and it gives the (type_id, start_date) index
                        // an upper bound: the store has no end-date index (decision 0027).
                        parts.append("start_date < \(arg(end.timeIntervalSinceReferenceDate))")
                    }
                }
                return parts.isEmpty ? "1" : parts.joined(separator: " AND ")
            case .types(let types):
                return self.types(types, column: "type_id")
            case .uuids(let uuids):
                guard !uuids.isEmpty else { return "0" }
                // By their bytes, which is the order of their text, without formatting each (that was a third of
                // a sync batch's time on the server: decision 0032).
                let sorted = uuids.sorted()
                return "uuid IN (\(placeholders(sorted.map(\.databaseValue))))"
            case .sources(let bundles):
                guard !bundles.isEmpty else { return "0" }
                let list = placeholders(bundles.sorted().map(\.databaseValue))
                return "source_id IS NOT NULL AND source_id IN (SELECT id FROM sources WHERE bundle_id IN (\(list)))"
            case .sourceRevisions(let revisions):
                return sourceRevisions(revisions)
            case .devices(let devices):
                let keys = devices.compactMap { try? DeviceKey.key($0) }.sorted()
                guard !keys.isEmpty else { return "0" }
                let list = placeholders(keys.map(\.databaseValue))
                return "device_id IS NOT NULL AND device_id IN (SELECT id FROM devices WHERE key IN (\(list)))"
            case .deviceProperty(let key, let values):
                guard !values.isEmpty else { return "0" }
                let list = placeholders(values.sorted().map(\.databaseValue))
                return "device_id IS NOT NULL AND device_id IN (SELECT id FROM devices WHERE "
                    + "\(DeviceKey.column(key)) IN (\(list)))"
            case .metadataExists(let key):
                return "anchor IN (SELECT anchor FROM metadata WHERE key = \(arg(key.rawValue)))"
            case .metadataAllowedValues(let key, let values):
                guard !values.isEmpty else { return "0" }
                return metadata(key, values.map { (ComparisonOperator.equalTo, $0) }, positive: positive)
            case .metadataComparison(let key, let op, let value):
                return metadata(key, [(op, value)], positive: positive)
            case .quantity(let op, let quantity):
                return self.quantity(op, quantity, positive: positive)
            case .categoryValue(let op, let value):
                return "kind = 1 AND category_value \(op.sql) \(arg(Int64(value)))"
            case .workoutActivityType(let type):
                return "kind = 3 AND activity_type = \(arg(Int64(bitPattern: UInt64(type.rawValue))))"
            case .workoutDuration(let op, let seconds):
                return "kind = 3 AND duration \(op.sql) \(arg(seconds))"
            case .workoutStatistic:
                return partial("0", positive: positive) { _ in "kind = 3" }
            case .noCorrelation:
                return "correlation_uuid IS NULL"
            case .payload:
                return partial("0", positive: positive) { _ in "kind = \(SampleKind.payload.rawValue)" }
            case .associatedWithWorkout(let workout):
                let first = arg(workout)
                let second = arg(workout)
                return "uuid IN (SELECT sample_uuid FROM workout_associations WHERE workout_uuid = \(first)) "
                    + "OR (route_workout_uuid IS NOT NULL AND route_workout_uuid = \(second))"
            case .and(let children):
                guard !children.isEmpty else { return "1" }
                let outer = spanScope
                defer { spanScope = outer }
                for child in children {
                    if case .types(let types) = child { spanScope = types }
                }
                // The leading range term's arguments come first, like its text.
                let leading = combinedDateRange(children).map { ["(\($0))"] } ?? []
                let compiled = children.map { "(\(compile($0, positive: positive)))" }
                return (leading + compiled).joined(separator: " AND ")
            case .or(let children):
                guard !children.isEmpty else { return "0" }
                return children.map { "(\(compile($0, positive: positive)))" }.joined(separator: " OR ")
            case .not(let child):
                return "NOT (\(compile(child, positive: !positive)))"
            }
        }

        /// With several date windows in one conjunction, their tightest `start_date` range as one leading term:
        /// SQLite range-scans the (type_id, start_date) index with the first bounds it meets, which would
        /// otherwise be the loosest window's. Every window implies `start_date < end` (samples never end before
        /// they start) and `start_date >= start − the type's longest span`, so the term changes no result.
        mutating func combinedDateRange(_ children: [SamplePredicate.Node]) -> String? {
            var starts: [Double] = []
            var ends: [Double] = []
            var windows = 0
            for child in children {
                guard case .date(let start, let end, _) = child else { continue }
                windows += 1
                if let start { starts.append(start.timeIntervalSinceReferenceDate - 0.001) }
                if let end { ends.append(end.timeIntervalSinceReferenceDate) }
            }
            guard windows > 1 else { return nil }
            var parts: [String] = []
            if !starts.isEmpty {
                let bound = starts.count == 1 ? arg(starts[0]) : "MAX(\(placeholders(starts.map(\.databaseValue))))"
                let scope = spanScope.map { types($0, column: "type_id") } ?? "1"
                parts.append(
                    "start_date >= \(bound) - (SELECT IFNULL(MAX(max_duration), 0) FROM type_spans WHERE \(scope))")
            }
            if !ends.isEmpty {
                let bound = ends.count == 1 ? arg(ends[0]) : "MIN(\(placeholders(ends.map(\.databaseValue))))"
                parts.append("start_date < \(bound)")
            }
            return parts.isEmpty ? nil : parts.joined(separator: " AND ")
        }

        mutating func types(_ types: Set<SampleType>, column: String) -> String {
            var byKind: [Int64: [String]] = [:]
            for type in types {
                let key = TypeKey(type)
                if key.kind >= 0 { byKind[key.kind, default: []].append(key.identifier) }
            }
            guard !byKind.isEmpty else { return "0" }
            if byKind.count == 1, let (kind, identifiers) = byKind.first, identifiers.count == 1 {
                // One type: an equality SQLite can seek and order by through the (type_id, …) indexes (an IN
                // list cannot give index order). `IS` keeps it false, never NULL, for an unregistered type.
                return
                    "\(column) IS (SELECT id FROM types WHERE kind = \(kind) AND identifier = \(arg(identifiers[0])))"
            }
            let groups = byKind.keys.sorted().map { kind in
                let list = placeholders((byKind[kind] ?? []).sorted().map(\.databaseValue))
                return "kind = \(kind) AND identifier IN (\(list))"
            }
            let condition = groups.count == 1 ? groups[0] : groups.map { "(\($0))" }.joined(separator: " OR ")
            return "\(column) IN (SELECT id FROM types WHERE \(condition))"
        }

        mutating func sourceRevisions(_ revisions: Set<SourceRevision>) -> String {
            let sorted = revisions.sorted { "\($0)" < "\($1)" }
            guard !sorted.isEmpty else { return "0" }
            // The revisions' ids: a handful of rows of `revisions`, then the samples by id. (A revision's name is
            // the source's registered one unless the row overrides it.)
            let matches = sorted.map { revision in
                "(s.bundle_id = \(arg(revision.source.bundleIdentifier)) AND COALESCE(r.name, s.name) = "
                    + "\(arg(revision.source.name)) AND r.version IS \(arg(revision.version)) AND r.product_type IS "
                    + "\(arg(revision.productType)) AND r.os_version IS \(arg(revision.operatingSystemVersion?.description)))"
            }
            return "revision_id IS NOT NULL AND revision_id IN (SELECT r.id FROM revisions r JOIN sources s ON "
                + "s.id = r.source_id WHERE \(matches.joined(separator: " OR ")))"
        }

        /// Metadata comparisons (any one of `tests` holding) on one key.
        mutating func metadata(
            _ key: MetadataKey, _ tests: [(ComparisonOperator, MetadataValue)], positive: Bool
        ) -> String {
            let keyArg = arg(key.rawValue)
            var decided: [String] = []
            var undecidedUnits: [String] = []
            for (op, value) in tests {
                let sqlOp = op.sql
                switch value {
                case .string(let text):
                    decided.append("kind = 0 AND text \(sqlOp) \(arg(text))")
                case .number, .bool:
                    decided.append("kind IN (1, 2) AND number \(sqlOp) \(arg(value.doubleValue ?? 0))")
                case .date(let date):
                    decided.append("kind = 3 AND number \(sqlOp) \(arg(date.timeIntervalSinceReferenceDate))")
                case .quantity(let quantity):
                    let unit = quantity.unit.unitString
                    decided.append(
                        "kind = 4 AND text = \(arg(unit)) AND number \(sqlOp) "
                            + "\(arg(quantity.doubleValue(in: quantity.unit)))")
                    undecidedUnits.append(unit)
                }
            }
            var condition = decided.map { "(\($0))" }.joined(separator: " OR ")
            if !undecidedUnits.isEmpty {
                residual = true
                if positive {
                    condition += undecidedUnits.map { " OR (kind = 4 AND text <> \(arg($0)))" }.joined()
                }
            }
            return "anchor IN (SELECT anchor FROM metadata WHERE key = \(keyArg) AND (\(condition)))"
        }

        /// Quantity comparisons: exact in SQL for samples in the type's canonical unit (compared with the
        /// predicate's quantity converted into that unit, as in memory) and for samples saved in the predicate's
        /// own unit; samples in any other unit are decided in memory.
        mutating func quantity(_ op: ComparisonOperator, _ quantity: Quantity, positive: Bool) -> String {
            let sqlOp = op.sql
            var decided: [String] = []
            for canonical in CanonicalUnits.all where canonical.unit.isCompatible(with: quantity.unit) {
                guard let converted = try? quantity.doubleValue(for: canonical.unit) else { continue }
                decided.append(
                    "unit IS NULL AND type_id IN (SELECT id FROM types WHERE canonical_unit = \(arg(canonical.string))) "
                        + "AND value \(sqlOp) \(arg(converted))")
            }
            let unit = quantity.unit.unitString
            decided.append(
                "unit IS \(arg(unit)) AND original_value \(sqlOp) \(arg(quantity.doubleValue(in: quantity.unit)))")
            let condition = "kind = 0 AND (" + decided.map { "(\($0))" }.joined(separator: " OR ") + ")"
            return partial(condition, positive: positive) { state in
                "kind = 0 AND unit IS NOT NULL AND unit <> \(state.arg(unit))"
            }
        }
    }
}
