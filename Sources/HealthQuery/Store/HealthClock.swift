public import Foundation

/// Where the store's "now" comes from. Inject a fixed or manual clock in tests; only the composition root
/// (the CLI, the server, OpenHealthKit's default store) uses the system clock.
public protocol HealthClock: Sendable {
    /// The current instant.
    var now: Date { get }
}

/// A clock that reads a closure (the composition root passes one that reads the system time).
public struct ClosureClock: HealthClock {
    private let read: @Sendable () -> Date
    /// Creates a clock from a closure.
    public init(_ read: @escaping @Sendable () -> Date) { self.read = read }
    /// The closure's current value.
    public var now: Date { read() }
}
