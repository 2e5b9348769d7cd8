import ArgumentParser
import Foundation
import HealthMCP
import Logging

/// `ohk mcp`: the agent tools over stdio, for desktop agents.
struct MCPCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve the store's agent tools over MCP on stdin/stdout (for desktop AI agents).",
        discussion: """
            Speaks the Model Context Protocol on standard input and output until the agent closes it; logs go to \
            standard error. The tools answer as the person (full access): an overview, merged statistics, a day's \
            summary, sleep nights, workouts, comparisons, a day against the person's baseline, raw samples and \
            sources. Dates are days in the local time zone. --allow-logging adds a tool that saves a sample \
            (water, weight…) through HealthStore's validation.

            A desktop agent's configuration (e.g. Claude Desktop's claude_desktop_config.json):
              {"mcpServers": {"health": {"command": "/path/to/ohk", "args": ["mcp", "--store", "/path/to/health.sqlite"]}}}
            """)

    @Flag(help: "Offer the log_sample tool (saves a sample the person tells the agent about).")
    var allowLogging = false

    @Option(help: "Log level on stderr: trace, debug, info, notice, warning, error, critical.")
    var logLevel = "warning"

    @Option(
        name: .long,
        help: "The store: a file path or memory:NAME (default: $OHK_STORE, else the per-user file).")
    var store: String?

    func validate() throws {
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError("--log-level must be trace, debug, info, notice, warning, error or critical")
        }
    }

    func run() async throws {
        var options = StoreOptions()
        options.store = store
        let engine = try options.openExistingStore()
        var logger = Logger(label: "ohk.mcp") { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = Logger.Level(rawValue: logLevel) ?? .warning
        let tools = HealthTools(
            context: ToolContext(store: engine, calendar: LiveEnvironment.calendar), allowsLogging: allowLogging)
        try await HealthMCPServer.runStdio(tools, logger: logger)
    }
}
