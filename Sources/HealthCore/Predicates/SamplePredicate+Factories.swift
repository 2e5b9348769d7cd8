public import Foundation

extension SamplePredicate {
    /// Every sample.
    public static let all = SamplePredicate(.all)

    /// No sample.
    public static let none = SamplePredicate(.none)

    /// Samples in a date window (`predicateForSamples(withStart:end:options:)`); either bound may be open.
    ///
    /// | options | matches when |
    /// |---|---|
    /// | `[]` | `endDate >= start && startDate < end` (overlap) |
    /// | `.strictStartDate` | `start <= startDate < end` |
    /// | `.strictEndDate` | `start <= endDate < end` |
    /// | both | `startDate >= start && endDate < end` |
    public static func date(start: Date?, end: Date?, options: DateOptions = []) -> SamplePredicate {
        SamplePredicate(.date(start: start, end: end, options: options))
    }

    /// Samples of one type.
    public static func type(_ type: SampleType) -> SamplePredicate { SamplePredicate(.types([type])) }

    /// Samples of any of these types.
    public static func types(_ types: Set<SampleType>) -> SamplePredicate { SamplePredicate(.types(types)) }

    /// The object with this UUID (`predicateForObject(with:)`).
    public static func uuid(_ uuid: UUID) -> SamplePredicate { SamplePredicate(.uuids([uuid])) }

    /// Objects with these UUIDs (`predicateForObjects(with:)`).
    public static func uuids(_ uuids: Set<UUID>) -> SamplePredicate { SamplePredicate(.uuids(uuids)) }

    /// Samples saved by a source (`predicateForObjects(from: HKSource)`).
    public static func source(_ source: Source) -> SamplePredicate {
        SamplePredicate(.sources([source.bundleIdentifier]))
    }

    /// Samples saved by a source, by bundle identifier.
    public static func source(bundleIdentifier: String) -> SamplePredicate {
        SamplePredicate(.sources([bundleIdentifier]))
    }

    /// Samples saved by any of these sources (`predicateForObjects(from: Set<HKSource>)`).
    public static func sources(_ sources: Set<Source>) -> SamplePredicate {
        SamplePredicate(.sources(Set(sources.map(\.bundleIdentifier))))
    }

    /// Samples saved by exactly one of these source revisions (`predicateForObjects(from: Set<HKSourceRevision>)`).
    public static func sourceRevisions(_ revisions: Set<SourceRevision>) -> SamplePredicate {
        SamplePredicate(.sourceRevisions(revisions))
    }

    /// Samples from one of these devices; every device property must match, including missing ones.
    public static func devices(_ devices: Set<Device>) -> SamplePredicate { SamplePredicate(.devices(devices)) }

    /// Samples whose device has one of these values for a property
    /// (`predicateForObjects(withDeviceProperty:allowedValues:)`).
    public static func deviceProperty(_ key: Device.PropertyKey, allowedValues: Set<String>) -> SamplePredicate {
        SamplePredicate(.deviceProperty(key, allowedValues))
    }

    /// Samples that have a metadata key (`predicateForObjects(withMetadataKey:)`).
    public static func metadata(exists key: MetadataKey) -> SamplePredicate { SamplePredicate(.metadataExists(key)) }

    /// Samples whose metadata value for a key is one of these (`…withMetadataKey:allowedValues:`).
    public static func metadata(_ key: MetadataKey, allowedValues: [MetadataValue]) -> SamplePredicate {
        SamplePredicate(.metadataAllowedValues(key, allowedValues))
    }

    /// Samples whose metadata value compares to a value (`…withMetadataKey:operatorType:value:`). Values of
    /// different kinds never match; quantities compare across compatible units.
    public static func metadata(
        _ key: MetadataKey, _ op: ComparisonOperator, _ value: MetadataValue
    )
        -> SamplePredicate
    {
        SamplePredicate(.metadataComparison(key, op, value))
    }

