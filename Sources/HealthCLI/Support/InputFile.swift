import Foundation
import HealthExport

/// Checks on a file named on the command line, and errors that name it.
enum InputFile {
    /// The file's URL, when it exists, is a regular file and can be read.
    /// - Throws: ``CLIError`` (no input, 66) naming the path.
    static func readable(_ path: String) throws -> URL {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CLIError(.noInput, "\(path): no such file")
        }
        guard !isDirectory.boolValue else { throw CLIError(.noInput, "\(path): is a directory, not a file") }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw CLIError(.noInput, "\(path): cannot be read (permission denied)")
        }
        return URL(fileURLWithPath: path)
    }

    /// An export error as `PATH:LINE:COLUMN: code: message` (bad input, 65), the path as given on the command
    /// line (the message's own leading file name dropped).
    static func badInput(_ error: ExportError, path: String) -> CLIError {
        let name = URL(fileURLWithPath: path).lastPathComponent
        var message = error.message
        if message.hasPrefix(name + ": ") { message.removeFirst(name.count + 2) }
        let place = error.line > 0 ? "\(path):\(error.line):\(error.column)" : path
        return CLIError(.badInput, "\(place): \(error.code): \(message)")
    }
}
