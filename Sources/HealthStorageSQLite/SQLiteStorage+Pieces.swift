import Foundation
import GRDB
import GRDBSQLite
public import HealthCore
public import HealthStorage

extension SQLiteStorage {
    /// The statistics engine's read: who, when and how much of each matching quantity sample, from the
    /// `value` column (already in the type's canonical unit) instead of decoding whole samples.
    ///
    /// Falls back to the protocol's default (whole samples) when the predicate needs an in-memory check, or when
    /// a selected type's stored canonical unit is not `canonicalUnit`. Series samples contribute one piece per
    /// element, decoded from their payload.
    public func quantityPieces(
        matching predicate: SamplePredicate,
        canonicalUnit: HealthUnit
    ) async throws(StorageError) -> [QuantityPiece] {
        let compiled = PredicateCompiler.compile(predicate)
        guard !compiled.needsResidual else { return try await defaultQuantityPieces(predicate, canonicalUnit) }
        let lookups = self.lookups
        let lean: [QuantityPiece]? = try await read("read quantities") { db in
            try Self.leanPieces(db, lookups: lookups, compiled: compiled, canonicalUnit: canonicalUnit)
        }
        if let lean { return lean }
        return try await defaultQuantityPieces(predicate, canonicalUnit)
    }

    private func defaultQuantityPieces(
        _ predicate: SamplePredicate, _ unit: HealthUnit
    ) async throws(StorageError) -> [QuantityPiece] {
        let rows = try await samples(matching: SampleRequest(predicate: predicate))
        return QuantityPiece.pieces(of: rows.map(\.sample), canonicalUnit: unit)
    }

    /// The lean read, or nil when some row's type stores values in another canonical unit.
    private static func leanPieces(
        _ db: Database, lookups: Lookups, compiled: CompiledPredicate, canonicalUnit: HealthUnit
    ) throws -> [QuantityPiece]? {
        let statement = try db.makeStatement(
            sql: """
                SELECT type_id, source_id, start_date, end_date, value, uuid, payload FROM samples
                WHERE kind = \(SampleKind.quantity.rawValue) AND (\(compiled.sql)) ORDER BY anchor
                """)
        statement.arguments = compiled.arguments
        let handle = statement.sqliteStatement
        var checkedTypes: Set<Int64> = []
        var bundles: [Int64: String] = [:]
        var pieces: [QuantityPiece] = []
        let cursor = try Row.fetchCursor(statement)
        while try cursor.next() != nil {
            let typeID = sqlite3_column_int64(handle, 0)
            if !checkedTypes.contains(typeID) {
                guard try lookups.type(typeID, db).canonical == canonicalUnit else { return nil }
                checkedTypes.insert(typeID)
            }
            var bundle = ""
            if sqlite3_column_type(handle, 1) != SQLITE_NULL {
                let sourceID = sqlite3_column_int64(handle, 1)
                if let known = bundles[sourceID] {
                    bundle = known
                } else {
                    // A copy of this read's own: the lookups' string is shared with every other read, and the
                    // statistics engine sweeps two reads' pieces on two threads at once; retaining one object
                    // from both makes each update wait for the other core's (see ExportRecordMapper's batches).
                    let shared = try lookups.source(sourceID, db).bundleIdentifier
                    bundle = String(decoding: Array(shared.utf8), as: UTF8.self)
                    bundles[sourceID] = bundle
                }
            }
            let uuid = uuidColumn(handle, 5)
            if sqlite3_column_type(handle, 6) != SQLITE_NULL {
                // A series: one piece per element, each converted like the default path does. (A summary without
                // a series is one piece: its average, in the value column.)
                let bytes = sqlite3_column_blob(handle, 6)
                let count = Int(sqlite3_column_bytes(handle, 6))
                let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
                let series = try SampleCodec.quantityParts(data).series
                for (index, entry) in series.enumerated() {
                    guard let value = try? entry.quantity.doubleValue(for: canonicalUnit) else { continue }
                    pieces.append(
                        QuantityPiece(
                            sourceBundleIdentifier: bundle, start: entry.startDate, end: entry.endDate, value: value,
                            uuid: uuid, seriesIndex: index))
                }
                if !series.isEmpty { continue }
            }
            guard sqlite3_column_type(handle, 4) != SQLITE_NULL else { continue }
            pieces.append(
                QuantityPiece(
                    sourceBundleIdentifier: bundle,
                    start: Date(timeIntervalSinceReferenceDate: sqlite3_column_double(handle, 2)),
                    end: Date(timeIntervalSinceReferenceDate: sqlite3_column_double(handle, 3)),
                    value: sqlite3_column_double(handle, 4), uuid: uuid, seriesIndex: 0))
        }
        return pieces
    }

    private static func uuidColumn(_ handle: OpaquePointer, _ index: Int32) -> UUID {
        guard sqlite3_column_bytes(handle, index) == 16, let bytes = sqlite3_column_blob(handle, index) else {
            return UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
        }
        var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &uuid) { $0.copyMemory(from: UnsafeRawBufferPointer(start: bytes, count: 16)) }
        return UUID(uuid: uuid)
    }
}
