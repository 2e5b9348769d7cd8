import Foundation
import HTTPTypes
import HealthCore
import HealthMCP
import HealthQuery
import HealthRuntime
import Hummingbird
import MCP
import NIOCore

/// The agent tools at `/mcp`: MCP's streamable HTTP transport, answered with JSON. The bearer token is the agent's
/// app (or the person's own token): the tools reach the data through that token's engine, with its grants, exactly
/// as the REST API does — a read-denied agent sees only what it saved itself. `log_sample` is offered only when the
/// token may share at least one quantity type.
enum MCPRoutes {
    static func add(to group: RouterGroup<ServerContext>, services: ServerServices) {
        group.post { request, context -> Response in
            let caller = try context.requireCaller()
            let body = try await Requests.collect(request, limits: services.limits)
            var headers: [String: String] = [:]
            for field in request.headers {
                let name = field.name.canonicalName
                headers[name] = headers[name].map { $0 + ", " + field.value } ?? field.value
            }
            let tools = HealthTools(
                context: ToolContext(store: caller.store, calendar: services.configuration.environment.calendar),
                allowsLogging: try await mayShareAQuantity(caller))
            let answer = await HealthMCPServer.handle(
                MCP.HTTPRequest(method: "POST", headers: headers, body: Data(body.readableBytesView), path: "/mcp"),
                tools: tools, logger: services.logger)
            var fields = HTTPFields()
            for (name, value) in answer.headers {
                if let field = HTTPField.Name(name) { fields[field] = value }
            }
            return Response(
                status: HTTPResponse.Status(code: answer.statusCode), headers: fields,
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: answer.bodyData ?? Data())))
        }
    }

    /// Whether the caller may save some quantity type (the person's own token may save everything).
    private static func mayShareAQuantity(_ caller: Caller) async throws -> Bool {
        if caller.isOwner { return true }
        for description in QuantityTypeCatalog.all
        where try await caller.store.authorizationStatus(for: .quantity(description.identifier)) == .sharingAuthorized {
            return true
        }
        return false
    }
}
