import HealthCore

/// A small bounded queue between the parsing task and the writing task of an import: the parser suspends (never
/// blocks a thread) when it is `capacity` batches ahead, so memory stays bounded whatever the export's size,
/// while the storage writes one batch and the parser prepares the next.
///
/// One producer and one consumer. The producer ends the stream with ``finish()`` or ``fail(_:)``; the consumer
/// stops it early with ``cancel()``, which makes a waiting or later ``send(_:)`` throw `CancellationError`.
package final class BatchQueue<Element: Sendable>: Sendable {
    private struct State {
        /// The queued items from `head` on; slots before `head` are emptied as they are taken (a taken batch must
        /// not stay referenced while the queue keeps running: the parser is usually ahead, so it rarely empties).
        var items: [Element?] = []
        var head = 0
        var finished = false
        var failure: (any Error)?
        var cancelled = false
        var waitingSender: CheckedContinuation<Void, any Error>?
        var waitingReceiver: CheckedContinuation<Element?, any Error>?

        var count: Int { items.count - head }

        mutating func popFirst() -> Element? {
            guard head < items.count else { return nil }
            let item = items[head]
            items[head] = nil
            head += 1
            if head == items.count {
                items.removeAll(keepingCapacity: true)
                head = 0
            } else if head >= 16 {
                items.removeFirst(head)
                head = 0
            }
            return item
        }
    }

    private enum SendAction {
        case resume
        case deliver(CheckedContinuation<Element?, any Error>)
        case cancelled
        case wait
    }

    private enum ReceiveAction {
        case item(Element, CheckedContinuation<Void, any Error>?)
        case end((any Error)?)
        case wait
    }

    private let state = Locked(State())
    private let capacity: Int

    package init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Appends an item, suspending while the queue is full.
    /// - Throws: `CancellationError` once the consumer has cancelled (or the producer's task is cancelled).
    package func send(_ item: Element) async throws {
        try Task.checkCancellation()
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let action = state.withLock { state -> SendAction in
                if state.cancelled { return .cancelled }
                if let receiver = state.waitingReceiver {
                    state.waitingReceiver = nil
                    return .deliver(receiver)
                }
                state.items.append(item)
                if state.count <= capacity { return .resume }
                state.waitingSender = continuation
                return .wait
            }
            switch action {
            case .resume: continuation.resume()
            case .deliver(let receiver):
                receiver.resume(returning: item)
                continuation.resume()
            case .cancelled: continuation.resume(throwing: CancellationError())
            case .wait: break
            }
        }
    }

    /// Ends the stream after the items sent so far.
    package func finish() {
        close(failure: nil)
    }

    /// Ends the stream with an error, which the consumer receives after the items sent so far.
    package func fail(_ error: any Error) {
        close(failure: error)
    }

    private func close(failure: (any Error)?) {
        let receiver = state.withLock { state -> CheckedContinuation<Element?, any Error>? in
            guard !state.finished else { return nil }
            state.finished = true
            state.failure = failure
            defer { state.waitingReceiver = nil }
            return state.waitingReceiver
        }
        if let failure { receiver?.resume(throwing: failure) } else { receiver?.resume(returning: nil) }
    }

    /// The next item, suspending while the queue is empty; nil once the stream has finished or was cancelled.
    /// - Throws: The producer's error (after the items sent before it).
    package func receive() async throws -> Element? {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Element?, any Error>) in
            let action = state.withLock { state -> ReceiveAction in
                if let item = state.popFirst() {
                    var sender: CheckedContinuation<Void, any Error>?
                    if state.count < capacity {
                        sender = state.waitingSender
                        state.waitingSender = nil
                    }
                    return .item(item, sender)
                }
                if state.finished { return .end(state.failure) }
                if state.cancelled { return .end(nil) }
                state.waitingReceiver = continuation
                return .wait
            }
            switch action {
            case .item(let item, let sender):
                sender?.resume()
                continuation.resume(returning: item)
            case .end(let failure):
                if let failure { continuation.resume(throwing: failure) } else { continuation.resume(returning: nil) }
            case .wait: break
            }
        }
    }

    /// Stops the queue: a waiting producer throws `CancellationError`, items are dropped.
    package func cancel() {
        let (sender, receiver) = state.withLock {
            state -> (CheckedContinuation<Void, any Error>?, CheckedContinuation<Element?, any Error>?) in
            state.cancelled = true
            state.items.removeAll()
            state.head = 0
            defer {
                state.waitingSender = nil
                state.waitingReceiver = nil
            }
            return (state.waitingSender, state.waitingReceiver)
        }
        sender?.resume(throwing: CancellationError())
        receiver?.resume(returning: nil)
    }
}
