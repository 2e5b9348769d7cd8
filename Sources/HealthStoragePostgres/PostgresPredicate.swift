import Foundation
import HealthCore
import HealthStorage
import PostgresNIO

/// A predicate compiled to a condition on `samples` (never NULL for any row, so `NOT` is exact).
struct CompiledCondition {
    /// The SQL condition; its parameters are numbered from the statement's first free one.
    var sql: String
    /// True when some rows can only be decided in memory: `sql` then selects a superset and the caller filters
    /// the candidates with ``HealthCore/SamplePredicate/evaluate(_:context:)``.
    var needsResidual: Bool
    /// The workouts an `associatedWithWorkout` leaf names (for the in-memory check's context).
    var workouts: Set<UUID>
}

/// Statement text with its parameters: `$n` placeholders appended in order.
struct SQLBuilder {
    var binds = PostgresBindings()

    /// A placeholder for a value.
    mutating func arg<Value: PostgresDynamicTypeEncodable>(_ value: Value) -> String {
        binds.append(value)
        return "$\(binds.count)"
    }

    /// A placeholder for an optional value (NULL when nil).
    mutating func arg<Value: PostgresDynamicTypeEncodable>(_ value: Value?) -> String {
        binds.append(value)
        return "$\(binds.count)"
    }

    /// The statement.
    func query(_ sql: String) -> PostgresQuery { PostgresQuery(unsafeSQL: sql, binds: binds) }
}

/// Compiles the ``HealthCore/SamplePredicate`` tree to SQL over the schema of `PostgresSchema.swift`.
///
/// Exact in SQL: dates (with the type-span bound that turns an overlap into an index range), types, UUIDs,
/// sources, metadata keys, category values, workout activity types and durations, correlation membership and
/// workout associations. Decided in memory on a superset SQL selects: source revisions and devices (no columns),
/// metadata value comparisons (rows with the key), quantity comparisons (quantity rows) and workout statistics
/// (workout rows). Each such leaf is emitted with its polarity — under an even number of `NOT`s it keeps the
/// undecided rows, under an odd number it drops them — so the whole condition always selects a superset.
struct PostgresPredicateCompiler {
    /// Type ids of the predicate's types (resolved by the caller; a type without an id matches nothing).
    let typeIDs: [TypeKey: Int32]
    /// The parameter holding the person id.
    let personParameter: String
    private var residual = false
    private var workouts: Set<UUID> = []
    /// The type ids a sibling `.types` node restricts the rows to, for the span bound of date windows.
    private var spanScope: [Int32]?

    init(typeIDs: [TypeKey: Int32], personParameter: String) {
        self.typeIDs = typeIDs
        self.personParameter = personParameter
    }

    /// Every type a predicate names (to resolve their ids first).
    static func types(in node: SamplePredicate.Node) -> Set<TypeKey> {
        switch node {
        case .types(let types): Set(types.map(TypeKey.init))
        case .and(let children), .or(let children): children.reduce(into: []) { $0.formUnion(types(in: $1)) }
        case .not(let child): types(in: child)
        default: []
        }
    }

    /// Compiles a predicate, appending its parameters to `builder`.
    mutating func compile(_ predicate: SamplePredicate, _ builder: inout SQLBuilder) -> CompiledCondition {
        residual = false
        workouts = []
        let sql = compile(predicate.node, positive: true, &builder)
        return CompiledCondition(sql: sql, needsResidual: residual, workouts: workouts)
    }

    /// The condition on `type_id` for a set of types (also used for tombstones).
    func typeCondition(_ types: Set<SampleType>, _ builder: inout SQLBuilder, column: String = "type_id") -> String {
        let ids = types.compactMap { typeIDs[TypeKey($0)] }.sorted()
        if ids.isEmpty { return "FALSE" }
        if ids.count == 1 { return "\(column) = \(builder.arg(ids[0]))" }
        return "\(column) = ANY(\(builder.arg(ids))::integer[])"
    }

    /// A leaf whose undecided rows are kept when positive and dropped when negative.
    private mutating func partial(
        _ decided: String, positive: Bool, _ builder: inout SQLBuilder, undecided: (inout SQLBuilder) -> String
    ) -> String {
        residual = true
        guard positive else { return decided }
        return "(\(decided)) OR (\(undecided(&builder)))"
    }

