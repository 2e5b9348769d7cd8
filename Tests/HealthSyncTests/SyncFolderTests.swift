import Foundation
import Testing

@testable import HealthSync

/// HealthSync's folder after a kill: what an interrupted atomic write leaves behind is removed on the next start,
/// and the outbox's entries are kept.
@Suite struct SyncFolderTests {
    @Test("an interrupted write's temporary file is removed when the folder is opened again; entries stay")
    func leftoversOfAKillAreRemoved() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("syncfolder-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        _ = try SyncFolder(root, random: { 0.5 })
        let outbox = root.appendingPathComponent("outbox")
        let leftover = outbox.appendingPathComponent(".dat.nosync51B4.092vx6")
        let entry = outbox.appendingPathComponent("0000000001.json")
        try Data("{\"partial\":".utf8).write(to: leftover)
        try Data("{}".utf8).write(to: entry)

        let reopened = try SyncFolder(root, random: { 0.5 })
        #expect(!FileManager.default.fileExists(atPath: leftover.path))
        #expect(FileManager.default.fileExists(atPath: entry.path))
        #expect(reopened.install.utf8.count == 16)
    }
}
