public import HealthCore

/// What the permission sheet asks the person: the types not decided before.
public struct AuthorizationRequest: Sendable, Hashable {
    /// The app asking.
    public var app: AppIdentity
    /// Types the app wants to write, not decided before.
    public var share: Set<SampleType>
    /// Types the app wants to read, not decided before.
    public var read: Set<SampleType>
}

/// What the person chose on the sheet.
public struct AuthorizationDecision: Sendable, Hashable {
    /// Types allowed for writing (others in the request are denied).
    public var share: Set<SampleType>
    /// Types allowed for reading (others in the request are denied).
    public var read: Set<SampleType>

    /// Creates a decision.
    public init(share: Set<SampleType>, read: Set<SampleType>) {
        self.share = share
        self.read = read
    }
}

/// Who answers the permission sheet: stands in for the person, so authorization is testable and never hangs.
///
/// ```swift
/// let store = HealthStore(storage: storage, app: app, clock: clock, policy: .grantAll)
/// let readOnly = AuthorizationPolicy.perType(share: [], read: [.quantity(.stepCount)])
/// ```
public struct AuthorizationPolicy: Sendable {
    private let decide: @Sendable (AuthorizationRequest) -> AuthorizationDecision

    /// A policy from a closure.
    public init(_ decide: @escaping @Sendable (AuthorizationRequest) -> AuthorizationDecision) {
        self.decide = decide
    }

    /// The person's answer to a request.
    public func decision(for request: AuthorizationRequest) -> AuthorizationDecision { decide(request) }

    /// Grants everything asked.
    public static let grantAll = AuthorizationPolicy { AuthorizationDecision(share: $0.share, read: $0.read) }

    /// Denies everything asked.
    public static let denyAll = AuthorizationPolicy { _ in AuthorizationDecision(share: [], read: []) }

    /// Grants only the listed types (for writing and reading separately), denies the rest.
    public static func perType(share: Set<SampleType>, read: Set<SampleType>) -> AuthorizationPolicy {
        AuthorizationPolicy { request in
            AuthorizationDecision(share: request.share.intersection(share), read: request.read.intersection(read))
        }
    }
}
