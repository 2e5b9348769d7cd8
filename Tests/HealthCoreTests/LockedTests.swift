import HealthCore
import Testing

@Suite struct LockedTests {
    /// Many tasks add under the lock at once; no increment is lost, and a value returned from the body is the
    /// value the body left.
    @Test func concurrentChangesAreNeverLost() async {
        let counter = Locked(0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<1_000 { counter.withLock { $0 += 1 } }
                }
            }
        }
        #expect(counter.withLock { $0 } == 8_000)
        let after = counter.withLock { value -> Int in
            value *= 2
            return value
        }
        #expect(after == 16_000)
    }

    /// An error thrown by the body reaches the caller typed, and the lock is free again afterwards.
    @Test func aThrowingBodyReleasesTheLock() {
        struct Refused: Error {}
        let value = Locked("a")
        #expect(throws: Refused.self) { try value.withLock { (_: inout String) throws(Refused) in throw Refused() } }
        #expect(value.withLock { $0 } == "a")
    }
}
