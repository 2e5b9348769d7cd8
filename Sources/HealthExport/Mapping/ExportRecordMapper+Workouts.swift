import Foundation
import HealthCore

// Workout, WorkoutEvent, WorkoutActivity, WorkoutStatistics and WorkoutRoute elements.
extension ExportRecordMapper {
    mutating func beginWorkout(_ tag: XMLStartTag) -> MapperFrame {
        var header = SampleHeader()
        var typeName = ""
        var duration: String?
        var durationUnit: String?
        var distance: (String?, String?)
        var energy: (String?, String?)
        var legacy = Metadata()
        for index in 0..<tag.attributeCount {
            let name = tag.attributeName(at: index)
            if readHeader(tag, index, into: &header) { continue }
            switch name {
            case "workoutActivityType": typeName = tag.value(at: index)
            case "duration": duration = tag.value(at: index)
            case "durationUnit": durationUnit = tag.value(at: index)
            case "totalDistance": distance.0 = tag.value(at: index)
            case "totalDistanceUnit": distance.1 = tag.value(at: index)
            case "totalEnergyBurned": energy.0 = tag.value(at: index)
            case "totalEnergyBurnedUnit": energy.1 = tag.value(at: index)
            default:
                if name.contains(" ") {
                    legacy[MetadataKey(name)] = typing.value(forKey: name, string: tag.value(at: index))
                } else {
                    unknownAttribute("Workout", name)
                }
            }
        }
        guard let sourceName = header.sourceName, let start = header.start, let end = header.end else {
            summary.issue(
                "a required attribute (sourceName, startDate, endDate) is missing or invalid", element: "Workout",
                line: tag.line, column: tag.column)
            return .skipped
        }
        let activityType: WorkoutActivityType
        if let known = WorkoutActivityType(exportName: typeName) {
            activityType = known
        } else {
            activityType = .other
            summary.issue(
                "unknown workoutActivityType, imported as other", element: "Workout", line: tag.line, column: tag.column
            )
        }
        let (device, deviceKey) = device(header.device, generation: header.deviceGeneration)
        let key =
            "Workout|\(typeName)|\(sourceName)|\(header.sourceVersion ?? "")|\(Int(start.timeIntervalSince1970))|"
            + "\(Int(end.timeIntervalSince1970))|\(deviceKey)"
        let (uuid, _) = identities.next(forKey: key, start: start)
        let seconds = quantity(duration, durationUnit ?? "min").flatMap { try? $0.doubleValue(for: .second()) }
        var draft = WorkoutDraft(
            workout: Workout(
                uuid: uuid, activityType: activityType, start: start, end: end, duration: seconds, device: device,
                metadata: legacy,
                sourceRevision: sourceResolver.revision(
                    named: sourceName, version: header.sourceVersion, device: device)))
        draft.header = header
        draft.line = tag.line
        draft.totalDistance = quantity(distance.0, distance.1 ?? "km")
        draft.totalEnergy = quantity(energy.0, energy.1 ?? "kcal")
        workout = draft
        summary.workoutsByType[typeName, default: 0] += 1
        return .workout
    }

    /// The open workout's metadata (a sink when none is open).
    var workoutMetadata: Metadata {
        get { workout?.workout.metadata ?? Metadata() }
        set { workout?.workout.metadata = newValue }
    }

    /// A quantity from a number and a unit string, or nil.
    mutating func quantity(_ text: String?, _ unitString: String?) -> Quantity? {
        guard let text, let value = Double(text), value.isFinite, let unitString, let unit = typing.unit(unitString)
        else { return nil }
        return Quantity(unit: unit, doubleValue: value)
    }

    mutating func workoutChild(_ tag: XMLStartTag) -> MapperFrame {
        if tag.nameEquals("MetadataEntry") {
            addMetadata(tag, to: \.workoutMetadata)
            return .leaf
        }
        if tag.nameEquals("WorkoutEvent") { return beginEvent(tag) }
        if tag.nameEquals("WorkoutStatistics") {
            if let statistics = statistics(tag) { workout?.workout.statistics[statistics.quantityType] = statistics }
            return .leaf
        }
        if tag.nameEquals("WorkoutActivity") {
            var draft = ActivityDraft()
            draft.line = tag.line
            draft.uuid = tag.value(of: "uuid").flatMap(UUID.init(uuidString:))
            draft.start = tag.index(of: "startDate").flatMap { ExportDateParser.parse(tag.rawValueBytes(at: $0)) }
            draft.end = tag.index(of: "endDate").flatMap { ExportDateParser.parse(tag.rawValueBytes(at: $0)) }
            activity = draft
            return .activity
        }
        if tag.nameEquals("WorkoutRoute") {
            var draft = RouteDraft()
            draft.line = tag.line
            for index in 0..<tag.attributeCount {
                let name = tag.attributeName(at: index)
                if !readHeader(tag, index, into: &draft.header) { unknownAttribute("WorkoutRoute", name) }
            }
            route = draft
            return .route
        }
        return unknown(tag)
    }

