import Foundation
import HealthCore
import HealthExport
import Testing

/// The one-pass reader of plain records (`ExportRecordMapper.plainRecord`) must map every record it takes exactly
/// as the general path does: the same samples (UUIDs, values, units, devices, source revisions), the same lines,
/// batches and summary. Each test parses one document with the reader on and off and compares the two whole.
@Suite("Export parser: plain records read in one pass")
struct PlainRecordReaderTests {
    private static let watch =
        "&lt;&lt;HKDevice: 0x2e54920b0&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, "
        + "hardware:Watch6,1, software:10.1&gt;"
    private static let phone =
        "&lt;&lt;HKDevice: 0x1c2d3e4f0&gt;, name:iPhone, manufacturer:Apple Inc., model:iPhone, "
        + "hardware:iPhone16,2, software:17.2&gt;"

    /// A deterministic generator of records in runs, with what breaks a run mixed in: other sources and devices
    /// (and a device's pointer written anew), types and units that change or do not parse, values that are not
    /// plain decimals, categories, correlation members and correlations, metadata, unknown attributes, missing
    /// attributes, exact repeats.
    struct Document {
        private var state: UInt64
        private(set) var lines = ["<HealthData locale=\"en_US\">"]
        private var minute = 0

        init(seed: UInt64) { state = seed }

        private mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }

        private static let quantities: [(type: String, unit: String)] = [
            ("HKQuantityTypeIdentifierStepCount", "count"), ("HKQuantityTypeIdentifierHeartRate", "count/min"),
            ("HKQuantityTypeIdentifierActiveEnergyBurned", "kcal"), ("HKQuantityTypeIdentifierVO2Max", "mL/min·kg"),
            ("HKQuantityTypeIdentifierBloodPressureSystolic", "mmHg"), ("HKQuantityTypeIdentifierBodyMass", "kg"),
        ]
        private static let sources: [(name: String, version: String?, device: String?)] = [
            ("Ana’s Apple Watch", "10.1", watch), ("Ana’s iPhone", "17.2", phone), ("Scale &amp; Co", nil, nil),
            ("Ana’s Apple Watch", "10.2", watch),
        ]
        private static let odd = [
            "1e2", "+5", "72.", ".5", "1&#48;", "", "abc", "nan", "9007199254740993", "-0", "0.000000000000000000001",
        ]

        /// Adds `count` top-level elements.
        mutating func add(_ count: Int) {
            var type = Self.quantities[0]
            var source = Self.sources[0]
            var runLeft = 0
            for _ in 0..<count {
                if runLeft == 0 {
                    runLeft = 1 + next(40)
                    type = Self.quantities[next(Self.quantities.count)]
                    source = Self.sources[next(Self.sources.count)]
                }
                runLeft -= 1
                minute += next(3)
                let roll = next(100)
                switch roll {
                case 0..<3: lines.append(correlation())
                case 3..<6: lines.append(category())
                case 6..<8 where lines.count > 1:
                    // An exact repeat of the last element.
                    lines.append(lines[lines.count - 1])
                default:
                    let interleaved = roll < 20 ? Self.sources[next(Self.sources.count)] : source
                    lines.append(record(type, interleaved, roll: roll))
                }
            }
        }

        private mutating func record(
            _ type: (type: String, unit: String), _ source: (name: String, version: String?, device: String?),
            roll: Int
        ) -> String {
            var attributes = ["type=\"\(roll == 20 ? "HKQuantityTypeIdentifierNotAType" : type.type)\""]
            attributes.append("sourceName=\"\(source.name)\"")
            if let version = source.version { attributes.append("sourceVersion=\"\(version)\"") }
            if var device = source.device {
                // Apple writes a new pointer on some records: the same device.
                if roll % 7 == 0 { device = device.replacingOccurrences(of: "0x2e54920b0", with: "0x7f11a0c40") }
                attributes.append("device=\"\(device)\"")
            }
            let unit = roll == 21 ? "furlong" : roll == 22 ? "count" : type.unit
            if roll != 23 { attributes.append("unit=\"\(unit)\"") }
            attributes.append("creationDate=\"\(time(minute))\"")
            attributes.append("startDate=\"\(time(minute))\"")
            if roll != 24 { attributes.append("endDate=\"\(time(minute + next(2)))\"") }
            let value = roll == 25 || roll == 26 ? Self.odd[next(Self.odd.count)] : plainValue()
            attributes.append("value=\"\(value)\"")
            if roll == 27 { attributes.append("extra=\"1\"") }
            if roll == 28 { attributes.append("HKMetadataKey Custom=\"x\"") }
            if roll == 29 { attributes.insert("value=\"3\"", at: 0) }
            let head = "  <Record " + attributes.joined(separator: " ")
            guard (30...45).contains(roll) else { return head + "/>" }
            return head + ">\n" + children(roll).joined(separator: "\n") + "\n  </Record>"
        }

