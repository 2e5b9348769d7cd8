import Foundation
import GRDB
import HealthCore
import HealthStorage

/// Row ⇄ ``AnySample``: the columns a sample is split into, its JSON payload, and the way back.
///
/// A sample decodes exactly as it was saved: quantities keep their unit (the canonical value is a column for
/// SQL, the original unit and value are kept when they differ), dates are seconds since 2001 in a REAL
/// (`Date`'s own representation), metadata keeps each value's kind.
enum SampleCodec {
    /// The `samples` columns read by ``decode(_:lookups:db:)``, in order.
    static let columns = """
        anchor, uuid, kind, type_id, source_id, revision_id, device_id, start_date, end_date, value, unit, \
        original_value, category_value, activity_type, duration, route_workout_uuid, correlation_uuid, has_metadata, \
        payload
        """

    /// What a workout stores besides its columns.
    struct WorkoutPayload: Codable {
        var duration: TimeInterval?
        var events: [WorkoutEvent]
        var activities: [WorkoutActivity]
        var statistics: [QuantityTypeIdentifier: WorkoutStatistics]

        /// As the synthesized encoding, with the statistics in type order (the same bytes in every process).
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(duration, forKey: .duration)
            try container.encode(events, forKey: .events)
            try container.encode(activities, forKey: .activities)
            try container.encodeInKeyOrder(statistics, forKey: .statistics) { $0.rawValue < $1.rawValue }
        }
    }

    /// A correlation's members exactly as saved (their own rows may have a source revision filled in).
    struct CorrelationPayload: Codable {
        var quantitySamples: [QuantitySample]
        var categorySamples: [CategorySample]
    }

    /// A quantity sample's payload when it has a summary (iOS 8–9 per-day aggregates); a series alone is stored
    /// as its bare JSON array, as before summaries existed.
    struct QuantityPayload: Codable {
        var series: [SeriesQuantity]
        var summary: QuantitySummary?
    }

    /// The series and summary of a quantity sample's payload (a bare series array, or a ``QuantityPayload``).
    static func quantityParts(_ payload: Data) throws -> (series: [SeriesQuantity], summary: QuantitySummary?) {
        if payload.first == UInt8(ascii: "[") {
            return (try JSONDecoder().decode([SeriesQuantity].self, from: payload), nil)
        }
        let parts = try JSONDecoder().decode(QuantityPayload.self, from: payload)
        return (parts.series, parts.summary)
    }

    /// The JSON payload of the parts that are not columns; nil when there are none.
    static func payload(_ sample: AnySample) throws -> Data? {
        switch sample {
        case .quantity(let quantity):
            if let summary = quantity.summary {
                return try StoredJSON.encoder().encode(QuantityPayload(series: quantity.series, summary: summary))
            }
            return quantity.series.isEmpty ? nil : try StoredJSON.encoder().encode(quantity.series)
        case .category:
            return nil
        case .correlation(let correlation):
            return try StoredJSON.encoder().encode(
                CorrelationPayload(
                    quantitySamples: correlation.quantitySamples, categorySamples: correlation.categorySamples))
        case .workout(let workout):
            return try StoredJSON.encoder().encode(
                WorkoutPayload(
                    duration: workout.explicitDuration, events: workout.events, activities: workout.activities,
                    statistics: workout.statistics))
        case .workoutRoute(let route):
            return try StoredJSON.encoder().encode(route.locations)
        case .payload(let sample):
            if case .heartbeats(let beats) = sample.payload { return try HeartbeatPayloadJSON.encode(beats) }
            return try StoredJSON.encoder().encode(sample.payload)
        }
    }

    /// A decoded row: the stored sample and whether it is a correlation member.
    struct Decoded {
        var stored: StoredSampleRow
        var isCorrelationMember: Bool
    }

    /// A sample with its anchor (`StoredSample` without the HealthStorage import in signatures).
    struct StoredSampleRow {
        var sample: AnySample
        var anchor: Int64
    }

    /// Decodes a row selected with ``columns``.
    static func decode(_ row: Row, lookups: Lookups, db: Database) throws -> Decoded {
        let anchor: Int64 = row[0]
        let uuid: UUID = row[1]
        let type = try lookups.type(row[3], db)
        let start = Date(timeIntervalSinceReferenceDate: row[7])
        let end = Date(timeIntervalSinceReferenceDate: row[8])
        let device = try (row[6] as Int64?).map { try lookups.device($0, db) }
        let revision = try sourceRevision(row, lookups: lookups, db: db)
        let metadata: Metadata = (row[17] as Int64? ?? 0) != 0 ? try Self.metadata(anchor, db) : [:]
        let payload: Data? = row[18]
        let sample: AnySample
        let stored = type.sampleType
        switch (SampleKind(rawValue: row[2]), stored.kind) {
        case (.quantity, .quantity):
            let identifier = QuantityTypeIdentifier(rawValue: stored.identifier)
            let quantity: Quantity
            if let unitString = row[10] as String? {
                quantity = Quantity(unit: try lookups.unit(unitString), doubleValue: row[11] as Double? ?? 0)
            } else if let canonical = type.canonical {
                quantity = Quantity(unit: canonical, doubleValue: row[9] as Double? ?? 0)
            } else {
                throw StorageDecodingError(what: "quantity unit of anchor \(anchor)")
            }
            var value = QuantitySample(
                uuid: uuid, type: identifier, quantity: quantity, start: start, end: end, device: device,
                metadata: metadata, sourceRevision: revision)
            if let payload { (value.series, value.summary) = try quantityParts(payload) }
            sample = .quantity(value)
        case (.category, .category):
            let identifier = CategoryTypeIdentifier(rawValue: stored.identifier)
            sample = .category(
                CategorySample(
                    uuid: uuid, type: identifier, value: Int(row[12] as Int64? ?? 0), start: start, end: end,
                    device: device, metadata: metadata, sourceRevision: revision))
        case (.correlation, .correlation):
            let identifier = CorrelationTypeIdentifier(rawValue: stored.identifier)
            let members = try JSONDecoder().decode(CorrelationPayload.self, from: payload ?? Data())
            sample = .correlation(
                Correlation(
                    uuid: uuid, type: identifier, start: start, end: end, quantitySamples: members.quantitySamples,
                    categorySamples: members.categorySamples, device: device, metadata: metadata,
                    sourceRevision: revision))
        case (.workout, .workout):
            let parts = try JSONDecoder().decode(WorkoutPayload.self, from: payload ?? Data())
            sample = .workout(
                Workout(
                    uuid: uuid, activityType: WorkoutActivityType(rawValue: UInt(bitPattern: Int(row[13] as Int64))),
                    start: start, end: end, duration: parts.duration, events: parts.events,
                    activities: parts.activities, statistics: parts.statistics, device: device, metadata: metadata,
                    sourceRevision: revision))
        case (.route, .workoutRoute):
            let locations = try JSONDecoder().decode([RouteLocation].self, from: payload ?? Data())
            sample = .workoutRoute(
                WorkoutRoute(
                    uuid: uuid, workoutUUID: row[15], locations: locations, start: start, end: end, device: device,
                    metadata: metadata, sourceRevision: revision))
        case (.payload, .heartbeatSeries), (.payload, .electrocardiogram), (.payload, .clinical):
            let content = try JSONDecoder().decode(PayloadSample.Payload.self, from: payload ?? Data())
            sample = .payload(
                PayloadSample(
                    uuid: uuid, type: stored, start: start, end: end, payload: content, device: device,
                    metadata: metadata, sourceRevision: revision))
        default:
            throw StorageDecodingError(what: "kind of anchor \(anchor)")
        }
        return Decoded(
            stored: StoredSampleRow(sample: sample, anchor: anchor), isCorrelationMember: !row.hasNull(atIndex: 16))
    }

    private static func sourceRevision(_ row: Row, lookups: Lookups, db: Database) throws -> SourceRevision? {
        guard let revisionID = row[5] as Int64? else { return nil }
        return try lookups.revision(revisionID, db)
    }

    /// Metadata kinds as stored in `metadata.kind`.
    enum MetadataKind: Int64 {
        case string = 0
        case number = 1
        case bool = 2
        case date = 3
        case quantity = 4
    }

    /// A metadata value as (kind, text, number).
    static func columns(_ value: MetadataValue) -> (kind: MetadataKind, text: String?, number: Double?) {
        switch value {
        case .string(let text): (.string, text, nil)
        case .number(let number): (.number, nil, number)
        case .bool(let flag): (.bool, nil, flag ? 1 : 0)
        case .date(let date): (.date, nil, date.timeIntervalSinceReferenceDate)
        case .quantity(let quantity): (.quantity, quantity.unit.unitString, quantity.doubleValue(in: quantity.unit))
        }
    }

    /// The metadata of one sample.
    static func metadata(_ anchor: Int64, _ db: Database) throws -> Metadata {
        let statement = try db.cachedStatement(sql: "SELECT key, kind, text, number FROM metadata WHERE anchor = ?")
        var metadata = Metadata()
        let rows = try Row.fetchCursor(statement, arguments: [anchor])
        while let row = try rows.next() {
            let key = MetadataKey(rawValue: row[0])
            let text: String? = row[2]
            let number: Double = row[3] as Double? ?? 0
            switch MetadataKind(rawValue: row[1]) {
            case .string: metadata[key] = .string(text ?? "")
            case .number: metadata[key] = .number(number)
            case .bool: metadata[key] = .bool(number != 0)
            case .date: metadata[key] = .date(Date(timeIntervalSinceReferenceDate: number))
            case .quantity:
                guard let unit = try? HealthUnit(from: text ?? "") else {
                    throw StorageDecodingError(what: "metadata unit")
                }
                metadata[key] = .quantity(Quantity(unit: unit, doubleValue: number))
            case nil:
                throw StorageDecodingError(what: "metadata kind")
            }
        }
        return metadata
    }
}

extension Quantity {
    /// The value in its own unit (no conversion, exact).
    func doubleValue(in own: HealthUnit) -> Double {
        (try? doubleValue(for: own)) ?? .nan
    }
}
