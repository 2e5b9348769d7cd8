public import Foundation
import HealthCore

/// `"startDate"`: sort samples by start date.
public let HKSampleSortIdentifierStartDate = "startDate"
/// `"endDate"`: sort samples by end date.
public let HKSampleSortIdentifierEndDate = "endDate"
/// `"duration"`: sort workouts by active duration.
public let HKWorkoutSortIdentifierDuration = "duration"
/// `"totalDistance"`: sort workouts by total distance (not supported by the store: see the Differences article).
public let HKWorkoutSortIdentifierTotalDistance = "totalDistance"
/// `"totalEnergyBurned"`: sort workouts by energy (not supported by the store: see the Differences article).
public let HKWorkoutSortIdentifierTotalEnergyBurned = "totalEnergyBurned"

extension NSSortDescriptor {
    /// HealthKit's `NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending:)` spelling.
    ///
    /// swift-corelibs-foundation has no key-value coding, so its own `init(key:ascending:)` is unavailable; this
    /// one maps HealthKit's sort identifiers to key paths on ``HKSample`` (`startDate`, `endDate`, and
    /// `HKWorkout.duration`). Another key makes the query fail with `HKError(.errorInvalidArgument)` naming it.
    public convenience init(key: String?, ascending: Bool) {
        switch key {
        case HKSampleSortIdentifierStartDate: self.init(keyPath: \HKSample.startDate, ascending: ascending)
        case HKSampleSortIdentifierEndDate: self.init(keyPath: \HKSample.endDate, ascending: ascending)
        case HKWorkoutSortIdentifierDuration: self.init(keyPath: \HKWorkout.duration, ascending: ascending)
        default: self.init(keyPath: \HKObject.[unsupportedSortKey: key ?? ""], ascending: ascending)
        }
    }
}

/// A sort key HealthKit names but the store cannot sort by, carried in a key path.
struct UnsupportedSortKey: Comparable, Hashable, Sendable {
    let name: String
    static func < (lhs: UnsupportedSortKey, rhs: UnsupportedSortKey) -> Bool { false }
}

extension HKObject {
    /// A key path that names a sort key the store cannot sort by (it reads back the key's name).
    subscript(unsupportedSortKey key: String) -> UnsupportedSortKey { UnsupportedSortKey(name: key) }
}

/// Translates sort descriptors to the engine's sort orders.
enum SortTranslation {
    /// The engine's orders for `NSSortDescriptor`s, or nil when some descriptor sorts by a key the store does
    /// not know (the query then sorts in memory with the descriptors themselves).
    static func orders(_ descriptors: [NSSortDescriptor]) throws(HKError) -> [SampleSortOrder]? {
        var orders: [SampleSortOrder] = []
        for descriptor in descriptors {
            let keyPath: AnyKeyPath = descriptor.keyPath
            if let name = unsupportedKey(keyPath) {
                throw HKError.programmerError("HealthKit sort key \"\(name)\" is not supported")
            }
            guard let key = key(keyPath) else { return nil }
            orders.append(SampleSortOrder(key, ascending: descriptor.ascending))
        }
        return orders
    }

    /// The engine's orders for Foundation `SortDescriptor`s, or nil when some descriptor's key path is not one
    /// the store sorts by.
    static func orders<Sample: HKSample>(_ descriptors: [SortDescriptor<Sample>]) -> [SampleSortOrder]? {
        var orders: [SampleSortOrder] = []
        for descriptor in descriptors {
            guard let keyPath = descriptor.keyPath, let key = key(keyPath) else { return nil }
            orders.append(SampleSortOrder(key, ascending: descriptor.order == .forward))
        }
        return orders
    }

    private static func key(_ keyPath: AnyKeyPath) -> SampleSortOrder.Key? {
        for (paths, key) in table where paths.contains(keyPath) { return key }
        return nil
    }

    private static func unsupportedKey(_ keyPath: AnyKeyPath) -> String? {
        guard let path = keyPath as? KeyPath<HKObject, UnsupportedSortKey> else { return nil }
        return probe[keyPath: path].name
    }

    /// Any object, to read an unsupported key's name back from its key path.
    private static let probe = HKObject(
        value: .category(
            CategorySample(
                uuid: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)), type: .mindfulSession, value: 0,
                start: Date(timeIntervalSinceReferenceDate: 0), end: Date(timeIntervalSinceReferenceDate: 0))))

    private static var table: [([AnyKeyPath], SampleSortOrder.Key)] {
        [
            (
                [
                    \HKSample.startDate, \HKQuantitySample.startDate, \HKCumulativeQuantitySample.startDate,
                    \HKDiscreteQuantitySample.startDate, \HKCategorySample.startDate, \HKCorrelation.startDate,
                    \HKWorkout.startDate, \HKWorkoutRoute.startDate,
                ], .startDate
            ),
            (
                [
                    \HKSample.endDate, \HKQuantitySample.endDate, \HKCumulativeQuantitySample.endDate,
                    \HKDiscreteQuantitySample.endDate, \HKCategorySample.endDate, \HKCorrelation.endDate,
                    \HKWorkout.endDate, \HKWorkoutRoute.endDate,
                ], .endDate
            ),
            ([\HKObject.uuid, \HKSample.uuid, \HKQuantitySample.uuid, \HKWorkout.uuid], .uuid),
            ([\HKWorkout.duration], .workoutDuration),
        ]
    }
}
