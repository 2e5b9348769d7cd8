public import Foundation
public import HealthCore
import HealthStorage

extension HealthStore {
    /// Saves objects, all or nothing: HealthKit's `save(_:)`.
    ///
    /// Each object is stamped with the app's source revision, checked against the app's write grants, and
    /// validated by HealthCore's one path; then the whole batch is committed in one transaction. A sample whose
    /// sync identifier (with a higher sync version) matches one this app saved before replaces it: the old one
    /// is deleted in the same commit. A same-or-lower version is not stored and the save still succeeds.
    /// - Parameters:
    ///   - objects: The samples (correlations carry their members, workouts their events and statistics).
    ///   - associations: Samples to associate with workouts in the same commit (`add(_:to:)`).
    /// - Returns: The store's anchor after the commit.
    /// - Throws: ``HealthError`` `.authorizationDenied` (4, "Not authorized") or `.authorizationNotDetermined`
    ///   (5) without a write grant; `.invalidArgument` (3) naming each invalid sample (index, UUID, type, rule).
    @discardableResult
    public func save(_ objects: [AnySample], associations: [WorkoutAssociation] = []) async throws -> Int64 {
        let record = try await authorizationRecord()
        var stamped: [AnySample] = []
        stamped.reserveCapacity(objects.count)
        for object in objects {
            for type in Self.writeTypes(of: object) { try requireShare(type, record: record) }
            stamped.append(stamp(object))
        }
        do {
            try SampleValidator.validate(stamped, options: validationOptions)
        } catch {
            throw HealthError(.invalidArgument, error.description)
        }
        let (inserts, replaced) = try await resolveSyncVersions(stamped)
        let commit = StorageCommit(inserts: inserts, deletions: replaced, associations: associations)
        if commit.isEmpty { return try await currentAnchor() }
        do {
            return try await commitAndPublish(commit).anchor
        } catch let error as StorageError {
            throw error.code == .unknownObject || error.code == .duplicateUUID
                ? HealthError(.invalidArgument, error.description) : error.healthError
        }
    }

    /// Saves one object.
    @discardableResult
    public func save(_ object: some HealthSample) async throws -> Int64 {
        guard let any = AnySample(object) else {
            throw HealthError(.invalidArgument, "unsupported object type \(object.sampleType.identifier)")
        }
        return try await save([any])
    }

    /// Associates saved samples with a saved workout: HealthKit's `add(_:to:)`.
    public func add(_ samples: [UUID], to workout: UUID) async throws {
        let record = try await authorizationRecord()
        try requireShare(.workout, record: record)
        let associations = samples.map { WorkoutAssociation(sample: $0, workout: workout) }
        _ = try await save([], associations: associations)
    }

    /// Deletes objects this app saved: HealthKit's `delete(_:)`. Needs the write grant for each type.
    /// - Throws: `.authorizationDenied` for objects another source saved, or without a grant.
    public func delete(_ objects: [AnySample]) async throws {
        let record = try await authorizationRecord()
        for object in objects {
            try requireShare(Self.writeTypes(of: object).first ?? object.sampleType, record: record)
        }
        let stored = try await fetchStored(.uuids(Set(objects.map(\.uuid))))
        for row in stored where !app.isPrivileged && row.sample.source?.bundleIdentifier != app.bundleIdentifier {
            throw HealthError.notAuthorized(
                "\(app.bundleIdentifier) may delete only objects it saved (\(row.sample.uuid))")
        }
        _ = try await commitOrThrow(StorageCommit(deletions: stored.map(\.sample.uuid)))
    }

