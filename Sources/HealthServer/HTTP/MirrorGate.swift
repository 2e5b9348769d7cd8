import Hummingbird

/// Which routes a token kind reaches (decision 0031): a device's mirror token only `/v1/sync/…`, every other token
/// everything but `/v1/sync/…`. Checked by the token middlewares (API, MCP, dashboard), before any route runs.
enum MirrorGate {
    static let syncPrefix = "/v1/sync/"

    /// - Throws: ``APIError`` 403 when the token's kind does not reach the path.
    static func admit(_ request: Request, caller: Caller) throws {
        let isSync = request.uri.path.hasPrefix(syncPrefix)
        if caller.isMirror, !isSync {
            throw APIError.forbidden("a device's mirror token reaches only /v1/sync")
        }
        if !caller.isMirror, isSync {
            throw APIError.forbidden("only a device's mirror token syncs (ohk server issue-token --mirror DEVICE)")
        }
    }
}
