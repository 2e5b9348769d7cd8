import Foundation

/// Inflates a zip entry on a thread of its own, a bounded number of chunks ahead of the one reading it.
///
/// Inflating and checking the CRC-32 are about a seventh of a parse when they share the scanner's thread; here
/// they run beside it, so that a parse uses the second core (decision 0021). Chunks come out in the entry's order,
/// and an error (damaged data, a wrong checksum, a truncated archive) comes out where the reader met it, after the
/// chunks before it. At most `depth` chunks wait in the queue, so the memory is `depth + 2` chunks: the queue, the
/// one being read and the one being inflated.
///
/// ```swift
/// let prefetcher = ZipEntryPrefetcher(reader: try ZipEntryReader(url: url, entry: entry, directory: directory,
///                                                                   buffers: 2 + 2), depth: 2)
/// while let chunk = try prefetcher.next() { scanner.feed(chunk) }
/// ```
///
/// Dropping the prefetcher before the entry's end stops the thread: it finishes the chunk in hand, sees that no
/// one reads any more, and releases the reader (and its file handle).
final class ZipEntryPrefetcher: @unchecked Sendable {
    // Unchecked: every stored property below `condition` is read and written only with `condition` locked; the
    // reader is touched only by the thread, after `init` handed it over.

    /// Guards the queue and the flags, and wakes the side that waits.
    private let condition = NSCondition()
    /// Inflated chunks and, last, the end (nil) or the error, in the entry's order.
    private var queue: [Result<Data?, any Error>] = []
    /// The chunks the queue holds at most.
    private let depth: Int
    /// Set when the reader is dropped: the thread stops at its next look at the queue.
    private var abandoned = false
    /// The end or the error, once the reader has taken it: later calls return it again.
    private var outcome: Result<Data?, any Error>?

    /// Starts inflating `reader`'s entry on a new thread.
    ///
    /// - Parameters:
    ///   - reader: The entry's reader; the prefetcher owns it from here on. Give it `depth + 2` buffers, so that
    ///     no chunk is copied when its buffer's turn comes again.
    ///   - depth: The chunks inflated ahead at most (at least one).
    init(reader: ZipEntryReader, depth: Int) {
        self.depth = max(1, depth)
        let handOver = HandOver(reader: reader)
        let thread = Thread { [self] in produce(handOver.reader) }
        thread.name = "ohk.inflate"
        thread.start()
    }

    /// The next chunk of the entry, or nil at its end (after its checksum and size were verified).
    ///
    /// - Throws: What ``ZipEntryReader/next()`` threw, once every chunk before it has been returned.
    func next() throws -> Data? {
        condition.lock()
        defer { condition.unlock() }
        if let outcome { return try outcome.get() }
        while queue.isEmpty { condition.wait() }
        let item = queue.removeFirst()
        condition.signal()
        switch item {
        case .success(.some): break
        case .success(.none), .failure: outcome = item
        }
        return try item.get()
    }

    /// Stops the thread at its next look at the queue and drops what it queued. The reader calls this when it is
    /// done with the entry before its end.
    func abandon() {
        condition.lock()
        abandoned = true
        queue.removeAll()
        condition.signal()
        condition.unlock()
    }

    /// The thread's loop: wait for room, inflate a chunk, queue it; until the end, an error or abandonment.
    private func produce(_ reader: ZipEntryReader) {
        while true {
            condition.lock()
            while queue.count >= depth, !abandoned { condition.wait() }
            let stop = abandoned
            condition.unlock()
            if stop { return }
            let item: Result<Data?, any Error>
            do { item = .success(try reader.next()) } catch { item = .failure(error) }
            condition.lock()
            if !abandoned { queue.append(item) }
            condition.signal()
            condition.unlock()
            guard case .success(.some) = item else { return }
        }
    }
}

/// Carries the entry's reader to the thread that owns it from then on.
private struct HandOver: @unchecked Sendable {
    // Unchecked: the reader is not Sendable, and after the hand-over only the receiving thread uses it.
    let reader: ZipEntryReader
}
