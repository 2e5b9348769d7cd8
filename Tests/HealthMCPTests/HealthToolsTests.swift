import Foundation
import HealthCore
import HealthQuery
import HealthStorage
import HealthTesting
import MCP
import Testing

@testable import HealthMCP

/// The agent tools in process, on an in-memory store: definitions, merged answers, grants, errors, the size bound.
/// (The Python `mcp` client drives them over stdio and HTTP in IntegrationTests/server/test_mcp.py.)
@Suite struct HealthToolsTests {
    static let calendar = Fixtures.calendar("Asia/Tokyo")
    static let day = Fixtures.date(2025, 6, 1, in: calendar)
    let build = SampleBuilder()

    /// A store with one morning of steps from a watch and an overlapping phone, as the person.
    func owner() async throws -> HealthStore {
        let clock = ClosureClock { Self.day.addingTimeInterval(20 * 3_600) }
        let store = HealthStore(
            storage: InMemoryStorage(), app: .owner(bundleIdentifier: "org.example.owner", name: "Owner"),
            clock: clock, calendar: Self.calendar, uuids: { UUID() })
        let nine = Self.day.addingTimeInterval(9 * 3_600)
        try await store.save([
            .quantity(build.steps(600, start: nine, end: nine.addingTimeInterval(600), source: Fixtures.watch)),
            .quantity(build.steps(500, start: nine, end: nine.addingTimeInterval(600), source: Fixtures.phone)),
            .quantity(
                build.steps(
                    200, start: nine.addingTimeInterval(3_600), end: nine.addingTimeInterval(4_200),
                    source: Fixtures.phone)),
        ])
        try await store.setSourceOrder(
            [Fixtures.watch.bundleIdentifier, Fixtures.phone.bundleIdentifier], for: .stepCount)
        return store
    }

    func text(_ result: CallTool.Result) -> String {
        if case .text(let text, _, _)? = result.content.first { return text }
        return ""
    }

    @Test func definitionsAreReadOnlyWithSchemas() async throws {
        let tools = HealthTools(context: ToolContext(store: try await owner()), allowsLogging: true)
        let names = tools.definitions.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(names.contains("log_sample"))
        for tool in tools.definitions {
            #expect(tool.inputSchema.objectValue?["type"] == "object", "\(tool.name)")
            #expect(tool.outputSchema?.objectValue?["type"] == "object", "\(tool.name)")
            #expect(tool.annotations.readOnlyHint == (tool.name != "log_sample"), "\(tool.name)")
        }
        let withoutLogging = HealthTools(context: ToolContext(store: try await owner()), allowsLogging: false)
        #expect(!withoutLogging.definitions.map(\.name).contains("log_sample"))
    }

    @Test func statisticsAreMergedNotDoubleCounted() async throws {
        let tools = HealthTools(context: ToolContext(store: try await owner()), allowsLogging: false)
        let result = await tools.call(
            "statistics", arguments: ["type": "steps", "start": "2025-06-01", "end": "2025-06-01"])
        #expect(result.isError == false, "\(text(result))")
        let bucket = result.structuredContent?.objectValue?["buckets"]?.arrayValue?.first?.objectValue
        #expect(bucket?["sum"] == .int(800), "the watch's 600 win over the phone's 500; the phone's later 200 count")
        #expect(result.structuredContent?.objectValue?["unit"] == "count")
        let daily = await tools.call(
            "statistics",
            arguments: ["type": "steps", "start": "2025-05-31", "end": "2025-06-01", "interval": "day"])
        let days = daily.structuredContent?.objectValue?["buckets"]?.arrayValue ?? []
        #expect(days.map { $0.objectValue?["start"] } == ["2025-06-01"], "days in Tokyo; days without data left out")
        #expect(days.last?.objectValue?["sum"] == .int(800))
    }

