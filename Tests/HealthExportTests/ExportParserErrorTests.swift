import Foundation
import HealthCore
import HealthExport
import Testing

@Suite("Export parser: bad input and helpers")
struct ExportParserErrorTests {
    private func error(parsing name: String) throws -> ExportError {
        do {
            _ = try ExportParser().parse(fileAt: try Fixture.url(name)) { _ in }
        } catch let error as ExportError {
            return error
        }
        Issue.record("no error")
        return ExportError(code: .io, message: "")
    }

    @Test func truncatedFileGivesATypedErrorWithPosition() throws {
        let failure = try error(parsing: "truncated")
        #expect(failure.code == .truncated)
        #expect(failure.line == 3)
        #expect(failure.column == 2)
    }

    @Test func emptyFileGivesATypedError() throws {
        let failure = try error(parsing: "empty")
        #expect(failure.code == .emptyDocument)
        #expect(failure.line == 1)
        #expect(failure.column == 1)
    }

    @Test func nonXMLDataGivesATypedError() throws {
        do {
            _ = try ExportParser().parse(data: Data([0x7B, 0x22, 0x61, 0x22, 0x3A, 0x31, 0x7D]))
            Issue.record("no error")
        } catch let error as ExportError {
            #expect(error.code == .notXML)
            #expect(error.line == 1)
            #expect(error.column == 1)
        }
    }

    @Test func missingFileIsAnIOError() throws {
        do {
            _ = try ExportParser().parse(fileAt: URL(fileURLWithPath: "/nonexistent/export.xml")) { _ in }
            Issue.record("no error")
        } catch let error as ExportError {
            #expect(error.code == .io)
        }
    }

    @Test func invalidRecordsAreSkippedWithTheirLine() throws {
        let text = """
            <HealthData locale="en_US">
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="A" unit="count" startDate="2024-01-05 07:12:30 +0900" endDate="2024-01-05 07:12:30 +0900" value="12"/>
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="A" unit="count" startDate="yesterday" endDate="2024-01-05 07:12:30 +0900" value="12"/>
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="A" unit="furlongs" startDate="2024-01-05 07:12:30 +0900" endDate="2024-01-05 07:12:30 +0900" value="12"/>
             <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="A" startDate="2024-01-05 07:12:30 +0900" endDate="2024-01-05 07:12:30 +0900" value="HKCategoryValueSleepAnalysisDreaming"/>
            </HealthData>
            """
        let (batch, summary) = try ExportParser().parse(data: Data(text.utf8))
        #expect(batch.samples.count == 1)
        #expect(summary.issueCount == 3)
        #expect(summary.issues.map(\.line) == [3, 4, 5])
        #expect(summary.issues.allSatisfy { $0.code == .invalidElement && !$0.message.contains("12") })
    }

    @Test func datesParseBothLayouts() {
        #expect(ExportDateParser.parse("2024-01-05 07:12:30 +0900") == Date(timeIntervalSince1970: 1_704_406_350))
        #expect(ExportDateParser.parse("20140114084347-0800") == Date(timeIntervalSince1970: 1_389_717_827))
        #expect(ExportDateParser.parse("2024-01-05 07:12:30 +0530") == Date(timeIntervalSince1970: 1_704_418_950))
        #expect(ExportDateParser.parse("2024-13-05 07:12:30 +0900") == nil)
        #expect(ExportDateParser.parse("2024-01-05T07:12:30+0900") == nil)
        #expect(ExportDateParser.parse("") == nil)
    }

    @Test func deviceDescriptionsParseLeniently() {
        #expect(
            DeviceDescription.parse(
                "<<HKDevice: 0x283e5a300>, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,1, software:8.1, creation date:2021-11-01 10:00:00 +0000>"
            )
                == Device(
                    name: "Apple Watch", manufacturer: "Apple Inc.", model: "Watch", hardwareVersion: "Watch6,1",
                    softwareVersion: "8.1"))
        #expect(DeviceDescription.parse("<<HKDevice: 0x1>, name:Scale, Inc. X>") == Device(name: "Scale, Inc. X"))
        #expect(DeviceDescription.parse("garbage") == nil)
    }

    @Test func sourceRuleOrdersAppleDevicesAndKeepsNames() {
        var resolver = ExportSourceResolver()
        #expect(resolver.source(named: "Health", version: nil, device: nil).source == Source.healthApp)
        let watch = resolver.source(named: "Jane’s Apple Watch", version: "10.1", device: nil)
        #expect(watch.kind == .watch)
        #expect(watch.source.isAppleDevice)
        let phone = resolver.source(named: "Jane’s iPhone", version: "17.1", device: nil)
        #expect(phone.kind == .phone)
        let named = resolver.source(
            named: "Mi casa", version: "9.0", device: Device(model: "Watch", softwareVersion: "9.0"))
        #expect(named.kind == .watch)
        let app = resolver.source(
            named: "Sleep Cycle", version: "4.2", device: Device(model: "iPhone", softwareVersion: "17.1"))
        #expect(app.kind == .app)
        #expect(app.source.bundleIdentifier.hasPrefix("export.sleep-cycle."))
        #expect(resolver.source(named: "Sleep Cycle", version: "5", device: nil).source == app.source)
        #expect(ExportIdentity.uuid(forKey: "a") == ExportIdentity.uuid(forKey: "a"))
        #expect(ExportIdentity.uuid(forKey: "a") != ExportIdentity.uuid(forKey: "b"))
        #expect(ExportIdentity.fnv1a128("".utf8) == (0x6c62_272e_07bb_0142, 0x62b8_2175_6295_c58d))
        #expect(ExportIdentity.fnv1a128("a".utf8) == (0xd228_cb69_6f1a_8caf, 0x78912b70_4e4a_8964))
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["OHK_EXPORT_THROUGHPUT_XML"] != nil))
    func scannerThroughput() throws {
        let path = try #require(ProcessInfo.processInfo.environment["OHK_EXPORT_THROUGHPUT_XML"])
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let clock = ContinuousClock()
        var scanner = XMLScanner()
        var tags = 0
        let scanTime = try clock.measure {
            var offset = 0
            while offset < data.count {
                let end = min(data.count, offset + (1 << 20))
                try scanner.feed(data[offset..<end]) { token in
                    if case .start = token { tags += 1 }
                }
                offset = end
            }
            try scanner.finish { _ in }
        }
        var records = 0
        let parseTime = try clock.measure {
            records = try ExportParser().parse(chunks: [data]) { _ in }.recordCount
        }
        func rate(_ duration: Duration) -> Double {
            Double(data.count) / 1e6
                / (Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
        }
        print("scan: \(tags) tags, \(rate(scanTime)) MB/s; parse+map: \(records) records, \(rate(parseTime)) MB/s")
    }
}