        /// A record's children: metadata entries (of several kinds, repeated as the Health app repeats them), and
        /// now and then a beat list or an unknown element after them, which the one-pass reader hands on.
        private mutating func children(_ roll: Int) -> [String] {
            let entries = [
                ("HKMetadataKeyHeartRateMotionContext", "\(next(3))"), ("HKWasUserEntered", "1"),
                ("HKMetadataKeySyncIdentifier", "id-\(next(4))"), ("HKTimeZone", "Europe/Paris"),
                ("HKMetadataKeyHeartRateMotionContext", "1 count"),
            ]
            var lines: [String] = []
            // Now and then more entries than the one-pass reader's memo takes for one record.
            for _ in 0..<(roll == 36 ? 6 : 1 + next(3)) {
                let (key, value) = entries[next(entries.count)]
                lines.append("   <MetadataEntry key=\"\(key)\" value=\"\(value)\"/>")
            }
            if roll == 32 {
                lines.append(
                    "   <HeartRateVariabilityMetadataList>\n    <InstantaneousBeatsPerMinute bpm=\"61\" "
                        + "time=\"7:01:02.50 AM\"/>\n   </HeartRateVariabilityMetadataList>")
            }
            if roll == 33 { lines.append("   <Unknown a=\"1\"/>") }
            if roll == 34 { lines.insert("   <Unknown a=\"1\"/>", at: 0) }
            if roll == 35 { lines.append("   <MetadataEntry value=\"no key\"/>") }
            return lines
        }

        private mutating func plainValue() -> String {
            switch next(4) {
            case 0: "\(next(200))"
            case 1: "\(next(200)).\(next(1000))"
            case 2: "-\(next(50)).5"
            default: "0.\(next(10))\(next(10))"
            }
        }

        private mutating func category() -> String {
            let values = ["HKCategoryValueSleepAnalysisAsleepCore", "HKCategoryValueSleepAnalysisInBed", "2", "x"]
            return "  <Record type=\"HKCategoryTypeIdentifierSleepAnalysis\" sourceName=\"Ana’s Apple Watch\" "
                + "sourceVersion=\"10.1\" device=\"\(PlainRecordReaderTests.watch)\" startDate=\"\(time(minute))\" "
                + "endDate=\"\(time(minute + 1))\" value=\"\(values[next(values.count)])\"/>"
        }

        private mutating func correlation() -> String {
            let start = time(minute)
            func member(_ type: String, _ value: Int) -> String {
                "   <Record type=\"\(type)\" sourceName=\"Ana’s iPhone\" unit=\"mmHg\" startDate=\"\(start)\" "
                    + "endDate=\"\(start)\" value=\"\(value)\"/>"
            }
            let systolic = 110 + next(30)
            let diastolic = 70 + next(20)
            // The members' top-level copies, as the Health app writes them, then the correlation.
            return [
                member("HKQuantityTypeIdentifierBloodPressureSystolic", systolic),
                member("HKQuantityTypeIdentifierBloodPressureDiastolic", diastolic),
                "  <Correlation type=\"HKCorrelationTypeIdentifierBloodPressure\" sourceName=\"Ana’s iPhone\" "
                    + "startDate=\"\(start)\" endDate=\"\(start)\">",
                member("HKQuantityTypeIdentifierBloodPressureSystolic", systolic),
                member("HKQuantityTypeIdentifierBloodPressureDiastolic", diastolic),
                "  </Correlation>",
            ].joined(separator: "\n")
        }

