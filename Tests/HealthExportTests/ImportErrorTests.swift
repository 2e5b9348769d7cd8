import Foundation
import HealthCore
import HealthExport
import HealthStorage
import HealthStorageSQLite
import HealthTesting
import Testing

@testable import HealthQuery

/// Bad input: a typed error naming the file (and line and column where there is one); the store is unchanged.
@Suite("Import of bad input")
struct ImportErrorTests {
    enum Backend: String, CaseIterable, Sendable {
        case memory, sqlite
    }

    /// An empty store on the backend (the SQLite file in `directory`).
    static func emptyStore(_ backend: Backend, in directory: URL) throws -> HealthStore {
        switch backend {
        case .memory: ImportSupport.store(InMemoryStorage())
        case .sqlite: try ImportSupport.sqliteStore(in: directory).0
        }
    }

    /// A store that already holds the quirks fixture, so "unchanged" means something.
    static func populatedStore(_ backend: Backend, in directory: URL) async throws -> HealthStore {
        let store = try emptyStore(backend, in: directory)
        _ = try await ImportSupport.importFile(try Fixture.url("quirks"), into: store)
        return store
    }

    /// Imports a file that must fail; returns the error after checking that the store did not change.
    static func failingImport(
        _ url: URL, into store: HealthStore, options: ExportImporter.Options = .init()
    ) async throws -> ExportError {
        let before = try await ImportSupport.dump(store)
        let anchor = try await store.storage.currentAnchor()
        var caught: ExportError?
        do {
            _ = try await ImportSupport.importFile(url, into: store, options: options)
        } catch let error as ExportError {
            caught = error
        }
        let error = try #require(caught, "importing \(url.lastPathComponent) did not fail with an ExportError")
        #expect(try await store.storage.currentAnchor() == anchor)
        let after = try await ImportSupport.dump(store)
        #expect(after == before, "\(after.firstDifference(from: before) ?? "")")
        return error
    }

    @Test(arguments: Backend.allCases)
    func truncatedXML(_ backend: Backend) async throws {
        let directory = try ImportSupport.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try await Self.populatedStore(backend, in: directory)
        let error = try await Self.failingImport(try Fixture.url("truncated"), into: store)
        #expect(error.code == .truncated)
        #expect(error.file == "truncated.xml")
        #expect(error.line == 3)
        #expect(error.column > 0)
        #expect(error.description.hasPrefix("truncated.xml: truncated at 3:"))
    }

    @Test(arguments: Backend.allCases)
    func malformedAfterManyBatchesRollsEverythingBack(_ backend: Backend) async throws {
        let directory = try ImportSupport.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try await Self.populatedStore(backend, in: directory)
        var text = try String(contentsOf: try Fixture.url("v14-modern"), encoding: .utf8)
        text = text.replacingOccurrences(of: "</HealthData>", with: " <Record type=\"x\"></Workout>\n</HealthData>\n")
        let url = directory.appendingPathComponent("export.xml")
        try ImportSupport.write(text, to: url)
        let error = try await Self.failingImport(url, into: store, options: .init(batchSize: 1, chunkSize: 64))
        #expect(error.code == .mismatchedTag)
        #expect(error.file == "export.xml")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(error.line == (lines.lastIndex { $0.contains("</Workout>") } ?? -2) + 1)
    }

    @Test(arguments: Backend.allCases)
    func emptyNonXMLAndForeignDocuments(_ backend: Backend) async throws {
        let directory = try ImportSupport.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try await Self.populatedStore(backend, in: directory)

        let empty = try await Self.failingImport(try Fixture.url("empty"), into: store)
        #expect(empty.code == .emptyDocument)
        #expect(empty.file == "empty.xml")

        let notes = directory.appendingPathComponent("notes.txt")
        try ImportSupport.write("Dear diary,\nI walked.\n", to: notes)
        let text = try await Self.failingImport(notes, into: store)
        #expect(text.code == .notXML)
        #expect(text.file == "notes.txt")
        #expect(text.line == 1)

        let other = directory.appendingPathComponent("other.xml")
        try ImportSupport.write("<?xml version=\"1.0\"?>\n<Library><Book/></Library>\n", to: other)
        let foreign = try await Self.failingImport(other, into: store)
        #expect(foreign.code == .notHealthExport)
        #expect(foreign.file == "other.xml")

        let missing = try await Self.failingImport(directory.appendingPathComponent("absent.zip"), into: store)
        #expect(missing.code == .io)
        #expect(missing.file == "absent.zip")
    }

    @Test(arguments: Backend.allCases)
    func truncatedArchiveAndArchiveWithoutExport(_ backend: Backend) async throws {
        let directory = try ImportSupport.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try await Self.populatedStore(backend, in: directory)

        let whole = try Data(contentsOf: try ImportFixtureTests.modernArchive(in: directory))
        let cut = directory.appendingPathComponent("cut.zip")
        try whole.prefix(whole.count / 2).write(to: cut)
        let truncated = try await Self.failingImport(cut, into: store)
        #expect(truncated.code == .io)
        #expect(truncated.file == "cut.zip")

        let other = directory.appendingPathComponent("photos.zip")
        try ZipFixture.write(
            other,
            entries: [
                ("apple_health_export/readme.txt", Data("nothing here".utf8)),
                ("apple_health_export/other.xml", Data("<?xml version=\"1.0\"?><Library/>".utf8)),
            ])
        let noExport = try await Self.failingImport(other, into: store)
        #expect(noExport.code == .missingExport)
        #expect(noExport.file == "photos.zip")
    }
}
