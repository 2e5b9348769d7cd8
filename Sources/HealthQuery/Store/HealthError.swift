/// An error from the health store, with HealthKit's codes (`HKError.Code`, domain `com.apple.healthkit`).
///
/// Messages name types, identifiers and rules — never a health value.
public struct HealthError: Error, Sendable, Hashable, CustomStringConvertible {
    /// HealthKit's error codes (reference §4.2), an open set of raw values.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// HealthKit's raw value.
        public var rawValue: Int
        /// Creates a code.
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// 0: unknown.
        public static let unknown = Code(rawValue: 0)
        /// 1: health data is unavailable on this device.
        public static let healthDataUnavailable = Code(rawValue: 1)
        /// 2: health data is restricted.
        public static let healthDataRestricted = Code(rawValue: 2)
        /// 3: a bad argument (bad predicate/type combination, empty authorization request, invalid sample).
        public static let invalidArgument = Code(rawValue: 3)
        /// 4: "Not authorized".
        public static let authorizationDenied = Code(rawValue: 4)
        /// 5: authorization was never requested for the type.
        public static let authorizationNotDetermined = Code(rawValue: 5)
        /// 6: the database is inaccessible.
        public static let databaseInaccessible = Code(rawValue: 6)
        /// 7: the user canceled.
        public static let userCanceled = Code(rawValue: 7)
        /// 8: another workout session started.
        public static let anotherWorkoutSessionStarted = Code(rawValue: 8)
        /// 9: the user exited the workout session.
        public static let userExitedWorkoutSession = Code(rawValue: 9)
        /// 10: required authorization was denied.
        public static let requiredAuthorizationDenied = Code(rawValue: 10)
        /// 11: "No data available for the specified predicate."
        public static let noData = Code(rawValue: 11)
        /// 12: the workout activity is not allowed.
        public static let workoutActivityNotAllowed = Code(rawValue: 12)
        /// 13: the data size was exceeded.
        public static let dataSizeExceeded = Code(rawValue: 13)
        /// 14: a background workout session is not allowed.
        public static let backgroundWorkoutSessionNotAllowed = Code(rawValue: 14)
        /// 15: not permissible in guest-user mode.
        public static let notPermissibleForGuestUserMode = Code(rawValue: 15)

        /// The raw value.
        public var description: String { String(rawValue) }
    }

    /// HealthKit's domain string.
    public static let domain = "com.apple.healthkit"

    /// The code.
    public var code: Code
    /// What went wrong.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// `com.apple.healthkit error <code>: <message>`.
    public var description: String { "\(HealthError.domain) error \(code.rawValue): \(message)" }

    static func notAuthorized(_ detail: String) -> HealthError {
        HealthError(.authorizationDenied, "Not authorized: \(detail)")
    }
}