    /// Quantity samples whose quantity compares to a quantity (`predicateForQuantitySamples(with:quantity:)`).
    public static func quantity(_ op: ComparisonOperator, _ quantity: Quantity) -> SamplePredicate {
        SamplePredicate(.quantity(op, quantity))
    }

    /// Category samples whose value compares to a value (`predicateForCategorySamples(with:value:)`).
    public static func categoryValue(_ op: ComparisonOperator, _ value: Int) -> SamplePredicate {
        SamplePredicate(.categoryValue(op, value))
    }

    /// Category samples whose value is one of these (`predicateForCategorySamples(equalToValues:)`).
    public static func categoryValues(_ values: Set<Int>) -> SamplePredicate {
        values.sorted().map { categoryValue(.equalTo, $0) }.reduce(.none) { $0 || $1 }
    }

    /// Workouts of an activity type (`predicateForWorkouts(with:)`).
    public static func workoutActivityType(_ type: WorkoutActivityType) -> SamplePredicate {
        SamplePredicate(.workoutActivityType(type))
    }

    /// Workouts whose active duration compares to a value in seconds (`predicateForWorkouts(with:duration:)`).
    public static func workoutDuration(_ op: ComparisonOperator, _ seconds: TimeInterval) -> SamplePredicate {
        SamplePredicate(.workoutDuration(op, seconds))
    }

    /// Workouts whose statistic of a quantity type compares to a quantity
    /// (`predicateForWorkouts(operatorType:quantityType:sumQuantity:)` and its min/max/average forms; the legacy
    /// total energy and distance forms are `.sum` of active energy or a distance type).
    public static func workoutStatistic(
        _ type: QuantityTypeIdentifier,
        _ kind: WorkoutStatisticKind,
        _ op: ComparisonOperator,
        _ quantity: Quantity
    ) -> SamplePredicate {
        SamplePredicate(.workoutStatistic(type, kind, op, quantity))
    }

    /// Samples that are not members of a correlation (`predicateForObjectsWithNoCorrelation()`).
    public static let noCorrelation = SamplePredicate(.noCorrelation)

    /// Samples associated with a workout (`predicateForObjects(from: HKWorkout)`).
    public static func associated(withWorkout uuid: UUID) -> SamplePredicate {
        SamplePredicate(.associatedWithWorkout(uuid))
    }

    /// Both predicates.
    public static func && (lhs: SamplePredicate, rhs: SamplePredicate) -> SamplePredicate {
        let parts = flatten(lhs.node, rhs.node, and: true)
        return SamplePredicate(parts.count == 1 ? parts[0] : .and(parts))
    }

    /// Either predicate.
    public static func || (lhs: SamplePredicate, rhs: SamplePredicate) -> SamplePredicate {
        let parts = flatten(lhs.node, rhs.node, and: false)
        return SamplePredicate(parts.count == 1 ? parts[0] : .or(parts))
    }

    /// The negation.
    public static prefix func ! (predicate: SamplePredicate) -> SamplePredicate {
        SamplePredicate(.not(predicate.node))
    }

    /// All of the predicates (`NSCompoundPredicate(andPredicateWithSubpredicates:)`); `.all` when empty.
    public static func and(_ predicates: [SamplePredicate]) -> SamplePredicate {
        predicates.reduce(.all) { $0 && $1 }
    }

    /// Any of the predicates (`NSCompoundPredicate(orPredicateWithSubpredicates:)`); `.none` when empty.
    public static func or(_ predicates: [SamplePredicate]) -> SamplePredicate {
        predicates.reduce(.none) { $0 || $1 }
    }

    private static func flatten(_ lhs: Node, _ rhs: Node, and: Bool) -> [Node] {
        func parts(_ node: Node) -> [Node] {
            switch (node, and) {
            case (.and(let children), true), (.or(let children), false): children
            case (.all, true), (.none, false): []
            default: [node]
            }
        }
        return parts(lhs) + parts(rhs)
    }
}
