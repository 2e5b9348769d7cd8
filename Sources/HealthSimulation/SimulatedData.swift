public import HealthCore

/// What a scenario produces: samples in save order, activity summaries and the person's characteristics.
///
/// Every sample already carries its `sourceRevision` and `device`, so it can be saved as is (or through a
/// store that keeps a stamped revision). Everything passes `SampleValidator.validate`.
///
/// ```swift
/// let data = simulation.weekOfMorningRuns(startingOn: monday, using: &rng, makeUUID: uuids.next)
/// data.workouts.count  // 7
/// ```
public struct SimulatedData: Sendable, Hashable {
    /// The samples, in the order to save them (a workout after its samples, a route after its workout).
    public var samples: [AnySample]
    /// One activity summary per simulated day, for scenarios that model activity rings.
    public var activitySummaries: [ActivitySummary]
    /// The person's characteristics.
    public var characteristics: Characteristics

    /// Creates a result.
    public init(
        samples: [AnySample] = [],
        activitySummaries: [ActivitySummary] = [],
        characteristics: Characteristics = Characteristics()
    ) {
        self.samples = samples
        self.activitySummaries = activitySummaries
        self.characteristics = characteristics
    }

    /// The workouts, in save order.
    public var workouts: [Workout] { samples.compactMap(\.workout) }

    /// The workout routes, in save order.
    public var workoutRoutes: [WorkoutRoute] { samples.compactMap(\.workoutRoute) }

    /// The quantity samples of one type, in save order.
    public func quantitySamples(of type: QuantityTypeIdentifier) -> [QuantitySample] {
        samples.compactMap { $0.quantitySample }.filter { $0.quantityType == type }
    }

    /// The category samples of one type, in save order.
    public func categorySamples(of type: CategoryTypeIdentifier) -> [CategorySample] {
        samples.compactMap { $0.categorySample }.filter { $0.categoryType == type }
    }
}
