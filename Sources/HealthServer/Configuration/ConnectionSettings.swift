public import Foundation

/// How long a connection may keep the server waiting for the client, and how many connections there may be
/// (docs/security.md, "Connections").
public struct ConnectionSettings: Sendable, Hashable {
    /// Seconds from a connection's start — or, before it has authenticated, from the end of the previous answer —
    /// until a request's head (request line and headers) has arrived; slower heads are cut off.
    public var headerTimeout: TimeInterval = 10
    /// Seconds an authenticated connection may stay idle between requests.
    public var idleTimeout: TimeInterval = 60
    /// The window over which a request body's pace is checked: a body that delivers fewer than
    /// ``minimumBodyRate`` × this many bytes in any window is cut off.
    public var bodyTimeout: TimeInterval = 10
    /// The slowest body accepted, in bytes per second (averaged over each ``bodyTimeout`` window).
    public var minimumBodyRate = 1_024
    /// The most open connections (the server also keeps this below its file-descriptor limit).
    public var maxConnections = 4_096
    /// The most connections one address may hold before any of them made an authenticated request.
    public var maxUnauthenticatedPerAddress = 32
    /// The listening socket's queue of connections not yet accepted (the kernel caps it at `somaxconn`, 4,096 on
    /// Debian 12): deep enough that a burst of new connections is accepted — and then bounded by the registry —
    /// rather than dropped at the door, where a client's connection attempt waits a second for the retransmission.
    public var backlog = 4_096

    /// The defaults.
    public init() {}
}
