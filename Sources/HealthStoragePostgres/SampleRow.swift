import Foundation
import HealthCore
import HealthStorage
import NIOCore

/// A sample split into the `samples` columns (see `PostgresSchema.swift`) and written as one line of `COPY …
/// FROM STDIN` text; ``decode(_:)`` turns the stored JSON back into the sample exactly as saved.
struct SampleRow {
    /// The columns a ``line(person:anchor:typeID:into:)`` writes, in order.
    static let columns = [
        "person_id", "anchor", "uuid", "kind", "type_id", "source", "start_date", "end_date", "value",
        "category_value", "activity_type", "duration", "correlation_uuid", "route_workout_uuid", "has_series",
        "meta_keys", "doc",
    ]

    let sample: AnySample
    let type: TypeKey
    let correlation: UUID?
    let doc: String

    /// Splits a sample; `correlation` is the correlation a member belongs to.
    init(_ sample: AnySample, correlation: UUID?, encoder: JSONEncoder) throws {
        self.sample = sample
        self.type = TypeKey(sample.sampleType)
        self.correlation = correlation
        self.doc = String(decoding: try encoder.encode(sample), as: UTF8.self)
    }

    /// The sample decoded from its stored JSON.
    static func decode(_ doc: String, decoder: JSONDecoder) throws -> AnySample {
        try decoder.decode(AnySample.self, from: Data(doc.utf8))
    }

    /// A JSON encoder for rows: sorted keys, so a row's document is the same bytes in every process.
    static func makeEncoder() -> JSONEncoder { StoredJSON.encoder() }

    /// The quantity in its type's canonical unit, when the type is known and the unit converts.
    var canonicalValue: Double? {
        guard case .quantity(let quantity) = sample,
            let unit = QuantityTypeIdentifier(rawValue: type.identifier).typeDescription?.canonicalUnit
        else { return nil }
        return try? quantity.quantity.doubleValue(for: unit)
    }

    /// The row's values as parameters of a multi-row `INSERT … VALUES`: returns `($n, …)` for the row.
    func values(person: Int64, anchor: Int64, typeID: Int32, into builder: inout SQLBuilder) -> String {
        var category: Int64?
        var activity: Int64?
        var duration: Double?
        var route: UUID?
        var hasSeries = false
        switch sample {
        case .category(let value): category = Int64(value.value)
        case .workout(let workout):
            activity = Int64(bitPattern: UInt64(workout.activityType.rawValue))
            duration = workout.duration
        case .workoutRoute(let value): route = value.workoutUUID
        case .quantity(let value): hasSeries = !value.series.isEmpty
        case .correlation, .payload: break
        }
        let metaKeys: [String]? = sample.metadata.isEmpty ? nil : sample.metadata.map(\.key.rawValue).sorted()
        let placeholders = [
            builder.arg(person), builder.arg(anchor), builder.arg(sample.uuid),
            builder.arg(Int16(SampleKind(sample).rawValue)),
            builder.arg(typeID), builder.arg(sample.sourceRevision?.source.bundleIdentifier),
            builder.arg(sample.startDate.timeIntervalSinceReferenceDate),
            builder.arg(sample.endDate.timeIntervalSinceReferenceDate), builder.arg(canonicalValue),
            builder.arg(category), builder.arg(activity), builder.arg(duration), builder.arg(correlation),
            builder.arg(route), builder.arg(hasSeries), builder.arg(metaKeys), builder.arg(doc),
        ]
        return "(" + placeholders.joined(separator: ", ") + ")"
    }

    /// Appends the row as one line of COPY text.
    func line(person: Int64, anchor: Int64, typeID: Int32, into buffer: inout ByteBuffer) {
        var fields = CopyLine(buffer: buffer)
        fields.raw(String(person))
        fields.raw(String(anchor))
        fields.raw(sample.uuid.uuidString)
        fields.raw(String(SampleKind(sample).rawValue))
        fields.raw(String(typeID))
        fields.text(sample.sourceRevision?.source.bundleIdentifier)
        fields.double(sample.startDate.timeIntervalSinceReferenceDate)
        fields.double(sample.endDate.timeIntervalSinceReferenceDate)
        fields.double(canonicalValue)
        if case .category(let category) = sample { fields.raw(String(category.value)) } else { fields.null() }
        if case .workout(let workout) = sample {
            fields.raw(String(Int64(bitPattern: UInt64(workout.activityType.rawValue))))
            fields.double(workout.duration)
        } else {
            fields.null()
            fields.null()
        }
        fields.raw(correlation?.uuidString)
        if case .workoutRoute(let route) = sample { fields.raw(route.workoutUUID?.uuidString) } else { fields.null() }
        if case .quantity(let quantity) = sample, !quantity.series.isEmpty { fields.raw("t") } else { fields.raw("f") }
        if sample.metadata.isEmpty {
            fields.null()
        } else {
            fields.text(CopyLine.arrayLiteral(sample.metadata.map(\.key.rawValue).sorted()))
        }
        fields.text(doc, last: true)
        buffer = fields.buffer
    }
}

/// One line of PostgreSQL's COPY text format: tab-separated fields, `\N` for NULL, backslash escapes.
struct CopyLine {
    var buffer: ByteBuffer

    mutating func null(last: Bool = false) {
        buffer.writeStaticString("\\N")
        end(last)
    }

    /// A field that needs no escaping (numbers, UUIDs, booleans).
    mutating func raw(_ value: String?, last: Bool = false) {
        guard let value else { return null(last: last) }
        buffer.writeString(value)
        end(last)
    }

    mutating func double(_ value: Double?, last: Bool = false) {
        guard let value else { return null(last: last) }
        if value.isNaN {
            buffer.writeStaticString("NaN")
        } else if value.isInfinite {
            buffer.writeString(value < 0 ? "-Infinity" : "Infinity")
        } else {
            buffer.writeString("\(value)")
        }
        end(last)
    }

    /// A text field, escaped.
    mutating func text(_ value: String?, last: Bool = false) {
        guard let value else { return null(last: last) }
        if !value.utf8.contains(where: { $0 == 0x5C || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
            buffer.writeString(value)
        } else {
            for byte in value.utf8 {
                switch byte {
                case 0x5C: buffer.writeStaticString("\\\\")
                case 0x09: buffer.writeStaticString("\\t")
                case 0x0A: buffer.writeStaticString("\\n")
                case 0x0D: buffer.writeStaticString("\\r")
                default: buffer.writeInteger(byte)
                }
            }
        }
        end(last)
    }

    private mutating func end(_ last: Bool) {
        buffer.writeInteger(last ? UInt8(0x0A) : UInt8(0x09))
    }

    /// A `text[]` literal: `{"a","b"}` with `"` and `\` escaped inside elements.
    static func arrayLiteral(_ elements: [String]) -> String {
        "{"
            + elements.map { element in
                "\"" + element.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                    + "\""
            }.joined(separator: ",") + "}"
    }
}
