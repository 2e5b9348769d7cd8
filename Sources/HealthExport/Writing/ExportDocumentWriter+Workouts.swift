import Foundation
import HealthCore

// Workout, WorkoutEvent, WorkoutActivity, WorkoutStatistics and WorkoutRoute elements, and GPX side files.
extension ExportDocumentWriter {
    /// A duration as the export writes it: minutes, unless minutes would not read back to the same seconds.
    static func duration(_ seconds: TimeInterval) -> (value: String, unit: String) {
        let minutes = seconds / 60
        let back = (try? Quantity(unit: .minute(), doubleValue: minutes).doubleValue(for: .second())) ?? .nan
        if back == seconds { return (XMLOutput.number(minutes), "min") }
        return (XMLOutput.number(seconds), "s")
    }

    /// A `Workout` with its metadata, events, activities, statistics and routes.
    mutating func workout(_ workout: Workout, routes: [WorkoutRoute]) throws {
        let revision = workout.sourceRevision
        let duration = workout.explicitDuration.map(Self.duration)
        out.start(
            "Workout", indent: 1,
            [
                ("workoutActivityType", workout.activityType.exportName ?? "HKWorkoutActivityTypeOther"),
                ("duration", duration?.value), ("durationUnit", duration?.unit),
                ("sourceName", revision?.source.name ?? "Health"), ("sourceVersion", revision?.version),
                ("device", workout.device.map(XMLOutput.device)), ("startDate", out.date(workout.startDate)),
                ("endDate", out.date(workout.endDate)),
            ])
        out.open()
        metadataEntries(workout.metadata, indent: 2)
        for event in workout.events { self.event(event, indent: 2) }
        for activity in workout.activities { self.activity(activity, indent: 2) }
        for statistics in workout.statistics.values.sorted(by: { $0.quantityType.rawValue < $1.quantityType.rawValue })
        {
            self.statistics(statistics, indent: 2)
        }
        for route in routes { try self.route(route) }
        out.end("Workout", indent: 1)
        report.workouts += 1
    }

    private func event(_ event: WorkoutEvent, indent: Int) {
        let length = max(0, event.endDate.timeIntervalSince(event.startDate))
        let duration = length > 0 ? Self.duration(length) : nil
        out.start(
            "WorkoutEvent", indent: indent,
            [
                ("type", event.type.exportName), ("date", out.date(event.startDate)), ("duration", duration?.value),
                ("durationUnit", duration?.unit),
            ])
        if event.metadata.isEmpty {
            out.empty()
        } else {
            out.open()
            metadataEntries(event.metadata, indent: indent + 1)
            out.end("WorkoutEvent", indent: indent)
        }
    }

    private func activity(_ activity: WorkoutActivity, indent: Int) {
        let duration = activity.duration.map(Self.duration)
        out.start(
            "WorkoutActivity", indent: indent,
            [
                ("uuid", activity.uuid.uuidString), ("startDate", out.date(activity.startDate)),
                ("endDate", activity.endDate.map(out.date)), ("duration", duration?.value),
                ("durationUnit", duration?.unit),
            ])
        out.open()
        metadataEntries(activity.metadata, indent: indent + 1)
        for event in activity.events { self.event(event, indent: indent + 1) }
        for statistics in activity.statistics.values.sorted(by: { $0.quantityType.rawValue < $1.quantityType.rawValue })
        {
            self.statistics(statistics, indent: indent + 1)
        }
        out.end("WorkoutActivity", indent: indent)
    }

    private func statistics(_ statistics: WorkoutStatistics, indent: Int) {
        let unit =
            statistics.sum?.unit ?? statistics.average?.unit ?? statistics.minimum?.unit ?? statistics.maximum?.unit
        func text(_ quantity: Quantity?) -> String? {
            guard let quantity, let unit, let value = try? quantity.doubleValue(for: unit) else { return nil }
            return XMLOutput.number(value)
        }
        out.element(
            "WorkoutStatistics", indent: indent,
            [
                ("type", statistics.quantityType.rawValue), ("startDate", out.date(statistics.startDate)),
                ("endDate", out.date(statistics.endDate)), ("average", text(statistics.average)),
                ("minimum", text(statistics.minimum)), ("maximum", text(statistics.maximum)),
                ("sum", text(statistics.sum)), ("unit", unit?.unitString),
            ])
    }

