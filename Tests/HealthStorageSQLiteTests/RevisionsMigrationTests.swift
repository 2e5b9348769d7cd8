import Foundation
import GRDB
import HealthCore
import HealthStorage
import HealthStorageSQLite
import HealthTesting
import Testing

/// Schema v3 (decision 0026): a store written before it, with each sample's source revision in four text
/// columns, opens with every sample, anchor and revision as it was, its revisions collected once each.
@Suite("SQLite store: the revisions migration")
struct RevisionsMigrationTests {
    static let watch = Source(name: "Ivan's Apple Watch", bundleIdentifier: "com.apple.health.watch")
    static let app = Source(name: "Steps App", bundleIdentifier: "com.example.steps")
    static let day0 = Fixtures.date(2024, 3, 1)

    /// A v2 row: its anchor, its source's id (1 the watch, 2 the app, nil none) and the four revision texts.
    struct OldRow {
        var anchor: Int64
        var source: Int64?
        var name: String? = nil
        var version: String? = nil
        var productType: String? = nil
        var os: String? = nil
        var uuid = UUID()
        var value: Double { Double(anchor * 10) }
    }

    static let rows: [OldRow] = [
        OldRow(anchor: 1, source: 1, version: "10.1", productType: "Watch6,1", os: "10.1.0"),
        OldRow(anchor: 2, source: 1, version: "10.1", productType: "Watch6,1", os: "10.1.0"),
        OldRow(anchor: 3, source: 1, name: "Renamed Watch", version: "10.1", productType: "Watch6,1", os: "10.1.0"),
        OldRow(anchor: 4, source: 2),
        OldRow(anchor: 5, source: nil),
        OldRow(anchor: 7, source: 1, version: "10.2", productType: "Watch6,1", os: "10.2.0"),
        OldRow(anchor: 8, source: 2),
    ]

    /// The revision the v2 row stood for.
    static func revision(_ row: OldRow) -> SourceRevision? {
        guard let id = row.source else { return nil }
        var source = id == 1 ? watch : app
        if let name = row.name { source.name = name }
        return SourceRevision(
            source: source, version: row.version, productType: row.productType,
            operatingSystemVersion: row.os.flatMap(OSVersion.init))
    }

