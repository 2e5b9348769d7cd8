/// The sharing (write) status of a type for an app: HealthKit's `HKAuthorizationStatus`. Read status is never
/// revealed.
public enum AuthorizationStatus: Int, Sendable, Hashable, Codable, CaseIterable {
    /// The app never asked to share the type.
    case notDetermined = 0
    /// The person denied sharing, or the type can never be shared by apps.
    case sharingDenied = 1
    /// The person allowed sharing.
    case sharingAuthorized = 2
}

/// Whether asking would show the permission sheet: HealthKit's `HKAuthorizationRequestStatus`.
public enum AuthorizationRequestStatus: Int, Sendable, Hashable, Codable, CaseIterable {
    /// Unknown.
    case unknown = 0
    /// Some type in the request was never asked about: the sheet would appear.
    case shouldRequest = 1
    /// Every type was asked about before: no sheet.
    case unnecessary = 2
}
