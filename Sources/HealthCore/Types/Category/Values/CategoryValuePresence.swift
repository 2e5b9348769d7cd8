/// The values of ``CategoryTypeIdentifier/moodChanges`` and ``CategoryTypeIdentifier/sleepChanges``
/// (`HKCategoryValuePresence`).
///
/// ```swift
/// CategoryValuePresence.notPresent.rawValue  // 1
/// CategoryValuePresence.notPresent.exportName
/// // "HKCategoryValuePresenceNotPresent"
/// ```
public enum CategoryValuePresence: Int, ExportNamedValue, Codable {
    /// Present. Raw value 0; exported as `HKCategoryValuePresencePresent`.
    case present = 0
    /// Not present. Raw value 1; exported as `HKCategoryValuePresenceNotPresent`.
    case notPresent = 1

    /// The symbolic name the Health app export writes for this value.
    public var exportName: String {
        switch self {
        case .present: "HKCategoryValuePresencePresent"
        case .notPresent: "HKCategoryValuePresenceNotPresent"
        }
    }
}
