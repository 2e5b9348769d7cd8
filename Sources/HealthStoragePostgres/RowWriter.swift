import Foundation
import HealthCore
import HealthStorage
import Logging
import NIOCore
import PostgresNIO

/// Writes sample rows inside a person's write transaction: registers their sources, streams them through
/// `COPY … FROM STDIN` (into a staging table: see ``insert(_:)``) with their change numbers, and widens the type
/// spans. Commits and bulk writes share it.
struct RowWriter {
    let connection: PostgresConnection
    let context: WriteContext
    let logger: Logger

    /// The rows of a top-level sample in insertion order: a correlation's members (with the correlation's source
    /// revision when they have none), then the sample itself.
    static func rows(of sample: AnySample, encoder: JSONEncoder) throws -> [SampleRow] {
        var rows: [SampleRow] = []
        if let correlation = sample.correlation {
            for member in correlation.objects {
                var member = member
                if member.sourceRevision == nil { member.sourceRevision = sample.sourceRevision }
                rows.append(try SampleRow(member, correlation: correlation.uuid, encoder: encoder))
            }
        }
        rows.append(try SampleRow(sample, correlation: nil, encoder: encoder))
        return rows
    }

    /// UUIDs among `uuids` already stored for the person, with their change numbers.
    func stored(_ uuids: [UUID]) async throws -> [UUID: Int64] {
        guard !uuids.isEmpty else { return [:] }
        let rows = try await connection.run(
            "SELECT uuid, anchor FROM samples WHERE person_id = \(context.person) AND uuid = ANY(\(uuids)::uuid[])",
            logger: logger)
        var found: [UUID: Int64] = [:]
        for try await (uuid, anchor) in rows.decode((UUID, Int64).self) { found[uuid] = anchor }
        return found
    }

    /// Rows up to this many go in as one `INSERT … VALUES` (one round trip); more stream through COPY.
    static let valuesLimit = 256

    /// Inserts rows (each gets the next change number, in order).
    func insert(_ rows: [SampleRow]) async throws {
        guard !rows.isEmpty else { return }
        try await registerSources(rows)
        var spans: [Int32: Double] = [:]
        var typeIDs: [Int32] = []
        typeIDs.reserveCapacity(rows.count)
        for row in rows {
            guard let typeID = context.catalog.cachedID(row.type) else {
                throw StorageError(.io, "a type was not registered before the write")
            }
            typeIDs.append(typeID)
            spans[typeID] = max(spans[typeID] ?? 0, row.sample.endDate.timeIntervalSince(row.sample.startDate))
        }
        if rows.count <= Self.valuesLimit {
            var builder = SQLBuilder()
            var tuples: [String] = []
            for (row, typeID) in zip(rows, typeIDs) {
                tuples.append(
                    row.values(person: context.person, anchor: context.nextAnchor(), typeID: typeID, into: &builder))
            }
            let columns = SampleRow.columns.joined(separator: ", ")
            try await connection.run(
                builder.query("INSERT INTO samples (\(columns)) VALUES " + tuples.joined(separator: ", ")),
                logger: logger)
        } else {
            var buffer = ByteBufferAllocator().buffer(capacity: 1 << 20)
            for (row, typeID) in zip(rows, typeIDs) {
                row.line(person: context.person, anchor: context.nextAnchor(), typeID: typeID, into: &buffer)
            }
            // PostgreSQL refuses COPY into a table under row-level security, so the rows go through a
            // session-private staging table (no policies; emptied at commit) and move with one INSERT … SELECT,
            // which the policies check row by row.
            try await connection.run(
                "CREATE TEMP TABLE IF NOT EXISTS ohk_incoming (LIKE samples) ON COMMIT DELETE ROWS", logger: logger)
            try await connection.copyFrom(table: "ohk_incoming", columns: SampleRow.columns, logger: logger) { writer in
                try await writer.write(buffer)
            }
            try await connection.run("INSERT INTO samples SELECT * FROM ohk_incoming", logger: logger)
            // TRUNCATE, not DELETE: a long bulk transaction would otherwise rescan every dead row at each batch.
            try await connection.run("TRUNCATE ohk_incoming", logger: logger)
        }
        try await widen(spans)
    }

    /// Records longer samples in `type_spans` (only when a span exceeds what this process knows is stored).
    private func widen(_ spans: [Int32: Double]) async throws {
        let longer = spans.filter { context.knownSpan($0.key) < $0.value }
        guard !longer.isEmpty else { return }
        let ids = longer.keys.sorted()
        try await connection.run(
            """
            INSERT INTO type_spans (person_id, type_id, max_duration)
            SELECT \(context.person), * FROM unnest(\(ids)::integer[], \(ids.map { longer[$0] ?? 0 })::float8[])
            ON CONFLICT (person_id, type_id)
            DO UPDATE SET max_duration = GREATEST(type_spans.max_duration, EXCLUDED.max_duration)
            """, logger: logger)
        context.widened(longer)
    }

    /// Adds the rows' sources the person has not registered, in order of first appearance.
    private func registerSources(_ rows: [SampleRow]) async throws {
        var seen: Set<String> = []
        var revisions: [SourceRevision] = []
        for row in rows {
            guard let revision = row.sample.sourceRevision, seen.insert(revision.source.bundleIdentifier).inserted
            else { continue }
            revisions.append(revision)
        }
        guard !revisions.isEmpty else { return }
        let new = revisions.filter { !context.knowsSource($0.source.bundleIdentifier) }
        guard !new.isEmpty else { return }
        // New sources get the next registration numbers in order of first appearance; known ones are left alone.
        try await connection.run(
            """
            INSERT INTO sources (person_id, bundle_id, name, registration_order, product_type)
            SELECT \(context.person), bundle, name, (SELECT COALESCE(MAX(registration_order), 0) FROM sources
                WHERE person_id = \(context.person)) + row_number() OVER (ORDER BY ord),
                CASE WHEN has_product THEN product END
            FROM unnest(\(new.map(\.source.bundleIdentifier))::text[], \(new.map(\.source.name))::text[],
                \(new.map { $0.productType ?? "" })::text[], \(new.map { $0.productType != nil })::boolean[])
                WITH ORDINALITY AS n(bundle, name, product, has_product, ord)
            WHERE NOT EXISTS (SELECT 1 FROM sources s WHERE s.person_id = \(context.person) AND s.bundle_id = n.bundle)
            ORDER BY ord
            """, logger: logger)
        context.registered(new.map(\.source.bundleIdentifier))
    }
}
