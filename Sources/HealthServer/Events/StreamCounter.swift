import HealthCore
import ServiceLifecycle

/// The live event streams: how many each token holds (against the per-token limit), and how to end them all when
/// the server shuts down — an event stream never ends by itself, and graceful shutdown waits for open responses.
final class StreamCounter: Sendable {
    private struct State {
        var perToken: [String: Int] = [:]
        var closers: [Int: @Sendable () -> Void] = [:]
        var nextTicket = 0
        var closed = false
    }

    /// Why a stream could not open.
    enum Refusal: Error { case tooMany, shuttingDown }

    private let limit: Int
    private let state = Locked(State())

    init(limit: Int) { self.limit = max(1, limit) }

    /// Takes a slot for a token; the ticket gives it back and registers how to end the stream.
    func acquire(_ key: String) -> Result<Int, Refusal> {
        state.withLock { state in
            if state.closed { return .failure(.shuttingDown) }
            guard state.perToken[key, default: 0] < limit else { return .failure(.tooMany) }
            state.perToken[key, default: 0] += 1
            state.nextTicket += 1
            return .success(state.nextTicket)
        }
    }

    /// Says how to end the stream of a ticket at shutdown (at once when the server is shutting down already).
    func onShutdown(_ ticket: Int, _ close: @escaping @Sendable () -> Void) {
        let closeNow = state.withLock { state -> Bool in
            if state.closed { return true }
            state.closers[ticket] = close
            return false
        }
        if closeNow { close() }
    }

    /// Gives a slot back.
    func release(_ key: String, ticket: Int) {
        state.withLock { state in
            let count = state.perToken[key, default: 0] - 1
            state.perToken[key] = count > 0 ? count : nil
            state.closers[ticket] = nil
        }
    }

    /// Ends every stream and refuses new ones.
    func closeAll() {
        let closers = state.withLock { state -> [@Sendable () -> Void] in
            state.closed = true
            defer { state.closers = [:] }
            return Array(state.closers.values)
        }
        for close in closers { close() }
    }

    /// Streams open now (all tokens).
    var total: Int { state.withLock { $0.perToken.values.reduce(0, +) } }
}

/// Ends the event streams when graceful shutdown begins, so in-flight requests can finish and the server stop.
struct EventStreamShutdown: Service {
    let streams: StreamCounter

    func run() async throws {
        try? await gracefulShutdown()
        streams.closeAll()
    }
}
