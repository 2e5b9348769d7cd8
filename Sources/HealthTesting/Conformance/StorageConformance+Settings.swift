import Foundation
import HealthCore
import HealthStorage

extension StorageConformance {
    /// Settings written by a commit (``StorageCommit/settings``): with its rows, or — when the commit fails — not at
    /// all (what a sync batch's stored reply relies on: a batch and its reply are both there or neither is).
    static let settingsChecks: [Check] = [
        Check(name: "commitWritesSettingsWithItsRowsOrNotAtAll") { subject in
            let check = "commitWritesSettingsWithItsRowsOrNotAtAll"
            let m = Material()
            let storage = try await subject.makeStorage()
            try await storage.setSetting("sync/old", Data("old".utf8))
            let first = m.steps(1, 0, 1)
            let applied = try await storage.commit(
                StorageCommit(
                    inserts: [first], settings: ["sync/reply/1": Data("one".utf8), "sync/old": nil]))
            try require(applied.anchor == 1, check, "the commit's anchor is \(applied.anchor), not 1")
            let reply = try await storage.setting("sync/reply/1")
            let old = try await storage.setting("sync/old")
            try require(reply == Data("one".utf8), check, "a setting of a commit was not stored")
            try require(old == nil, check, "a setting a commit removed is still there")

            // A commit that fails (its sample's UUID is taken) writes none of its settings.
            do {
                _ = try await storage.commit(
                    StorageCommit(
                        inserts: [m.steps(2, 1, 2), first], settings: ["sync/reply/2": Data("two".utf8)]))
                throw ConformanceFailure(check: check, message: "a commit with a taken UUID was applied")
            } catch let error as StorageError {
                try require(error.code == .duplicateUUID, check, "the failed commit threw \(error.code)")
            }
            let failed = try await storage.setting("sync/reply/2")
            try require(failed == nil, check, "a failed commit's setting was stored")
            try await requireUnchanged(storage, count: 1, anchor: 1, check)

            // Settings alone are a commit too; they do not move the anchor.
            let version = try await storage.dataVersion()
            let alone = try await storage.commit(StorageCommit(settings: ["sync/reply/3": Data("three".utf8)]))
            try require(alone.anchor == 1, check, "a settings-only commit moved the anchor to \(alone.anchor)")
            let keys = try await storage.settings(withPrefix: "sync/reply/").map(\.key)
            let after = try await storage.dataVersion()
            try require(
                keys == ["sync/reply/1", "sync/reply/3"], check,
                "the settings after the commits are not the two written")
            try require(after != version, check, "a settings-only commit left the data version")
        }
    ]
}
