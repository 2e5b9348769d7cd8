import Foundation
import HealthCore

/// The dashboard's logins, in memory: a session id (the `ohk_dashboard` cookie, HttpOnly, SameSite=Strict) stands
/// for the person's token while it lasts, and one-time login codes (the URL `ohk dashboard` prints) become a
/// session once. The token itself never reaches the browser after login. A restart logs everyone out.
final class DashboardSessions: Sendable {
    /// How long a session lasts without use.
    static let lifetime: TimeInterval = 12 * 3_600
    /// How long a one-time code may wait to be used.
    static let codeLifetime: TimeInterval = 15 * 60
    /// The most sessions kept (the oldest go first beyond).
    static let capacity = 10_000

    private struct Entry {
        var token: AccessToken
        var expires: Date
    }

    private struct State {
        var sessions: [String: Entry] = [:]
        var codes: [String: Entry] = [:]
    }

    private let state = Locked(State())

    /// Starts a session for a token under a fresh id.
    func open(_ id: String, for token: AccessToken, now: Date) {
        state.withLock { state in
            state.sessions = state.sessions.filter { $0.value.expires > now }
            if state.sessions.count >= Self.capacity,
                let oldest = state.sessions.min(by: { $0.value.expires < $1.value.expires })?.key
            {
                state.sessions[oldest] = nil
            }
            state.sessions[id] = Entry(token: token, expires: now.addingTimeInterval(Self.lifetime))
        }
    }

    /// The token of a live session (extending it), nil for an unknown or expired one.
    func token(ofSession id: String, now: Date) -> AccessToken? {
        state.withLock { state in
            guard let entry = state.sessions[id], entry.expires > now else {
                state.sessions[id] = nil
                return nil
            }
            state.sessions[id]?.expires = now.addingTimeInterval(Self.lifetime)
            return entry.token
        }
    }

    /// Ends a session.
    func close(_ id: String) {
        _ = state.withLock { $0.sessions.removeValue(forKey: id) }
    }

    /// Registers a one-time login code for a token.
    func issueCode(_ code: String, for token: AccessToken, now: Date) {
        state.withLock { state in
            state.codes = state.codes.filter { $0.value.expires > now }
            state.codes[code] = Entry(token: token, expires: now.addingTimeInterval(Self.codeLifetime))
        }
    }

    /// The token of a one-time code, which is then spent; nil for an unknown, spent or expired code.
    func redeem(_ code: String, now: Date) -> AccessToken? {
        state.withLock { state in
            guard let entry = state.codes.removeValue(forKey: code), entry.expires > now else { return nil }
            return entry.token
        }
    }
}
