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
    /// A heartbeat series, electrocardiogram or clinical record.
    ///
    /// Boxed: `PayloadSample` is the largest sample (192 bytes against a quantity sample's 128), and inline it
    /// would make every element of a `[AnySample]` that large, for a case under 1 % of an export's samples.
    indirect case payload(PayloadSample)

    /// Wraps a concrete sample; nil for a conforming type HealthCore does not know.
    public init?(_ sample: any HealthSample) {
        switch sample {
        case let value as QuantitySample: self = .quantity(value)
        case let value as CategorySample: self = .category(value)
        case let value as Correlation: self = .correlation(value)
        case let value as Workout: self = .workout(value)
        case let value as WorkoutRoute: self = .workoutRoute(value)
        case let value as PayloadSample: self = .payload(value)
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
        case .payload(let value): value
        }
    }

    // Each property switches over the cases instead of reading `base`: boxing a sample in `any HealthSample`
    // allocates and copies every field, and these are read for every sample an import or a commit handles.

    /// The object's identity.
    public var uuid: UUID {
        get {
            switch self {
            case .quantity(let value): value.uuid
            case .category(let value): value.uuid
            case .correlation(let value): value.uuid
            case .workout(let value): value.uuid
            case .workoutRoute(let value): value.uuid
            case .payload(let value): value.uuid
            }
        }
        set {
            switch self {
            case .quantity(var value):
                value.uuid = newValue
                self = .quantity(value)
            case .category(var value):
                value.uuid = newValue
                self = .category(value)
            case .correlation(var value):
                value.uuid = newValue
                self = .correlation(value)
            case .workout(var value):
                value.uuid = newValue
                self = .workout(value)
            case .workoutRoute(var value):
                value.uuid = newValue
                self = .workoutRoute(value)
            case .payload(var value):
                value.uuid = newValue
                self = .payload(value)
            }
        }
    }

    /// The sample's type.
    public var sampleType: SampleType {
        switch self {
        case .quantity(let value): value.sampleType
        case .category(let value): value.sampleType
        case .correlation(let value): value.sampleType
        case .workout(let value): value.sampleType
        case .workoutRoute(let value): value.sampleType
        case .payload(let value): value.sampleType
        }
    }

    /// When the sample starts.
    public var startDate: Date {
        switch self {
        case .quantity(let value): value.startDate
        case .category(let value): value.startDate
        case .correlation(let value): value.startDate
        case .workout(let value): value.startDate
        case .workoutRoute(let value): value.startDate
        case .payload(let value): value.startDate
        }
    }

    /// When the sample ends.
    public var endDate: Date {
        switch self {
        case .quantity(let value): value.endDate
        case .category(let value): value.endDate
        case .correlation(let value): value.endDate
        case .workout(let value): value.endDate
        case .workoutRoute(let value): value.endDate
        case .payload(let value): value.endDate
        }
    }

    /// The hardware, if known.
    public var device: Device? {
        switch self {
        case .quantity(let value): value.device
        case .category(let value): value.device
        case .correlation(let value): value.device
        case .workout(let value): value.device
        case .workoutRoute(let value): value.device
        case .payload(let value): value.device
        }
    }

    /// The metadata.
    public var metadata: Metadata {
        get {
            switch self {
            case .quantity(let value): value.metadata
            case .category(let value): value.metadata
            case .correlation(let value): value.metadata
            case .workout(let value): value.metadata
            case .workoutRoute(let value): value.metadata
            case .payload(let value): value.metadata
            }
        }
        set {
            switch self {
            case .quantity(var value):
                value.metadata = newValue
                self = .quantity(value)
            case .category(var value):
                value.metadata = newValue
                self = .category(value)
            case .correlation(var value):
                value.metadata = newValue
                self = .correlation(value)
            case .workout(var value):
                value.metadata = newValue
                self = .workout(value)
            case .workoutRoute(var value):
                value.metadata = newValue
                self = .workoutRoute(value)
            case .payload(var value):
                value.metadata = newValue
                self = .payload(value)
            }
        }
    }

    /// The saving app's revision.
    public var sourceRevision: SourceRevision? {
        get {
            switch self {
            case .quantity(let value): value.sourceRevision
            case .category(let value): value.sourceRevision
            case .correlation(let value): value.sourceRevision
            case .workout(let value): value.sourceRevision
            case .workoutRoute(let value): value.sourceRevision
            case .payload(let value): value.sourceRevision
            }
        }
        set {
            switch self {
            case .quantity(var value):
                value.sourceRevision = newValue
                self = .quantity(value)
            case .category(var value):
                value.sourceRevision = newValue
                self = .category(value)
            case .correlation(var value):
                value.sourceRevision = newValue
                self = .correlation(value)
            case .workout(var value):
                value.sourceRevision = newValue
                self = .workout(value)
            case .workoutRoute(var value):
                value.sourceRevision = newValue
                self = .workoutRoute(value)
            case .payload(var value):
                value.sourceRevision = newValue
                self = .payload(value)
            }
        }
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

    /// The payload sample, if this is one.
    public var payloadSample: PayloadSample? {
        if case .payload(let value) = self { return value }
        return nil
    }
}
