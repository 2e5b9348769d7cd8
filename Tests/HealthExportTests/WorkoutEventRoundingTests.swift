import Foundation
import HealthCore
import HealthStorage
import HealthTesting
import Testing

@testable import HealthExport
@testable import HealthQuery

/// The export writes event dates in whole seconds and durations with fractions, so laps of 114.29 s written at
/// whole seconds reach past the next lap by a fraction of a second (the generator's `--routes all` runs do this,
/// as watch exports do). That is rounding, not an overlap: the workout imports, each such lap ending where the
/// next begins. A lap that overlaps by a second or more is still refused.
@Suite("Import: workout events rounded to whole seconds")
struct WorkoutEventRoundingTests {
    static func export(secondLapStart: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <HealthData locale="en_US">
         <ExportDate value="2025-06-08 10:00:00 +0000"/>
         <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="3.8" durationUnit="min" \
        sourceName="Watch" sourceVersion="11.5" creationDate="2025-06-07 08:30:00 +0000" \
        startDate="2025-06-07 08:19:23 +0000" endDate="2025-06-07 08:23:11 +0000">
          <WorkoutEvent type="HKWorkoutEventTypeLap" date="2025-06-07 08:19:23 +0000" duration="1.904895351393417" durationUnit="min"/>
          <WorkoutEvent type="HKWorkoutEventTypeLap" date="\(secondLapStart)" duration="1.904895351393417" durationUnit="min"/>
         </Workout>
        </HealthData>
        """
    }

    @Test("laps reaching a fraction of a second past the next one import, trimmed to it and to the workout's end")
    func fractionalOverlapImports() async throws {
        let root = try ImportSupport.directory()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("export.xml")
        try ImportSupport.write(Self.export(secondLapStart: "2025-06-07 08:21:17 +0000"), to: file)
        let store = ImportSupport.store(InMemoryStorage())
        let report = try await ImportSupport.importFile(file, into: store)
        #expect(report.workouts == 1)
        #expect(report.issueCount == 0, "\(report.issues.map(\.message))")
        let workout = try #require(try await store.samples(of: .workout).first?.workout)
        let laps = workout.events.filter { $0.type == .lap }.sorted { $0.startDate < $1.startDate }
        #expect(laps.count == 2)
        #expect(laps[0].endDate == laps[1].startDate, "the first lap ends where the second begins")
        #expect(laps[1].endDate == workout.endDate, "the last lap ends with the workout")
    }

    @Test("a lap overlapping the next by a second or more is still refused")
    func realOverlapIsRefused() async throws {
        let root = try ImportSupport.directory()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("export.xml")
        try ImportSupport.write(Self.export(secondLapStart: "2025-06-07 08:21:10 +0000"), to: file)
        let store = ImportSupport.store(InMemoryStorage())
        let report = try await ImportSupport.importFile(file, into: store)
        #expect(report.workouts == 0)
        #expect(report.issueCount == 1)
    }
}
