import Foundation
import HealthQuery
public import MCP

/// The agent tools over one person's data, as one app sees it: their definitions and their calls. Every call
/// reaches the data through the context's ``HealthQuery/HealthStore`` (so a read-denied app sees only its own
/// samples, as over the REST API), answers in the person's time zone with units named, and stays under
/// ``maxAnswerCharacters``; bad arguments are tool errors that say what is wrong, never protocol errors.
///
/// ```swift
/// let tools = HealthTools(context: ToolContext(store: engine), allowsLogging: false)
/// let list = tools.definitions                     // for tools/list
/// let answer = await tools.call("statistics", arguments: ["type": "steps", "interval": "day"])
/// ```
public struct HealthTools: Sendable {
    /// What the tools run with.
    public let context: ToolContext
    private let tools: [any HealthTool]

    /// The largest answer, in characters of JSON (about 8,000 tokens).
    public static var maxAnswerCharacters: Int { Answer.maxCharacters }

    /// The tools for a context.
    /// - Parameters:
    ///   - context: The engine and calendar.
    ///   - allowsLogging: Whether `log_sample` is offered (the caller may share at least one type); the save is
    ///     still refused for types it may not share.
    public init(context: ToolContext, allowsLogging: Bool) {
        self.context = context
        var tools: [any HealthTool] = [
            OverviewTool(), StatisticsTool(), DaySummaryTool(), SleepTool(), WorkoutsTool(), WorkoutDetailsTool(),
            CompareTool(), BaselineTool(), SamplesTool(), SourcesTool(),
        ]
        if allowsLogging { tools.append(LogSampleTool()) }
        self.tools = tools
    }

    /// The tools' definitions, for `tools/list`.
    public var definitions: [Tool] { tools.map(\.definition) }

    /// Calls a tool: its answer, or a tool error (`isError`) saying what is wrong with the call.
    public func call(_ name: String, arguments: [String: Value]?) async -> CallTool.Result {
        guard let tool = tools.first(where: { $0.name == name }) else {
            return Answer.error(
                ToolError("no tool named '\(name)'; the tools are \(tools.map(\.name).joined(separator: ", "))"))
        }
        do {
            return Answer.result(
                try await tool.run(ToolArguments(arguments, calendar: context.calendar), context))
        } catch let error as ToolError {
            return Answer.error(error)
        } catch let error as HealthError {
            return Answer.error(ToolError(Self.describe(error)))
        } catch {
            return Answer.error(ToolError("the tool failed (\(type(of: error)))"))
        }
    }

    /// A HealthKit error as the agent should read it (codes and messages carry no health values).
    static func describe(_ error: HealthError) -> String {
        switch error.code {
        case .databaseInaccessible: "the person's health database cannot be read right now; try again later"
        case .authorizationDenied, .authorizationNotDetermined: "this app may not do that: \(error.message)"
        default: "HealthKit error \(error.code.rawValue): \(error.message)"
        }
    }
}
