import Foundation
public import HealthCore
public import HealthStorage
import Logging
import PostgresNIO

extension PostgresStorage {
    /// Samples that match a predicate, ordered and limited (ties in insertion order).
    public func samples(matching request: SampleRequest) async throws(StorageError) -> [StoredSample] {
        let catalog = database.types
        let logger = database.queryLogger
        return try await read("fetch samples", snapshot: true) { connection, person in
            try await Reader(connection: connection, person: person, catalog: catalog, logger: logger).samples(request)
        }
    }

    /// The number of samples that match a predicate.
    public func count(matching predicate: SamplePredicate) async throws(StorageError) -> Int {
        let catalog = database.types
        let logger = database.queryLogger
        return try await read("count samples", snapshot: true) { connection, person in
            try await Reader(connection: connection, person: person, catalog: catalog, logger: logger).count(predicate)
        }
    }

    /// How many matching samples each source saved, in registration order.
    public func sourceCounts(matching predicate: SamplePredicate) async throws(StorageError) -> [SourceCount] {
        let catalog = database.types
        let logger = database.queryLogger
        return try await read("count sources", snapshot: true) { connection, person in
            try await Reader(connection: connection, person: person, catalog: catalog, logger: logger).sourceCounts(
                predicate)
        }
    }

    /// The statistics engine's lean read: who, when and how much, without decoding whole samples (series
    /// samples and values not stored in `canonicalUnit` are decoded).
    public func quantityPieces(
        matching predicate: SamplePredicate, canonicalUnit: HealthUnit
    ) async throws(StorageError) -> [QuantityPiece] {
        let catalog = database.types
        let logger = database.queryLogger
        return try await read("read quantities", snapshot: true) { connection, person in
            try await Reader(connection: connection, person: person, catalog: catalog, logger: logger)
                .pieces(predicate, canonicalUnit: canonicalUnit)
        }
    }
}

/// The reads of one person on one leased connection.
struct Reader {
    let connection: PostgresConnection
    let person: Int64
    let catalog: TypeCatalog
    let logger: Logger

    /// A statement builder with the person as `$1` and the compiled predicate.
    func compile(_ predicate: SamplePredicate) async throws -> (SQLBuilder, CompiledCondition, String) {
        var builder = SQLBuilder()
        let personParameter = builder.arg(person)
        let keys = PostgresPredicateCompiler.types(in: predicate.node)
        var ids: [TypeKey: Int32] = [:]
        if !keys.isEmpty {
            _ = try await catalog.ids(keys, connection, logger)
            for key in keys { ids[key] = catalog.cachedID(key) }
        }
        var compiler = PostgresPredicateCompiler(typeIDs: ids, personParameter: personParameter)
        let condition = compiler.compile(predicate, &builder)
        return (builder, condition, personParameter)
    }

    func samples(_ request: SampleRequest) async throws -> [StoredSample] {
        let (builder, condition, person) = try await compile(request.predicate)
        let limit = request.limit.flatMap { $0 >= 0 ? $0 : nil }
        if !condition.needsResidual {
            let order = (request.sort.map(Self.orderSQL) + ["anchor"]).joined(separator: ", ")
            let sql =
                "SELECT anchor, doc FROM samples WHERE person_id = \(person) AND (\(condition.sql)) ORDER BY \(order)"
                + (limit.map { " LIMIT \($0)" } ?? "")
            let decoder = JSONDecoder()
            var result: [StoredSample] = []
            let rows = try await connection.run(builder.query(sql), logger: logger)
            for try await (anchor, doc) in rows.decode((Int64, String).self) {
                result.append(StoredSample(sample: try SampleRow.decode(doc, decoder: decoder), anchor: anchor))
            }
            return result
        }
        let matching = try await candidates(builder, condition, person, request.predicate)
        let byUUID = Dictionary(uniqueKeysWithValues: matching.map { ($0.sample.uuid, $0) })
        let sorted = request.sort.sort(matching.map(\.sample)).compactMap { byUUID[$0.uuid] }
        return limit.map { Array(sorted.prefix($0)) } ?? sorted
    }

    /// The candidates of a residual predicate, filtered in memory, in insertion order.
    func candidates(
        _ builder: SQLBuilder, _ condition: CompiledCondition, _ person: String, _ predicate: SamplePredicate
    ) async throws -> [StoredSample] {
        var relations = RowRelations()
        if !condition.workouts.isEmpty {
            let rows = try await connection.run(
                """
                SELECT sample_uuid, workout_uuid FROM workout_associations
                WHERE person_id = \(self.person) AND workout_uuid = ANY(\(Array(condition.workouts))::uuid[])
                """, logger: logger)
            for try await (sample, workout) in rows.decode((UUID, UUID).self) {
                relations.associations.insert(WorkoutAssociation(sample: sample, workout: workout))
            }
        }
        let sql = """
            SELECT anchor, doc, correlation_uuid IS NOT NULL, route_workout_uuid FROM samples
            WHERE person_id = \(person) AND (\(condition.sql)) ORDER BY anchor
            """
        let decoder = JSONDecoder()
        var rows: [StoredSample] = []
        let result = try await connection.run(builder.query(sql), logger: logger)
        for try await (anchor, doc, isMember, route) in result.decode((Int64, String, Bool, UUID?).self) {
            let sample = try SampleRow.decode(doc, decoder: decoder)
            if isMember { relations.members.insert(sample.uuid) }
            if let route { relations.routes[sample.uuid] = route }
            rows.append(StoredSample(sample: sample, anchor: anchor))
        }
        return rows.filter { predicate.evaluate($0.sample, context: relations) }
    }

