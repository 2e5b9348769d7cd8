import Foundation
import HealthCore

extension InMemoryStorage {
    /// The whole store as one value, so a commit can be applied to a copy and swapped in atomically.
    struct State: Sendable, SamplePredicateContext {
        var anchor: Int64 = 0
        /// Bumped by every mutation (``InMemoryStorage/dataVersion()``).
        var version: Int64 = 0
        var rows: [UUID: StoredSample] = [:]
        var tombstones: [DeletedObject] = []
        var memberOf: [UUID: UUID] = [:]
        var associations: Set<WorkoutAssociation> = []
        var sources: [String: SourceRecord] = [:]
        var sourceOrders: [SampleType: [String]] = [:]
        var settings: [String: Data] = [:]
        var summaries: [CalendarDay: ActivitySummary] = [:]
        var characteristics = Characteristics()

        func isCorrelationMember(_ sample: UUID) -> Bool { memberOf[sample] != nil }

        func isSample(_ sample: UUID, associatedWithWorkout workout: UUID) -> Bool {
            if associations.contains(WorkoutAssociation(sample: sample, workout: workout)) { return true }
            return rows[sample]?.sample.workoutRoute?.workoutUUID == workout
        }

        mutating func apply(_ commit: StorageCommit) throws(StorageError) -> CommitResult {
            var touched: Set<SampleType> = []
            var seen: Set<UUID> = []
            for sample in commit.inserts {
                for uuid in [sample.uuid] + (sample.correlation?.objects.map(\.uuid) ?? []) {
                    if rows[uuid] != nil || !seen.insert(uuid).inserted {
                        throw StorageError(.duplicateUUID, "an object with UUID \(uuid.uuidString) is already stored")
                    }
                }
            }
            for sample in commit.inserts {
                if let correlation = sample.correlation {
                    for member in correlation.objects {
                        var member = member
                        if member.sourceRevision == nil { member.sourceRevision = sample.sourceRevision }
                        insert(member)
                        memberOf[member.uuid] = correlation.uuid
                        touched.insert(member.sampleType)
                    }
                }
                insert(sample)
                touched.insert(sample.sampleType)
            }
            var deleted: [DeletedObject] = []
            for uuid in commit.deletions {
                var targets = [uuid]
                if let correlation = rows[uuid]?.sample.correlation { targets += correlation.objects.map(\.uuid) }
                for target in targets {
                    guard let row = rows.removeValue(forKey: target) else { continue }
                    anchor += 1
                    let metadata = Metadata(
                        row.sample.metadata.filter { $0.key == .syncIdentifier || $0.key == .syncVersion }
                            .reduce(into: [:]) { $0[$1.key] = $1.value })
                    let tombstone = DeletedObject(
                        uuid: target, sampleType: row.sample.sampleType,
                        sourceBundleIdentifier: row.sample.source?.bundleIdentifier, metadata: metadata, anchor: anchor)
                    tombstones.append(tombstone)
                    deleted.append(tombstone)
                    memberOf[target] = nil
                    associations = associations.filter { $0.sample != target && $0.workout != target }
                    touched.insert(row.sample.sampleType)
                }
            }
            for association in commit.associations {
                guard rows[association.sample] != nil, rows[association.workout]?.sample.workout != nil else {
                    throw StorageError(.unknownObject, "association names an object that is not stored")
                }
                associations.insert(association)
            }
            for (key, value) in commit.settings { settings[key] = value }
            return CommitResult(anchor: anchor, deleted: deleted, touchedTypes: touched)
        }

        /// Inserts a top-level sample and, for a correlation, its members (a bulk write's insert).
        /// - Returns: The types touched.
        /// - Throws: `.duplicateUUID` when the sample or a member is already stored; nothing is written then.
        mutating func insertTopLevel(_ sample: AnySample) throws(StorageError) -> Set<SampleType> {
            let members = sample.correlation?.objects ?? []
            for uuid in [sample.uuid] + members.map(\.uuid) where rows[uuid] != nil {
                throw StorageError(.duplicateUUID, "an object with UUID \(uuid.uuidString) is already stored")
            }
            var touched: Set<SampleType> = [sample.sampleType]
            for member in members {
                var member = member
                if member.sourceRevision == nil { member.sourceRevision = sample.sourceRevision }
                insert(member)
                memberOf[member.uuid] = sample.uuid
                touched.insert(member.sampleType)
            }
            insert(sample)
            return touched
        }

        private mutating func insert(_ sample: AnySample) {
            anchor += 1
            rows[sample.uuid] = StoredSample(sample: sample, anchor: anchor)
            if let revision = sample.sourceRevision, sources[revision.source.bundleIdentifier] == nil {
                sources[revision.source.bundleIdentifier] = SourceRecord(
                    source: revision.source, registrationOrder: Int64(sources.count + 1),
                    productType: revision.productType)
            }
        }

        func fetch(_ request: SampleRequest) -> [StoredSample] {
            let matching = rows.values.filter { request.predicate.evaluate($0.sample, context: self) }
                .sorted { $0.anchor < $1.anchor }
            let byAnchor = Dictionary(uniqueKeysWithValues: matching.map { ($0.sample.uuid, $0) })
            let sorted = request.sort.sort(matching.map(\.sample)).compactMap { byAnchor[$0.uuid] }
            guard let limit = request.limit, limit >= 0 else { return sorted }
            return Array(sorted.prefix(limit))
        }

        func changes(after since: Int64, _ request: ChangeRequest) -> ChangeBatch {
            var changes: [StoredChange] = rows.values
                .filter { $0.anchor > since && (request.types?.contains($0.sample.sampleType) ?? true) }
                .filter { request.predicate.evaluate($0.sample, context: self) }
                .map(StoredChange.added)
            if request.includeDeletions {
                changes += tombstones.filter { $0.anchor > since && (request.types?.contains($0.sampleType) ?? true) }
                    .filter { request.tombstoneScope?.contains($0) ?? true }
                    .map(StoredChange.deleted)
            }
            changes.sort { $0.anchor < $1.anchor }
            if let limit = request.limit, limit >= 0, changes.count > limit {
                let page = Array(changes.prefix(limit))
                return ChangeBatch(changes: page, newAnchor: page.last?.anchor ?? since, hasMore: true)
            }
            return ChangeBatch(changes: changes, newAnchor: max(since, anchor), hasMore: false)
        }
    }
}
