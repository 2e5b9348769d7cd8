import Foundation
import HealthCore

/// Translates an `NSPredicate` tree into the engine's predicate.
///
/// Leaves must come from `HKQuery.predicateFor…` (they carry the engine's predicate); inner nodes may be
/// `NSCompoundPredicate`s (and, or, not — swift-corelibs-foundation keeps their subpredicates and type), and
/// `NSPredicate(value:)` translates to all or nothing. Format and block predicates cannot be translated on
/// Linux (corelibs does not parse formats) and fail with `HKError(.errorInvalidArgument)`.
enum PredicateTranslation {
    /// The engine predicate of a sample query's predicate (nil selects everything).
    static func samplePredicate(_ predicate: NSPredicate?) throws(HKError) -> SamplePredicate {
        guard let predicate else { return .all }
        if let carried = predicate as? HKQueryPredicate {
            switch carried.payload {
            case .samples(let samples): return samples
            case .invalid(let message): throw HKError.programmerError(message)
            case .activitySummaries:
                throw HKError.programmerError("\(carried.factory) selects activity summaries, not samples")
            }
        }
        if let compound = predicate as? NSCompoundPredicate {
            var children: [SamplePredicate] = []
            for child in compound.subpredicates {
                guard let child = child as? NSPredicate else {
                    throw HKError.programmerError("NSCompoundPredicate holds a \(type(of: child)), not an NSPredicate")
                }
                children.append(try samplePredicate(child))
            }
            switch compound.compoundPredicateType {
            case .and: return .and(children)
            case .or: return .or(children)
            case .not:
                guard children.count == 1, let only = children.first else {
                    throw HKError.programmerError("A NOT predicate needs exactly one subpredicate")
                }
                return !only
            @unknown default:
                throw HKError.programmerError("Unknown NSCompoundPredicate type")
            }
        }
        if let constant = constantValue(predicate) { return constant ? .all : .none }
        throw HKError.programmerError(
            "Only HKQuery predicates, NSCompoundPredicate and NSPredicate(value:) can select samples on this platform; "
                + "NSPredicate(format:) and NSPredicate(block:) cannot be translated to a store query")
    }

    /// The day range of an activity-summary query's predicate (nil: all days).
    static func activitySummaryRange(
        _ predicate: NSPredicate?
    ) throws(HKError) -> (from: CalendarDay?, through: CalendarDay?) {
        guard let predicate else { return (nil, nil) }
        if let carried = predicate as? HKQueryPredicate {
            switch carried.payload {
            case .activitySummaries(let from, let through): return (from, through)
            case .invalid(let message): throw HKError.programmerError(message)
            case .samples: throw HKError.programmerError("\(carried.factory) selects samples, not activity summaries")
            }
        }
        if constantValue(predicate) == true { return (nil, nil) }
        throw HKError.programmerError(
            "An activity summary query needs predicateForActivitySummary(with:) or "
                + "predicate(forActivitySummariesBetweenStart:end:)")
    }

    /// The value of an `NSPredicate(value:)`, read from the object's reflection (corelibs keeps it in a private
    /// `kind`); nil for any other predicate.
    private static func constantValue(_ predicate: NSPredicate) -> Bool? {
        guard type(of: predicate) == NSPredicate.self else { return nil }
        for child in Mirror(reflecting: predicate).children where child.label == "kind" {
            for inner in Mirror(reflecting: child.value).children where inner.label == "boolean" {
                return inner.value as? Bool
            }
        }
        return nil
    }
}
