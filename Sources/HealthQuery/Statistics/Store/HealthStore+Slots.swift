import Foundation
import HealthCore
import HealthStorage

extension HealthStore {
    /// Changes read per page when bringing slots up to date.
    static var slotChangePage: Int { 4_096 }
    /// More changes than this since the slots were made, and they are rebuilt instead of patched.
    static var slotRebuildThreshold: Int { 200_000 }
    /// Slots computed per storage read while building (30 days).
    static var slotsPerRead: Int { 2_880 }

    /// When slots brought up to date are saved in the store for the next process.
    enum SlotPersistence {
        /// After a build, or a patch of at least ``HealthStore/slotPersistThreshold`` changes (queries).
        case whenLarge
        /// Whenever they changed (``HealthStore/prepareStatistics(for:)``).
        case always
        /// Never: a one-off computation (a query's own source order) is kept in memory only.
        case never
    }

    /// The merged slots of a cumulative-sum computation over every sample of its type, up to date with the
    /// store: from the cache, patched from the change log since, or built anew.
    ///
    /// Nil when the type's samples span more than ``MergedSlots/maxSpan`` (a sample dated in year 0 or 9999): the
    /// slots would take gigabytes, so such a type is always computed by sweeping the samples a query selects.
    func mergedSlots(
        for computation: StatisticsComputation, persistence: SlotPersistence = .whenLarge
    ) async throws -> MergedSlots? {
        do {
            return try await slotsUpToDate(computation, persistence)
        } catch is MergedSlots.SpanTooLong {
            return nil
        }
    }

    private func slotsUpToDate(
        _ computation: StatisticsComputation, _ persistence: SlotPersistence
    ) async throws -> MergedSlots {
        let anchor = try await currentAnchor()
        if let held = try await heldSlots(computation), held.anchor <= anchor {
            if held.anchor == anchor {
                guard persistence == .always, !held.isSaved else { return held }
                return await keep(held, computation, save: true)
            }
            if let (patched, changes) = try await patch(held, computation, to: anchor) {
                let save =
                    persistence != .never && (changes >= Self.slotPersistThreshold || persistence == .always)
                return await keep(patched, computation, save: save)
            }
        }
        let built = try await buildSlots(computation, anchor: anchor)
        return await keep(built, computation, save: persistence != .never)
    }

    /// Puts slots in the shared cache, first saving them in the store when `save` is set.
    private func keep(_ slots: MergedSlots, _ computation: StatisticsComputation, save: Bool) async -> MergedSlots {
        var slots = slots
        slots.isSaved = save ? await persist(slots, computation) : false
        statisticsCache.store(slots, for: computation)
        return slots
    }

    /// Patched with at least this many changes, slots are saved again for the next process.
    static var slotPersistThreshold: Int { 10_000 }

    /// The slots in memory, else the ones an earlier process saved in the store.
    private func heldSlots(_ computation: StatisticsComputation) async throws -> MergedSlots? {
        if let held = statisticsCache.slots(for: computation) { return held }
        let saved: Data?
        do { saved = try await storage.setting(MergedSlots.settingKey(for: computation)) } catch {
            throw error.healthError
        }
        return saved.flatMap(MergedSlots.init(encoded:))
    }

    /// Saves slots in the store's settings; whether that worked. A failure only costs the next process a
    /// rebuild, so it is not an error of the query that happened to compute them.
    private func persist(_ slots: MergedSlots, _ computation: StatisticsComputation) async -> Bool {
        do {
            try await storage.setSetting(MergedSlots.settingKey(for: computation), slots.encoded())
            return true
        } catch {
            return false
        }
    }