    private mutating func compile(_ node: SamplePredicate.Node, positive: Bool, _ builder: inout SQLBuilder) -> String {
        switch node {
        case .all:
            return "TRUE"
        case .none:
            return "FALSE"
        case .date(let start, let end, let options):
            var parts: [String] = []
            if let start {
                let seconds = start.timeIntervalSinceReferenceDate
                if options.contains(.strictStartDate) {
                    parts.append("start_date >= \(builder.arg(seconds))")
                } else {
                    parts.append("end_date >= \(builder.arg(seconds))")
                    // Implied (no sample of a type is longer than its longest), and it makes the overlap an index
                    // range on (person_id, type_id, start_date) instead of every earlier sample.
                    let scope = spanScope.map { "type_id = ANY(\(builder.arg($0))::integer[])" } ?? "TRUE"
                    parts.append(
                        "start_date >= \(builder.arg(seconds - 0.001)) - (SELECT COALESCE(MAX(max_duration), 0) "
                            + "FROM type_spans WHERE person_id = \(personParameter) AND \(scope))")
                }
            }
            if let end {
                let column = options.contains(.strictEndDate) ? "end_date" : "start_date"
                parts.append("\(column) < \(builder.arg(end.timeIntervalSinceReferenceDate))")
            }
            return parts.isEmpty ? "TRUE" : parts.joined(separator: " AND ")
        case .types(let types):
            return typeCondition(types, &builder)
        case .uuids(let uuids):
            guard !uuids.isEmpty else { return "FALSE" }
            return "uuid = ANY(\(builder.arg(uuids.sorted()))::uuid[])"
        case .sources(let bundles):
            guard !bundles.isEmpty else { return "FALSE" }
            return "COALESCE(source = ANY(\(builder.arg(bundles.sorted()))::text[]), FALSE)"
        case .sourceRevisions(let revisions):
            let bundles = Set(revisions.map(\.source.bundleIdentifier)).sorted()
            guard !bundles.isEmpty else { return "FALSE" }
            return partial("FALSE", positive: positive, &builder) { builder in
                "COALESCE(source = ANY(\(builder.arg(bundles))::text[]), FALSE)"
            }
        case .devices(let devices):
            guard !devices.isEmpty else { return "FALSE" }
            return partial("FALSE", positive: positive, &builder) { _ in "TRUE" }
        case .deviceProperty(_, let values):
            guard !values.isEmpty else { return "FALSE" }
            return partial("FALSE", positive: positive, &builder) { _ in "TRUE" }
        case .metadataExists(let key):
            return Self.hasKey(key, &builder)
        case .metadataAllowedValues(let key, let values):
            guard !values.isEmpty else { return "FALSE" }
            return partial("FALSE", positive: positive, &builder) { builder in Self.hasKey(key, &builder) }
        case .metadataComparison(let key, _, _):
            return partial("FALSE", positive: positive, &builder) { builder in Self.hasKey(key, &builder) }
        case .quantity:
            return partial("FALSE", positive: positive, &builder) { _ in "kind = 0" }
        case .categoryValue(let op, let value):
            return "(kind = 1 AND COALESCE(category_value \(op.sql) \(builder.arg(Int64(value))), FALSE))"
        case .workoutActivityType(let type):
            let bits = Int64(bitPattern: UInt64(type.rawValue))
            return "(kind = 3 AND COALESCE(activity_type = \(builder.arg(bits)), FALSE))"
        case .workoutDuration(let op, let seconds):
            return "(kind = 3 AND COALESCE(duration \(op.sql) \(builder.arg(seconds)), FALSE))"
        case .workoutStatistic:
            return partial("FALSE", positive: positive, &builder) { _ in "kind = 3" }
        case .noCorrelation:
            return "correlation_uuid IS NULL"
        case .payload:
            return partial("FALSE", positive: positive, &builder) { _ in "kind = \(SampleKind.payload.rawValue)" }
        case .associatedWithWorkout(let workout):
            workouts.insert(workout)
            let first = builder.arg(workout)
            return "(uuid IN (SELECT sample_uuid FROM workout_associations WHERE person_id = \(personParameter) "
                + "AND workout_uuid = \(first)) OR COALESCE(route_workout_uuid = \(first), FALSE))"
        case .and(let children):
            guard !children.isEmpty else { return "TRUE" }
            let outer = spanScope
            defer { spanScope = outer }
            for child in children {
                if case .types(let types) = child {
                    spanScope = types.compactMap { typeIDs[TypeKey($0)] }.sorted()
                }
            }
            var parts: [String] = []
            for child in children { parts.append("(\(compile(child, positive: positive, &builder)))") }
            return parts.joined(separator: " AND ")
        case .or(let children):
            guard !children.isEmpty else { return "FALSE" }
            var parts: [String] = []
            for child in children { parts.append("(\(compile(child, positive: positive, &builder)))") }
            return parts.joined(separator: " OR ")
        case .not(let child):
            return "NOT (\(compile(child, positive: !positive, &builder)))"
        }
    }

    private static func hasKey(_ key: MetadataKey, _ builder: inout SQLBuilder) -> String {
        "COALESCE(meta_keys @> ARRAY[\(builder.arg(key.rawValue))]::text[], FALSE)"
    }
}

/// The relations the in-memory check of a residual predicate needs, read with the candidates.
struct RowRelations: SamplePredicateContext {
    var members: Set<UUID> = []
    var associations: Set<WorkoutAssociation> = []
    var routes: [UUID: UUID] = [:]

    func isCorrelationMember(_ sample: UUID) -> Bool { members.contains(sample) }

    func isSample(_ sample: UUID, associatedWithWorkout workout: UUID) -> Bool {
        associations.contains(WorkoutAssociation(sample: sample, workout: workout)) || routes[sample] == workout
    }
}
