import Foundation
import HealthCore
public import HealthStorage
import Logging
import PostgresNIO

extension PostgresStorage {
    /// Applies a commit in one transaction: inserts (members before their correlation), deletions with
    /// tombstones (a correlation's members too), then workout associations. Nothing is applied on failure.
    public func commit(_ commit: StorageCommit) async throws(StorageError) -> CommitResult {
        let encoder = SampleRow.makeEncoder()
        var rows: [SampleRow] = []
        do {
            for sample in commit.inserts { rows += try RowWriter.rows(of: sample, encoder: encoder) }
        } catch {
            throw StorageError(.decoding, "commit: a sample could not be encoded")
        }
        var seen: Set<UUID> = []
        for row in rows where !seen.insert(row.sample.uuid).inserted {
            throw StorageError(.duplicateUUID, "an object with UUID \(row.sample.uuid.uuidString) is already stored")
        }
        let logger = database.queryLogger
        let inserted = rows
        return try await write("commit", types: Set(rows.map(\.type))) { connection, context in
            // A UUID already stored fails the insert on the (person_id, uuid) key: `.duplicateUUID`, nothing applied.
            try await RowWriter(connection: connection, context: context, logger: logger).insert(inserted)
            var touched = Set(inserted.map(\.sample.sampleType))
            var deleted: [DeletedObject] = []
            for uuid in commit.deletions {
                deleted += try await Self.delete(uuid, connection, context, logger)
            }
            touched.formUnion(deleted.map(\.sampleType))
            for association in commit.associations {
                try await Self.associate(association, connection, context, logger)
            }
            for (key, value) in commit.settings.sorted(by: { $0.key < $1.key }) {
                try await Self.writeSetting(key, value, connection, context, logger)
            }
            return CommitResult(anchor: context.anchor, deleted: deleted, touchedTypes: touched)
        }
    }

    /// Deletes an object (and a correlation's members), leaving tombstones; an unknown UUID deletes nothing.
    private static func delete(
        _ uuid: UUID, _ connection: PostgresConnection, _ context: WriteContext, _ logger: Logger
    ) async throws -> [DeletedObject] {
        guard let (sample, typeID) = try await storedSample(uuid, connection, context, logger) else { return [] }
        var targets: [(AnySample, Int32)] = [(sample, typeID)]
        for member in sample.correlation?.objects ?? [] {
            if let found = try await storedSample(member.uuid, connection, context, logger) { targets.append(found) }
        }
        let encoder = StoredJSON.encoder()
        var deleted: [DeletedObject] = []
        for (target, typeID) in targets {
            let metadata = Metadata(
                target.metadata.filter { $0.key == .syncIdentifier || $0.key == .syncVersion }
                    .reduce(into: [:]) { $0[$1.key] = $1.value })
            let tombstone = DeletedObject(
                uuid: target.uuid, sampleType: target.sampleType,
                sourceBundleIdentifier: target.source?.bundleIdentifier, metadata: metadata,
                anchor: context.nextAnchor())
            let doc = String(decoding: try encoder.encode(tombstone), as: UTF8.self)
            let person = context.person
            try await connection.run(
                "DELETE FROM samples WHERE person_id = \(person) AND uuid = \(target.uuid)", logger: logger)
            try await connection.run(
                """
                INSERT INTO tombstones (person_id, anchor, uuid, type_id, doc)
                VALUES (\(person), \(tombstone.anchor), \(target.uuid), \(typeID), \(doc))
                """, logger: logger)
            try await connection.run(
                """
                DELETE FROM workout_associations WHERE person_id = \(person)
                AND (sample_uuid = \(target.uuid) OR workout_uuid = \(target.uuid))
                """, logger: logger)
            deleted.append(tombstone)
        }
        return deleted
    }

    /// A stored sample and its type id, or nil.
    private static func storedSample(
        _ uuid: UUID, _ connection: PostgresConnection, _ context: WriteContext, _ logger: Logger
    ) async throws -> (AnySample, Int32)? {
        let rows = try await connection.run(
            "SELECT doc, type_id FROM samples WHERE person_id = \(context.person) AND uuid = \(uuid)", logger: logger)
        for try await (doc, typeID) in rows.decode((String, Int32).self) {
            return (try SampleRow.decode(doc, decoder: JSONDecoder()), typeID)
        }
        return nil
    }

    /// Records an association of a stored sample with a stored workout.
    private static func associate(
        _ association: WorkoutAssociation, _ connection: PostgresConnection, _ context: WriteContext,
        _ logger: Logger
    ) async throws {
        let rows = try await connection.run(
            """
            SELECT (SELECT count(*) FROM samples WHERE person_id = \(context.person) AND uuid = \(association.sample)),
                   (SELECT count(*) FROM samples WHERE person_id = \(context.person) AND uuid = \(association.workout)
                    AND kind = 3)
            """, logger: logger)
        var valid = false
        for try await (samples, workouts) in rows.decode((Int64, Int64).self) { valid = samples > 0 && workouts > 0 }
        guard valid else { throw StorageError(.unknownObject, "association names an object that is not stored") }
        try await connection.run(
            """
            INSERT INTO workout_associations (person_id, sample_uuid, workout_uuid)
            VALUES (\(context.person), \(association.sample), \(association.workout)) ON CONFLICT DO NOTHING
            """, logger: logger)
    }
}