        private func time(_ minute: Int) -> String {
            let day = 1 + minute / 1440
            return String(format: "2024-03-%02d %02d:%02d:00 +0100", day, minute / 60 % 24, minute % 60)
        }

        var data: Data { Data((lines + ["</HealthData>"]).joined(separator: "\n").utf8) }
    }

    private static func parse(
        _ data: Data, onePass: Bool, chunkSize: Int, batchSize: Int, limits: ExportLimits = ExportLimits()
    ) throws -> (batches: [ExportBatch], summary: ExportSummary) {
        var options = ExportParser.Options(chunkSize: chunkSize, batchSize: batchSize)
        options.limits = limits
        options.readsPlainRecordsInOnePass = onePass
        var batches: [ExportBatch] = []
        let chunks = stride(from: 0, to: data.count, by: chunkSize).map {
            data.subdata(in: $0..<min(data.count, $0 + chunkSize))
        }
        let summary = try ExportParser(options: options).parse(chunks: chunks) { batches.append($0) }
        return (batches, summary)
    }

    @Test(arguments: [(UInt64(1), 1 << 16, 4_096), (2, 997, 64), (3, 61, 3), (4, 1 << 20, 1)])
    func aDocumentOfRunsMapsTheSameEitherWay(seed: UInt64, chunkSize: Int, batchSize: Int) throws {
        var document = Document(seed: seed)
        document.add(3_000)
        let data = document.data
        let general = try Self.parse(data, onePass: false, chunkSize: chunkSize, batchSize: batchSize)
        let onePass = try Self.parse(data, onePass: true, chunkSize: chunkSize, batchSize: batchSize)
        #expect(onePass.summary == general.summary)
        #expect(onePass.batches.count == general.batches.count)
        for (index, (a, b)) in zip(onePass.batches, general.batches).enumerated() where a != b {
            let first = a.samples.indices.first { $0 < b.samples.count && a.samples[$0] != b.samples[$0] }
            Issue.record("batch \(index) differs (first differing sample: \(first.map(String.init) ?? "none"))")
            break
        }
        // The document is not all plain: what the general path reports, both report.
        #expect(general.summary.issueCount > 0)
        #expect(general.summary.correlationMemberCopiesSkipped > 0)
    }

    /// Tight bounds on one element (ExportFormat.md, Limits): a record over them is skipped whole, with the same
    /// issue, whichever path read it.
    @Test(arguments: [(2, 1_000), (1_000, 2), (1, 1)])
    func recordsOverTheBoundsAreSkippedTheSameEitherWay(maxMetadataEntries: Int, maxDescendants: Int) throws {
        var document = Document(seed: 6)
        document.add(2_000)
        var limits = ExportLimits()
        limits.maxMetadataEntries = maxMetadataEntries
        limits.maxDescendants = maxDescendants
        let general = try Self.parse(document.data, onePass: false, chunkSize: 4_093, batchSize: 16, limits: limits)
        let onePass = try Self.parse(document.data, onePass: true, chunkSize: 4_093, batchSize: 16, limits: limits)
        #expect(onePass.summary == general.summary)
        let same = onePass.batches == general.batches
        #expect(same)
        #expect(general.summary.issues.contains { $0.message.contains("skipped") })
    }

    /// The reader must actually take the records of a run, or the comparisons above prove nothing: every record
    /// of a run but its first (which the general path reads, working out what the run repeats), with and without
    /// metadata entries. The adversarial document above still has a third of its records read in one pass.
    @Test func theReaderTakesTheRecordsOfARun() throws {
        var lines = ["<HealthData locale=\"en_US\">"]
        for minute in 0..<500 {
            let time = String(format: "2024-03-01 %02d:%02d:00 +0100", minute / 60, minute % 60)
            let head =
                "<Record type=\"HKQuantityTypeIdentifierHeartRate\" sourceName=\"W\" sourceVersion=\"10.1\" "
                + "device=\"\(Self.watch)\" unit=\"count/min\" startDate=\"\(time)\" endDate=\"\(time)\" "
                + "value=\"\(60 + minute % 40)\""
            lines.append(
                minute % 2 == 0
                    ? head + "/>"
                    : head
                        + "><MetadataEntry key=\"HKMetadataKeyHeartRateMotionContext\" value=\"\(minute % 3)\"/></Record>"
            )
        }
        lines.append("</HealthData>")
        var scanner = XMLScanner()
        var mapper = ExportRecordMapper()
        try scanner.feed(Data(lines.joined(separator: "\n").utf8)) { mapper.consume($0) }
        try scanner.finish { mapper.consume($0) }
        mapper.finish()
        #expect(mapper.plainRecordsRead == 499)
        let samples = mapper.takeBatch().samples.compactMap(\.quantitySample)
        #expect(samples.count == 500)
        #expect(samples.filter { !$0.metadata.isEmpty }.count == 250)
    }

    /// Off, the reader takes none, and the mapper's output is the same.
    @Test func theReaderTakesAThirdOfTheAdversarialDocumentAndNoneWhenOff() throws {
        var document = Document(seed: 5)
        document.add(3_000)
        var scanner = XMLScanner()
        var mapper = ExportRecordMapper()
        var emitted = 0
        try scanner.feed(document.data) { mapper.consume($0) }
        try scanner.finish { mapper.consume($0) }
        mapper.finish()
        emitted += mapper.takeBatch().samples.count
        #expect(mapper.plainRecordsRead > mapper.summary.recordCount / 3)

        var off = ExportRecordMapper()
        off.readsPlainRecordsInOnePass = false
        var again = XMLScanner()
        try again.feed(document.data) { off.consume($0) }
        try again.finish { off.consume($0) }
        off.finish()
        #expect(off.plainRecordsRead == 0)
        #expect(off.summary == mapper.summary)
        #expect(off.takeBatch().samples.count == emitted)
    }

    /// Records read in one pass inside a run whose value, unit or type then changes mid-run: each record gets its
    /// own value and unit, and a unit that does not parse is reported once, on its own line.
    @Test func aRunThatChangesMidwayKeepsEachRecordsOwnValues() throws {
        func record(_ unit: String, _ value: String, _ minute: Int) -> String {
            "<Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"S\" unit=\"\(unit)\" "
                + "startDate=\"2024-01-05 07:\(10 + minute):00 +0100\" "
                + "endDate=\"2024-01-05 07:\(10 + minute):00 +0100\" value=\"\(value)\"/>"
        }
        let records = [
            record("count", "1", 0), record("count", "2", 1), record("count", "3", 2), record("furlong", "4", 3),
            record("count", "5", 4), record("count", "6.5", 5), record("count", "1e1", 6), record("count", "8", 7),
        ]
        let text = (["<HealthData locale=\"en_US\">"] + records + ["</HealthData>"]).joined(separator: "\n")
        var scanner = XMLScanner()
        var mapper = ExportRecordMapper()
        try scanner.feed(Data(text.utf8)) { mapper.consume($0) }
        try scanner.finish { mapper.consume($0) }
        mapper.finish()
        let samples = mapper.takeBatch().samples.compactMap(\.quantitySample)
        let values = try samples.map { try $0.quantity.doubleValue(for: .count()) }
        #expect(values == [1, 2, 3, 5, 6.5, 10, 8])
        #expect(mapper.summary.issues.map(\.line) == [5])
        #expect(mapper.summary.issueCount == 1)
        #expect(mapper.summary.recordsByType == ["HKQuantityTypeIdentifierStepCount": 8])
        #expect(mapper.plainRecordsRead >= 3)
        #expect(Set(samples.map(\.uuid)).count == 7)
    }

    @Test func aGeneratedExportMapsTheSameEitherWay() throws {
        let (url, _) = try GeneratedExportTests.generate("export.zip")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        func parse(onePass: Bool) throws -> ([ExportBatch], ExportSummary) {
            var options = ExportParser.Options(chunkSize: 1 << 16, batchSize: 512)
            options.readsPlainRecordsInOnePass = onePass
            var batches: [ExportBatch] = []
            let summary = try ExportParser(options: options).parse(fileAt: url) { batches.append($0) }
            return (batches, summary)
        }
        let (general, generalSummary) = try parse(onePass: false)
        let (onePass, onePassSummary) = try parse(onePass: true)
        #expect(onePassSummary == generalSummary)
        let same = onePass == general
        #expect(same)
        #expect(general.reduce(0) { $0 + $1.samples.count } > 5_000)
    }
}