    func count(_ predicate: SamplePredicate) async throws -> Int {
        let (builder, condition, person) = try await compile(predicate)
        if condition.needsResidual {
            return try await candidates(builder, condition, person, predicate).count
        }
        let rows = try await connection.run(
            builder.query("SELECT count(*) FROM samples WHERE person_id = \(person) AND (\(condition.sql))"),
            logger: logger)
        for try await count in rows.decode(Int64.self) { return Int(count) }
        return 0
    }

    func sourceCounts(_ predicate: SamplePredicate) async throws -> [SourceCount] {
        let (builder, condition, person) = try await compile(predicate)
        var counts: [String: Int] = [:]
        if condition.needsResidual {
            for row in try await candidates(builder, condition, person, predicate) {
                counts[row.sample.source?.bundleIdentifier ?? "", default: 0] += 1
            }
        } else {
            let rows = try await connection.run(
                builder.query(
                    "SELECT source, count(*) FROM samples WHERE person_id = \(person) AND (\(condition.sql)) "
                        + "AND source IS NOT NULL GROUP BY source"), logger: logger)
            for try await (source, count) in rows.decode((String, Int64).self) { counts[source] = Int(count) }
        }
        return try await sources().compactMap { record in
            counts[record.source.bundleIdentifier].map { SourceCount(record: record, count: $0) }
        }
    }

    func sources() async throws -> [SourceRecord] {
        let rows = try await connection.run(
            """
            SELECT bundle_id, name, registration_order, product_type FROM sources WHERE person_id = \(person)
            ORDER BY registration_order
            """, logger: logger)
        var records: [SourceRecord] = []
        for try await (bundle, name, order, productType) in rows.decode((String, String, Int64, String?).self) {
            records.append(
                SourceRecord(
                    source: Source(name: name, bundleIdentifier: bundle), registrationOrder: order,
                    productType: productType))
        }
        return records
    }

    func pieces(_ predicate: SamplePredicate, canonicalUnit: HealthUnit) async throws -> [QuantityPiece] {
        let (builder, condition, person) = try await compile(predicate)
        if condition.needsResidual {
            let rows = try await candidates(builder, condition, person, predicate)
            return QuantityPiece.pieces(of: rows.map(\.sample), canonicalUnit: canonicalUnit)
        }
        let sql = """
            SELECT uuid, source, start_date, end_date, value, type_id, CASE WHEN has_series OR value IS NULL THEN doc END
            FROM samples WHERE person_id = \(person) AND kind = 0 AND (\(condition.sql)) ORDER BY anchor
            """
        let unitString = canonicalUnit.unitString
        var leanTypes: [Int32: Bool] = [:]
        let decoder = JSONDecoder()
        var pieces: [QuantityPiece] = []
        var fetched: [(UUID, String?, Double, Double, Double?, Int32, String?)] = []
        let rows = try await connection.run(builder.query(sql), logger: logger)
        for try await row in rows.decode((UUID, String?, Double, Double, Double?, Int32, String?).self) {
            fetched.append(row)
        }
        pieces.reserveCapacity(fetched.count)
        for (uuid, source, start, end, value, typeID, doc) in fetched {
            let lean: Bool
            if let known = leanTypes[typeID] {
                lean = known
            } else {
                lean = try await catalog.key(typeID, connection, logger).canonicalUnitString == unitString
                leanTypes[typeID] = lean
            }
            if lean, doc == nil, let value {
                pieces.append(
                    QuantityPiece(
                        sourceBundleIdentifier: source ?? "", start: Date(timeIntervalSinceReferenceDate: start),
                        end: Date(timeIntervalSinceReferenceDate: end), value: value, uuid: uuid, seriesIndex: 0))
            } else {
                let sample: AnySample
                if let doc {
                    sample = try SampleRow.decode(doc, decoder: decoder)
                } else {
                    sample = try await wholeSample(uuid, decoder)
                }
                pieces += QuantityPiece.pieces(of: [sample], canonicalUnit: canonicalUnit)
            }
        }
        return pieces
    }

    private func wholeSample(_ uuid: UUID, _ decoder: JSONDecoder) async throws -> AnySample {
        let rows = try await connection.run(
            "SELECT doc FROM samples WHERE person_id = \(person) AND uuid = \(uuid)", logger: logger)
        for try await doc in rows.decode(String.self) { return try SampleRow.decode(doc, decoder: decoder) }
        throw StorageError(.decoding, "a sample vanished during a read")
    }

    static func orderSQL(_ order: SampleSortOrder) -> String {
        let column =
            switch order.key {
            case .startDate: "start_date"
            case .endDate: "end_date"
            case .uuid: "uuid"
            case .workoutDuration: "(CASE WHEN kind = 3 THEN duration ELSE 0 END)"
            }
        return column + (order.ascending ? " ASC" : " DESC")
    }
}
