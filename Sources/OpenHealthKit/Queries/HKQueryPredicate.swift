import Foundation
import HealthCore

/// The `NSPredicate` that `HKQuery.predicateFor…` returns: it carries the engine's predicate, so
/// `NSCompoundPredicate` trees of them translate back exactly (see ``PredicateTranslation``).
///
/// It also evaluates in memory (`NSArray.filtered(using:)`, `evaluate(with:)`) against `HKSample`s with the
/// engine's meaning; relations kept by the store (correlation membership, workout association) evaluate false
/// in memory.
final class HKQueryPredicate: NSPredicate {
    /// What the predicate selects.
    enum Payload: Sendable {
        /// Samples, in the engine's vocabulary.
        case samples(SamplePredicate)
        /// Activity summaries in a range of days (either end open).
        case activitySummaries(from: CalendarDay?, through: CalendarDay?)
        /// A predicate HealthKit would have rejected with an exception.
        case invalid(String)
    }

    let payload: Payload
    /// HealthKit's name of the factory that made it, for messages.
    let factory: String

    init(_ payload: Payload, factory: String) {
        self.payload = payload
        self.factory = factory
        super.init(value: true)
    }

    required init?(coder: NSCoder) { nil }

    override func evaluate(with object: Any?, substitutionVariables bindings: [String: Any]?) -> Bool {
        guard case .samples(let predicate) = payload, let sample = object as? HKSample else { return false }
        return predicate.evaluate(sample.engineSample)
    }

    override var description: String { factory }

    static func samples(_ predicate: SamplePredicate, _ factory: String) -> HKQueryPredicate {
        HKQueryPredicate(.samples(predicate), factory: factory)
    }
}
