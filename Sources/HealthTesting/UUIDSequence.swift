public import Foundation

/// Deterministic UUIDs: `00000000-0000-4000-8000-00000000000N` for N = 1, 2, 3, …
///
/// Inject it wherever code needs new identities, so tests can name the objects they expect.
public final class UUIDSequence: @unchecked Sendable {
    private let lock = NSLock()
    private var counter: UInt64

    /// Creates a sequence whose first UUID has number `start`.
    public init(start: UInt64 = 1) { self.counter = start }

    /// The next UUID.
    public func next() -> UUID {
        lock.lock()
        defer { lock.unlock() }
        let value = counter
        counter += 1
        return UUIDSequence.uuid(value)
    }

    /// The UUID with number `n` (its low 48 bits in the last group).
    public static func uuid(_ n: UInt64) -> UUID {
        func byte(_ shift: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: n >> shift) }
        return UUID(
            uuid: (0, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, byte(40), byte(32), byte(24), byte(16), byte(8), byte(0)))
    }
}
