import Foundation
import HealthCore
import OpenHealthKit
import Testing

/// The HK identifier constants and category-value enums are derived from HealthCore's catalog by
/// `scripts/generate-hk-spellings` (CI runs its `--check` in `scripts/lint`): adding a type to HealthCore needs no
/// edit in OpenHealthKit.
@Suite("HealthKit spellings derived from the catalog")
struct GeneratedSpellingsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func generator(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", root.appendingPathComponent("scripts/generate-hk-spellings").path] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    @Test("the committed mirror is what the generator writes from the catalog")
    func committedMirrorIsCurrent() throws {
        let result = try Self.generator(["--check"])
        #expect(result.status == 0, "\(result.output)")
    }

    @Test("a catalog entry for a made-up type is spelled in OpenHealthKit with no other edit")
    func madeUpTypeIsSpelled() throws {
        let manager = FileManager.default
        let work = manager.temporaryDirectory.appendingPathComponent("ohk-spellings-\(UUID().uuidString)")
        defer { try? manager.removeItem(at: work) }
        let core = work.appendingPathComponent("HealthCore")
        try manager.createDirectory(at: core.appendingPathComponent("Types"), withIntermediateDirectories: true)
        for folder in ["Types/Identifiers", "Types/Category"] {
            try manager.copyItem(
                at: Self.root.appendingPathComponent("Sources/HealthCore/\(folder)"),
                to: core.appendingPathComponent(folder))
        }
        let identifiers = core.appendingPathComponent("Types/Identifiers/QuantityTypeIdentifier+Body.swift")
        var text = try String(contentsOf: identifiers, encoding: .utf8)
        text += """

            extension QuantityTypeIdentifier {
                public static let madeUpFlux = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierMadeUpFlux")
            }

            """
        try text.write(to: identifiers, atomically: true, encoding: .utf8)
        let out = work.appendingPathComponent("OpenHealthKit")
        let result = try Self.generator(["--core", core.path, "--out", out.path])
        #expect(result.status == 0, "\(result.output)")
        let generated = try String(
            contentsOf: out.appendingPathComponent("Types/Identifiers/HKQuantityTypeIdentifier+Catalog.swift"),
            encoding: .utf8)
        #expect(
            generated.contains(
                "public static let madeUpFlux = HKQuantityTypeIdentifier(QuantityTypeIdentifier.madeUpFlux)"))
        #expect(
            generated.contains(
                "public static let stepCount = HKQuantityTypeIdentifier(QuantityTypeIdentifier.stepCount)"))
    }

    @Test("every catalogued quantity type is usable through its HK spelling, with the catalog's style and unit")
    func everyCatalogRowIsUsable() {
        for row in QuantityTypeCatalog.all {
            let type = HKQuantityType(HKQuantityTypeIdentifier(rawValue: row.identifier.rawValue))
            #expect(type.identifier == row.identifier.rawValue)
            #expect(type.aggregationStyle.rawValue == row.aggregationStyle.rawValue, "\(row.identifier)")
            #expect(type.is(compatibleWith: HKUnit(from: row.canonicalUnitString)), "\(row.identifier)")
        }
    }
}