    /// Applies the additions since `slots.anchor`; nil when something was deleted (whose span the change log
    /// does not keep) or too much changed, and the slots must be rebuilt.
    private func patch(
        _ slots: MergedSlots, _ computation: StatisticsComputation, to anchor: Int64
    ) async throws -> (MergedSlots, Int)? {
        var low = Double.infinity
        var high = -Double.infinity
        guard
            let (seen, _) = try await additions(
                of: .quantity(computation.typeIdentifier), after: slots.anchor, limit: Self.slotRebuildThreshold,
                { stored in
                    low = min(low, stored.sample.startDate.timeIntervalSinceReferenceDate)
                    high = max(high, stored.sample.endDate.timeIntervalSinceReferenceDate)
                })
        else { return nil }
        var patched = slots
        patched.anchor = anchor
        if low <= high {
            let range = MergedSlots.slot(containing: low)..<(MergedSlots.slot(containing: high) + 1)
            let lowest = min(range.lowerBound, slots.sums.isEmpty ? range.lowerBound : slots.first)
            let highest = max(range.upperBound, slots.sums.isEmpty ? range.upperBound : slots.end)
            guard highest - lowest <= MergedSlots.maxSpan else { throw MergedSlots.SpanTooLong() }
            try await recompute(&patched, range, computation)
        }
        return (patched, seen)
    }

    /// Slots for every sample of the type, read a month of slots at a time.
    private func buildSlots(_ computation: StatisticsComputation, anchor: Int64) async throws -> MergedSlots {
        var slots = MergedSlots(anchor: anchor)
        let all = SamplePredicate.type(.quantity(computation.typeIdentifier))
        guard let first = try await fetchStored(all, sort: [.startDate], limit: 1).first,
            let last = try await fetchStored(all, sort: [SampleSortOrder(.endDate, ascending: false)], limit: 1).first
        else { return slots }
        let lower = MergedSlots.slot(containing: first.sample.startDate.timeIntervalSinceReferenceDate)
        let upper = MergedSlots.slot(containing: last.sample.endDate.timeIntervalSinceReferenceDate) + 1
        guard upper - lower <= MergedSlots.maxSpan else { throw MergedSlots.SpanTooLong() }
        slots.cover(lower..<upper)
        // Two months at a time, each read and swept on its own task: the store's readers and the sweep run on
        // both cores, and at most two months of samples are in memory.
        let storage = self.storage
        try await withThrowingTaskGroup(of: (Int, [Double], [Bool]).self) { group in
            var next = lower
            var running = 0
            while next < upper || running > 0 {
                while running < Self.slotReadsInFlight, next < upper {
                    let range = next..<min(next + Self.slotsPerRead, upper)
                    group.addTask {
                        let (sums, present) = try await Self.slotValues(range, computation, storage)
                        return (range.lowerBound, sums, present)
                    }
                    next = range.upperBound
                    running += 1
                }
                guard let (start, sums, present) = try await group.next() else { break }
                slots.replace(from: start, sums: sums, present: present)
                running -= 1
            }
        }
        return slots
    }

    /// Slot reads in flight while building.
    static var slotReadsInFlight: Int { 2 }

    /// Recomputes slots `range` from every sample of the type that overlaps them.
    private func recompute(
        _ slots: inout MergedSlots, _ range: Range<Int>, _ computation: StatisticsComputation
    ) async throws {
        guard !range.isEmpty else { return }
        let (sums, present) = try await Self.slotValues(range, computation, storage)
        slots.cover(range)
        slots.replace(from: range.lowerBound, sums: sums, present: present)
    }

    /// The merged sum and presence of slots `range`, from every sample of the type that overlaps them.
    private static func slotValues(
        _ range: Range<Int>, _ computation: StatisticsComputation, _ storage: any SampleStorage
    ) async throws -> ([Double], [Bool]) {
        let predicate =
            SamplePredicate.type(.quantity(computation.typeIdentifier))
            && .date(
                start: MergedSlots.start(ofSlot: range.lowerBound), end: MergedSlots.start(ofSlot: range.upperBound))
        let pieces: [QuantityPiece]
        do { pieces = try await storage.quantityPieces(matching: predicate, canonicalUnit: computation.unit) } catch {
            throw error.healthError
        }
        guard !pieces.isEmpty else {
            return (Array(repeating: 0, count: range.count), Array(repeating: false, count: range.count))
        }
        let inputs = pieces.map(StatisticsInput.init(piece:))
        let boundaries = (range.lowerBound...range.upperBound).map(MergedSlots.start(ofSlot:))
        let results: [StatisticsResult?]
        do { results = try computation.statistics(of: inputs, boundaries: boundaries) } catch {
            throw HealthError(.invalidArgument, error.description)
        }
        return (results.map { $0?.merged.sum ?? 0 }, results.map { $0 != nil })
    }
}
