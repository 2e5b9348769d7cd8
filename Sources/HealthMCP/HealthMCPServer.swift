import Foundation
public import Logging
public import MCP

/// The MCP server of the agent tools, over stdio (desktop agents: `ohk mcp`) or one HTTP exchange at a time (the
/// health server's `/mcp`, streamable HTTP answered with JSON).
public enum HealthMCPServer {
    /// The server's name in `initialize`.
    public static let name = "openhealthkit"
    /// The server's version in `initialize`.
    public static let version = "0.1.0"
    static let instructions = """
        Tools over one person's health data (HealthKit's model): merged statistics that match the Health app, \
        sleep nights, workouts, comparisons and raw samples. Dates are days in the person's time zone \
        (YYYY-MM-DD); every value names its unit. Start with `overview`.
        """

    /// An MCP server answering `tools/list` and `tools/call` with these tools.
    public static func make(_ tools: HealthTools) async -> Server {
        let server = Server(
            name: name, version: version, title: "OpenHealthKit", instructions: instructions,
            capabilities: .init(tools: .init(listChanged: false)))
        await server.withMethodHandler(ListTools.self) { _ in ListTools.Result(tools: tools.definitions) }
        await server.withMethodHandler(CallTool.self) { parameters in
            await tools.call(parameters.name, arguments: parameters.arguments)
        }
        return server
    }

    /// Serves the tools on standard input and output until the client closes its end. Logs go to `logger`
    /// (standard error: standard output carries the protocol only).
    public static func runStdio(_ tools: HealthTools, logger: Logger) async throws {
        let server = await make(tools)
        try await server.start(transport: StdioTransport(logger: logger))
        await server.waitUntilCompleted()
    }

    /// Answers one HTTP exchange of MCP's streamable HTTP transport (POST of a JSON-RPC message; the answer as
    /// JSON, 202 for notifications, 405 for GET and DELETE): a fresh server per exchange, so clients never share
    /// state (the transport is stateless; every call carries its own authorization).
    public static func handle(_ request: MCP.HTTPRequest, tools: HealthTools, logger: Logger) async -> MCP.HTTPResponse
    {
        let server = await make(tools)
        // The caller is authenticated by its bearer token before this runs; the Host/Origin checks for
        // unauthenticated localhost servers do not apply (a token is needed whatever the page's origin).
        let transport = StatelessHTTPServerTransport(
            validationPipeline: StandardValidationPipeline(validators: [
                AcceptHeaderValidator(mode: .jsonOnly), ContentTypeValidator(), ProtocolVersionValidator(),
            ]),
            logger: logger)
        do {
            try await server.start(transport: transport)
        } catch {
            return .error(statusCode: 500, .internalError("the MCP server did not start"))
        }
        let response = await transport.handleRequest(request)
        await server.stop()
        return response
    }
}
