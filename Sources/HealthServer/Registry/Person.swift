public import Foundation

/// A person whose health data the server holds: one store each.
public struct Person: Sendable, Hashable, Codable {
    /// Who answers an app's permission request for this person.
    public enum Policy: String, Sendable, Hashable, Codable, CaseIterable {
        /// Every request is granted at once (development).
        case grantAll = "grant-all"
        /// Every request is denied at once.
        case denyAll = "deny-all"
        /// Requests wait for the person (`ohk server grant`); until then the types are not determined.
        case ask
    }

    /// The person's name: lowercase letters, digits, `-` and `_` (it names their store file).
    public var name: String
    /// Who answers permission requests.
    public var policy: Policy
    /// When the person was added.
    public var created: Date

    /// Creates a person.
    public init(name: String, policy: Policy, created: Date) {
        self.name = name
        self.policy = policy
        self.created = created
    }

    /// Whether a name may name a person: 1–64 of `a–z 0–9 - _`, not starting with `_`.
    public static func isValidName(_ name: String) -> Bool {
        guard (1...64).contains(name.utf8.count), name.first != "_" else { return false }
        return name.utf8.allSatisfy { byte in
            (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || byte == 0x2D || byte == 0x5F
        }
    }
}