    mutating func activityChild(_ tag: XMLStartTag) -> MapperFrame {
        if tag.nameEquals("MetadataEntry") {
            addMetadata(tag, to: \.activity.metadata)
            return .leaf
        }
        if tag.nameEquals("WorkoutEvent") { return beginEvent(tag) }
        if tag.nameEquals("WorkoutStatistics") {
            if let statistics = statistics(tag) { activity.statistics[statistics.quantityType] = statistics }
            return .leaf
        }
        return unknown(tag)
    }

    mutating func routeChild(_ tag: XMLStartTag) -> MapperFrame {
        if tag.nameEquals("MetadataEntry") {
            addMetadata(tag, to: \.route.metadata)
        } else if tag.nameEquals("FileReference") {
            route.path = tag.value(of: "path")
        } else if tag.nameEquals("Location") {
            if let location = location(tag) { route.locations.append(location) }
        } else {
            return unknown(tag)
        }
        return .leaf
    }

    private mutating func beginEvent(_ tag: XMLStartTag) -> MapperFrame {
        event = EventDraft()
        guard let type = tag.value(of: "type").flatMap(WorkoutEventType.init(exportName:)),
            let date = tag.index(of: "date").flatMap({ ExportDateParser.parse(tag.rawValueBytes(at: $0)) })
        else {
            summary.issue("unknown type or invalid date", element: "WorkoutEvent", line: tag.line, column: tag.column)
            return .event
        }
        let length = quantity(tag.value(of: "duration"), tag.value(of: "durationUnit") ?? "min")
        let seconds = length.flatMap { try? $0.doubleValue(for: .second()) } ?? 0
        event.event = WorkoutEvent(type: type, start: date, end: date.addingTimeInterval(max(0, seconds)))
        return .event
    }

    mutating func finishEvent() {
        guard var finished = event.event else { return }
        finished.metadata = event.metadata
        if frames.last == .activity {
            activity.events.append(finished)
        } else {
            workout?.workout.events.append(finished)
        }
    }

    private mutating func statistics(_ tag: XMLStartTag) -> WorkoutStatistics? {
        guard let type = tag.value(of: "type"), type.hasPrefix("HKQuantityTypeIdentifier") else {
            summary.issue("type missing", element: "WorkoutStatistics", line: tag.line, column: tag.column)
            return nil
        }
        let unit = tag.value(of: "unit")
        let start = tag.index(of: "startDate").flatMap { ExportDateParser.parse(tag.rawValueBytes(at: $0)) }
        let end = tag.index(of: "endDate").flatMap { ExportDateParser.parse(tag.rawValueBytes(at: $0)) }
        guard let start = start ?? workout?.workout.startDate, let end = end ?? workout?.workout.endDate else {
            return nil
        }
        return WorkoutStatistics(
            quantityType: QuantityTypeIdentifier(type), start: start, end: end,
            sum: quantity(tag.value(of: "sum"), unit), average: quantity(tag.value(of: "average"), unit),
            minimum: quantity(tag.value(of: "minimum"), unit), maximum: quantity(tag.value(of: "maximum"), unit))
    }

    private func location(_ tag: XMLStartTag) -> RouteLocation? {
        func number(_ name: StaticString) -> Double? { tag.value(of: name).flatMap(Double.init) }
        let time = (tag.index(of: "date") ?? tag.index(of: "timestamp")).flatMap {
            ExportDateParser.parse(tag.rawValueBytes(at: $0)) ?? GPXReader.parseTime(tag.value(at: $0))
        }
        guard let time, let latitude = number("latitude"), let longitude = number("longitude") else { return nil }
        return RouteLocation(
            timestamp: time, latitude: latitude, longitude: longitude, altitude: number("altitude") ?? 0,
            horizontalAccuracy: number("horizontalAccuracy") ?? 0, verticalAccuracy: number("verticalAccuracy") ?? -1,
            course: number("course") ?? -1, speed: number("speed") ?? -1)
    }

