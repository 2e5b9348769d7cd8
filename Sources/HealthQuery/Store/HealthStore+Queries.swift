public import Foundation
public import HealthCore
import HealthStorage

extension HealthStore {
    /// Samples of one type: HealthKit's `HKSampleQuery`.
    /// - Parameters:
    ///   - type: The sample type.
    ///   - predicate: Which samples (reference §5.2 semantics).
    ///   - sort: Sort orders; insertion order without them and for ties.
    ///   - limit: At most this many after sorting; nil or 0 (`HKObjectQueryNoLimit`) for all.
    /// - Returns: The raw samples (no merging across sources), limited to what the app may read.
    public func samples(
        of type: SampleType,
        predicate: SamplePredicate = .all,
        sort: [SampleSortOrder] = [],
        limit: Int? = nil
    ) async throws -> [AnySample] {
        try await samples(of: [type], predicate: predicate, sort: sort, limit: limit)
    }

    /// Samples of several types (the union of several query descriptors).
    public func samples(
        of types: Set<SampleType>,
        predicate: SamplePredicate = .all,
        sort: [SampleSortOrder] = [],
        limit: Int? = nil
    ) async throws -> [AnySample] {
        let scoped = try await readablePredicate(predicate, types: types)
        let effectiveLimit = limit.flatMap { $0 > 0 ? $0 : nil }
        return try await fetchStored(scoped, sort: sort, limit: effectiveLimit).map(\.sample)
    }

    /// The sample with a UUID, if the app may see it (a readable type, or its own sample of an unreadable one):
    /// HealthKit's `HKQuery.predicateForObject(with:)` without knowing the type.
    public func sample(withUUID uuid: UUID) async throws -> AnySample? {
        guard let stored = try await fetchStored(.uuids([uuid]), limit: 1).first?.sample else { return nil }
        let record = try await authorizationRecord()
        guard record.canRead(stored.sampleType) || stored.source?.bundleIdentifier == app.bundleIdentifier else {
            return nil
        }
        return stored
    }

    /// The sources that saved samples of a type matching a predicate: HealthKit's `HKSourceQuery`.
    public func sources(of type: SampleType, predicate: SamplePredicate = .all) async throws -> Set<Source> {
        Set(try await samples(of: type, predicate: predicate).compactMap(\.source))
    }

    /// Correlations of a type whose members match per-type predicates: HealthKit's `HKCorrelationQuery`.
    /// - Parameters:
    ///   - type: The correlation type.
    ///   - predicate: Applied to the correlations.
    ///   - memberPredicates: For each member type listed, at least one member of that type must match.
    public func correlations(
        of type: CorrelationTypeIdentifier,
        predicate: SamplePredicate = .all,
        memberPredicates: [SampleType: SamplePredicate] = [:]
    ) async throws -> [Correlation] {
        let found = try await samples(of: .correlation(type), predicate: predicate).compactMap(\.correlation)
        return found.filter { correlation in
            memberPredicates.allSatisfy { memberType, memberPredicate in
                correlation.objects(for: memberType).contains { memberPredicate.evaluate($0) }
            }
        }
    }

    /// Activity summaries for a range of days: HealthKit's `HKActivitySummaryQuery`. Needs read access to the
    /// activity summary type; without it the result is empty (read status is never revealed).
    public func activitySummaries(
        from: CalendarDay? = nil, through: CalendarDay? = nil
    ) async throws
        -> [ActivitySummary]
    {
        let record = try await authorizationRecord()
        guard record.canRead(.activitySummary) else { return [] }
        do { return try await storage.activitySummaries(from: from, through: through) } catch {
            throw error.healthError
        }
    }

    /// Saves activity summaries (the importer and the simulator; apps cannot write them in HealthKit).
    public func saveActivitySummaries(_ summaries: [ActivitySummary]) async throws {
        do { try await storage.saveActivitySummaries(summaries) } catch { throw error.healthError }
    }

    /// The person's characteristics, each nil unless the app may read it: HealthKit's `biologicalSex()`, ….
    public func characteristics() async throws -> Characteristics {
        let record = try await authorizationRecord()
        let stored: Characteristics
        do { stored = try await storage.characteristics() } catch { throw error.healthError }
        func readable(_ id: CharacteristicTypeIdentifier) -> Bool {
            record.canRead(SampleType(identifier: id.rawValue))
        }
        return Characteristics(
            biologicalSex: readable(.biologicalSex) ? stored.biologicalSex : nil,
            bloodType: readable(.bloodType) ? stored.bloodType : nil,
            dateOfBirth: readable(.dateOfBirth) ? stored.dateOfBirth : nil,
            fitzpatrickSkinType: readable(.fitzpatrickSkinType) ? stored.fitzpatrickSkinType : nil,
            wheelchairUse: readable(.wheelchairUse) ? stored.wheelchairUse : nil,
            activityMoveMode: readable(.activityMoveMode) ? stored.activityMoveMode : nil)
    }

    /// Replaces the person's characteristics (set in the Health app, never by apps; the importer uses this).
    public func setCharacteristics(_ characteristics: Characteristics) async throws {
        do { try await storage.setCharacteristics(characteristics) } catch { throw error.healthError }
    }
}

extension SampleType {
    /// The activity-summary type (`HKActivitySummaryTypeIdentifier`), readable but not a sample type.
    public static let activitySummary = SampleType(identifier: "HKActivitySummaryTypeIdentifier")
}
