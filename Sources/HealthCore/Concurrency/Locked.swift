public import Foundation

/// A value behind a lock, with `Synchronization.Mutex`'s `withLock` spelling.
///
/// The lock is an `NSLock` (a pthread mutex), which the thread sanitizer understands. `Mutex` on Linux parks a
/// contended waiter on a futex inside the standard library, which is not instrumented, so under contention the
/// sanitizer sees two threads write the protected value with nothing ordering them and reports a race that is not
/// there (CI runs of 2026-11-26: a chart formatter cache and OpenHealthKit's live-store list, both shared by
/// parallel tests). Every lock of the package is this one, so the sanitized suite can be trusted.
public final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// Creates the lock around a value.
    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    ///
    /// - Parameter body: Reads or changes the value; must not call `withLock` on the same lock again.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    public func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