    /// A `WorkoutRoute`: a `FileReference` to a GPX file in an archive, inline `Location`s in a bare document
    /// (their `date` in ISO 8601 with the fraction of a second, which the importer also reads).
    private mutating func route(_ route: WorkoutRoute) throws {
        let revision = route.sourceRevision
        out.start(
            "WorkoutRoute", indent: 2,
            [
                ("sourceName", revision?.source.name ?? "Health"), ("sourceVersion", revision?.version),
                ("device", route.device.map(XMLOutput.device)), ("startDate", out.date(route.startDate)),
                ("endDate", out.date(route.endDate)),
            ])
        out.open()
        metadataEntries(route.metadata, indent: 3)
        if let routeFolder {
            let name = routeFileName(route.startDate)
            let data = GPXWriter.document(route, name: name.title)
            let file = routeFolder.appendingPathComponent("workout-routes").appendingPathComponent(name.file)
            do {
                try data.write(to: file)
            } catch {
                throw ExportError(code: .io, message: "cannot write a route file", file: name.file)
            }
            sideFiles.append("workout-routes/" + name.file)
            out.element("FileReference", indent: 3, [("path", "/workout-routes/" + name.file)])
            report.routeFiles += 1
        } else {
            for location in route.locations {
                out.element(
                    "Location", indent: 3,
                    [
                        ("date", GPXWriter.time(location.timestamp)),
                        ("latitude", XMLOutput.number(location.latitude)),
                        ("longitude", XMLOutput.number(location.longitude)),
                        ("altitude", XMLOutput.number(location.altitude)),
                        ("horizontalAccuracy", XMLOutput.number(location.horizontalAccuracy)),
                        ("verticalAccuracy", XMLOutput.number(location.verticalAccuracy)),
                        ("course", XMLOutput.number(location.course)), ("speed", XMLOutput.number(location.speed)),
                    ])
            }
        }
        out.end("WorkoutRoute", indent: 2)
    }

    /// `route_YYYY-MM-DD_h.mmam.gpx` in the output's time zone (`_2`, `_3`… when two routes start the same minute),
    /// and the track name `Route YYYY-MM-DD h.mmam`.
    private mutating func routeFileName(_ start: Date) -> (file: String, title: String) {
        let local = XMLOutput.local(start, in: out.timeZone)
        let hour = local.hour % 12 == 0 ? 12 : local.hour % 12
        let stamp =
            "\(XMLOutput.pad(local.year, 4))-\(XMLOutput.pad(local.month, 2))-\(XMLOutput.pad(local.day, 2))"
        let time = "\(hour).\(XMLOutput.pad(local.minute, 2))\(local.hour < 12 ? "am" : "pm")"
        var file = "route_\(stamp)_\(time).gpx"
        var counter = 1
        while !routeNames.insert(file).inserted {
            counter += 1
            file = "route_\(stamp)_\(time)_\(counter).gpx"
        }
        return (file, "Route \(stamp) \(time)")
    }
}

/// Writes a route as the Health app's GPX 1.1 (reference §8.5).
enum GPXWriter {
    static func document(_ route: WorkoutRoute, name: String) -> Data {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="Apple Health Export" xmlns="http://www.topografix.com/GPX/1/1" \
            xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
            xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">
              <metadata>
                <time>\(time(route.endDate))</time>
              </metadata>
              <trk>
                <name>\(name)</name>
                <trkseg>

            """
        for point in route.locations {
            text +=
                "      <trkpt lon=\"\(XMLOutput.number(point.longitude))\" lat=\"\(XMLOutput.number(point.latitude))\">"
            text += "<ele>\(XMLOutput.number(point.altitude))</ele><time>\(time(point.timestamp))</time>"
            text += "<extensions><speed>\(XMLOutput.number(point.speed))</speed>"
            text += "<course>\(XMLOutput.number(point.course))</course>"
            text += "<hAcc>\(XMLOutput.number(point.horizontalAccuracy))</hAcc>"
            text += "<vAcc>\(XMLOutput.number(point.verticalAccuracy))</vAcc></extensions></trkpt>\n"
        }
        text += "    </trkseg>\n  </trk>\n</gpx>\n"
        return Data(text.utf8)
    }

    /// ISO 8601 in UTC, with the fraction of a second when there is one.
    static func time(_ date: Date) -> String {
        let whole = date.timeIntervalSince1970.rounded(.down)
        let utc = XMLOutput.date(Date(timeIntervalSince1970: whole), in: TimeZone(secondsFromGMT: 0) ?? .gmt)
        let stamp = String(utc.prefix(10)) + "T" + String(utc.dropFirst(11).prefix(8))
        let fraction = date.timeIntervalSince1970 - whole
        guard fraction > 0 else { return stamp + "Z" }
        let digits = String(format: "%.6f", fraction).dropFirst(1)
        return stamp + digits + "Z"
    }
}