    /// A v2 store holding ``rows`` as the v2 writer stored them (anchor 6 deleted: the anchors keep a gap).
    static func makeOldStore() throws -> String {
        let path = try TemporaryDirectory.file("v2.sqlite")
        try SQLiteStorage.createFile(path, schemaUpTo: "v2-type-spans")
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(
                sql: "INSERT INTO types (id, kind, identifier, canonical_unit) VALUES (1, 0, ?, 'count')",
                arguments: [QuantityTypeIdentifier.stepCount.rawValue])
            for (id, source) in [(1, watch), (2, app)] {
                try db.execute(
                    sql: "INSERT INTO sources (id, bundle_id, name, registration_order) VALUES (?, ?, ?, ?)",
                    arguments: [id, source.bundleIdentifier, source.name, id])
            }
            for row in rows {
                let start = day0.addingTimeInterval(Double(row.anchor) * 600).timeIntervalSinceReferenceDate
                try db.execute(
                    sql: """
                        INSERT INTO samples (anchor, uuid, kind, type_id, source_id, source_name, source_version,
                            product_type, os_version, start_date, end_date, value)
                        VALUES (?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        row.anchor, row.uuid, SampleKind.quantity.rawValue, row.source, row.name, row.version,
                        row.productType, row.os, start, start + 60, row.value,
                    ])
            }
            try db.execute(sql: "UPDATE meta SET anchor = 9")
            try db.execute(sql: "INSERT INTO type_spans (type_id, max_duration) VALUES (1, 60)")
        }
        try queue.close()
        return path
    }

    @Test func aVersionTwoStoreKeepsEverySampleAndRevision() async throws {
        let path = try Self.makeOldStore()
        let storage = try SQLiteStorage(path: path)
        let stored = try await storage.samples(matching: SampleRequest(predicate: .all))
        #expect(stored.map(\.anchor) == Self.rows.map(\.anchor))
        for (row, sample) in zip(Self.rows, stored.map(\.sample)) {
            #expect(sample.uuid == row.uuid)
            #expect(sample.sourceRevision == Self.revision(row), "anchor \(row.anchor)")
            guard case .quantity(let quantity) = sample else {
                Issue.record("anchor \(row.anchor) is not a quantity")
                continue
            }
            #expect(quantity.quantity == Quantity(unit: .count(), doubleValue: row.value))
        }
        // A revision predicate finds exactly its samples (the renamed watch is a revision of its own).
        let first = try #require(Self.revision(Self.rows[0]))
        let matching = try await storage.samples(matching: SampleRequest(predicate: .sourceRevisions([first])))
        #expect(matching.map(\.anchor) == [1, 2])
        let appRows = try await storage.samples(
            matching: SampleRequest(predicate: .sourceRevisions([try #require(Self.revision(Self.rows[3]))])))
        #expect(appRows.map(\.anchor) == [4, 8])

        // The next commit continues the anchors and reuses the migrated revision's row.
        let again = QuantitySample(
            uuid: UUID(), type: .stepCount, quantity: Quantity(unit: .count(), doubleValue: 3), start: Self.day0,
            end: Self.day0.addingTimeInterval(60), sourceRevision: first)
        let result = try await storage.commit(StorageCommit(inserts: [.quantity(again)]))
        #expect(result.anchor == 10)
        #expect(
            try await storage.samples(matching: SampleRequest(predicate: .sourceRevisions([first]))).map(\.anchor)
                == [1, 2, 10])
        #expect(try storage.integrityCheck() == ["ok"])
        try storage.close()

        // Four distinct revisions (the sample without a source has none), in the order they were first stored.
        let queue = try DatabaseQueue(path: path)
        let revisions = try queue.read { db in
            try Row.fetchAll(
                db, sql: "SELECT id, source_id, name, version, os_version FROM revisions ORDER BY id")
        }
        #expect(revisions.map { $0[1] as Int64 } == [1, 1, 2, 1])
        #expect(revisions.map { $0[2] as String? } == [nil, "Renamed Watch", nil, nil])
        #expect(revisions.map { $0[3] as String? } == ["10.1", "10.1", nil, "10.2"])
        let columns = try await queue.read { db in try db.columns(in: "samples").map(\.name) }
        #expect(columns.contains("revision_id"))
        #expect(!columns.contains("source_version") && !columns.contains("os_version"))
        try queue.close()
    }

    /// A migrated store has the schema a new store has: the same indexes, with the same definitions.
    @Test func aMigratedStoreHasANewStoresIndexes() async throws {
        let migrated = try SQLiteStorage(path: try Self.makeOldStore())
        let fresh = try SQLiteStorage(path: try TemporaryDirectory.file("fresh.sqlite"))
        let migratedIndexes = try migrated.indexes().definitions
        #expect(migratedIndexes == (try fresh.indexes().definitions))
        #expect(migratedIndexes["samples_by_type_start"] != nil && migratedIndexes["revisions_by_value"] != nil)
        try migrated.close()
        try fresh.close()
    }

    /// Revisions written through the store read back equal, and equal revisions share one row.
    @Test func equalRevisionsShareOneRow() async throws {
        let path = try TemporaryDirectory.file("shared.sqlite")
        let storage = try SQLiteStorage(path: path)
        let build = SampleBuilder()
        let revision = SourceRevision(
            source: Self.watch, version: "11.0", productType: "Watch7,1",
            operatingSystemVersion: OSVersion(major: 11))
        var renamed = Self.watch
        renamed.name = "Another Name"
        let other = SourceRevision(source: renamed, version: "11.0", productType: "Watch7,1")
        var samples: [AnySample] = []
        for minute in 0..<6 {
            let start = Self.day0.addingTimeInterval(Double(minute) * 60)
            var sample = build.steps(Double(minute), start: start, end: start.addingTimeInterval(30))
            sample.sourceRevision = minute.isMultiple(of: 3) ? other : revision
            samples.append(.quantity(sample))
        }
        _ = try await storage.commit(StorageCommit(inserts: Array(samples.prefix(3))))
        _ = try await storage.commit(StorageCommit(inserts: Array(samples.dropFirst(3))))
        let stored = try await storage.samples(matching: SampleRequest(predicate: .all)).map(\.sample)
        #expect(stored.map(\.sourceRevision) == samples.map(\.sourceRevision))
        try storage.close()
        let queue = try DatabaseQueue(path: path)
        #expect(try await queue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM revisions") } == 2)
        try queue.close()
    }
}
