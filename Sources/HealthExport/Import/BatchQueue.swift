import Foundation

/// A small bounded blocking queue between the parsing thread and the storage writer: the parser blocks when it
/// is `capacity` items ahead, so memory stays bounded whatever the export's size.
final class BatchQueue<Element: Sendable>: @unchecked Sendable {
    /// Thrown to a producer once the consumer has stopped.
    struct Cancelled: Error {}

    private let condition = NSCondition()
    private var items: [Element] = []
    private let capacity: Int
    private var cancelled = false

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Appends an item, waiting while the queue is full.
    /// - Throws: ``Cancelled`` once the consumer has cancelled.
    func push(_ item: Element) throws {
        condition.lock()
        defer { condition.unlock() }
        while items.count >= capacity && !cancelled { condition.wait() }
        if cancelled { throw Cancelled() }
        items.append(item)
        condition.broadcast()
    }

    /// Appends a final item without waiting for room (dropped after cancellation).
    func close(with item: Element) {
        condition.lock()
        defer { condition.unlock() }
        if !cancelled { items.append(item) }
        condition.broadcast()
    }

    /// The next item, waiting while the queue is empty; nil after cancellation.
    func pop() -> Element? {
        condition.lock()
        defer { condition.unlock() }
        while items.isEmpty && !cancelled { condition.wait() }
        if cancelled { return nil }
        let item = items.removeFirst()
        condition.broadcast()
        return item
    }

    /// Stops the queue: waiting producers throw, items are dropped.
    func cancel() {
        condition.lock()
        defer { condition.unlock() }
        cancelled = true
        items.removeAll()
        condition.broadcast()
    }
}
