public import Foundation
import HealthCore

// HealthKit's predicate factories. Each returns an `NSPredicate` carrying the engine's `SamplePredicate`.

extension HKQuery {
    /// Samples in a date window; either bound may be nil (open). Without options a sample matches when it
    /// overlaps the window (`endDate >= start && startDate < end`).
    public class func predicateForSamples(
        withStart startDate: Date?, end endDate: Date?, options: HKQueryOptions = []
    )
        -> NSPredicate
    {
        HKQueryPredicate.samples(
            .date(start: startDate, end: endDate, options: options.engineValue), "predicateForSamples")
    }

    /// Objects saved by a source.
    public class func predicateForObjects(from source: HKSource) -> NSPredicate {
        HKQueryPredicate.samples(.source(source.engineValue), "predicateForObjects(from: HKSource)")
    }

    /// Objects saved by any of these sources.
    public class func predicateForObjects(from sources: Set<HKSource>) -> NSPredicate {
        HKQueryPredicate.samples(.sources(Set(sources.map(\.engineValue))), "predicateForObjects(from: Set<HKSource>)")
    }

    /// Objects saved by exactly one of these source revisions.
    public class func predicateForObjects(from sourceRevisions: Set<HKSourceRevision>) -> NSPredicate {
        HKQueryPredicate.samples(
            .sourceRevisions(Set(sourceRevisions.map(\.engineValue))),
            "predicateForObjects(from: Set<HKSourceRevision>)")
    }

    /// Objects from one of these devices (every property must match, missing ones included).
    public class func predicateForObjects(from devices: Set<HKDevice>) -> NSPredicate {
        HKQueryPredicate.samples(.devices(Set(devices.map(\.engineValue))), "predicateForObjects(from: Set<HKDevice>)")
    }

    /// Objects whose device has one of these values for a property (`HKDevicePropertyKey…`).
    public class func predicateForObjects(withDeviceProperty key: String, allowedValues: Set<String>) -> NSPredicate {
        guard let property = Device.PropertyKey(rawValue: key) else {
            return HKQueryPredicate(
                .invalid("Unknown device property key \(key)"), factory: "predicateForObjects(withDeviceProperty:)")
        }
        return HKQueryPredicate.samples(
            .deviceProperty(property, allowedValues: allowedValues), "predicateForObjects(withDeviceProperty:)")
    }

    /// The object with a UUID.
    public class func predicateForObject(with UUID: UUID) -> NSPredicate {
        HKQueryPredicate.samples(.uuid(UUID), "predicateForObject(with:)")
    }

    /// Objects with these UUIDs.
    public class func predicateForObjects(with UUIDs: Set<UUID>) -> NSPredicate {
        HKQueryPredicate.samples(.uuids(UUIDs), "predicateForObjects(with:)")
    }

    /// Samples that are not members of a correlation.
    public class func predicateForObjectsWithNoCorrelation() -> NSPredicate {
        HKQueryPredicate.samples(.noCorrelation, "predicateForObjectsWithNoCorrelation")
    }

    /// Samples associated with a workout.
    public class func predicateForObjects(from workout: HKWorkout) -> NSPredicate {
        HKQueryPredicate.samples(.associated(withWorkout: workout.uuid), "predicateForObjects(from: HKWorkout)")
    }

    /// Objects that have a metadata key.
    public class func predicateForObjects(withMetadataKey key: String) -> NSPredicate {
        HKQueryPredicate.samples(.metadata(exists: MetadataKey(key)), "predicateForObjects(withMetadataKey:)")
    }

    /// Objects whose metadata value for a key is one of these.
    public class func predicateForObjects(withMetadataKey key: String, allowedValues: [Any]) -> NSPredicate {
        let factory = "predicateForObjects(withMetadataKey:allowedValues:)"
        var values: [MetadataValue] = []
        for value in allowedValues {
            guard let converted = MetadataBridge.engineValue(value) else {
                return HKQueryPredicate(
                    .invalid("Invalid class \(type(of: value)) for metadata key: \(key)"), factory: factory)
            }
            values.append(converted)
        }
        return HKQueryPredicate.samples(.metadata(MetadataKey(key), allowedValues: values), factory)
    }

    /// Objects whose metadata value for a key compares to a value.
    public class func predicateForObjects(
        withMetadataKey key: String, operatorType: NSComparisonPredicate.Operator, value: Any
    ) -> NSPredicate {
        let factory = "predicateForObjects(withMetadataKey:operatorType:value:)"
        guard let converted = MetadataBridge.engineValue(value) else {
            return HKQueryPredicate(
                .invalid("Invalid class \(type(of: value)) for metadata key: \(key)"), factory: factory)
        }
        return comparison(operatorType, factory) { .metadata(MetadataKey(key), $0, converted) }
    }

    /// Quantity samples whose quantity compares to a quantity.
    public class func predicateForQuantitySamples(
        with operatorType: NSComparisonPredicate.Operator, quantity: HKQuantity
    ) -> NSPredicate {
        let factory = "predicateForQuantitySamples(with:quantity:)"
        do {
            let engine = try quantity.resolved()
            return comparison(operatorType, factory) { .quantity($0, engine) }
        } catch {
            return HKQueryPredicate(.invalid(error.message), factory: factory)
        }
    }

    /// Category samples whose value compares to a value.
    public class func predicateForCategorySamples(
        with operatorType: NSComparisonPredicate.Operator, value: Int
    )
        -> NSPredicate
    {
        comparison(operatorType, "predicateForCategorySamples(with:value:)") { .categoryValue($0, value) }
    }

    /// Category samples whose value is one of these.
    public class func predicateForCategorySamples(equalToValues values: Set<Int>) -> NSPredicate {
        HKQueryPredicate.samples(.categoryValues(values), "predicateForCategorySamples(equalToValues:)")
    }

