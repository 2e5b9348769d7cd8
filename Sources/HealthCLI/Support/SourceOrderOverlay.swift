import Foundation
import HealthCore
import HealthStorage

/// A storage that answers one type's source order from the command line (`ohk stats --source-order`) and
/// forwards everything else: the order applies to this query only and the store file is never changed.
struct SourceOrderOverlay: SampleStorage {
    let base: any SampleStorage
    let type: SampleType
    let order: [String]

    func sourceOrder(for type: SampleType) async throws(StorageError) -> [String]? {
        type == self.type ? order : try await base.sourceOrder(for: type)
    }

    func commit(_ commit: StorageCommit) async throws(StorageError) -> CommitResult {
        try await base.commit(commit)
    }

    func samples(matching request: SampleRequest) async throws(StorageError) -> [StoredSample] {
        try await base.samples(matching: request)
    }

    func count(matching predicate: SamplePredicate) async throws(StorageError) -> Int {
        try await base.count(matching: predicate)
    }

    func changes(after anchor: Int64?, matching request: ChangeRequest) async throws(StorageError) -> ChangeBatch {
        try await base.changes(after: anchor, matching: request)
    }

    func currentAnchor() async throws(StorageError) -> Int64 { try await base.currentAnchor() }

    func sources() async throws(StorageError) -> [SourceRecord] { try await base.sources() }

    func setSourceOrder(_ order: [String]?, for type: SampleType) async throws(StorageError) {
        try await base.setSourceOrder(order, for: type)
    }

    func setting(_ key: String) async throws(StorageError) -> Data? { try await base.setting(key) }

    func setSetting(_ key: String, _ value: Data?) async throws(StorageError) {
        try await base.setSetting(key, value)
    }

    func activitySummaries(
        from: CalendarDay?, through: CalendarDay?
    ) async throws(StorageError) -> [ActivitySummary] {
        try await base.activitySummaries(from: from, through: through)
    }

    func saveActivitySummaries(_ summaries: [ActivitySummary]) async throws(StorageError) {
        try await base.saveActivitySummaries(summaries)
    }

    func characteristics() async throws(StorageError) -> Characteristics { try await base.characteristics() }

    func setCharacteristics(_ characteristics: Characteristics) async throws(StorageError) {
        try await base.setCharacteristics(characteristics)
    }

    /// Resolves a comma-separated list of bundle identifiers or source names (case and apostrophe style
    /// ignored) against the store's sources.
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
