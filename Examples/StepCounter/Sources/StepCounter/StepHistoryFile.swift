import Foundation
import HealthKit

/// StepCounter's own record of the past: one step total per local day, kept in a JSON file.
///
/// Writes are upserts keyed by the day (`"2025-03-11"`): a day written again replaces its total, days not
/// written keep theirs. The file is rewritten atomically, so a crash leaves the old or the new history.
///
/// ```json
/// {"2025-03-10": 8123, "2025-03-11": 10456}
/// ```
struct StepHistoryFile: Sendable {
    /// Where the history lives.
    var url: URL

    /// Every recorded day and its total (empty when the file does not exist yet).
    func load() throws -> [String: Double] {
        guard FileManager.default.fileExists(atPath: url.path) else { return [:] }
        return try JSONDecoder().decode([String: Double].self, from: Data(contentsOf: url))
    }

    /// Inserts or replaces the totals of `days`, keeping every other day.
    func upsert(_ days: [String: Double]) throws {
        var history = try load()
        history.merge(days) { _, new in new }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        try encoder.encode(history).write(to: url, options: .atomic)
    }
}
