public import Foundation

/// A sample type paired with a predicate, typed by the sample class the query returns: HealthKit's
/// `HKSamplePredicate`.
///
/// ```swift
/// let steps = HKSamplePredicate.quantitySample(type: HKQuantityType(.stepCount), predicate: today)
/// let runs = HKSamplePredicate.workout(HKQuery.predicateForWorkouts(with: .running))
/// ```
public struct HKSamplePredicate<Sample: HKSample>: @unchecked Sendable {
    /// The sample type.
    public let sampleType: HKSampleType
    /// The predicate (nil: every sample of the type).
    public let nsPredicate: NSPredicate?

    init(sampleType: HKSampleType, predicate: NSPredicate?) {
        self.sampleType = sampleType
        self.nsPredicate = predicate
    }

    var selection: (type: HKSampleType, predicate: NSPredicate?) { (sampleType, nsPredicate) }
}

extension HKSamplePredicate where Sample == HKQuantitySample {
    /// Quantity samples of a type.
    public static func quantitySample(
        type: HKQuantityType, predicate: NSPredicate? = nil
    ) -> HKSamplePredicate<
        HKQuantitySample
    > {
        HKSamplePredicate(sampleType: type, predicate: predicate)
    }
}

extension HKSamplePredicate where Sample == HKCategorySample {
    /// Category samples of a type.
    public static func categorySample(
        type: HKCategoryType, predicate: NSPredicate? = nil
    ) -> HKSamplePredicate<
        HKCategorySample
    > {
        HKSamplePredicate(sampleType: type, predicate: predicate)
    }
}

extension HKSamplePredicate where Sample == HKCorrelation {
    /// Correlations of a type.
    public static func correlation(
        type: HKCorrelationType, predicate: NSPredicate? = nil
    ) -> HKSamplePredicate<
        HKCorrelation
    > {
        HKSamplePredicate(sampleType: type, predicate: predicate)
    }
}

extension HKSamplePredicate where Sample == HKWorkout {
    /// Workouts.
    public static func workout(_ predicate: NSPredicate? = nil) -> HKSamplePredicate<HKWorkout> {
        HKSamplePredicate(sampleType: HKObjectType.workoutType(), predicate: predicate)
    }
}

extension HKSamplePredicate where Sample == HKWorkoutRoute {
    /// Workout routes.
    public static func workoutRoute(_ predicate: NSPredicate? = nil) -> HKSamplePredicate<HKWorkoutRoute> {
        HKSamplePredicate(sampleType: HKSeriesType.workoutRoute(), predicate: predicate)
    }
}

extension HKSamplePredicate where Sample == HKSample {
    /// Samples of any type.
    public static func sample(type: HKSampleType, predicate: NSPredicate? = nil) -> HKSamplePredicate<HKSample> {
        HKSamplePredicate(sampleType: type, predicate: predicate)
    }
}

/// A query descriptor that runs once: HealthKit's `HKAsyncQuery`.
public protocol HKAsyncQuery {
    /// What the query returns.
    associatedtype Output
    /// Runs the query on a store.
    func result(for healthStore: HKHealthStore) async throws -> Output
}

/// A query descriptor that keeps running: HealthKit's `HKAsyncSequenceQuery`.
public protocol HKAsyncSequenceQuery {
    /// The sequence of results.
    associatedtype Results: AsyncSequence
    /// Runs the query on a store; iterate the results, stop iterating to stop the query.
    func results(for healthStore: HKHealthStore) -> Results
}

/// An `AsyncSequence` of a long-running descriptor's results (it stops the query when iteration stops).
public struct HKQueryResults<Element: Sendable>: AsyncSequence, Sendable {
    let stream: AsyncThrowingStream<Element, any Error>

    /// Iterates the results.
    public struct Iterator: AsyncIteratorProtocol {
        var base: AsyncThrowingStream<Element, any Error>.Iterator
        /// The next result; nil when the query ended.
        public mutating func next() async throws -> Element? { try await base.next() }
    }

    /// Makes an iterator.
    public func makeAsyncIterator() -> Iterator { Iterator(base: stream.makeAsyncIterator()) }
}
