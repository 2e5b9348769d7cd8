import Foundation
import HealthCore
import HealthQuery

/// A sample as a client sends it to `POST /v1/samples` (see ``APISampleCodec`` for the shape). `uuid` is
/// optional (the server makes one); `source` is kept only for the person's own token (an app's samples are
/// always its own).
struct APISampleInput: Decodable, Sendable {
    struct QuantityInput: Decodable, Sendable {
        var value: Double
        var unit: String
    }

    struct SourceInput: Decodable, Sendable {
        var name: String
        var bundleIdentifier: String
        var version: String?
        var productType: String?
        /// The device's operating-system version, `17.4.1` (kept by mirrors and the owner's token).
        var operatingSystemVersion: String?
    }

    struct DeviceInput: Decodable, Sendable {
        var name: String?
        var manufacturer: String?
        var model: String?
        var hardwareVersion: String?
        var firmwareVersion: String?
        var softwareVersion: String?
        var localIdentifier: String?
        var udiDeviceIdentifier: String?
    }

    struct EventInput: Decodable, Sendable {
        var type: String
        var startDate: String
        var endDate: String?
    }

    var uuid: String?
    var type: String
    var startDate: String
    var endDate: String?
    var quantity: QuantityInput?
    var value: Int?
    var objects: [APISampleInput]?
    var activityType: String?
    var events: [EventInput]?
    var device: DeviceInput?
    var metadata: [String: JSONValue]?
    var source: SourceInput?

    /// The engine's sample.
    /// - Parameters:
    ///   - path: Where the sample is in the request (`samples[3]`), for errors.
    ///   - keepSource: Whether a given source is kept (the person's own token).
    ///   - makeUUID: New identities.
    /// - Throws: ``APIError`` 400 naming the field.
    func sample(path: String, keepSource: Bool, makeUUID: () -> UUID) throws(APIError) -> AnySample {
        let uuid = try identity(path, makeUUID)
        let start = try APIDates.required(startDate, "\(path).startDate")
        let end =
            try endDate.map { (text: String) throws(APIError) -> Date in
                try APIDates.required(text, "\(path).endDate")
            } ?? start
        let metadata = try Self.metadata(self.metadata, path: "\(path).metadata")
        let device = self.device.map {
            Device(
                name: $0.name, manufacturer: $0.manufacturer, model: $0.model, hardwareVersion: $0.hardwareVersion,
                firmwareVersion: $0.firmwareVersion, softwareVersion: $0.softwareVersion,
                localIdentifier: $0.localIdentifier, udiDeviceIdentifier: $0.udiDeviceIdentifier)
        }
        let revision: SourceRevision?
        if keepSource, let source {
            revision = SourceRevision(
                source: Source(name: source.name, bundleIdentifier: source.bundleIdentifier), version: source.version,
                productType: source.productType,
                operatingSystemVersion: try source.operatingSystemVersion.map { (text: String) throws(APIError) in
                    try Self.osVersion(text, "\(path).source.operatingSystemVersion")
                })
        } else {
            revision = nil
        }
        let sampleType = SampleType(identifier: type)
        switch sampleType.kind {
        case .quantity:
            guard let quantity else { throw APIError.badRequest("\(path).quantity is missing for \(type)") }
            let unit: HealthUnit
            do { unit = try HealthUnit(from: quantity.unit) } catch {
                throw APIError.badRequest("\(path).quantity.unit: \(error.description)")
            }
            guard let identifier = sampleType.quantityIdentifier else { break }
            return .quantity(
                QuantitySample(
                    uuid: uuid, type: identifier, quantity: Quantity(unit: unit, doubleValue: quantity.value),
                    start: start, end: end, device: device, metadata: metadata, sourceRevision: revision))
        case .category:
            guard let value else { throw APIError.badRequest("\(path).value is missing for \(type)") }
            guard let identifier = sampleType.categoryIdentifier else { break }
            return .category(
                CategorySample(
                    uuid: uuid, type: identifier, value: value, start: start, end: end, device: device,
                    metadata: metadata, sourceRevision: revision))
        case .correlation:
            guard let objects, !objects.isEmpty else {
                throw APIError.badRequest("\(path).objects is missing or empty for \(type)")
            }
            guard let identifier = sampleType.correlationIdentifier else { break }
            var quantities: [QuantitySample] = []
            var categories: [CategorySample] = []
            for (index, object) in objects.enumerated() {
                switch try object.sample(path: "\(path).objects[\(index)]", keepSource: keepSource, makeUUID: makeUUID)
                {
                case .quantity(let member): quantities.append(member)
                case .category(let member): categories.append(member)
                default: throw APIError.badRequest("\(path).objects[\(index)] must be a quantity or category sample")
                }
            }
            return .correlation(
                Correlation(
                    uuid: uuid, type: identifier, start: start, end: end, quantitySamples: quantities,
                    categorySamples: categories, device: device, metadata: metadata, sourceRevision: revision))
        case .workout:
            guard let name = activityType,
                let activity = WorkoutActivityType(name: name) ?? WorkoutActivityType(exportName: name)
            else {
                throw APIError.badRequest("\(path).activityType is missing or not a HealthKit activity (e.g. running)")
            }
            var events: [WorkoutEvent] = []
            for (index, event) in (self.events ?? []).enumerated() {
                let eventPath = "\(path).events[\(index)]"
                guard let kind = WorkoutEventType.allKnown.first(where: { $0.name == event.type }) else {
                    throw APIError.badRequest("\(eventPath).type is not a workout event type (e.g. pause, resume)")
                }
                let eventStart = try APIDates.required(event.startDate, "\(eventPath).startDate")
                let eventEnd =
                    try event.endDate.map { (text: String) throws(APIError) -> Date in
                        try APIDates.required(text, "\(eventPath).endDate")
                    } ?? eventStart
                events.append(WorkoutEvent(type: kind, start: eventStart, end: eventEnd))
            }
            return .workout(
                Workout(
                    uuid: uuid, activityType: activity, start: start, end: end, events: events, device: device,
                    metadata: metadata, sourceRevision: revision))
        default:
            break
        }
        throw APIError.badRequest("\(path).type: \(type) cannot be saved through the API")
    }

