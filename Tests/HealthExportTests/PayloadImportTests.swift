import Foundation
import HealthCore
import HealthStorage
import HealthTesting
import Testing

@testable import HealthExport
@testable import HealthQuery

/// Issue 16 part 2: the export's electrocardiograms (`electrocardiograms/*.csv`), HRV beat lists and clinical
/// records (`ClinicalRecord` + `clinical-records/*.json`) become electrocardiogram, heartbeat-series and
/// clinical-record samples — read field by field, confined, idempotent, and written back.
@Suite("Import of electrocardiograms, heartbeat series and clinical records")
struct PayloadImportTests {
    static let tokyo = ImportSupport.calendar

    static let observation = """
        {"resourceType": "Observation", "id": "x1", "status": "final",
         "code": {"coding": [{"system": "http://loinc.org", "code": "4548-4", "display": "Hemoglobin A1c"}]},
         "valueQuantity": {"value": 5.4, "unit": "%"}}
        """

    /// v11 (one clinical record, `/clinical-records/x1.json`) zipped with the files given.
    static func clinicalArchive(in directory: URL, _ files: [(path: String, data: Data)]) throws -> URL {
        let zip = directory.appendingPathComponent("clinical.zip")
        try ZipFixture.write(
            zip,
            entries: [("apple_health_export/export.xml", try Data(contentsOf: Fixture.url("v11")))]
                + files.map { ("apple_health_export/" + $0.path, $0.data) })
        return zip
    }

    @Test func hrvBeatListsBecomeHeartbeatSeries() async throws {
        let directory = try ImportSupport.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = ImportSupport.store(InMemoryStorage())
        _ = try await ImportSupport.importFile(try ImportFixtureTests.modernArchive(in: directory), into: store)
        let hrv = try #require(try await store.samples(of: .quantity(.heartRateVariabilitySDNN)).first?.quantitySample)
        let series = try #require(try await store.samples(of: .heartbeatSeries).first?.payloadSample)
        // `3:36:20.60 AM` and `3:36:21.64 AM` in the record's +0900, the record starting at 03:36:20.
        let beats = try #require(series.heartbeats)
        #expect(beats.count == 2)
        #expect(abs(beats[0].timeSinceSeriesStart - 0.60) < 1e-6)
        #expect(abs(beats[1].timeSinceSeriesStart - 1.64) < 1e-6)
        #expect(series.startDate == hrv.startDate && series.endDate == hrv.endDate)
        #expect(series.sourceRevision == hrv.sourceRevision && series.device == hrv.device)
        #expect(ExportIdentity.isExportUUID(series.uuid) && series.uuid != hrv.uuid)
    }

    @Test(
        "times of day as locales write them",
        arguments: [
            ("7:39:45.58 PM", 70_785.58), ("3:10:02,11 AM", 11_402.11), ("19:39:45.58", 70_785.58),
            ("午後7:39:45.58", 70_785.58), ("12:00:01.00 AM", 1), ("12:30:00 PM", 45_000), ("7:39:45.58 p.m.", 70_785.58),
        ])
    func secondsOfDay(text: String, seconds: Double) throws {
        let parsed = try #require(ExportRecordMapper.secondsOfDay(text))
        #expect(abs(parsed - seconds) < 1e-6)
    }

