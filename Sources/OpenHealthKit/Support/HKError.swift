public import Foundation
import HealthQuery

/// HealthKit's error domain, `"com.apple.healthkit"`.
public let HKErrorDomain = "com.apple.healthkit"

/// An error from HealthKit: HealthKit's `HKError`, with its codes, domain and messages.
///
/// Errors of the engine (HealthQuery) keep their code and message; OpenHealthKit adds none of its own
/// except ``Code/errorInvalidArgument`` for the programmer errors HealthKit raises as Objective-C exceptions
/// (see the Differences article).
///
/// ```swift
/// do { try await store.save(sample) } catch let error as HKError where error.code == .errorAuthorizationDenied {
///     print(error.localizedDescription)   // "Not authorized: …"
/// }
/// ```
public struct HKError: CustomNSError, Hashable, Sendable, LocalizedError {
    /// HealthKit's error codes (`HKError.Code`), with their raw values.
    public enum Code: Int, Sendable, Hashable, CaseIterable {
        /// 0: an unknown error (`HKUnknownError`; `noError` is its deprecated alias).
        case unknownError = 0
        /// 1: health data is not available on this device.
        case errorHealthDataUnavailable = 1
        /// 2: health data is restricted.
        case errorHealthDataRestricted = 2
        /// 3: an invalid argument, including the programmer errors HealthKit raises as exceptions.
        case errorInvalidArgument = 3
        /// 4: "Not authorized".
        case errorAuthorizationDenied = 4
        /// 5: authorization was never requested for the type.
        case errorAuthorizationNotDetermined = 5
        /// 6: the database is inaccessible.
        case errorDatabaseInaccessible = 6
        /// 7: the user canceled.
        case errorUserCanceled = 7
        /// 8: another workout session started.
        case errorAnotherWorkoutSessionStarted = 8
        /// 9: the user exited the workout session.
        case errorUserExitedWorkoutSession = 9
        /// 10: required authorization was denied.
        case errorRequiredAuthorizationDenied = 10
        /// 11: "No data available for the specified predicate."
        case errorNoData = 11
        /// 12: the workout activity is not allowed.
        case errorWorkoutActivityNotAllowed = 12
        /// 13: the data size was exceeded.
        case errorDataSizeExceeded = 13
        /// 14: a background workout session is not allowed.
        case errorBackgroundWorkoutSessionNotAllowed = 14
        /// 15: not permissible in guest-user mode.
        case errorNotPermissibleForGuestUserMode = 15

        /// The deprecated name of ``unknownError``.
        @available(*, deprecated, renamed: "unknownError")
        public static var noError: Code { .unknownError }
    }

    /// The code.
    public let code: Code
    /// What went wrong (`NSLocalizedDescriptionKey`): names types, identifiers and rules, never a health value.
    public let message: String

    /// Creates an error with HealthKit's default message for the code.
    /// - Parameters:
    ///   - code: The code.
    ///   - userInfo: A `NSLocalizedDescriptionKey` string in it becomes the message.
    public init(_ code: Code, userInfo: [String: Any] = [:]) {
        self.code = code
        self.message = (userInfo[NSLocalizedDescriptionKey] as? String) ?? Self.defaultMessage(for: code)
    }

    /// Creates an error with a message.
    init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// `"com.apple.healthkit"`.
    public static var errorDomain: String { HKErrorDomain }
    /// The raw code.
    public var errorCode: Int { code.rawValue }

    /// Errors are equal when their codes are (messages differ in detail), so `HKError(.errorNoData)` matches any
    /// no-data error.
    public static func == (lhs: HKError, rhs: HKError) -> Bool { lhs.code == rhs.code }

    /// Hashes the code.
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }
    /// The message under `NSLocalizedDescriptionKey`.
    public var errorUserInfo: [String: Any] { [NSLocalizedDescriptionKey: message] }
    /// The message.
    public var errorDescription: String? { message }

    /// 1.
    public static var errorHealthDataUnavailable: Code { .errorHealthDataUnavailable }
    /// 2.
    public static var errorHealthDataRestricted: Code { .errorHealthDataRestricted }
    /// 3.
    public static var errorInvalidArgument: Code { .errorInvalidArgument }
    /// 4.
    public static var errorAuthorizationDenied: Code { .errorAuthorizationDenied }
    /// 5.
    public static var errorAuthorizationNotDetermined: Code { .errorAuthorizationNotDetermined }
    /// 6.
    public static var errorDatabaseInaccessible: Code { .errorDatabaseInaccessible }
    /// 7.
    public static var errorUserCanceled: Code { .errorUserCanceled }
    /// 8.
    public static var errorAnotherWorkoutSessionStarted: Code { .errorAnotherWorkoutSessionStarted }
    /// 9.
    public static var errorUserExitedWorkoutSession: Code { .errorUserExitedWorkoutSession }
    /// 10.
    public static var errorRequiredAuthorizationDenied: Code { .errorRequiredAuthorizationDenied }
    /// 11.
    public static var errorNoData: Code { .errorNoData }
    /// 12.
    public static var errorWorkoutActivityNotAllowed: Code { .errorWorkoutActivityNotAllowed }
    /// 13.
    public static var errorDataSizeExceeded: Code { .errorDataSizeExceeded }
    /// 14.
    public static var errorBackgroundWorkoutSessionNotAllowed: Code { .errorBackgroundWorkoutSessionNotAllowed }
    /// 15.
    public static var errorNotPermissibleForGuestUserMode: Code { .errorNotPermissibleForGuestUserMode }

    static func defaultMessage(for code: Code) -> String {
        switch code {
        case .errorAuthorizationDenied: "Not authorized"
        case .errorAuthorizationNotDetermined: "Authorization not determined"
        case .errorNoData: "No data available for the specified predicate."
        case .errorInvalidArgument: "Invalid argument"
        case .errorHealthDataUnavailable: "Health data is unavailable on this device"
        case .errorDatabaseInaccessible: "Protected health data is inaccessible"
        default: "HealthKit error \(code.rawValue)"
        }
    }
}

extension HKError.Code {
    /// Matches `catch HKError.errorNoData`.
    public static func ~= (code: HKError.Code, error: any Error) -> Bool {
        (error as? HKError)?.code == code
    }
}

extension HKError {
    /// The HealthKit error for any error of the engine: ``HealthError``s keep code and message; anything else
    /// is an unknown error naming its type.
    static func from(_ error: any Error) -> HKError {
        if let error = error as? HKError { return error }
        if let error = error as? HealthError {
            return HKError(Code(rawValue: error.code.rawValue) ?? .unknownError, error.message)
        }
        return HKError(.unknownError, "\(type(of: error)): \(error)")
    }

    /// A programmer error HealthKit raises as an exception, surfaced as ``Code/errorInvalidArgument``.
    static func programmerError(_ message: String) -> HKError { HKError(.errorInvalidArgument, message) }
}
