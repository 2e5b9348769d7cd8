import Foundation
import HealthExport
import HealthQuery

/// The import's progress bar: one line on stderr, redrawn at most ten times a second, and only when stderr is a
/// terminal (piped or redirected, the import is quiet).
final class ProgressBar: @unchecked Sendable {
    private let label: String
    private let lock = NSLock()
    private var lastDraw: Date?
    private var drawn = false

    /// A bar when stderr is a terminal, else nil.
    static func onTerminal(label: String) -> ProgressBar? {
        isatty(STDERR_FILENO) == 1 ? ProgressBar(label: label) : nil
    }

    private init(label: String) { self.label = label }

    /// Redraws the line (throttled).
    func update(_ progress: ImportProgress) {
        lock.lock()
        defer { lock.unlock() }
        let now = LiveEnvironment.clock.now
        if let lastDraw, now.timeIntervalSince(lastDraw) < 0.1, progress.fractionCompleted != 1 { return }
        lastDraw = now
        drawn = true
        write("\r\u{1B}[2K" + Self.line(label: label, progress))
    }

    /// Clears the line.
    func finish() {
        lock.lock()
        defer { lock.unlock() }
        if drawn { write("\r\u{1B}[2K") }
        drawn = false
    }

    /// `importing export.zip [#######-------------]  35%  12.1/34.6 MB  120000 records  85000/s  ETA 0:03`.
    static func line(label: String, _ progress: ImportProgress) -> String {
        var parts = ["importing \(label)"]
        let megabytes = Double(progress.bytesRead) / 1_000_000
        if let fraction = progress.fractionCompleted, let total = progress.totalBytes {
            let width = 24
            let filled = Int((fraction * Double(width)).rounded(.down))
            parts.append(
                "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "]")
            parts.append(String(format: "%3d%%", Int((fraction * 100).rounded(.down))))
            parts.append(String(format: "%.1f/%.1f MB", megabytes, Double(total) / 1_000_000))
        } else {
            parts.append(String(format: "%.1f MB", megabytes))
        }
        parts.append("\(progress.recordsRead) records")
        if let rate = progress.recordsPerSecond, rate.isFinite { parts.append("\(Int(rate))/s") }
        if let eta = progress.estimatedSecondsRemaining, eta.isFinite, eta >= 0 {
            let seconds = Int(eta.rounded(.up))
            parts.append(String(format: "ETA %d:%02d", seconds / 60, seconds % 60))
        }
        return parts.joined(separator: "  ")
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