    /// ASCII times are read as bytes; the scalar-by-scalar reading must give the same answer for every one.
    @Test func asciiTimesReadTheSameAsByScalars() {
        let prefixes = ["", "a", "P", "p.", " ", "M"]
        let times = [
            "7:39:45", "12:00:01.5", "19:39:45,25", "0:00:00", "25:00:00", "7:3:45", "1234567890:00:00", "7:39:45.",
            "12:59:60.999999999999", "00:00:00",
        ]
        let suffixes = ["", " PM", " am", " p.m.", " A.M.", "pm extra", " xm", "PMAM", "P", ".m", " p m", "\r\npm"]
        var compared = 0
        for prefix in prefixes {
            for time in times {
                for suffix in suffixes {
                    let text = prefix + time + suffix
                    #expect(
                        ExportRecordMapper.secondsOfDay(text) == ExportRecordMapper.unicodeSecondsOfDay(text), "\(text)"
                    )
                    compared += 1
                }
            }
        }
        #expect(compared == 720)
        #expect(ExportRecordMapper.secondsOfDay("a12:00:00 p.m.") == 43_200)
    }

    @Test func timesThatAreNotTimesAreRefused() {
        for text in ["", "noon", "7:3:45 PM", "25:00:00", "13:00:00 PM", "7:39", "7:39:45.", "0:00:00 AM"] {
            #expect(ExportRecordMapper.secondsOfDay(text) == nil, "\(text)")
        }
    }

    @Test func beatsAfterMidnightLandOnTheNextDay() throws {
        let start = try Fixture.date("2024-01-05 23:59:59 +0900")
        let before = ExportRecordMapper.instant(secondsOfDay: 86_399.5, near: start, offset: 9 * 3_600)
        let after = ExportRecordMapper.instant(secondsOfDay: 0.4, near: start, offset: 9 * 3_600)
        #expect(before.timeIntervalSince(start) == 0.5)
        #expect(abs(after.timeIntervalSince(start) - 1.4) < 1e-6)
    }

    @Test func anUnreadableBeatListKeepsTheRecord() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_US">
             <Record type="HKQuantityTypeIdentifierHeartRateVariabilitySDNN" sourceName="Watch" unit="ms" startDate="2024-01-05 03:36:20 +0900" endDate="2024-01-05 03:37:20 +0900" value="26">
              <HeartRateVariabilityMetadataList>
               <InstantaneousBeatsPerMinute bpm="58" time="soon"/>
              </HeartRateVariabilityMetadataList>
             </Record>
            </HealthData>
            """
        let (batch, summary) = try ExportParser().parse(data: Data(xml.utf8))
        #expect(batch.samples.count == 1 && batch.samples[0].quantitySample != nil)
        let issue = try #require(summary.issues.first)
        #expect(issue.message.contains("HeartRateVariabilityMetadataList") && issue.line == 3)
    }

    @Test func electrocardiogramsAreReadFieldByField() async throws {
        let directory = try ImportSupport.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = ImportSupport.store(InMemoryStorage())
        _ = try await ImportSupport.importFile(try ImportFixtureTests.modernArchive(in: directory), into: store)
        let ecg = try #require(try await store.samples(of: .electrocardiogram).first?.payloadSample)
        let recording = try #require(ecg.electrocardiogram)
        #expect(recording.microvolts == [-12.5, -11.9])
        #expect(recording.samplingFrequency == 512)
        #expect(recording.classification == .sinusRhythm)
        #expect(recording.symptomsStatus == .notSet)
        #expect(ecg.startDate == Fixtures.date(2024, 1, 5, 8, 0, 0, in: Self.tokyo))
        #expect(ecg.endDate == ecg.startDate.addingTimeInterval(2.0 / 512))
        #expect(ecg.sourceRevision?.source.name == "ECG")
        // The person's name and date of birth are read past, never kept.
        let text = ImportSupport.canonical(.payload(ecg))
        #expect(!text.contains("Ana") && !text.contains("1988"))
    }

    @Test func electrocardiogramHeadersAndUnits() throws {
        let csv = """
            Name,Ana
            Recorded Date,2024-02-01 07:00:00 +0100
            Classification,Atrial Fibrillation
            Symptoms,"Rapid, pounding heartbeat"
            Software Version,1.90
            Device,"Apple Watch Series 9, Watch7,3"
            Sample Rate,512.0 Hz
            Lead,Lead I
            Unit,mV

            0.0125
            -0.5,
            """
        let parsed = try ElectrocardiogramCSV.parse(Data(csv.utf8), file: "electrocardiograms/ecg_2024-02-01.csv")
        #expect(parsed.recording.microvolts == [12.5, -500])
        #expect(parsed.recording.classification == .atrialFibrillation)
        #expect(parsed.recording.symptomsStatus == .present)
        #expect(parsed.softwareVersion == "1.90" && parsed.device == "Apple Watch Series 9, Watch7,3")
        #expect(parsed.recorded == (try Fixture.date("2024-02-01 07:00:00 +0100")))
        // Localized labels: the date and the rate are found by their values.
        let localized = "Name,Ana\nAufnahmedatum,2024-02-01 07:00:00 +0100\nAbtastrate,512 Hz\n\n1\n2\n"
        let german = try ElectrocardiogramCSV.parse(Data(localized.utf8), file: "ecg.csv")
        #expect(german.recording.microvolts == [1, 2] && german.recording.samplingFrequency == 512)
        #expect(german.recording.classification == .notSet)
    }

    @Test(
        "broken electrocardiogram files are located errors",
        arguments: [
            ("Recorded Date,2024-02-01 07:00:00 +0100\nSample Rate,512 hertz\n", "no voltages", 0),
            ("Sample Rate,512 hertz\n\n1\n", "no recorded date", 0),
            ("Recorded Date,2024-02-01 07:00:00 +0100\n\n1\n", "no sample rate", 0),
            ("Recorded Date,2024-02-01 07:00:00 +0100\nSample Rate,512 hertz\nUnit,V\n\n1\n", "unit", 0),
            ("Recorded Date,2024-02-01 07:00:00 +0100\nSample Rate,512 hertz\n\n1\nx\n2\n", "not a number", 5),
        ])
    func brokenElectrocardiograms(csv: String, message: String, line: Int) {
        #expect {
            try ElectrocardiogramCSV.parse(Data(csv.utf8), file: "electrocardiograms/bad.csv")
        } throws: { error in
            guard let error = error as? ExportError else { return false }
            return error.message.contains(message) && error.line == line && error.file == "electrocardiograms/bad.csv"
        }
    }

    @Test func aBrokenElectrocardiogramSkipsOnlyItself() async throws {
        let directory = try ImportSupport.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let zip = directory.appendingPathComponent("ecgs.zip")
        let good = "Recorded Date,2024-02-01 07:00:00 +0100\nSample Rate,512 hertz\n\n1\n2\n3\n"
        try ZipFixture.write(
            zip,
            entries: [
                ("apple_health_export/export.xml", try Data(contentsOf: Fixture.url("v11"))),
                ("apple_health_export/electrocardiograms/ecg_2024-02-01.csv", Data(good.utf8)),
                ("apple_health_export/electrocardiograms/ecg_2024-02-01_1.csv", Data("Name,Ana\n\nnope\n".utf8)),
            ])
        let store = ImportSupport.store(InMemoryStorage())
        let report = try await ImportSupport.importFile(zip, into: store)
        #expect(try await store.samples(of: .electrocardiogram).count == 1)
        let issue = try #require(report.issues.first { $0.file == "electrocardiograms/ecg_2024-02-01_1.csv" })
        #expect(issue.message.hasPrefix("electrocardiogram:"))
        #expect(!issue.message.contains("Ana"))
        let again = try await ImportSupport.importFile(zip, into: store)
        #expect(again.inserted == 0)
    }

    @Test func clinicalRecordsCarryTheirFHIRResource() async throws {
        let directory = try ImportSupport.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let zip = try Self.clinicalArchive(in: directory, [("clinical-records/x1.json", Data(Self.observation.utf8))])
        let store = ImportSupport.store(InMemoryStorage())
        let report = try await ImportSupport.importFile(zip, into: store)
        #expect(report.skippedCount == 0, "\(report.skipped)")
        let record = try #require(try await store.samples(of: .clinical(.labResultRecord)).first?.payloadSample)
        let content = try #require(record.clinicalRecord)
        #expect(content.displayName == "Hemoglobin A1c")
        #expect(content.fhirResource?.resourceType == "Observation")
        #expect(content.fhirResource?.identifier == "x1")
        #expect(content.fhirResource?.data == Data(Self.observation.utf8))
        #expect(record.startDate == (try Fixture.date("2021-10-01 10:00:00 +0100")))
        let byType = try await store.samples(
            of: .clinical(.labResultRecord), predicate: .payload(.fhirResourceType("Observation")))
        #expect(byType.map(\.uuid) == [record.uuid])
        #expect(try await ImportSupport.importFile(zip, into: store).inserted == 0)
    }

    @Test(
        "a clinical record whose file is unsafe or not FHIR is dropped, located",
        arguments: [
            ("clinical-records/x1.json", "{\"id\": \"x1\"}", "no resourceType"),
            ("clinical-records/x1.json", "[1, 2]", "not a JSON object"),
            ("clinical-records/other.json", Self.observation, "not in the archive"),
        ])
    func unreadableClinicalRecords(path: String, json: String, message: String) async throws {
        let directory = try ImportSupport.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let zip = try Self.clinicalArchive(in: directory, [(path, Data(json.utf8))])
        let store = ImportSupport.store(InMemoryStorage())
        let report = try await ImportSupport.importFile(zip, into: store)
        #expect(try await store.samples(of: .clinical(.labResultRecord)).isEmpty)
        let issue = try #require(report.issues.first { $0.message.hasPrefix("ClinicalRecord") })
        #expect(issue.message.contains(message), "\(issue.message)")
        #expect(issue.line == 18)
        #expect(
            report.skipped[
                ExportSummary.Skip(element: "ClinicalRecord", reason: "its FHIR resource file did not read")] == 1)
    }

    @Test func aResourcePathLeavingTheExportIsRefused() async throws {
        let directory = try ImportSupport.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = try String(contentsOf: Fixture.url("v11"), encoding: .utf8)
            .replacingOccurrences(of: "/clinical-records/x1.json", with: "/../../etc/passwd")
        let xml = directory.appendingPathComponent("export.xml")
        try ImportSupport.write(text, to: xml)
        let store = ImportSupport.store(InMemoryStorage())
        let report = try await ImportSupport.importFile(xml, into: store)
        let issue = try #require(report.issues.first { $0.message.hasPrefix("ClinicalRecord") })
        #expect(issue.message.contains("leaves the export folder"))
        #expect(try await store.samples(of: .clinical(.labResultRecord)).isEmpty)
    }

    @Test func writtenBackAndReadAgainTheSame() async throws {
        let directory = try ImportSupport.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = ImportSupport.store(InMemoryStorage())
        _ = try await ImportSupport.importFile(try ImportFixtureTests.modernArchive(in: directory), into: store)
        let clinical = try Self.clinicalArchive(
            in: directory, [("clinical-records/x1.json", Data(Self.observation.utf8))])
        _ = try await ImportSupport.importFile(clinical, into: store)
        let exported = directory.appendingPathComponent("again.zip")
        let written = try await ExportWriter(store: store, clock: TickingClock(), calendar: Self.tokyo).write(
            to: exported)
        #expect(written.electrocardiogramFiles == 1 && written.clinicalRecords == 1)
        #expect(written.payloadsLeftOut == 1)  // the heartbeat series: the HRV record's beat list carries it
        let files = try ZipFixture.read(exported)
        #expect(files.keys.contains("apple_health_export/electrocardiograms/ecg_2024-01-05.csv"))
        #expect(files["apple_health_export/clinical-records/Observation-x1.json"] == Data(Self.observation.utf8))

        let copy = ImportSupport.store(InMemoryStorage())
        _ = try await ImportSupport.importFile(exported, into: copy)
        func payloads(_ store: HealthStore) async throws -> [PayloadSample] {
            var all: [PayloadSample] = []
            for type in [SampleType.heartbeatSeries, .electrocardiogram, .clinical(.labResultRecord)] {
                all += try await store.samples(of: type).compactMap(\.payloadSample)
            }
            return all
        }
        let before = try await payloads(store)
        let after = try await payloads(copy)
        #expect(before.count == 3)
        #expect(after == before)
    }
}