    @Test func aReadDeniedAppSeesOnlyItsOwnSamples() async throws {
        let owner = try await owner()
        let agent = owner.store(
            for: AppIdentity(
                bundleIdentifier: "com.example.agent", name: "Agent", shareUsageDescription: "Logs what you tell it.",
                updateUsageDescription: "Logs what you tell it."))
        try await agent.requestAuthorization(toShare: [.quantity(.stepCount)], read: [])
        let tools = HealthTools(context: ToolContext(store: agent), allowsLogging: true)
        let before = await tools.call("statistics", arguments: ["type": "steps", "start": "2025-06-01"])
        #expect(before.structuredContent?.objectValue?["buckets"]?.arrayValue?.first?.objectValue?["sum"] == .null)
        let saved = await tools.call(
            "log_sample", arguments: ["type": "steps", "value": 42, "time": "2025-06-01T12:00:00+09:00"])
        #expect(saved.isError == false, "\(text(saved))")
        let after = await tools.call("statistics", arguments: ["type": "steps", "start": "2025-06-01"])
        #expect(after.structuredContent?.objectValue?["buckets"]?.arrayValue?.first?.objectValue?["sum"] == .int(42))
        let refused = await tools.call("log_sample", arguments: ["type": "weight", "value": 70])
        #expect(refused.isError == true && text(refused).contains("may not save weight"), "\(text(refused))")
    }

    /// Issue 44, finding 6: an answer is an error with nothing saved or a success with one sample saved — never a
    /// save followed by an error (a huge value whose answer overflowed did that, and an agent retrying saved twice).
    @Test(arguments: [1e306, 1.8e305, -1e306, 1.7e305, 42])
    func logSampleSavesExactlyWhenItSucceeds(_ value: Double) async throws {
        let owner = try await owner()
        let agent = owner.store(
            for: AppIdentity(
                bundleIdentifier: "com.example.agent", name: "Agent", shareUsageDescription: "Logs what you tell it.",
                updateUsageDescription: "Logs what you tell it."))
        try await agent.requestAuthorization(toShare: [.quantity(.bodyMass)], read: [.quantity(.bodyMass)])
        let tools = HealthTools(context: ToolContext(store: agent), allowsLogging: true)
        let before = try await owner.count(of: [.quantity(.bodyMass)])
        let result = await tools.call(
            "log_sample", arguments: ["type": "weight", "value": .double(value), "unit": "kg"])
        let after = try await owner.count(of: [.quantity(.bodyMass)])
        #expect(after - before == (result.isError == true ? 0 : 1), "\(value): \(text(result))")
    }

    @Test func badArgumentsAreToolErrorsThatSayWhatIsWrong() async throws {
        let tools = HealthTools(context: ToolContext(store: try await owner()), allowsLogging: false)
        let cases: [(String, [String: Value], String)] = [
            ("statistics", ["type": "nope"], "is not a type"),
            ("statistics", ["type": "steps", "start": "June"], "YYYY-MM-DD"),
            ("statistics", ["type": "steps", "extra": true], "unknown argument 'extra'"),
            ("statistics", ["type": "steps", "start": "2000-01-01", "interval": "hour"], "narrow the range"),
            (
                "statistics", ["type": "heart-rate", "start": "2000-01-01", "end": "2012-01-01"],
                "over more than 3660 days: narrow the range"
            ),
            ("samples", ["type": "steps", "limit": 0], "between 1 and 100"),
            ("log_sample", ["type": "water", "value": 1], "no tool named"),
        ]
        for (name, arguments, says) in cases {
            let result = await tools.call(name, arguments: arguments)
            #expect(result.isError == true, "\(name) \(arguments)")
            #expect(text(result).contains(says), "\(name): \(text(result))")
        }
    }

    @Test func anAnswerOverTheBoundIsRefusedWithAHint() {
        let big = Value.array((0..<5_000).map { .string("sample \($0) with a long description") })
        let result = Answer.result(["samples": big])
        #expect(result.isError == true)
        #expect(text(result).contains("narrow the range"))
        let small = Answer.result(["samples": .array([])])
        #expect(small.isError == false && text(small) == #"{"samples":[]}"#)
    }
}
