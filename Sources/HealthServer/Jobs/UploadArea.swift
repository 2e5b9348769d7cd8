import Foundation
import HTTPTypes
import HealthCore

#if canImport(Glibc)
import Glibc
#endif

/// Where uploads and exports wait on disk: one folder of the server's own (0700), and in it one private folder
/// (0700) per upload or export, named by the server's process id and the job, so nothing is shared between
/// uploads — a bare `export.xml` finds nothing beside it — nor with other users of the machine.
///
/// Every byte received counts against ``capacity`` while its upload is on disk: an upload past it is refused (503
/// with Retry-After) and its partial file removed. Folders left by a server process that no longer runs (a kill
/// -9 mid-upload) are removed when the next server starts (``removeLeftovers()``).
final class UploadArea: Sendable {
    /// The area's folder.
    let folder: URL
    /// The most bytes all uploads on disk may hold together.
    let capacity: Int
    private let processID: Int32
    private let used = Locked(0)

    /// Why the area cannot be used.
    struct Unusable: Error, CustomStringConvertible {
        var description: String
    }

    /// Opens the area, creating its folder (0700) if needed.
    /// - Throws: ``Unusable`` when the folder cannot be made or belongs to another user.
    init(folder: URL, capacity: Int, processID: Int32 = getpid()) throws {
        self.folder = folder
        self.capacity = max(0, capacity)
        self.processID = processID
        let manager = FileManager.default
        do {
            try manager.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw Unusable(description: "cannot create the upload folder \(folder.path)")
        }
        let attributes = try? manager.attributesOfItem(atPath: folder.path)
        guard attributes?[.type] as? FileAttributeType == .typeDirectory,
            (attributes?[.ownerAccountID] as? NSNumber)?.uint32Value == geteuid()
        else { throw Unusable(description: "the upload folder \(folder.path) is not a folder of this user's") }
        guard chmod(folder.path, 0o700) == 0 else {
            throw Unusable(description: "cannot make the upload folder \(folder.path) private")
        }
    }

    /// The default folder: `uploads/` in a data folder, else a folder of this user's in the temporary folder.
    static func defaultFolder(for data: ServerConfiguration.DataLocation) -> URL {
        if case .folder(let path) = data { return URL(fileURLWithPath: path).appendingPathComponent("uploads") }
        return FileManager.default.temporaryDirectory.appendingPathComponent("ohk-uploads-\(geteuid())")
    }

    /// Removes the folders of server processes that no longer run; returns how many.
    @discardableResult
    func removeLeftovers() -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var removed = 0
        for name in names {
            guard let owner = Self.owner(of: name), owner != processID, !Self.isRunning(owner) else { continue }
            if (try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))) != nil { removed += 1 }
        }
        return removed
    }

    /// A new private folder for one job.
    /// - Throws: ``APIError`` 503 when it cannot be made.
    func makeJobFolder(_ id: String) throws(APIError) -> URL {
        let job = folder.appendingPathComponent("\(processID)-\(id)")
        do {
            try FileManager.default.createDirectory(
                at: job, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        } catch {
            throw Self.full("the upload cannot be stored")
        }
        return job
    }

    /// Removes a job's folder and gives back the bytes it held.
    func release(_ job: URL, bytes: Int) {
        try? FileManager.default.removeItem(at: job)
        used.withLock { $0 = max(0, $0 - bytes) }
    }

    /// Takes room for `count` more bytes.
    /// - Throws: ``APIError`` 503 with Retry-After when the uploads on disk would hold more than the capacity.
    func take(_ count: Int) throws(APIError) {
        let taken = used.withLock { used -> Bool in
            guard used + count <= capacity else { return false }
            used += count
            return true
        }
        guard taken else { throw Self.full("the server holds as many uploads as it may right now; retry later") }
    }

    /// Refuses at once an upload that says it is larger than the room left (nothing is taken).
    /// - Throws: ``APIError`` 503 with Retry-After.
    func ensureRoom(for count: Int) throws(APIError) {
        guard count <= capacity - bytesInUse else {
            throw Self.full("the server holds as many uploads as it may right now; retry later")
        }
    }

    /// Bytes held by uploads on disk now.
    var bytesInUse: Int { used.withLock { $0 } }

    private static func full(_ detail: String) -> APIError {
        var error = APIError(.serviceUnavailable, "upload-space", detail)
        error.headers[.retryAfter] = "60"
        return error
    }

    /// The process id a job folder's name starts with (`PID-ID`).
    static func owner(of name: String) -> Int32? {
        guard let dash = name.firstIndex(of: "-"), let pid = Int32(name[..<dash]), pid > 0 else { return nil }
        return pid
    }

    /// Whether a process runs (signal 0: no signal sent, only the check).
    private static func isRunning(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }
}
