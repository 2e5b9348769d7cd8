package import HealthCore

// How a backend names a sample's kind and type in its tables (SQLite and PostgreSQL store the same numbers).

/// A sample's kind, as stored in `samples.kind` and `types.kind`.
package enum SampleKind: Int64, Sendable {
    case quantity = 0
    case category = 1
    case correlation = 2
    case workout = 3
    case route = 4
    /// Heartbeat series, electrocardiograms and clinical records (``PayloadSample``).
    case payload = 5

    package init(_ sample: borrowing AnySample) {
        switch sample {
        case .quantity: self = .quantity
        case .category: self = .category
        case .correlation: self = .correlation
        case .workout: self = .workout
        case .workoutRoute: self = .route
        case .payload: self = .payload
        }
    }
}

/// A row of `types`: (kind, identifier). Types that no ``AnySample`` can have get kind -1 (never matched).
package struct TypeKey: Hashable, Sendable {
    package var kind: Int64
    package var identifier: String

    /// A row as read back (any stored kind number).
    package init(rawKind: Int64, identifier: String) {
        self.kind = rawKind
        self.identifier = identifier
    }

    package init(kind: SampleKind, identifier: String) {
        self.kind = kind.rawValue
        self.identifier = identifier
    }

    package init(_ type: SampleType) {
        self.identifier = type.identifier
        self.kind =
            switch type.kind {
            case .quantity: SampleKind.quantity.rawValue
            case .category: SampleKind.category.rawValue
            case .correlation: SampleKind.correlation.rawValue
            case .workout: SampleKind.workout.rawValue
            case .workoutRoute: SampleKind.route.rawValue
            case .heartbeatSeries, .electrocardiogram, .clinical: SampleKind.payload.rawValue
            default: -1
            }
    }

    /// The sample type this row stands for.
    package var sampleType: SampleType {
        switch SampleKind(rawValue: kind) {
        case .quantity: .quantity(QuantityTypeIdentifier(rawValue: identifier))
        case .category: .category(CategoryTypeIdentifier(rawValue: identifier))
        case .correlation: .correlation(CorrelationTypeIdentifier(rawValue: identifier))
        case .workout: .workout
        case .route: .workoutRoute
        case .payload, nil: SampleType(identifier: identifier)
        }
    }

    /// The canonical unit string of a known quantity type.
    package var canonicalUnitString: String? {
        guard kind == SampleKind.quantity.rawValue else { return nil }
        return QuantityTypeIdentifier(rawValue: identifier).typeDescription?.canonicalUnitString
    }
}

extension ComparisonOperator {
    /// The operator as SQL spells it (SQLite and PostgreSQL alike).
    package var sql: String {
        switch self {
        case .lessThan: "<"
        case .lessThanOrEqualTo: "<="
        case .equalTo: "="
        case .notEqualTo: "<>"
        case .greaterThanOrEqualTo: ">="
        case .greaterThan: ">"
        }
    }
}
