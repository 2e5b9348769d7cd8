public import Foundation
import Synchronization

/// One folder for a test process's temporary files, removed when the process exits.
///
/// Tests make stores, exports and CLI folders by the thousand; each helper that hands out a temporary path takes it
/// from here, so a run leaves nothing behind in the system's temporary directory (CI machines have little disk to
/// spare), and a test need not remember to clean up after itself.
public enum TestScratch {
    /// The process's folder, `<temporary directory>/ohk-tests-<pid>`: created on first use, removed at exit.
    public static var folder: URL { root }

    /// A new, empty folder named `prefix-N` inside the process's folder.
    public static func newFolder(_ prefix: String) throws -> URL {
        let url = root.appendingPathComponent(uniqueName(prefix))
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A path named `prefix-N.suffix` inside the process's folder, where nothing is yet.
    public static func newPath(_ prefix: String, suffix: String) -> String {
        root.appendingPathComponent("\(uniqueName(prefix)).\(suffix)").path
    }

    private static let root: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ohk-tests-\(ProcessInfo.processInfo.processIdentifier)")
        // A folder of an earlier process that had the same pid and was killed before it could clean up.
        try? FileManager.default.removeItem(at: url)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: TestScratch.folder) }
        return url
    }()

    private static let counter = Atomic<Int>(0)

    private static func uniqueName(_ prefix: String) -> String {
        "\(prefix)-\(counter.add(1, ordering: .relaxed).newValue)"
    }
}
