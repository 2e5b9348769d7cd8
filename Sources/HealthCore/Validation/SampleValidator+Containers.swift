import Foundation

extension SampleValidator.Checker {
    // MARK: Correlations

    mutating func check(_ correlation: Correlation) {
        for (position, member) in correlation.quantitySamples.enumerated() {
            check(member, path: "member \(position)")
        }
        for (position, member) in correlation.categorySamples.enumerated() {
            check(member, path: "member \(correlation.quantitySamples.count + position)")
        }
        let memberTypes = correlation.quantitySamples.map(\.quantityType)
        switch correlation.correlationType {
        case .bloodPressure:
            if !correlation.categorySamples.isEmpty {
                report(.correlationMembers, "a blood-pressure correlation holds only quantity samples")
            }
            let systolic = memberTypes.filter { $0 == .bloodPressureSystolic }.count
            let diastolic = memberTypes.filter { $0 == .bloodPressureDiastolic }.count
            if systolic != 1 || diastolic != 1 || memberTypes.count != 2 {
                report(
                    .correlationMembers,
                    "a blood-pressure correlation holds exactly one systolic and one diastolic sample")
            }
        case .food:
            if !correlation.categorySamples.isEmpty {
                report(.correlationMembers, "a food correlation holds only dietary quantity samples")
            }
            for (position, type) in memberTypes.enumerated()
            where !type.rawValue.hasPrefix("HKQuantityTypeIdentifierDietary") {
                report(.correlationMembers, "\(type.rawValue) is not a dietary type", path: "member \(position)")
            }
        default:
            break
        }
        if correlation.quantitySamples.isEmpty && correlation.categorySamples.isEmpty {
            report(.correlationMembers, "a correlation needs at least one member")
        }
    }

    // MARK: Workouts

    mutating func check(_ workout: Workout) {
        checkEvents(workout.events, start: workout.startDate, end: workout.endDate, path: nil)
        if let explicit = workout.explicitDuration {
            if !explicit.isFinite || explicit < 0
                || explicit > workout.endDate.timeIntervalSince(workout.startDate) + 0.001
            {
                report(.workoutDuration, "duration must be finite, non-negative and no longer than the workout")
            }
        }
        for (position, activity) in workout.activities.enumerated() {
            let path = "activity \(position)"
            if let end = activity.endDate {
                checkInterval(start: activity.startDate, end: end, path: path)
            }
            if activity.startDate < workout.startDate || (activity.endDate ?? activity.startDate) > workout.endDate {
                report(.workoutActivity, "lies outside the workout", path: path)
            }
            checkEvents(
                activity.events, start: activity.startDate, end: activity.endDate ?? workout.endDate, path: path)
            checkStatistics(activity.statistics, path: path)
            checkMetadata(activity.metadata, path: path)
        }
        checkStatistics(workout.statistics, path: nil)
    }

    mutating func checkEvents(_ events: [WorkoutEvent], start: Date, end: Date, path: String?) {
        var previousStart: Date?
        var lastLapEnd: Date?
        for (position, event) in events.enumerated() {
            let where_ = join(path, "event \(position)")
            checkInterval(start: event.startDate, end: event.endDate, path: where_)
            if let previousStart, event.startDate < previousStart {
                report(.workoutEventOrder, "is earlier than the event before it", path: where_)
            }
            if event.startDate < start || event.endDate > end {
                report(.workoutEventOrder, "lies outside the workout", path: where_)
            }
            if event.type == .lap {
                if let lastLapEnd, event.startDate < lastLapEnd {
                    report(.workoutEventOrder, "overlaps the previous lap", path: where_)
                }
                lastLapEnd = event.endDate
            }
            checkMetadata(event.metadata, path: where_)
            previousStart = event.startDate
        }
    }

    mutating func checkStatistics(_ statistics: [QuantityTypeIdentifier: WorkoutStatistics], path: String?) {
        for (type, entry) in statistics.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            let where_ = join(path, "statistics \(type.rawValue)")
            checkInterval(start: entry.startDate, end: entry.endDate, path: where_)
            let canonical = type.typeDescription?.canonicalUnit
            for quantity in entry.quantities {
                checkQuantity(quantity, description: type.typeDescription, canonical: canonical, path: where_)
            }
        }
    }

    // MARK: Routes

    mutating func check(_ route: WorkoutRoute) {
        var previous: Date?
        for (position, location) in route.locations.enumerated() {
            let where_ = "location \(position)"
            let numbers = [
                location.latitude, location.longitude, location.altitude, location.horizontalAccuracy,
                location.verticalAccuracy, location.course, location.speed,
            ]
            if numbers.contains(where: { !$0.isFinite }) {
                report(.finiteValue, "has a coordinate that is not finite", path: where_)
            } else if !(-90...90).contains(location.latitude) || !(-180...180).contains(location.longitude) {
                report(.routeLocation, "has a latitude or longitude out of range", path: where_)
            }
            if let previous, location.timestamp < previous {
                report(.routeLocation, "is earlier than the location before it", path: where_)
            }
            if location.timestamp < route.startDate || location.timestamp > route.endDate {
                report(.routeLocation, "lies outside the route's interval", path: where_)
            }
            previous = location.timestamp
        }
    }
}
