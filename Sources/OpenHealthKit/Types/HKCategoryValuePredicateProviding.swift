public import Foundation

/// A category value set that makes predicates for the samples holding its values (iOS 16): every
/// `HKCategoryValue…` enum conforms.
///
/// ```swift
/// let asleep = HKCategoryValueSleepAnalysis.predicateForSamples(equalTo: HKCategoryValueSleepAnalysis.allAsleepValues)
/// let notInBed = HKCategoryValueSleepAnalysis.predicateForSamples(.notEqualTo, value: .inBed)
/// ```
public protocol HKCategoryValuePredicateProviding: Hashable, RawRepresentable {}

extension HKCategoryValuePredicateProviding where RawValue == Int {
    /// Category samples whose value compares to `value` (`.equalTo`, `.notEqualTo`, `.lessThan`, …).
    public static func predicateForSamples(_ operatorType: NSComparisonPredicate.Operator, value: Self) -> NSPredicate {
        HKQuery.predicateForCategorySamples(with: operatorType, value: value.rawValue)
    }

    /// Category samples whose value is one of `values`.
    public static func predicateForSamples(equalTo values: Set<Self>) -> NSPredicate {
        HKQuery.predicateForCategorySamples(equalToValues: Set(values.map(\.rawValue)))
    }
}
