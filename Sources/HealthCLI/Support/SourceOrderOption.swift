import Foundation
import HealthCore

/// `ohk stats --source-order`: a comma-separated list of bundle identifiers or source names, highest priority
/// first, for one query (HealthStore's statistics take it as a parameter; the store's own order is not changed).
enum SourceOrderOption {
    /// Resolves the list against the sources that saved samples of the type (case and apostrophe style ignored).
    /// - Throws: ``CLIError`` (usage) for an empty list, an unknown or an ambiguous name.
    static func resolve(_ list: String, among sources: [SourceRecord]) throws -> [String] {
        func folded(_ text: String) -> String {
            text.replacingOccurrences(of: "\u{2019}", with: "'").replacingOccurrences(of: "\u{00A0}", with: " ")
                .lowercased()
        }
        let entries = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
            !$0.isEmpty
        }
        guard !entries.isEmpty else { throw CLIError.usage("--source-order is empty") }
        return try entries.map { entry in
            if sources.contains(where: { $0.source.bundleIdentifier == entry }) { return entry }
            let named = sources.filter { folded($0.source.name) == folded(entry) }
            guard let first = named.first else {
                throw CLIError.usage("--source-order: no source '\(entry)' in the store; 'ohk sources' lists them")
            }
            guard named.count == 1 else {
                throw CLIError.usage(
                    "--source-order: several sources are named '\(entry)'; use a bundle identifier")
            }
            return first.source.bundleIdentifier
        }
    }
}
