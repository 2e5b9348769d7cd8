import GRDB
import HealthCore
import HealthStorage

/// The bound that lets a fetch sorted by end date with a limit ("the newest heart rate", "the last ten weights")
/// range-scan the `(type_id, start_date)` index instead of sorting every sample of the type: the store keeps no
/// end-date index (decision 0027).
///
/// Newest first: the `limit` samples that START last have `limit` end dates, the least of them `e`. So the
/// `limit`-th latest end date is at least `e`, every sample of the answer ends at or after `e`, and (no sample is
/// longer than its type's longest, `type_spans`) starts at or after `e − longest`. Oldest first, mirrored: the
/// `limit` samples that start first end by some `e`, so every sample of the answer starts by `e`. Both bounds
/// keep every sample that ties with the last one of the answer, so the sort and its tie-break are unchanged.
enum EndDateBound {
    /// `compiled` with the bound added, and its arguments; nil when the request needs none (no limit, no end-date
    /// sort first, a date window that bounds `start_date` already, or rows decided in memory before the limit).
    static func bounded(
        _ compiled: CompiledPredicate, predicate: SamplePredicate, sort: [SampleSortOrder], limit: Int?
    ) -> (sql: String, arguments: StatementArguments)? {
        guard let limit, limit > 0, !compiled.needsResidual, !compiled.boundsStartDate,
            let first = sort.first, first.key == .endDate
        else { return nil }
        let direction = first.ascending ? "ASC" : "DESC"
        let firstRows =
            "SELECT end_date FROM samples WHERE \(compiled.sql) ORDER BY start_date \(direction) LIMIT \(limit)"
        if first.ascending {
            return (
                "(\(compiled.sql)) AND start_date <= (SELECT MAX(end_date) FROM (\(firstRows)))",
                compiled.arguments + compiled.arguments
            )
        }
        let (scope, scopeArguments) =
            types(restricting: predicate).map { PredicateCompiler.typeCondition($0) } ?? ("1", [])
        return (
            "(\(compiled.sql)) AND start_date >= (SELECT MIN(end_date) FROM (\(firstRows))) - 0.001 - "
                + "(SELECT IFNULL(MAX(max_duration), 0) FROM type_spans WHERE \(scope))",
            compiled.arguments + compiled.arguments + StatementArguments(scopeArguments)
        )
    }

    /// The types every row of `predicate` has, when it says so at its top (a type, or a conjunction with one):
    /// the longest span is then theirs, not every type's.
    static func types(restricting predicate: SamplePredicate) -> Set<SampleType>? {
        switch predicate.node {
        case .types(let types): return types
        case .and(let children):
            for child in children { if case .types(let types) = child { return types } }
            return nil
        default: return nil
        }
    }
}