    mutating func finishActivity() {
        let draft = activity
        guard let parent = workout?.workout, let start = draft.start ?? Optional(parent.startDate) else { return }
        let indoor = draft.metadata[.indoorWorkout]?.boolValue ?? parent.metadata[.indoorWorkout]?.boolValue
        let location: WorkoutConfiguration.LocationType = indoor.map { $0 ? .indoor : .outdoor } ?? .unknown
        let key = "WorkoutActivity|\(parent.uuid.uuidString)|\(Int(start.timeIntervalSince1970))"
        workout?.workout.activities.append(
            WorkoutActivity(
                uuid: draft.uuid ?? ExportIdentity.uuid(forKey: key, start: start),
                configuration: WorkoutConfiguration(activityType: parent.activityType, locationType: location),
                start: start, end: draft.end,
                events: Self.undoingSecondRounding(draft.events, end: draft.end ?? parent.endDate),
                statistics: draft.statistics,
                metadata: draft.metadata))
    }

    mutating func finishRoute() {
        let draft = route
        guard let parent = workout?.workout, let sourceName = draft.header.sourceName else {
            summary.issue("sourceName missing", element: "WorkoutRoute", line: draft.line, column: 0)
            return
        }
        let start = draft.header.start ?? parent.startDate
        let end = draft.header.end ?? parent.endDate
        let (device, _) = device(draft.header.device, generation: draft.header.deviceGeneration)
        let uuid = ExportIdentity.routeUUID(workout: parent.uuid, index: workout?.routes.count ?? 0)
        let revision = sourceResolver.revision(named: sourceName, version: draft.header.sourceVersion, device: device)
        let sample = WorkoutRoute(
            uuid: uuid, workoutUUID: parent.uuid, locations: draft.locations, start: start, end: end, device: device,
            metadata: draft.metadata, sourceRevision: revision)
        workout?.routes.append((sample, draft.path))
    }

    mutating func finishWorkout() {
        guard var draft = workout else { return }
        workout = nil
        if let energy = draft.totalEnergy, draft.workout.statistics[.activeEnergyBurned] == nil {
            draft.workout.statistics[.activeEnergyBurned] = WorkoutStatistics(
                quantityType: .activeEnergyBurned, start: draft.workout.startDate, end: draft.workout.endDate,
                sum: energy)
        }
        if let distance = draft.totalDistance, draft.workout.totalDistance == nil {
            let type = Self.distanceType(for: draft.workout.activityType)
            draft.workout.statistics[type] = WorkoutStatistics(
                quantityType: type, start: draft.workout.startDate, end: draft.workout.endDate, sum: distance)
        }
        draft.workout.events = Self.undoingSecondRounding(draft.workout.events, end: draft.workout.endDate)
        emit(.workout(draft.workout), line: draft.line)
        for (route, path) in draft.routes {
            emit(.workoutRoute(route), line: draft.line)
            summary.workoutRoutes += 1
            if let path {
                summary.routeFileReferences += 1
                output.routeFiles.append(
                    RouteFileReference(routeUUID: route.uuid, workoutUUID: draft.workout.uuid, path: path))
            }
        }
    }

    /// The export writes dates in whole seconds but durations with fractions (reference §8.6, item 9): a lap of
    /// 114.29 s that began at 08:19:23.6 is written as 08:19:23 + 114.29 s, and then reaches past the next lap's
    /// start, or past the workout's end, by less than a second. That is the format's rounding, not an overlap: such
    /// an event ends where the next lap starts (or where the workout ends). A real overlap (a second or more) is
    /// left for validation to refuse.
    static func undoingSecondRounding(_ events: [WorkoutEvent], end: Date) -> [WorkoutEvent] {
        var events = events
        let laps = events.indices.filter { events[$0].type == .lap }.sorted {
            events[$0].startDate < events[$1].startDate
        }
        for (index, next) in zip(laps, laps.dropFirst()) {
            let excess = events[index].endDate.timeIntervalSince(events[next].startDate)
            if excess > 0, excess < 1 {
                events[index] = WorkoutEvent(
                    type: events[index].type, start: events[index].startDate, end: events[next].startDate,
                    metadata: events[index].metadata)
            }
        }
        for index in events.indices {
            let excess = events[index].endDate.timeIntervalSince(end)
            if excess > 0, excess < 1, events[index].startDate <= end {
                events[index] = WorkoutEvent(
                    type: events[index].type, start: events[index].startDate, end: end,
                    metadata: events[index].metadata)
            }
        }
        return events
    }

    /// The distance type a legacy `totalDistance` belongs to.
    static func distanceType(for activity: WorkoutActivityType) -> QuantityTypeIdentifier {
        switch activity {
        case .cycling, .handCycling: .distanceCycling
        case .swimming: .distanceSwimming
        case .wheelchairRunPace, .wheelchairWalkPace: .distanceWheelchair
        case .downhillSkiing, .snowboarding, .crossCountrySkiing, .snowSports: .distanceDownhillSnowSports
        default: .distanceWalkingRunning
        }
    }
}
