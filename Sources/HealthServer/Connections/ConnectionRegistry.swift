import Foundation
import HealthCore

/// The server's open connections, so that no client can hold them all: at most ``Limits/maxConnections`` in all,
/// and at most ``Limits/maxUnauthenticatedPerAddress`` from one address that have not yet made an authenticated
/// request. Past either bound an unauthenticated connection (of that address, or of any) is closed to make room:
/// the oldest of those the server is not answering (waiting for a head, or still sending a body after its answer),
/// else the oldest of all; when every connection is authenticated, the new one is refused. An authenticated caller
/// is therefore never pushed out by connections that never presented a valid token, and a new client's request in
/// flight outlives a flood of idle sockets from its own address (docs/security.md, "Connections").
///
/// Connections are keyed by their channel's identity; the guard handler admits each when it opens and forgets it
/// when it closes, and the token middleware marks it authenticated. Thread-safe.
final class ConnectionRegistry: Sendable {
    /// The bounds.
    struct Limits: Sendable, Hashable {
        var maxConnections: Int
        var maxUnauthenticatedPerAddress: Int
    }

    /// What the registry decided for a new connection.
    enum Admission: Equatable {
        case admitted
        case refused
    }

    private struct Entry {
        var address: String
        var authenticated: Bool
        /// A request's head came in and its answer has not ended.
        var busy = false
        var order: UInt64
        /// When it opened (``now``'s nanoseconds).
        var opened: UInt64
        var close: @Sendable () -> Void
    }

    private struct State {
        var entries: [ObjectIdentifier: Entry] = [:]
        var next: UInt64 = 0
        var evicted = 0
        var refused = 0
    }

    let limits: Limits
    /// How long a new connection has to send its first head before it counts as idle, in nanoseconds: while older
    /// idle connections of its address exist, a client's fresh connection is not the one closed to make room.
    let grace: UInt64
    private let now: @Sendable () -> UInt64
    private let state = Locked(State())

    /// - Parameter now: A monotonic clock in nanoseconds.
    init(
        limits: Limits, grace: UInt64 = 100_000_000,
        now: @escaping @Sendable () -> UInt64 = { DispatchTime.now().uptimeNanoseconds }
    ) {
        self.limits = Limits(
            maxConnections: max(1, limits.maxConnections),
            maxUnauthenticatedPerAddress: max(1, limits.maxUnauthenticatedPerAddress))
        self.grace = grace
        self.now = now
    }

    /// Admits a new connection from an address (its IP, without the port), closing older unauthenticated ones when a
    /// bound is reached.
    /// - Parameter close: Closes the connection (called at most once, outside the registry's lock).
    func admit(_ id: ObjectIdentifier, address: String, close: @escaping @Sendable () -> Void) -> Admission {
        var victims: [@Sendable () -> Void] = []
        let time = now()
        let admission = state.withLock { state -> Admission in
            let fromAddress = state.entries.filter { !$0.value.authenticated && $0.value.address == address }
            if fromAddress.count >= limits.maxUnauthenticatedPerAddress, let victim = victim(in: fromAddress, at: time)
            {
                if let close = state.entries.removeValue(forKey: victim)?.close { victims.append(close) }
                state.evicted += 1
            }
            if state.entries.count >= limits.maxConnections {
                guard let victim = victim(in: state.entries.filter { !$0.value.authenticated }, at: time) else {
                    state.refused += 1
                    return .refused
                }
                if let close = state.entries.removeValue(forKey: victim)?.close { victims.append(close) }
                state.evicted += 1
            }
            state.next += 1
            state.entries[id] = Entry(
                address: address, authenticated: false, order: state.next, opened: time, close: close)
            return .admitted
        }
        for victim in victims { victim() }
        return admission
    }

    /// The connection to close among candidates: the oldest the server is not answering that has had
    /// ``grace`` to send its first head, else the oldest the server is not answering, else the oldest.
    private func victim(in candidates: [ObjectIdentifier: Entry], at time: UInt64) -> ObjectIdentifier? {
        let idle = candidates.filter { !$0.value.busy }
        let settled = idle.filter { time &- $0.value.opened >= grace }
        let pool = !settled.isEmpty ? settled : !idle.isEmpty ? idle : candidates
        return pool.min(by: { $0.value.order < $1.value.order })?.key
    }

    /// Records whether the server is answering a request of the connection (a head came in, its answer has not
    /// ended): such a connection is closed to make room only when no other candidate is left.
    func busy(_ id: ObjectIdentifier, _ busy: Bool) {
        state.withLock { $0.entries[id]?.busy = busy }
    }

    /// Marks a connection as one that made an authenticated request (it no longer counts against its address).
    func authenticated(_ id: ObjectIdentifier) {
        state.withLock { $0.entries[id]?.authenticated = true }
    }

    /// Whether a connection has made an authenticated request.
    func isAuthenticated(_ id: ObjectIdentifier) -> Bool {
        state.withLock { $0.entries[id]?.authenticated ?? false }
    }

    /// Forgets a closed connection.
    func closed(_ id: ObjectIdentifier) {
        state.withLock { _ = $0.entries.removeValue(forKey: id) }
    }

    /// Open connections, those not yet authenticated, and how many were closed or refused to make room (a
    /// diagnostic for tests and logs).
    var counts: (open: Int, unauthenticated: Int, evicted: Int, refused: Int) {
        state.withLock { state in
            (
                state.entries.count, state.entries.values.filter { !$0.authenticated }.count, state.evicted,
                state.refused
            )
        }
    }
}
