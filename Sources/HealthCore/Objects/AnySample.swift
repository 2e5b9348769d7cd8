public import Foundation

/// Any sample the store keeps, as one value: the storage layer's and the predicate evaluator's view of
/// HealthKit's `HKSample` subclasses.
public enum AnySample: HealthSample {
    /// A quantity sample.
    case quantity(QuantitySample)
    /// A category sample.
    case category(CategorySample)
    /// A correlation with its members.
    case correlation(Correlation)
    /// A workout.
    case workout(Workout)
    /// A workout route.
    case workoutRoute(WorkoutRoute)

    /// Wraps a concrete sample; nil for a conforming type HealthCore does not know.
    public init?(_ sample: any HealthSample) {
        switch sample {
        case let value as QuantitySample: self = .quantity(value)
        case let value as CategorySample: self = .category(value)
        case let value as Correlation: self = .correlation(value)
        case let value as Workout: self = .workout(value)
        case let value as WorkoutRoute: self = .workoutRoute(value)
        case let value as AnySample: self = value
        default: return nil
        }
    }

    /// The wrapped sample.
    public var base: any HealthSample {
        switch self {
        case .quantity(let value): value
        case .category(let value): value
        case .correlation(let value): value
        case .workout(let value): value
        case .workoutRoute(let value): value
        }
    }

    /// The object's identity.
    public var uuid: UUID {
        get { base.uuid }
        set { modify { $0.uuid = newValue } }
    }

    /// The sample's type.
    public var sampleType: SampleType { base.sampleType }
    /// When the sample starts.
    public var startDate: Date { base.startDate }
    /// When the sample ends.
    public var endDate: Date { base.endDate }
    /// The hardware, if known.
    public var device: Device? { base.device }

    /// The metadata.
    public var metadata: Metadata {
        get { base.metadata }
        set { modify { $0.metadata = newValue } }
    }

    /// The saving app's revision.
    public var sourceRevision: SourceRevision? {
        get { base.sourceRevision }
        set { modify { $0.sourceRevision = newValue } }
    }

    /// The quantity sample, if this is one.
    public var quantitySample: QuantitySample? {
        if case .quantity(let value) = self { return value }
        return nil
    }

    /// The category sample, if this is one.
    public var categorySample: CategorySample? {
        if case .category(let value) = self { return value }
        return nil
    }

    /// The correlation, if this is one.
    public var correlation: Correlation? {
        if case .correlation(let value) = self { return value }
        return nil
    }

    /// The workout, if this is one.
    public var workout: Workout? {
        if case .workout(let value) = self { return value }
        return nil
    }

    /// The route, if this is one.
    public var workoutRoute: WorkoutRoute? {
        if case .workoutRoute(let value) = self { return value }
        return nil
    }

    private mutating func modify(_ change: (inout any HealthSample) -> Void) {
        switch self {
        case .quantity(var value):
            Self.apply(&value, change)
            self = .quantity(value)
        case .category(var value):
            Self.apply(&value, change)
            self = .category(value)
        case .correlation(var value):
            Self.apply(&value, change)
            self = .correlation(value)
        case .workout(var value):
            Self.apply(&value, change)
            self = .workout(value)
        case .workoutRoute(var value):
            Self.apply(&value, change)
            self = .workoutRoute(value)
        }
    }

    private static func apply<S: HealthSample>(_ value: inout S, _ change: (inout any HealthSample) -> Void) {
        var boxed: any HealthSample = value
        change(&boxed)
        if let changed = boxed as? S { value = changed }
    }
}
