import Foundation
import HealthCore
import HealthStorage

extension StorageConformance {
    static let changeChecks: [Check] = [
        Check(name: "dataVersionChangesWithEveryWrite") { subject in
            let m = Material()
            let storage = try await subject.makeStorage()
            let name = "dataVersionChangesWithEveryWrite"
            var version = try await storage.dataVersion()
            let again = try await storage.dataVersion()
            try require(again == version, name, "stable while nothing changes")
            _ = try await storage.samples(matching: SampleRequest(predicate: .all))
            let afterRead = try await storage.dataVersion()
            try require(afterRead == version, name, "a read changes nothing")
            let writes: [(String, @Sendable () async throws -> Void)] = [
                ("commit", { _ = try await storage.commit(StorageCommit(inserts: [m.steps(1, 0, 1)])) }),
                ("setting", { try await storage.setSetting("test.key", Data([1])) }),
                ("source order", { try await storage.setSourceOrder(["a.b"], for: .quantity(.stepCount)) }),
                ("characteristics", { try await storage.setCharacteristics(Characteristics()) }),
            ]
            for (what, write) in writes {
                try await write()
                let next = try await storage.dataVersion()
                try require(next != version, name, "unchanged after a \(what)")
                version = next
            }
        },
        Check(name: "touchedTypesOfARangeOfChanges") { subject in
            let m = Material()
            let storage = try await subject.makeStorage()
            let a = m.steps(1, 0, 1)
            _ = try await storage.commit(StorageCommit(inserts: [a, m.heartRate(60, 0)]))  // 1, 2
            _ = try await storage.commit(StorageCommit(inserts: [m.steps(2, 1, 2)]))  // 3
            _ = try await storage.commit(StorageCommit(deletions: [a.uuid]))  // 4 (a tombstone: the addition 1 is gone)
            let steps = SampleType.quantity(.stepCount)
            let heart = SampleType.quantity(.heartRate)
            let name = "touchedTypesOfARangeOfChanges"
            let ranges: [(Int64, Int64, Set<SampleType>, String)] = [
                (0, 4, [steps, heart], "all"), (1, 2, [heart], "(1, 2]"), (2, 3, [steps], "(2, 3]"),
                (3, 4, [steps], "a deletion"), (4, 4, [], "empty range"),
            ]
            for (after, through, expected, what) in ranges {
                let types = try await storage.touchedTypes(after: after, through: through)
                try require(types == expected, name, "\(what): \(types)")
            }
        },
        Check(name: "anchoredChangesAddedAndDeletedInOrder") { subject in
            let m = Material()
            let storage = try await subject.makeStorage()
            let a = m.steps(1, 0, 1)
            let b = m.steps(2, 1, 2)
            let hr = m.heartRate(60, 0)
            _ = try await storage.commit(StorageCommit(inserts: [a, b, hr]))
            let stepsOnly = ChangeRequest(types: [.quantity(.stepCount)])
            let first = try await storage.changes(after: nil, matching: stepsOnly)
            try require(
                first.changes.map(\.anchor) == [1, 2] && first.newAnchor == 3 && !first.hasMore,
                "anchoredChangesAddedAndDeletedInOrder", "first read")
            let c = m.steps(3, 2, 3)
            _ = try await storage.commit(StorageCommit(inserts: [c], deletions: [a.uuid]))
            let second = try await storage.changes(after: first.newAnchor, matching: stepsOnly)
            guard second.changes.count == 2, case .added(let added) = second.changes[0],
                case .deleted(let deleted) = second.changes[1]
            else {
                throw ConformanceFailure(check: "anchoredChangesAddedAndDeletedInOrder", message: "second read shape")
            }
            try require(
                added.sample.uuid == c.uuid && deleted.uuid == a.uuid && deleted.sampleType == .quantity(.stepCount),
                "anchoredChangesAddedAndDeletedInOrder", "second read content")
            try require(
                second.newAnchor == 5, "anchoredChangesAddedAndDeletedInOrder", "second anchor \(second.newAnchor)")
            let third = try await storage.changes(after: second.newAnchor, matching: stepsOnly)
            try require(
                third.changes.isEmpty && third.newAnchor == 5, "anchoredChangesAddedAndDeletedInOrder", "nothing new")
        },
        Check(name: "anchoredPagingIsLossless") { subject in
            let m = Material()
            let storage = try await subject.makeStorage()
            let samples = (0..<7).map { m.steps(Double($0), Double($0), Double($0) + 1) }
            _ = try await storage.commit(StorageCommit(inserts: samples))
            _ = try await storage.commit(StorageCommit(deletions: [samples[2].uuid, samples[5].uuid]))
            var anchor: Int64? = nil
            var seen: [Int64] = []
            var pages = 0
            while true {
                let page = try await storage.changes(after: anchor, matching: ChangeRequest(limit: 3))
                seen += page.changes.map(\.anchor)
                anchor = page.newAnchor
                pages += 1
                if !page.hasMore { break }
                try require(pages < 10, "anchoredPagingIsLossless", "paging does not end")
            }
            // Rows 3 and 6 were deleted: their additions are gone, their deletions (8, 9) remain.
            try require(seen == [1, 2, 4, 5, 7, 8, 9], "anchoredPagingIsLossless", "seen \(seen)")
            try require(
                pages == 3 && anchor == 9, "anchoredPagingIsLossless",
                "pages \(pages) anchor \(String(describing: anchor))")
        },
        Check(name: "tombstoneScopeAppliesBeforeTheLimit") { subject in
            // Issue 44, finding 1: an app that may not read a type must not get pages of other apps' deletions of
            // it (empty pages with `hasMore`), so the scope is applied where the limit is.
            let m = Material()
            let storage = try await subject.makeStorage()
            let name = "tombstoneScopeAppliesBeforeTheLimit"
            let theirs = (0..<4).map { m.steps(Double($0), Double($0), Double($0) + 1, Fixtures.watch) }
            let mine = m.steps(9, 9, 10, Fixtures.app)
            let heart = m.heartRate(60, 0, Fixtures.watch)
            _ = try await storage.commit(StorageCommit(inserts: theirs + [mine, heart]))  // 1…6
            _ = try await storage.commit(StorageCommit(deletions: theirs.map(\.uuid)))  // 7…10
            _ = try await storage.commit(StorageCommit(deletions: [mine.uuid, heart.uuid]))  // 11, 12
            let steps = SampleType.quantity(.stepCount)
            let denied = TombstoneScope(readableTypes: [], ownBundleIdentifier: Fixtures.app.bundleIdentifier)
            for limit in [1, 2, nil] as [Int?] {
                let page = try await storage.changes(
                    after: 6, matching: ChangeRequest(types: [steps], limit: limit, tombstoneScope: denied))
                let uuids = page.changes.compactMap { change -> UUID? in
                    if case .deleted(let tombstone) = change { return tombstone.uuid }
                    return nil
                }
                try require(uuids == [mine.uuid], name, "limit \(String(describing: limit)): \(uuids.count) deletions")
                try require(!page.hasMore, name, "limit \(String(describing: limit)): hasMore with nothing more to see")
                try require(page.newAnchor == 12, name, "limit \(String(describing: limit)): anchor \(page.newAnchor)")
            }
            // Of a readable type every deletion; of the others only the app's own.
            let both = try await storage.changes(
                after: 6,
                matching: ChangeRequest(
                    types: [steps, .quantity(.heartRate)], limit: 10,
                    tombstoneScope: TombstoneScope(
                        readableTypes: [.quantity(.heartRate)], ownBundleIdentifier: Fixtures.app.bundleIdentifier)))
            try require(both.changes.map(\.anchor) == [11, 12], name, "mixed scope \(both.changes.map(\.anchor))")
            let unscoped = try await storage.changes(after: 6, matching: ChangeRequest(types: [steps], limit: 10))
            try require(unscoped.changes.count == 5, name, "no scope: \(unscoped.changes.count) deletions, not 5")
        },
        Check(name: "changesFilterAdditionsByPredicateAndCanSkipDeletions") { subject in
            let m = Material()
            let storage = try await subject.makeStorage()
            let watch = m.steps(1, 0, 1, Fixtures.watch)
            let phone = m.steps(1, 0, 1, Fixtures.phone)
            _ = try await storage.commit(StorageCommit(inserts: [watch, phone]))
            _ = try await storage.commit(StorageCommit(deletions: [phone.uuid]))
            let batch = try await storage.changes(
                after: nil, matching: ChangeRequest(predicate: .source(Fixtures.watch), includeDeletions: false))
            try require(
                batch.changes.map(\.anchor) == [1] && batch.newAnchor == 3,
                "changesFilterAdditionsByPredicateAndCanSkipDeletions", "filtered read")
        },
    ]
}