    /// Deletes this app's objects of a type that match a predicate: HealthKit's `deleteObjects(of:predicate:)`.
    /// - Returns: The number of objects deleted.
    @discardableResult
    public func deleteObjects(of type: SampleType, predicate: SamplePredicate) async throws -> Int {
        let record = try await authorizationRecord()
        try requireShare(type, record: record)
        let scope: SamplePredicate = app.isPrivileged ? .all : .source(bundleIdentifier: app.bundleIdentifier)
        let own = SamplePredicate.type(type) && scope && predicate
        let stored = try await fetchStored(own)
        guard !stored.isEmpty else { return 0 }
        return try await commitOrThrow(StorageCommit(deletions: stored.map(\.sample.uuid))).deleted.count
    }

    /// The store's anchor.
    func currentAnchor() async throws -> Int64 {
        do { return try await storage.currentAnchor() } catch { throw error.healthError }
    }

    func fetchStored(
        _ predicate: SamplePredicate, sort: [SampleSortOrder] = [], limit: Int? = nil
    ) async throws
        -> [StoredSample]
    {
        do {
            return try await storage.samples(matching: SampleRequest(predicate: predicate, sort: sort, limit: limit))
        } catch {
            throw error.healthError
        }
    }

    private func commitOrThrow(_ commit: StorageCommit) async throws -> CommitResult {
        do { return try await commitAndPublish(commit) } catch let error as StorageError { throw error.healthError }
    }

    /// The types whose write grant saving the object needs (a correlation needs its members' types).
    static func writeTypes(of object: AnySample) -> [SampleType] {
        if let correlation = object.correlation {
            return Array(Set(correlation.objects.map(\.sampleType))).sorted()
        }
        return [object.sampleType]
    }

    /// The object with this app's source revision, on it and on correlation members.
    private func stamp(_ object: AnySample) -> AnySample {
        var stamped = object
        if app.isPrivileged, object.sourceRevision != nil { return stamped }
        stamped.sourceRevision = app.sourceRevision
        if case .correlation(var correlation) = stamped {
            for index in correlation.quantitySamples.indices {
                correlation.quantitySamples[index].sourceRevision = app.sourceRevision
            }
            for index in correlation.categorySamples.indices {
                correlation.categorySamples[index].sourceRevision = app.sourceRevision
            }
            stamped = .correlation(correlation)
        }
        return stamped
    }

    /// Applies reference §3.5: the highest sync version per (type, sync identifier) of this app wins.
    private func resolveSyncVersions(_ batch: [AnySample]) async throws -> (inserts: [AnySample], replaced: [UUID]) {
        struct Key: Hashable {
            let type: SampleType
            let identifier: String
        }
        var winners: [Key: (index: Int, version: Int)] = [:]
        for (index, sample) in batch.enumerated() {
            guard let identifier = sample.metadata.syncIdentifier, let version = sample.metadata.syncVersion else {
                continue
            }
            let key = Key(type: sample.sampleType, identifier: identifier)
            if let current = winners[key], current.version >= version { continue }
            winners[key] = (index, version)
        }
        if winners.isEmpty { return (batch, []) }
        var keep = Set(batch.indices)
        for (index, sample) in batch.enumerated() where sample.metadata.syncIdentifier != nil {
            if let identifier = sample.metadata.syncIdentifier,
                winners[Key(type: sample.sampleType, identifier: identifier)]?.index != index
            {
                keep.remove(index)
            }
        }
        var replaced: [UUID] = []
        for (key, winner) in winners.sorted(by: { $0.value.index < $1.value.index }) {
            let existing = try await fetchStored(
                .type(key.type) && .source(bundleIdentifier: app.bundleIdentifier)
                    && .metadata(.syncIdentifier, .equalTo, .string(key.identifier)))
            for row in existing {
                if (row.sample.metadata.syncVersion ?? Int.min) >= winner.version {
                    keep.remove(winner.index)
                } else {
                    replaced.append(row.sample.uuid)
                }
            }
            if !keep.contains(winner.index) { replaced.removeAll { id in existing.contains { $0.sample.uuid == id } } }
        }
        return (batch.indices.filter(keep.contains).map { batch[$0] }, replaced)
    }
}
