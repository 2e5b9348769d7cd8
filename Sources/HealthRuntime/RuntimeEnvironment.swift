public import Foundation
public import HealthQuery

/// Where a runtime's time, calendar and identities come from: the live ones in a program, fixed ones in tests.
///
/// This target and the executables are the only code that may read the system clock, calendar, time zone or
/// random UUIDs (`scripts/lint` checks it); everything else receives them from here.
///
/// ```swift
/// let environment = RuntimeEnvironment.live
/// let fixed = RuntimeEnvironment(clock: ClosureClock { noon }, calendar: utc, uuids: { sequence.next() })
/// ```
public struct RuntimeEnvironment: Sendable {
    /// The clock.
    public var clock: any HealthClock
    /// The calendar and time zone of calendar queries.
    public var calendar: Calendar
    /// The source of new identities.
    public var uuids: @Sendable () -> UUID

    /// Creates an environment.
    public init(clock: any HealthClock, calendar: Calendar, uuids: @escaping @Sendable () -> UUID) {
        self.clock = clock
        self.calendar = calendar
        self.uuids = uuids
    }

    /// The system's clock, the user's current calendar and time zone, and random UUIDs.
    public static var live: RuntimeEnvironment {
        RuntimeEnvironment(clock: Live.clock, calendar: Live.calendar, uuids: Live.uuid)
    }
}

/// The live values, for composition roots (the CLI, the server, OpenHealthKit's default configuration).
public enum Live {
    /// The system clock.
    public static let clock: any HealthClock = ClosureClock { Date() }

    /// The current instant.
    @Sendable public static func now() -> Date { Date() }

    /// The user's current calendar (and time zone, from `$TZ`).
    public static var calendar: Calendar { Calendar.current }

    /// The user's current time zone.
    public static var timeZone: TimeZone { TimeZone.current }

    /// A random UUID.
    @Sendable public static func uuid() -> UUID { UUID() }

    /// A random 64-bit seed (for simulations that are not asked for a seed).
    public static func seed() -> UInt64 { UInt64.random(in: .min ... .max) }

    /// Cryptographically secure random bytes (the system's generator: `getrandom` on Linux), for tokens and
    /// webhook secrets.
    @Sendable public static func randomBytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<max(0, count)).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }
}
