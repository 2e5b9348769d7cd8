public import Foundation
import HealthCore

/// Streams a route's locations: HealthKit's `HKWorkoutRouteQuery`.
///
/// The handler receives the locations in batches (of up to 100) and `done == true` with the last one.
public final class HKWorkoutRouteQuery: HKQuery, @unchecked Sendable {
    private let route: HKWorkoutRoute
    private let interval: DateInterval?
    private let dataHandler: @Sendable (HKWorkoutRouteQuery, [CLLocation]?, Bool, (any Error)?) -> Void

    /// Creates a query for a route.
    public init(
        route workoutRoute: HKWorkoutRoute,
        dataHandler: @escaping @Sendable (HKWorkoutRouteQuery, [CLLocation]?, Bool, (any Error)?) -> Void
    ) {
        self.route = workoutRoute
        self.interval = nil
        self.dataHandler = dataHandler
        super.init(objectType: HKSeriesType.workoutRoute(), predicate: nil)
    }

    /// Creates a query for the part of a route within a date interval.
    public init(
        route workoutRoute: HKWorkoutRoute, dateInterval: DateInterval,
        dataHandler: @escaping @Sendable (HKWorkoutRouteQuery, [CLLocation]?, Bool, (any Error)?) -> Void
    ) {
        self.route = workoutRoute
        self.interval = dateInterval
        self.dataHandler = dataHandler
        super.init(objectType: HKSeriesType.workoutRoute(), predicate: nil)
    }

    override func prepare(on store: HKHealthStore) -> @Sendable () async -> Void {
        { [self] in
            let locations = (route.route?.locations ?? [])
                .filter { location in interval.map { $0.contains(location.timestamp) } ?? true }
                .map(Self.location)
            guard !locations.isEmpty else {
                deliver { dataHandler(self, [], true, nil) }
                return
            }
            var start = 0
            while start < locations.count {
                let end = min(start + 100, locations.count)
                let batch = Array(locations[start..<end])
                deliver { dataHandler(self, batch, end == locations.count, nil) }
                start = end
            }
        }
    }

    static func location(_ location: RouteLocation) -> CLLocation {
        CLLocation(
            coordinate: CLLocationCoordinate2D(latitude: location.latitude, longitude: location.longitude),
            altitude: location.altitude, horizontalAccuracy: location.horizontalAccuracy,
            verticalAccuracy: location.verticalAccuracy, course: location.course, speed: location.speed,
            timestamp: location.timestamp)
    }
}

/// The individual quantities of series samples: HealthKit's `HKQuantitySeriesSampleQuery`.
///
/// The handler receives each quantity with its interval and sample, then `done == true` with nils.
public final class HKQuantitySeriesSampleQuery: HKQuery, @unchecked Sendable {
    private let quantityHandler:
        @Sendable (HKQuantitySeriesSampleQuery, HKQuantity?, DateInterval?, HKQuantitySample?, Bool, (any Error)?) ->
            Void

    /// Creates a query over the quantity samples a predicate selects.
    public init(
        quantityType: HKQuantityType, predicate: NSPredicate?,
        quantityHandler:
            @escaping @Sendable (
                HKQuantitySeriesSampleQuery, HKQuantity?, DateInterval?, HKQuantitySample?, Bool, (any Error)?
            ) -> Void
    ) {
        self.quantityHandler = quantityHandler
        super.init(objectType: quantityType, predicate: predicate)
    }

    override func prepare(on store: HKHealthStore) -> @Sendable () async -> Void {
        let type = objectType as? HKSampleType ?? HKSampleType(identifier: objectType?.identifier ?? "")
        let predicate = predicate.map { PredicateBox($0) }
        return { [self] in
            do {
                let samples = try await store.fetchSamples(
                    [(type, predicate?.predicate)],
                    sortDescriptors: [NSSortDescriptor(keyPath: \HKSample.startDate, ascending: true)],
                    limit: 0)
                for case let sample as HKQuantitySample in samples {
                    for entry in sample.quantitySample?.quantities ?? [] {
                        let interval = DateInterval(start: entry.startDate, end: max(entry.startDate, entry.endDate))
                        deliver { quantityHandler(self, HKQuantity(entry.quantity), interval, sample, false, nil) }
                    }
                }
                deliver { quantityHandler(self, nil, nil, nil, true, nil) }
            } catch {
                deliver { quantityHandler(self, nil, nil, nil, true, error) }
            }
        }
    }
}

/// Carries a predicate into a background task (predicates are immutable once made).
struct PredicateBox: @unchecked Sendable {
    let predicate: NSPredicate
    init(_ predicate: NSPredicate) { self.predicate = predicate }
}
