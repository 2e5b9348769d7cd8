import Foundation
import HealthCore
import HealthExport
import Testing

/// The bounded queue between an import's parsing task and its writing task.
@Suite("Import batch queue")
struct BatchQueueTests {
    final class Ledger: Sendable {
        let released = Locked<Set<Int>>([])
        var count: Int { released.withLock { $0.count } }
    }

    final class Batch: Sendable {
        let number: Int
        let ledger: Ledger
        init(_ number: Int, ledger: Ledger) {
            self.number = number
            self.ledger = ledger
        }
        deinit { ledger.released.withLock { _ = $0.insert(number) } }
    }

    final class Sent: Sendable {
        private let count = Locked(0)
        func increment() { count.withLock { $0 += 1 } }
        var value: Int { count.withLock { $0 } }
    }

    @Test("items arrive in order, the producer never runs more than the capacity ahead, taken items are released")
    func boundedAndReleasing() async throws {
        let queue = BatchQueue<Batch>(capacity: 2)
        let ledger = Ledger()
        let sent = Sent()
        let producer = Task {
            for number in 0..<200 {
                try await queue.send(Batch(number, ledger: ledger))
                sent.increment()
            }
            queue.finish()
        }
        var received: [Int] = []
        while let batch = try await queue.receive() {
            received.append(batch.number)
            // The producer is at most capacity + 1 (the one it is sending) ahead of what was taken.
            #expect(sent.value <= received.count + 3)
            if received.count % 10 == 0 { await Task.yield() }
        }
        try await producer.value
        #expect(received == Array(0..<200))
        // Every taken batch was released although the queue was rarely empty: none is held by the queue.
        #expect(ledger.count == 200)
    }

    @Test("a taken item is released at once, while later items are still queued")
    func takenItemsAreNotRetained() async throws {
        let queue = BatchQueue<Batch>(capacity: 8)
        let ledger = Ledger()
        for number in 0..<3 { try await queue.send(Batch(number, ledger: ledger)) }
        for expected in 0..<2 {
            let taken = try await queue.receive()
            #expect(taken?.number == expected)
        }
        #expect(ledger.released.withLock { $0 } == [0, 1], "the queue still holds taken batches")
        queue.cancel()
        #expect(ledger.count == 3)
    }

    @Test("the producer's error reaches the consumer after the items before it; cancelling stops the producer")
    func failureAndCancellation() async throws {
        struct Broken: Error {}
        let failing = BatchQueue<Int>(capacity: 4)
        try await failing.send(1)
        failing.fail(Broken())
        #expect(try await failing.receive() == 1)
        await #expect(throws: Broken.self) { _ = try await failing.receive() }

        let stopped = BatchQueue<Int>(capacity: 1)
        let producer = Task {
            var number = 0
            while true {
                try await stopped.send(number)
                number += 1
            }
        }
        #expect(try await stopped.receive() == 0)
        stopped.cancel()
        await #expect(throws: CancellationError.self) { try await producer.value }
        #expect(try await stopped.receive() == nil)
    }
}
