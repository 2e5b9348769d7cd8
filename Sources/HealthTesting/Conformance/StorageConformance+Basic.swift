import Foundation
import HealthCore
import HealthStorage

extension StorageConformance {
    static let basicChecks: [Check] = [
        Check(name: "seriesAndSummariesSurviveReopen") { subject in
            let m = Material()
            var storage = try await subject.makeStorage()
            let uuids = UUIDSequence(start: 7_000)
            let bpm = (try? HealthUnit(from: "count/min")) ?? .count()
            // A day of heart rate as iOS 8–9 exported it, and a series of steps minute by minute.
            var day = QuantitySample(
                uuid: uuids.next(), type: .heartRate, quantity: Quantity(unit: bpm, doubleValue: 71.5), start: m.at(0),
                end: m.at(1_440), sourceRevision: SourceRevision(source: Fixtures.phone))
            day.summary = QuantitySummary(minimum: 52, maximum: 140, count: 212)
            var minutes: [SeriesQuantity] = []
            for minute in 0..<3 {
                let count = Quantity(unit: .count(), doubleValue: Double(10 * (minute + 1)))
                let start = m.at(Double(minute))
                minutes.append(SeriesQuantity(quantity: count, start: start, end: start.addingTimeInterval(60)))
            }
            guard
                let series = QuantitySample(
                    uuid: uuids.next(), type: .stepCount, series: minutes,
                    sourceRevision: SourceRevision(source: Fixtures.watch))
            else { throw ConformanceFailure(check: "seriesAndSummariesSurviveReopen", message: "no series") }
            _ = try await storage.commit(StorageCommit(inserts: [.quantity(day), .quantity(series)]))
            storage = try await subject.reopen(storage)
            let fetched = try await storage.samples(matching: SampleRequest()).map(\.sample)
            try require(
                fetched == [.quantity(day), .quantity(series)], "seriesAndSummariesSurviveReopen",
                "fetched \(fetched.compactMap(\.quantitySample).map { ($0.summary, $0.series.count) })")
            let hearts = try await storage.quantityPieces(
                matching: .type(.quantity(.heartRate)), canonicalUnit: (try? HealthUnit(from: "count/s")) ?? .count())
            try require(
                hearts.count == 1 && abs(hearts[0].value * 60 - 71.5) < 1e-9, "seriesAndSummariesSurviveReopen",
                "a summarised day is one piece, its average")
            let steps = try await storage.quantityPieces(
                matching: .type(.quantity(.stepCount)), canonicalUnit: .count())
            try require(
                steps.map(\.value) == [10, 20, 30] && steps.map(\.seriesIndex) == [0, 1, 2],
                "seriesAndSummariesSurviveReopen", "a series is one piece per quantity")
        },
        Check(name: "insertAndFetchRoundTrip") { subject in
            let m = Material()
            let storage = try await subject.makeStorage()
            let samples = [m.steps(100, 0, 10), m.steps(50, 5, 15, Fixtures.phone), m.heartRate(62, 3)]
            let result = try await storage.commit(StorageCommit(inserts: samples))
            try require(result.anchor == 3, "insertAndFetchRoundTrip", "anchor after 3 inserts is \(result.anchor)")
            let fetched = try await storage.samples(matching: SampleRequest())
            try require(
                fetched.map(\.sample) == samples, "insertAndFetchRoundTrip", "fetched samples differ from saved")
            try require(fetched.map(\.anchor) == [1, 2, 3], "insertAndFetchRoundTrip", "anchors not 1,2,3")
        },
        Check(name: "predicateSortAndLimit") { subject in
            let m = Material()
            let storage = try await subject.makeStorage()
            let a = m.steps(1, 30, 40)
            let b = m.steps(2, 0, 10, Fixtures.phone)
            let c = m.steps(3, 20, 25)
            _ = try await storage.commit(StorageCommit(inserts: [a, b, c, m.heartRate(70, 1)]))
            let steps = SamplePredicate.type(.quantity(.stepCount))
            let byStart = try await storage.samples(matching: SampleRequest(predicate: steps, sort: [.startDate]))
            try require(byStart.map(\.sample.uuid) == [b.uuid, c.uuid, a.uuid], "predicateSortAndLimit", "start order")
            let newestEnd = try await storage.samples(
                matching: SampleRequest(predicate: steps, sort: [.endDateDescending], limit: 2))
            try require(newestEnd.map(\.sample.uuid) == [a.uuid, c.uuid], "predicateSortAndLimit", "end desc + limit")
            let insertion = try await storage.samples(matching: SampleRequest(predicate: steps))
            try require(
                insertion.map(\.sample.uuid) == [a.uuid, b.uuid, c.uuid], "predicateSortAndLimit", "insertion order")
            let window = steps && .date(start: m.at(5), end: m.at(21))
            let overlapping = try await storage.samples(matching: SampleRequest(predicate: window))
            try require(
                Set(overlapping.map(\.sample.uuid)) == [b.uuid, c.uuid], "predicateSortAndLimit", "date window")
            let watchOnly = try await storage.count(matching: steps && .source(Fixtures.watch))
            try require(watchOnly == 2, "predicateSortAndLimit", "source count \(watchOnly)")
        },
        Check(name: "commitIsAtomic") { subject in
            let m = Material()
            let storage = try await subject.makeStorage()
            let first = m.steps(1, 0, 1)
            _ = try await storage.commit(StorageCommit(inserts: [first]))
            let fresh = m.steps(2, 1, 2)
            do {
                _ = try await storage.commit(StorageCommit(inserts: [fresh, first]))
                throw ConformanceFailure(check: "commitIsAtomic", message: "duplicate UUID accepted")
            } catch let error as StorageError {
                try require(error.code == .duplicateUUID, "commitIsAtomic", "code \(error.code)")
            }
            let count = try await storage.count(matching: .all)
            try require(count == 1, "commitIsAtomic", "a failed commit left \(count - 1) samples behind")
            let anchor = try await storage.currentAnchor()
            try require(anchor == 1, "commitIsAtomic", "a failed commit moved the anchor to \(anchor)")
        },
        Check(name: "deleteLeavesTombstones") { subject in
            let m = Material()
            let storage = try await subject.makeStorage()
            var synced = m.steps(5, 0, 1)
            synced.metadata = [.syncIdentifier: .string("s-1"), .syncVersion: .number(1), .wasUserEntered: .bool(true)]
            let other = m.steps(6, 1, 2)
            _ = try await storage.commit(StorageCommit(inserts: [synced, other]))
            let result = try await storage.commit(
                StorageCommit(deletions: [synced.uuid, UUID(uuid: (9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9))]))
            try require(result.deleted.map(\.uuid) == [synced.uuid], "deleteLeavesTombstones", "deleted list")
            try require(result.anchor == 3, "deleteLeavesTombstones", "deletion anchor \(result.anchor)")
            try require(result.touchedTypes == [.quantity(.stepCount)], "deleteLeavesTombstones", "touched types")
            let tombstone = result.deleted[0]
            try require(
                tombstone.metadata.syncIdentifier == "s-1" && tombstone.metadata.syncVersion == 1
                    && tombstone.metadata[.wasUserEntered] == nil, "deleteLeavesTombstones",
                "tombstone keeps sync keys only")
            let left = try await storage.samples(matching: SampleRequest())
            try require(left.map(\.sample.uuid) == [other.uuid], "deleteLeavesTombstones", "remaining samples")
        },
        Check(name: "sourcesAndOrders") { subject in
            let m = Material()
            let storage = try await subject.makeStorage()
            _ = try await storage.commit(
                StorageCommit(inserts: [
                    m.steps(1, 0, 1, Fixtures.phone), m.steps(1, 0, 1, Fixtures.watch),
                    m.steps(1, 2, 3, Fixtures.phone),
                ]))
            let sources = try await storage.sources()
            try require(
                sources.map(\.source) == [Fixtures.phone, Fixtures.watch], "sourcesAndOrders", "registration order")
            let unset = try await storage.sourceOrder(for: .quantity(.stepCount))
            try require(unset == nil, "sourcesAndOrders", "order set before anyone set it")
            try await storage.setSourceOrder(
                [Fixtures.phone.bundleIdentifier, Fixtures.watch.bundleIdentifier], for: .quantity(.stepCount))
            let order = try await storage.sourceOrder(for: .quantity(.stepCount))
            try require(
                order == [Fixtures.phone.bundleIdentifier, Fixtures.watch.bundleIdentifier], "sourcesAndOrders", "order"
            )
            let other = try await storage.sourceOrder(for: .quantity(.heartRate))
            try require(other == nil, "sourcesAndOrders", "order leaked to another type")
            try await storage.setSetting("auth", Data([1, 2, 3]))
            let setting = try await storage.setting("auth")
            try require(setting == Data([1, 2, 3]), "sourcesAndOrders", "setting")
        },
        Check(name: "sourceCountsMatchThePredicate") { subject in
            let m = Material()
            let storage = try await subject.makeStorage()
            _ = try await storage.commit(
                StorageCommit(inserts: [
                    m.steps(1, 0, 1, Fixtures.phone), m.steps(1, 0, 1, Fixtures.watch),
                    m.steps(1, 2, 3, Fixtures.phone),
                    m.heartRate(60, 1), m.heartRate(61, 30),
                ]))
            let steps = try await storage.sourceCounts(matching: .type(.quantity(.stepCount)))
            try require(
                steps.map { "\($0.record.source.bundleIdentifier)=\($0.count)" }
                    == ["\(Fixtures.phone.bundleIdentifier)=2", "\(Fixtures.watch.bundleIdentifier)=1"],
                "sourceCountsMatchThePredicate", "step counts by source \(steps)")
            let early = try await storage.sourceCounts(
                matching: .types([.quantity(.heartRate), .quantity(.stepCount)]) && .date(start: nil, end: m.at(2)))
            try require(
                early.map(\.count) == [1, 2] && early.map(\.record.source) == [Fixtures.phone, Fixtures.watch],
                "sourceCountsMatchThePredicate", "windowed counts \(early)")
            let none = try await storage.sourceCounts(matching: .type(.quantity(.bodyMass)))
            try require(none.isEmpty, "sourceCountsMatchThePredicate", "sources without matching samples listed")
        },
        Check(name: "settingsByPrefix") { subject in
            let storage = try await subject.makeStorage()
            for (key, byte) in [("token/b", 2), ("token/a", 1), ("tokens", 9), ("person/x", 3), ("token%/c", 4)] {
                try await storage.setSetting(key, Data([UInt8(byte)]))
            }
            let tokens = try await storage.settings(withPrefix: "token/")
            try require(
                tokens.map(\.key) == ["token/a", "token/b"] && tokens.map(\.value) == [Data([1]), Data([2])],
                "settingsByPrefix", "prefix listing \(tokens.map(\.key))")
            let wildcard = try await storage.settings(withPrefix: "token%")
            try require(wildcard.map(\.key) == ["token%/c"], "settingsByPrefix", "a % in the prefix is a wildcard")
            try await storage.setSetting("token/a", nil)
            let after = try await storage.settings(withPrefix: "token")
            try require(
                after.map(\.key) == ["token%/c", "token/b", "tokens"], "settingsByPrefix",
                "after a removal \(after.map(\.key))")
            let all = try await storage.settings(withPrefix: "")
            try require(all.count == 4, "settingsByPrefix", "the empty prefix lists \(all.count)")
        },
        Check(name: "summariesAndCharacteristics") { subject in
            let storage = try await subject.makeStorage()
            let days = ["2024-03-01", "2024-03-02", "2024-03-03"].compactMap(CalendarDay.init)
            let kcal = HealthUnit.kilocalorie()
            try await storage.saveActivitySummaries(
                days.map { ActivitySummary(day: $0, activeEnergyBurned: Quantity(unit: kcal, doubleValue: 100)) })
            try await storage.saveActivitySummaries([
                ActivitySummary(day: days[1], activeEnergyBurned: Quantity(unit: kcal, doubleValue: 200))
            ])
            let middle = try await storage.activitySummaries(from: days[1], through: days[1])
            try require(
                middle.count == 1 && middle[0].activeEnergyBurned == Quantity(unit: kcal, doubleValue: 200),
                "summariesAndCharacteristics", "upsert by day")
            let all = try await storage.activitySummaries(from: nil, through: nil)
            try require(all.map(\.day) == days, "summariesAndCharacteristics", "summaries in day order")
            let me = Characteristics(biologicalSex: .female, dateOfBirth: CalendarDay("1990-04-01"))
            try await storage.setCharacteristics(me)
            let back = try await storage.characteristics()
            try require(back == me, "summariesAndCharacteristics", "characteristics")
        },
    ]
}
