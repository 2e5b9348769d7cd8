import Foundation
import HealthCore
import HealthExport
import HealthStorage
import HealthTesting
import Testing

@testable import HealthQuery

/// Issue 17 may make the importer faster, never different: a generated export (the generator's `small` scale,
/// seed 3, deterministic) must import to the same samples, UUIDs and sources as it did when this digest was
/// taken (November 2026, after the payload kinds of issue 16). A change to a content key, a source's bundle
/// identifier or what a record maps to changes the digest; rewrite it only for a change meant to re-identify
/// stored data, and say so in the commit.
@Suite("Import identity stability")
struct ImportIdentityStabilityTests {
    static let expectedCount = 7_662
    static let expectedDigest = "9775cf7f7c7cd93d"

    @Test func aGeneratedExportImportsToTheSameUUIDsAndSources() async throws {
        let (url, _) = try GeneratedExportTests.generate("export.zip")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let store = ImportSupport.store(InMemoryStorage())
        _ = try await ImportSupport.importFile(url, into: store)
        let dump = try await ImportSupport.dump(store)
        var lines = dump.samples.map { sample in
            [
                sample.uuid.uuidString, sample.sampleType.identifier,
                sample.sourceRevision?.source.bundleIdentifier ?? "-",
                sample.sourceRevision?.version ?? "-", String(sample.startDate.timeIntervalSinceReferenceDate),
                String(sample.endDate.timeIntervalSinceReferenceDate), sample.device?.name ?? "-",
            ].joined(separator: "|")
        }
        lines += dump.sources
        #expect(dump.samples.count == Self.expectedCount)
        #expect(Self.digest(lines) == Self.expectedDigest)
    }

    /// FNV-1a, 64 bits, over the lines joined by newlines, in hex.
    static func digest(_ lines: [String]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in lines.joined(separator: "\n").utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return String(hash, radix: 16)
    }
}
