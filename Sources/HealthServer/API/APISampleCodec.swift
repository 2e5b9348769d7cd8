import Foundation
package import HealthCore
import HealthQuery

/// Samples on the wire. One JSON object per sample:
///
/// ```json
/// {"uuid": "…", "type": "HKQuantityTypeIdentifierStepCount", "kind": "quantity",
///  "startDate": "2025-06-01T07:30:00.000Z", "endDate": "2025-06-01T07:40:00.000Z",
///  "quantity": {"value": 812, "unit": "count"},
///  "source": {"name": "Steps", "bundleIdentifier": "com.example.steps", "version": "1.0"},
///  "device": {"name": "Apple Watch", "model": "Watch"}, "metadata": {"HKWasUserEntered": true}}
/// ```
///
/// Category samples carry `"value"` (an integer), correlations `"objects"` (their member samples), workouts
/// `"activityType"` (HealthKit's name, e.g. `running`), `"duration"`, `"events"` and `"statistics"`; routes
/// `"workout"` and `"locationCount"` (their points come as GeoJSON from the workout's route). Metadata values are
/// strings, numbers, booleans, `{"date": "…"}` or `{"value": 1, "unit": "kg"}`.
package enum APISampleCodec {
    // MARK: Writing

    package static func encode(_ sample: AnySample, anchor: Int64? = nil) -> JSONValue {
        var object: [String: JSONValue] = [
            "uuid": .string(sample.uuid.uuidString), "type": .string(sample.sampleType.identifier),
            "startDate": .string(APIDates.format(sample.startDate)),
            "endDate": .string(APIDates.format(sample.endDate)),
        ]
        if let anchor { object["anchor"] = .number(Double(anchor)) }
        if let revision = sample.sourceRevision { object["source"] = encode(revision) }
        if let device = sample.device { object["device"] = encode(device) }
        if !sample.metadata.isEmpty { object["metadata"] = encode(sample.metadata) }
        switch sample {
        case .quantity(let quantity):
            object["kind"] = .string("quantity")
            object["quantity"] = encode(quantity.quantity)
            if !quantity.series.isEmpty { object["seriesCount"] = .number(Double(quantity.series.count)) }
        case .category(let category):
            object["kind"] = .string("category")
            object["value"] = .number(Double(category.value))
        case .correlation(let correlation):
            object["kind"] = .string("correlation")
            object["objects"] = .array(correlation.objects.map { encode($0) })
        case .workout(let workout):
            object["kind"] = .string("workout")
            object["activityType"] = .string(workout.activityType.name ?? String(workout.activityType.rawValue))
            object["duration"] = .number(workout.duration)
            if !workout.events.isEmpty { object["events"] = .array(workout.events.map(encode)) }
            if !workout.statistics.isEmpty {
                object["statistics"] = .object(
                    Dictionary(uniqueKeysWithValues: workout.statistics.map { ($0.key.rawValue, encode($0.value)) }))
            }
        case .workoutRoute(let route):
            object["kind"] = .string("workoutRoute")
            if let workout = route.workoutUUID { object["workout"] = .string(workout.uuidString) }
            object["locationCount"] = .number(Double(route.locations.count))
        case .payload(let payload):
            encode(payload.payload, into: &object)
        }
        return .object(object)
    }

    /// A payload sample's fields: a series' beats, an electrocardiogram's summary (its voltages are not sent), a
    /// clinical record's name and FHIR resource header.
    static func encode(_ payload: PayloadSample.Payload, into object: inout [String: JSONValue]) {
        switch payload {
        case .heartbeats(let beats):
            object["kind"] = .string("heartbeatSeries")
            object["beats"] = .array(
                beats.map { beat in
                    var entry: [String: JSONValue] = ["t": .number(beat.timeSinceSeriesStart)]
                    if beat.precededByGap { entry["gap"] = .bool(true) }
                    return .object(entry)
                })
        case .electrocardiogram(let recording):
            object["kind"] = .string("electrocardiogram")
            object["classification"] = .number(Double(recording.classification.rawValue))
            object["symptomsStatus"] = .number(Double(recording.symptomsStatus.rawValue))
            if let rate = recording.averageHeartRate { object["averageHeartRate"] = .number(rate) }
            object["samplingFrequency"] = .number(recording.samplingFrequency)
            object["voltageCount"] = .number(Double(recording.microvolts.count))
        case .clinicalRecord(let record):
            object["kind"] = .string("clinicalRecord")
            object["displayName"] = .string(record.displayName)
            if let resource = record.fhirResource {
                var header: [String: JSONValue] = [
                    "resourceType": .string(resource.resourceType), "identifier": .string(resource.identifier),
                    "fhirVersion": .string(resource.fhirVersion),
                ]
                if let url = resource.sourceURL { header["sourceURL"] = .string(url.absoluteString) }
                object["fhirResource"] = .object(header)
            }
        }
    }

    static func encode(_ quantity: Quantity) -> JSONValue {
        .object([
            "value": .number((try? quantity.doubleValue(for: quantity.unit)) ?? 0),
            "unit": .string(quantity.unit.unitString),
        ])
    }

    static func encode(_ revision: SourceRevision) -> JSONValue {
        var object: [String: JSONValue] = [
            "name": .string(revision.source.name), "bundleIdentifier": .string(revision.source.bundleIdentifier),
        ]
        if let version = revision.version { object["version"] = .string(version) }
        if let product = revision.productType { object["productType"] = .string(product) }
        if let os = revision.operatingSystemVersion { object["operatingSystemVersion"] = .string(os.description) }
        return .object(object)
    }

    static func encode(_ source: Source) -> JSONValue {
        .object(["name": .string(source.name), "bundleIdentifier": .string(source.bundleIdentifier)])
    }

    static func encode(_ device: Device) -> JSONValue {
        var object: [String: JSONValue] = [:]
        let fields: [(String, String?)] = [
            ("name", device.name), ("manufacturer", device.manufacturer), ("model", device.model),
            ("hardwareVersion", device.hardwareVersion), ("firmwareVersion", device.firmwareVersion),
            ("softwareVersion", device.softwareVersion), ("localIdentifier", device.localIdentifier),
            ("udiDeviceIdentifier", device.udiDeviceIdentifier),
        ]
        for (key, value) in fields { if let value { object[key] = .string(value) } }
        return .object(object)
    }

    static func encode(_ metadata: Metadata) -> JSONValue {
        var object: [String: JSONValue] = [:]
        for (key, value) in metadata {
            switch value {
            case .string(let text): object[key.rawValue] = .string(text)
            case .number(let number): object[key.rawValue] = .number(number)
            case .bool(let flag): object[key.rawValue] = .bool(flag)
            case .date(let date): object[key.rawValue] = .object(["date": .string(APIDates.format(date))])
            case .quantity(let quantity): object[key.rawValue] = encode(quantity)
            }
        }
        return .object(object)
    }

    static func encode(_ event: WorkoutEvent) -> JSONValue {
        .object([
            "type": .string(event.type.name), "startDate": .string(APIDates.format(event.startDate)),
            "endDate": .string(APIDates.format(event.endDate)),
        ])
    }

    static func encode(_ statistics: WorkoutStatistics) -> JSONValue {
        var object: [String: JSONValue] = [:]
        let values: [(String, Quantity?)] = [
            ("sum", statistics.sum), ("average", statistics.average), ("minimum", statistics.minimum),
            ("maximum", statistics.maximum), ("mostRecent", statistics.mostRecent),
        ]
        for (key, value) in values { if let value { object[key] = encode(value) } }
        return .object(object)
    }

    static func encode(_ deleted: DeletedObject) -> JSONValue {
        var object: [String: JSONValue] = [
            "uuid": .string(deleted.uuid.uuidString), "type": .string(deleted.sampleType.identifier),
            "anchor": .number(Double(deleted.anchor)),
        ]
        if !deleted.metadata.isEmpty { object["metadata"] = encode(deleted.metadata) }
        return .object(object)
    }
}
