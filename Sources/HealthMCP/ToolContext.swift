public import Foundation
public import HealthQuery

/// What a tool runs with: the person's engine as the calling app (every read goes through its authorization), the
/// person's calendar and time zone (dates in and out), and "now" from the injected clock.
public struct ToolContext: Sendable {
    /// The engine: the person's own identity over stdio, the agent's app over HTTP.
    public var store: HealthStore
    /// The person's calendar; its time zone is the one dates are read and written in.
    public var calendar: Calendar

    /// Creates a context; the calendar defaults to the engine's.
    public init(store: HealthStore, calendar: Calendar? = nil) {
        self.store = store
        self.calendar = calendar ?? store.calendar
    }

    /// Now, on the engine's clock.
    var now: Date { store.clock.now }
}

/// A tool's refusal of its arguments or of a question too large to answer: becomes a tool error (`isError`) whose
/// text says what is wrong and how to ask instead. It never carries health values.
public struct ToolError: Error, Sendable, CustomStringConvertible {
    /// The message for the agent.
    public var message: String

    /// Creates an error.
    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