    /// Workouts of an activity type.
    public class func predicateForWorkouts(with workoutActivityType: HKWorkoutActivityType) -> NSPredicate {
        HKQueryPredicate.samples(
            .workoutActivityType(workoutActivityType.engineValue), "predicateForWorkouts(with: HKWorkoutActivityType)")
    }

    /// Workouts whose active duration compares to a value in seconds.
    public class func predicateForWorkouts(
        with operatorType: NSComparisonPredicate.Operator, duration: TimeInterval
    )
        -> NSPredicate
    {
        comparison(operatorType, "predicateForWorkouts(with:duration:)") { .workoutDuration($0, duration) }
    }

    /// Workouts whose total energy compares to a quantity (deprecated in HealthKit).
    public class func predicateForWorkouts(
        with operatorType: NSComparisonPredicate.Operator, totalEnergyBurned: HKQuantity
    ) -> NSPredicate {
        workoutStatistic(operatorType, .activeEnergyBurned, .sum, totalEnergyBurned, "totalEnergyBurned")
    }

    /// Workouts whose walking/running distance compares to a quantity (deprecated in HealthKit).
    public class func predicateForWorkouts(
        with operatorType: NSComparisonPredicate.Operator, totalDistance: HKQuantity
    )
        -> NSPredicate
    {
        workoutStatistic(operatorType, .distanceWalkingRunning, .sum, totalDistance, "totalDistance")
    }

    /// Workouts whose sum of a quantity type compares to a quantity.
    public class func predicateForWorkouts(
        operatorType: NSComparisonPredicate.Operator, quantityType: HKQuantityType, sumQuantity: HKQuantity
    ) -> NSPredicate {
        workoutStatistic(operatorType, quantityType.quantityIdentifier, .sum, sumQuantity, "sumQuantity")
    }

    /// Workouts whose minimum of a quantity type compares to a quantity.
    public class func predicateForWorkouts(
        operatorType: NSComparisonPredicate.Operator, quantityType: HKQuantityType, minimumQuantity: HKQuantity
    ) -> NSPredicate {
        workoutStatistic(operatorType, quantityType.quantityIdentifier, .minimum, minimumQuantity, "minimumQuantity")
    }

    /// Workouts whose maximum of a quantity type compares to a quantity.
    public class func predicateForWorkouts(
        operatorType: NSComparisonPredicate.Operator, quantityType: HKQuantityType, maximumQuantity: HKQuantity
    ) -> NSPredicate {
        workoutStatistic(operatorType, quantityType.quantityIdentifier, .maximum, maximumQuantity, "maximumQuantity")
    }

    /// Workouts whose average of a quantity type compares to a quantity.
    public class func predicateForWorkouts(
        operatorType: NSComparisonPredicate.Operator, quantityType: HKQuantityType, averageQuantity: HKQuantity
    ) -> NSPredicate {
        workoutStatistic(operatorType, quantityType.quantityIdentifier, .average, averageQuantity, "averageQuantity")
    }

    /// The activity summary of one day (components with era or year, month and day).
    public class func predicateForActivitySummary(with dateComponents: DateComponents) -> NSPredicate {
        let day = calendarDay(dateComponents)
        guard let day else {
            return HKQueryPredicate(
                .invalid("Activity summary date components need year, month and day"),
                factory: "predicateForActivitySummary(with:)")
        }
        return HKQueryPredicate(.activitySummaries(from: day, through: day), factory: "predicateForActivitySummary")
    }

    /// The activity summaries of a range of days.
    public class func predicate(
        forActivitySummariesBetweenStart startDateComponents: DateComponents, end endDateComponents: DateComponents
    ) -> NSPredicate {
        let factory = "predicate(forActivitySummariesBetweenStart:end:)"
        guard let from = calendarDay(startDateComponents), let through = calendarDay(endDateComponents) else {
            return HKQueryPredicate(
                .invalid("Activity summary date components need year, month and day"), factory: factory)
        }
        return HKQueryPredicate(.activitySummaries(from: from, through: through), factory: factory)
    }

    private static func calendarDay(_ components: DateComponents) -> CalendarDay? {
        guard let year = components.year, let month = components.month, let day = components.day else { return nil }
        return CalendarDay(year: year, month: month, day: day)
    }

    private static func workoutStatistic(
        _ op: NSComparisonPredicate.Operator, _ type: QuantityTypeIdentifier, _ kind: WorkoutStatisticKind,
        _ quantity: HKQuantity, _ label: String
    ) -> NSPredicate {
        let factory = "predicateForWorkouts(\(label):)"
        do {
            let engine = try quantity.resolved()
            return comparison(op, factory) { .workoutStatistic(type, kind, $0, engine) }
        } catch {
            return HKQueryPredicate(.invalid(error.message), factory: factory)
        }
    }

    private static func comparison(
        _ op: NSComparisonPredicate.Operator, _ factory: String, _ make: (ComparisonOperator) -> SamplePredicate
    ) -> NSPredicate {
        let engineOperator: ComparisonOperator? =
            switch op {
            case .lessThan: .lessThan
            case .lessThanOrEqualTo: .lessThanOrEqualTo
            case .equalTo: .equalTo
            case .notEqualTo: .notEqualTo
            case .greaterThanOrEqualTo: .greaterThanOrEqualTo
            case .greaterThan: .greaterThan
            default: nil
            }
        guard let engineOperator else {
            return HKQueryPredicate(
                .invalid("Unsupported predicate operator type \(op.rawValue) in \(factory)"), factory: factory)
        }
        return HKQueryPredicate.samples(make(engineOperator), factory)
    }
}
