import Foundation
import Testing

/// The command line on a PostgreSQL store (`--store postgres://…?person=NAME`): a generated export imports to its
/// ground truth, a killed import leaves the person as before, an unreachable server is a store error (74). Needs
/// the cluster of `scripts/postgres start`; CI sets OHK_REQUIRE_POSTGRES=1, so there they run (and fail without it).
@Suite(
    .enabled(
        if: ProcessInfo.processInfo.environment["OHK_TEST_POSTGRES_URL"] != nil
            || ProcessInfo.processInfo.environment["OHK_REQUIRE_POSTGRES"] == "1",
        "no PostgreSQL: run `eval \"$(scripts/postgres start)\"` first"))
struct PostgresCLITests {
    static func store(_ person: String) throws -> String {
        let base = try #require(
            ProcessInfo.processInfo.environment["OHK_TEST_POSTGRES_URL"], "OHK_TEST_POSTGRES_URL is not set")
        return base + "?person=\(person)-\(UUID().uuidString.lowercased())&sslmode=disable"
    }

    @Test func aGeneratedExportImportsToTheTruth() throws {
        let (export, truth) = try ExportFiles.generate("export.zip")
        let store = try Self.store("cli")
        let tz = truth.generator.hk_time_zone
        let imported = try ImportTests.run(["import", export, "--format", "csv"], store: store, tz: tz)
        #expect(imported.status == 0, "\(imported.stderr)")
        let inserted = try #require(ImportTests.sections(imported.stdout)["samples"]?["inserted"].flatMap { Int($0) })
        #expect(inserted > 0)
        let stats = try ImportTests.run(["stats", "steps", "--by", "day", "--format", "csv"], store: store, tz: tz)
        #expect(stats.status == 0, "\(stats.stderr)")
        let daily = CSVRows(stats.stdout).lastValueByFirstColumn
        #expect(Set(daily.keys) == Set(truth.steps.per_day.filter { $0.value.dedup > 0 }.keys))
        for (day, expected) in truth.steps.per_day {
            #expect(abs((daily[day] ?? 0) - expected.dedup) < 0.01, "\(day): merged steps as the truth has them")
        }
        let again = try ImportTests.run(["import", export, "--format", "csv"], store: store, tz: tz)
        #expect(ImportTests.sections(again.stdout)["samples"]?["inserted"] == "0")
        #expect(ImportTests.sections(again.stdout)["samples"]?["already present"] == String(inserted))
    }

    // A guard against a hang, not a speed bound: under the thread sanitizer, with the suite's other PostgreSQL tests
    // beside it, its two imports took over three minutes (2026-12-02).
    @Test(.timeLimit(.minutes(8)))
    func aKilledImportLeavesThePersonAsBefore() throws {
        let store = try Self.store("kill")
        let person = try #require(URLComponents(string: store)?.queryItems?.first { $0.name == "person" }?.value)
        // Before: two days of steps far from the generated export's dates.
        let folder = try ExportFiles.folder()
        let small = folder.appendingPathComponent("before.xml").path
        try Data(
            ExportFiles.document(
                [
                    ExportFiles.steps(ExportFiles.phone, "2001-03-01 08:00:00 +0900", "2001-03-01 09:00:00 +0900", 111),
                    ExportFiles.steps(ExportFiles.watch, "2001-03-02 08:00:00 +0900", "2001-03-02 09:00:00 +0900", 222),
                ].joined(separator: "\n")
            ).utf8
        ).write(to: URL(fileURLWithPath: small))
        #expect(try ImportTests.run(["import", small], store: store).status == 0)
        let before = try ImportTests.run(["stats", "steps", "--format", "csv"], store: store).stdout
        #expect(before == "day,unit,sum\n2001-03-01,count,111\n2001-03-02,count,222\n")

        // Kill an import of the generated export in the middle of its transaction: a session of the test holds the
        // person's type-span rows, so the import blocks on them right after writing its first rows.
        let (export, truth) = try ExportFiles.generate("export.zip", seed: 5)
        let holder = try Self.holdTypeSpans(of: person)
        defer { holder.release() }
        let binary = try #require(OHKProcess.binary())
        let process = Process()
        process.executableURL = binary
        process.arguments = ["import", export, "--store", store]
        process.environment = ProcessInfo.processInfo.environment.merging(["TZ": "Asia/Tokyo"]) { _, new in new }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        var blocked = false
        for _ in 0..<3_000 where !blocked {
            blocked = try Self.importIsBlockedAfterWriting()
            if !blocked { usleep(10_000) }
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        holder.release()
        #expect(blocked, "the import's transaction had written rows when it was killed")
        #expect(process.terminationReason == .uncaughtSignal, "the import was killed, not finished")
        #expect(try ImportTests.run(["stats", "steps", "--format", "csv"], store: store).stdout == before)

        // A re-run completes; a third run finds everything present: no duplicates.
        let tz = truth.generator.hk_time_zone
        let rerun = try ImportTests.run(["import", export, "--format", "csv"], store: store, tz: tz)
        #expect(rerun.status == 0, "\(rerun.stderr)")
        let inserted = ImportTests.sections(rerun.stdout)["samples"]?["inserted"]
        let third = try ImportTests.run(["import", export, "--format", "csv"], store: store, tz: tz)
        #expect(ImportTests.sections(third.stdout)["samples"]?["inserted"] == "0")
        #expect(ImportTests.sections(third.stdout)["samples"]?["already present"] == inserted)
        let daily = CSVRows(
            try ImportTests.run(["stats", "steps", "--by", "day", "--format", "csv"], store: store, tz: tz).stdout
        ).lastValueByFirstColumn
        for (day, expected) in truth.steps.per_day {
            #expect(abs((daily[day] ?? 0) - expected.dedup) < 0.01, "\(day)")
        }
        #expect(daily["2001-03-01"] == 111 && daily["2001-03-02"] == 222, "the earlier data is intact")
        _ = person
    }

    @Test func anUnreachableServerIsAStoreError() throws {
        let result = try OHKProcess.run(
            ["stats", "steps", "--store", "postgres://ohk@127.0.0.1:1/ohk?person=ana&sslmode=disable"])
        #expect(result.status == 74)
        #expect(result.stderr.contains("cannot reach PostgreSQL at 127.0.0.1:1"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "one line, no stack dump: \(result.stderr)")
        let bad = try OHKProcess.run(["stats", "steps", "--store", "postgres://ohk@127.0.0.1/ohk?person=a&pool=0"])
        #expect(bad.status == 64, "a malformed location is a usage error: \(bad.stderr)")
    }

    /// A psql session inside a transaction; ``release()`` ends its input, so psql exits and the server rolls
    /// the transaction back, freeing its locks.
    final class Session {
        let process: Process
        let input: Pipe
        init(process: Process, input: Pipe) {
            self.process = process
            self.input = input
        }
        func release() {
            guard process.isRunning else { return }
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
    }

    /// A psql session that locks the person's rows of `type_spans` until it is released.
    static func holdTypeSpans(of person: String) throws -> Session {
        let admin = try #require(ProcessInfo.processInfo.environment["OHK_TEST_POSTGRES_ADMIN_URL"])
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/psql")
        process.arguments = [admin, "-q", "-v", "ON_ERROR_STOP=1"]
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(
            Data(
                "BEGIN; SELECT 1 FROM type_spans WHERE person_id = ohk_person('\(person)', false) FOR UPDATE;\n".utf8))
        // Give the lock a moment to be taken before the import starts.
        for _ in 0..<200 {
            let held = try OHKProcess.capture(
                URL(fileURLWithPath: "/usr/bin/psql"),
                [
                    admin, "-tA", "-c",
                    "SELECT count(*) FROM pg_locks l JOIN pg_class c ON c.oid = l.relation "
                        + "WHERE c.relname = 'type_spans' AND l.mode = 'RowShareLock' AND l.granted",
                ])
            if (Int(held.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) > 0 { break }
            usleep(20_000)
        }
        return Session(process: process, input: input)
    }

    /// Whether an `openhealthkit` connection waits for a lock inside a transaction that has written rows.
    static func importIsBlockedAfterWriting() throws -> Bool {
        let admin = try #require(ProcessInfo.processInfo.environment["OHK_TEST_POSTGRES_ADMIN_URL"])
        let result = try OHKProcess.capture(
            URL(fileURLWithPath: "/usr/bin/psql"),
            [
                admin, "-tA", "-c",
                "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'openhealthkit' "
                    + "AND backend_xid IS NOT NULL AND wait_event_type = 'Lock'",
            ])
        return (Int(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) > 0
    }
}
