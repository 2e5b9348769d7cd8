import Foundation
import HealthCore
import Logging
import NIOCore
import PostgresNIO

/// Queries that cannot outlive their connection.
///
/// postgres-nio 1.33.2 hands a query to its connection's channel with no write promise: when the channel closed just
/// before (the server terminated the backend, a restart, a failover), the query is dropped and its result never
/// arrives — the caller waits forever, holding its pool lease and whatever it holds above (measured: requests that
/// never answered after `pg_terminate_backend`; docs/decisions/0029-postgres-going-away.md). Every statement of
/// this backend therefore goes through ``PostgresConnection/run(_:logger:)``, which answers with
/// ``connectionClosed`` as soon as the connection closes before the query's result. The query itself keeps waiting
/// in a task of its own (it cannot be cancelled); it holds nothing once its caller has moved on.
enum ClosedConnectionGuard {
    /// What a query on a connection that closed under it gets.
    struct ConnectionClosed: Error, Sendable {}

    /// One pending query's answer, given once: by the query or by the connection's close.
    ///
    /// The answer is given under a lock that its receiver takes again after it resumes (``received()``): the thread
    /// sanitizer then sees the row sequence handed from the query's task to the caller. Without it CI's sanitized
    /// run reported, once, a race on the sequence's storage between the two tasks (PostgresCLITests, 2026-12-02).
    final class Answer: Sendable {
        private let continuation = Locked<CheckedContinuation<PostgresRowSequence, any Error>?>(nil)

        /// Who waits for the answer; set before the query starts.
        func expect(_ continuation: CheckedContinuation<PostgresRowSequence, any Error>) {
            self.continuation.withLock { $0 = continuation }
        }

        func resume(with result: Result<PostgresRowSequence, any Error>) {
            continuation.withLock { continuation in
                continuation?.resume(with: result)
                continuation = nil
            }
        }

        /// Takes the lock the answer was given under (see the type's comment).
        func received() {
            continuation.withLock { _ in }
        }
    }

    /// The pending queries of each open connection, failed when it closes.
    private struct Watch {
        var pending: [UInt64: Answer] = [:]
    }

    private static let watches = Locked<[ObjectIdentifier: Watch]>([:])
    private static let nextID = Locked<UInt64>(0)

    /// Registers a pending query; false when the connection is closed already (it is not registered then).
    static func register(_ answer: Answer, on connection: PostgresConnection) -> UInt64? {
        let id = nextID.withLock { id -> UInt64 in
            id &+= 1
            return id
        }
        let key = ObjectIdentifier(connection)
        let (registered, first) = watches.withLock { watches -> (Bool, Bool) in
            guard !connection.isClosed else { return (false, false) }
            let first = watches[key] == nil
            watches[key, default: Watch()].pending[id] = answer
            return (true, first)
        }
        guard registered else { return nil }
        // One callback per connection, when its first query is registered: it fails whatever is pending at close.
        if first { connection.closeFuture.whenComplete { _ in closed(key) } }
        return id
    }

    /// Forgets a query that got its answer.
    static func unregister(_ id: UInt64, on connection: PostgresConnection) {
        watches.withLock { _ = $0[ObjectIdentifier(connection)]?.pending.removeValue(forKey: id) }
    }

    private static func closed(_ key: ObjectIdentifier) {
        let pending = watches.withLock { $0.removeValue(forKey: key)?.pending.values.map { $0 } ?? [] }
        for answer in pending { answer.resume(with: .failure(ConnectionClosed())) }
    }
}

extension PostgresConnection {
    /// Runs a query, failing with ``ClosedConnectionGuard/ConnectionClosed`` when the connection closes before its
    /// result (instead of waiting forever: ``ClosedConnectionGuard``).
    @discardableResult
    func run(_ query: PostgresQuery, logger: Logger) async throws -> PostgresRowSequence {
        let answer = ClosedConnectionGuard.Answer()
        let rows = try await withCheckedThrowingContinuation { continuation in
            answer.expect(continuation)
            guard let id = ClosedConnectionGuard.register(answer, on: self) else {
                answer.resume(with: .failure(ClosedConnectionGuard.ConnectionClosed()))
                return
            }
            Task {
                let result: Result<PostgresRowSequence, any Error>
                do { result = .success(try await self.query(query, logger: logger)) } catch { result = .failure(error) }
                ClosedConnectionGuard.unregister(id, on: self)
                answer.resume(with: result)
            }
        }
        answer.received()
        return rows
    }
}
