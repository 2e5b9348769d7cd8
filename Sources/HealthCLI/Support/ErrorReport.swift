import ArgumentParser
import Foundation
import HealthExport
import HealthQuery
import HealthRuntime

/// Turns any error a command throws into one `error: …` line and an exit status (see ``CLIError``).
enum ErrorReport {
    /// The line (without the `error: ` prefix) and the status for an error.
    static func describe(_ error: any Error) -> (message: String, status: Int32) {
        switch error {
        case let error as CLIError:
            return (error.message, error.status.rawValue)
        case let error as RuntimeError:
            return ("store: \(error)", CLIError.Status.store.rawValue)
        case let error as HealthError where error.code == .databaseInaccessible:
            return ("store: \(error)", CLIError.Status.store.rawValue)
        case let error as ExportError:
            return ("\(error)", CLIError.Status.badInput.rawValue)
        default:
            let code = OHK.exitCode(for: error)
            if code == .validationFailure {
                return (OHK.message(for: error), CLIError.Status.usage.rawValue)
            }
            return ("internal: \(error)", CLIError.Status.internal.rawValue)
        }
    }

    /// Writes `error: message` as one line on stderr.
    static func print(_ message: String) {
        let oneLine = message.split(whereSeparator: \.isNewline).map {
            $0.trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }.joined(separator: "; ")
        let text = oneLine.hasPrefix("Error: ") ? String(oneLine.dropFirst(7)) : oneLine
        FileHandle.standardError.write(Data("error: \(text)\n".utf8))
    }
}
