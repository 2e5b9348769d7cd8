import Foundation
import HealthCore
import HealthStorage
import HealthTesting
import Testing

@testable import HealthExport
@testable import HealthQuery

/// A bare `export.xml` may name side files only below its own folder: a `FileReference` that climbs out, a link
/// that points out, a device or a FIFO is refused with a located error, and the rest imports.
@Suite("Import: side files stay inside the export")
struct SideFileConfinementTests {
    /// A run with its route, 06:00–07:00 in Tokyo on 2024-01-05 (the test GPX's points fall inside); one source
    /// per workout so that none is a duplicate of another.
    static func workout(_ number: Int, path: String) -> String {
        let (start, end) = ("2024-01-05 06:00:00 +0900", "2024-01-05 07:00:00 +0900")
        return """
             <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="60" durationUnit="min" \
            sourceName="Watch \(number)" sourceVersion="10.2" creationDate="\(end)" startDate="\(start)" endDate="\(end)">
              <WorkoutRoute sourceName="Watch \(number)" sourceVersion="10.2" creationDate="\(end)" \
            startDate="\(start)" endDate="\(end)">
               <FileReference path="\(path)"/>
              </WorkoutRoute>
             </Workout>
            """
    }

    @Test func referencesThatLeaveTheExportReadNothing() async throws {
        let root = try ImportSupport.directory()
        defer { try? FileManager.default.removeItem(at: root) }
        // A secret outside the export folder, a valid GPX that must never become a route.
        try ImportSupport.write(ImportFixtureTests.gpx, to: root.appendingPathComponent("secret.gpx"))
        let folder = root.appendingPathComponent("export")
        let routes = folder.appendingPathComponent("workout-routes")
        try FileManager.default.createDirectory(at: routes, withIntermediateDirectories: true)
        try ImportSupport.write(ImportFixtureTests.gpx, to: routes.appendingPathComponent("inside.gpx"))
        try FileManager.default.createSymbolicLink(
            atPath: routes.appendingPathComponent("link.gpx").path, withDestinationPath: "../../secret.gpx")
        let references = [
            "/workout-routes/inside.gpx",  // the control: read
            "/workout-routes/../../secret.gpx",  // climbs out
            "/workout-routes/link.gpx",  // a link out
            root.appendingPathComponent("secret.gpx").path,  // absolute: read as relative, so not found
            "/workout-routes/./inside.gpx",  // `.` is refused too
            "/dev/zero",  // a device, by a relative path that does not exist here
        ]
        let body = references.enumerated().map { Self.workout($0.offset, path: $0.element) }.joined(separator: "\n")
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_US">
             <ExportDate value="2024-01-06 10:00:00 +0900"/>
            \(body)
            </HealthData>
            """
        let export = folder.appendingPathComponent("export.xml")
        try ImportSupport.write(xml, to: export)

        let store = ImportSupport.store(InMemoryStorage())
        let report = try await ImportSupport.importFile(export, into: store)
        let imported = try await store.samples(of: .workoutRoute).compactMap(\.workoutRoute)
        #expect(imported.count == references.count, "every route imports, with or without its locations")
        let withLocations = imported.filter { !$0.locations.isEmpty }
        #expect(withLocations.count == 1, "only the file inside the export is read")
        #expect(withLocations.first?.locations.count == 3)
        let messages = report.issues.map(\.message)
        #expect(messages.filter { $0.contains("leaves the export folder") }.count == 2, "\(messages)")
        #expect(messages.contains { $0.contains("link out of the export folder") }, "\(messages)")
        #expect(report.issues.allSatisfy { $0.line > 0 }, "each refusal is located at its element")
        #expect(!messages.contains { $0.contains(root.path) }, "no error echoes the planted path in full")
    }

    @Test func confinedPathsAreBelowTheFolder() throws {
        // Accepted: the Health app's own form, with or without the leading slash.
        #expect(
            try ExportSideFiles.confined("/workout-routes/route_2024-01-05_6.35am.gpx")
                == "workout-routes/route_2024-01-05_6.35am.gpx")
        for path in [
            "/../x.gpx", "workout-routes/../../x", "a//b", "/", "", "a/./b", "a\\..\\b", "a\u{0}b",
            String(repeating: "a/", count: 600),
        ] {
            #expect(throws: ExportError.self, "\(path.prefix(20))") { try ExportSideFiles.confined(path) }
        }
    }
}