    /// `MAJOR[.MINOR[.PATCH]]`, each 0–9999.
    static func osVersion(_ text: String, _ field: String) throws(APIError) -> OSVersion {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard (1...3).contains(parts.count), parts.allSatisfy({ $0.map { (0...9999).contains($0) } ?? false }) else {
            throw APIError.badRequest("\(field) must be MAJOR[.MINOR[.PATCH]] (e.g. 17.4.1)")
        }
        let numbers = parts.map { $0 ?? 0 }
        return OSVersion(
            major: numbers[0], minor: numbers.count > 1 ? numbers[1] : 0, patch: numbers.count > 2 ? numbers[2] : 0)
    }

    private func identity(_ path: String, _ makeUUID: () -> UUID) throws(APIError) -> UUID {
        guard let uuid else { return makeUUID() }
        guard let parsed = UUID(uuidString: uuid) else { throw APIError.badRequest("\(path).uuid is not a UUID") }
        return parsed
    }

    /// Metadata from JSON: strings, numbers, booleans, `{"date": …}`, `{"value": …, "unit": …}`.
    static func metadata(_ values: [String: JSONValue]?, path: String) throws(APIError) -> Metadata {
        guard let values else { return [:] }
        var metadata = Metadata()
        for (key, value) in values {
            let field = "\(path).\(key.prefix(80))"
            switch value {
            case .string(let text): metadata[MetadataKey(key)] = .string(text)
            case .number(let number): metadata[MetadataKey(key)] = .number(number)
            case .bool(let flag): metadata[MetadataKey(key)] = .bool(flag)
            case .object(let object):
                if case .string(let text)? = object["date"], object.count == 1 {
                    metadata[MetadataKey(key)] = .date(try APIDates.required(text, field + ".date"))
                } else if case .number(let number)? = object["value"], case .string(let unitText)? = object["unit"],
                    object.count == 2
                {
                    do {
                        metadata[MetadataKey(key)] = .quantity(
                            Quantity(unit: try HealthUnit(from: unitText), doubleValue: number))
                    } catch {
                        throw APIError.badRequest("\(field).unit: \(error.description)")
                    }
                } else {
                    throw APIError.badRequest("\(field) must be a string, number, boolean, {date} or {value, unit}")
                }
            case .null, .array:
                throw APIError.badRequest("\(field) must be a string, number, boolean, {date} or {value, unit}")
            }
        }
        return metadata
    }
}
