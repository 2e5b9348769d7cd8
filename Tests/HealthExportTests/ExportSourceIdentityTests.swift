import Foundation
import HealthCore
import HealthExport
import Testing

/// App sources found by the fuzzer (Fuzz/, scripts/fuzz): names that differ only in their last bytes shared a
/// bundle identifier, and then the summary's source order depended on dictionary order.
@Suite("Export source identity")
struct ExportSourceIdentityTests {
    @Test(arguments: [("Pedometer++", "Pedometer/+"), ("Foo!", "Foo?"), ("Sleep Cycle", "Sleep-Cycle")])
    func namesWithTheSameSlugGetDistinctBundleIdentifiers(names: (String, String)) {
        var resolver = ExportSourceResolver()
        let first = resolver.source(named: names.0, version: nil, device: nil)
        let second = resolver.source(named: names.1, version: nil, device: nil)
        #expect(first.kind == .app && second.kind == .app)
        #expect(first.source.bundleIdentifier != second.source.bundleIdentifier)
        let slug = first.source.bundleIdentifier.split(separator: ".").dropLast()
        #expect(slug == second.source.bundleIdentifier.split(separator: ".").dropLast())
    }

    @Test func aRevisionReturnedToWithinABatchIsTheOneMadeBeforeAndEachKeepsItsOwnFields() {
        let watch = Device(name: "Apple Watch", model: "Watch", hardwareVersion: "Watch7,3", softwareVersion: "11.2")
        let older = Device(name: "Apple Watch", model: "Watch", hardwareVersion: "Watch7,3", softwareVersion: "10.5")
        let name = "Jane’s Apple Watch"
        var resolver = ExportSourceResolver()
        let first = resolver.revision(named: name, version: "11.2", device: watch)
        let second = resolver.revision(named: name, version: "10.5", device: older)
        let third = resolver.revision(named: name, version: "11.2", device: watch)
        let unversioned = resolver.revision(named: name, version: nil, device: watch)
        #expect(first.version == "11.2" && first.operatingSystemVersion == OSVersion("11.2"))
        #expect(second.version == "10.5" && second.operatingSystemVersion == OSVersion("10.5"))
        #expect(unversioned.version == nil && unversioned.operatingSystemVersion == OSVersion("11.2"))
        #expect(third == first && third.isIdentical(to: first))
        #expect(!second.isIdentical(to: first))
        // A new batch makes its revisions again (the writing thread may still hold the old ones).
        resolver.forgetLastRevision()
        _ = resolver.revision(named: name, version: "10.5", device: older)
        let again = resolver.revision(named: name, version: "11.2", device: watch)
        #expect(again == first && !again.isIdentical(to: first))
    }

    @Test func sourcesAreTheSameWhateverTheOrderNamesArriveIn() {
        let names = ["Pedometer++", "Health", "Ana’s Apple Watch", "Pedometer/+", "Foo!", "Foo?", "WaterMinder"]
        var forward = ExportSourceResolver()
        var backward = ExportSourceResolver()
        for name in names { _ = forward.source(named: name, version: nil, device: nil) }
        for name in names.reversed() { _ = backward.source(named: name, version: nil, device: nil) }
        #expect(forward.sources == backward.sources)
        #expect(forward.sources.count == names.count)
        #expect(Set(forward.sources.map(\.bundleIdentifier)).count == names.count)
        let keys = forward.sources.map { [$0.bundleIdentifier, $0.name] }
        #expect(keys == keys.sorted { $0.lexicographicallyPrecedes($1) })
    }

    @Test func parsedExportKeepsTwoSourcesApartWhenTheirNamesEndDifferently() throws {
        func record(_ source: String) -> String {
            """
            <Record type="HKQuantityTypeIdentifierStepCount" sourceName="\(source)" unit="count" \
            startDate="2024-01-05 10:00:00 +0100" endDate="2024-01-05 10:05:00 +0100" value="100"/>
            """
        }
        let xml = "<HealthData>\(record("Pedometer++"))\(record("Pedometer/+"))</HealthData>"
        let whole = try ExportParser().parse(data: Data(xml.utf8))
        let chunked = try ExportParser(options: .init(chunkSize: 8, batchSize: 1)).parse(data: Data(xml.utf8))
        #expect(Set(whole.summary.sources.map(\.bundleIdentifier)).count == 2)
        #expect(whole.summary == chunked.summary)
        let bundles = whole.batch.samples.compactMap { $0.quantitySample?.sourceRevision?.source.bundleIdentifier }
        #expect(Set(bundles).count == 2)
    }
}
