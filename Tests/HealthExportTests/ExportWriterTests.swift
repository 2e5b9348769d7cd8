import Foundation
import HealthCore
import HealthExport
import HealthQuery
import HealthStorage
import HealthTesting
import Testing

/// The exporter writes what Apple writes, and the importer reads it back to the same store.
@Suite("Export writer")
struct ExportWriterTests {
    /// A store holding the modern fixture (correlation, workouts with events, statistics, activity and a GPX
    /// route, activity summaries of both forms, Me).
    static func modernStore(in directory: URL) async throws -> HealthStore {
        let store = ImportSupport.store(InMemoryStorage())
        _ = try await ImportSupport.importFile(try ImportFixtureTests.modernArchive(in: directory), into: store)
        return store
    }

    static func writer(_ store: HealthStore) -> ExportWriter {
        ExportWriter(
            store: store, clock: TickingClock(start: Fixtures.date(2024, 1, 6)), calendar: ImportSupport.calendar)
    }

    @Test func archiveLayoutHeaderAndElements() async throws {
        let directory = try ImportSupport.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try await Self.modernStore(in: directory)
        let url = directory.appendingPathComponent("out.zip")
        let report = try await Self.writer(store).write(to: url)
        #expect(report.recordCount == 5)
        #expect(report.correlations == 1)
        #expect(report.workouts == 2)
        #expect(report.routeFiles == 1)
        #expect(report.activitySummaries == 2)

        let files = try ZipFixture.read(url)
        #expect(
            Set(files.keys) == [
                "apple_health_export/export.xml", "apple_health_export/workout-routes/route_2024-01-05_6.35am.gpx",
                "apple_health_export/electrocardiograms/ecg_2024-01-05.csv",
            ])
        #expect(report.electrocardiogramFiles == 1 && report.payloadsLeftOut == 1)
        let xml = String(decoding: try #require(files["apple_health_export/export.xml"]), as: UTF8.self)
        #expect(report.xmlBytes == xml.utf8.count)
        #expect(
            xml.hasPrefix(
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE HealthData [\n<!-- HealthKit Export Version: 14 -->\n"
            ))
        #expect(xml.contains("]>\n<HealthData locale=\""))
        #expect(xml.contains(" <ExportDate value=\"2024-01-06 09:00:00 +0900\"/>\n"))
        #expect(xml.contains("HKCharacteristicTypeIdentifierBloodType=\"HKBloodTypeABPositive\""))
        #expect(xml.contains("<Correlation type=\"HKCorrelationTypeIdentifierBloodPressure\" sourceName=\"Health\""))
        #expect(xml.contains("  <Record type=\"HKQuantityTypeIdentifierBloodPressureSystolic\""))
        #expect(
            xml.contains(
                "<Workout workoutActivityType=\"HKWorkoutActivityTypeRunning\" duration=\"34.05\" durationUnit=\"min\"")
        )
        #expect(
            xml.contains(
                "  <WorkoutEvent type=\"HKWorkoutEventTypeSegment\" date=\"2024-01-05 06:35:32 +0900\" duration=\"5\" durationUnit=\"min\"/>"
            ))
        #expect(xml.contains("  <WorkoutActivity uuid=\"C839BD9D-6030-41E4-9178-9795F79A9A5F\""))
        #expect(xml.contains("<WorkoutStatistics type=\"HKQuantityTypeIdentifierHeartRate\""))
        #expect(xml.contains("   <FileReference path=\"/workout-routes/route_2024-01-05_6.35am.gpx\"/>"))
        #expect(
            xml.contains(
                "&lt;&lt;HKDevice: 0x0&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch7,3, software:10.2&gt;"
            ))
        #expect(xml.contains("<InstantaneousBeatsPerMinute bpm=\"58\" time=\"3:36:20.60 AM\"/>"))
        #expect(xml.contains(" <ActivitySummary dateComponents=\"2024-01-04\""))
        #expect(xml.hasSuffix("</HealthData>\n"))

        let gpx = try #require(files["apple_health_export/workout-routes/route_2024-01-05_6.35am.gpx"])
        #expect(String(decoding: gpx, as: UTF8.self).contains("creator=\"Apple Health Export\""))
        let points = try GPXReader.locations(in: gpx)
        #expect(points.locations.count == 3)
        #expect(points.skipped == 0)
    }

    @Test(arguments: ["again.zip", "again.xml"])
    func fixtureStoreRoundTrips(_ name: String) async throws {
        let directory = try ImportSupport.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try await Self.modernStore(in: directory)
        let url = directory.appendingPathComponent(name)
        _ = try await Self.writer(store).write(to: url)
        let copy = ImportSupport.store(InMemoryStorage())
        let report = try await ImportSupport.importFile(url, into: copy)
        #expect(report.issues.isEmpty, "\(report.issues)")
        var before = try await ImportSupport.dump(store)
        let after = try await ImportSupport.dump(copy)
        // A bare export.xml has no side files: its electrocardiogram stays behind (the heartbeat series comes back
        // from the HRV record's beat list either way).
        if name.hasSuffix(".xml") {
            before.samples.removeAll { $0.sampleType == .electrocardiogram }
            before.sources.removeAll { $0.hasSuffix("=ECG") }
        }
        if let difference = after.firstDifference(from: before) { Issue.record("\(difference)") }
        #expect(after.samples.count == (name.hasSuffix(".xml") ? 12 : 13))
    }

    @Test func onlyAPrivilegedIdentityExports() async throws {
        let directory = try ImportSupport.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try await Self.modernStore(in: directory)
        let app = store.store(for: AppIdentity(bundleIdentifier: "com.example.reader", name: "Reader"))
        await #expect(throws: HealthError.self) {
            _ = try await Self.writer(app).write(to: directory.appendingPathComponent("x.zip"))
        }
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("x.zip").path))
    }
}
