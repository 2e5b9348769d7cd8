import HealthCore

/// The identifier of a clinical record type: HealthKit's `HKClinicalTypeIdentifier`, an open set of identifier
/// strings (unknown identifiers are kept verbatim).
///
/// ```swift
/// HKClinicalTypeIdentifier.labResultRecord.rawValue   // "HKClinicalTypeIdentifierLabResultRecord"
/// ```
public struct HKClinicalTypeIdentifier: RawRepresentable, Hashable, Sendable {
    /// HealthKit's identifier string.
    public let rawValue: String
    /// Wraps an identifier string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Wraps an identifier string.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    init(_ identifier: ClinicalTypeIdentifier) { self.rawValue = identifier.rawValue }
    /// The engine's identifier.
    var engineValue: ClinicalTypeIdentifier { ClinicalTypeIdentifier(rawValue: rawValue) }

    /// Allergies and intolerances.
    public static let allergyRecord = HKClinicalTypeIdentifier(ClinicalTypeIdentifier.allergyRecord)
    /// Clinical notes.
    public static let clinicalNoteRecord = HKClinicalTypeIdentifier(ClinicalTypeIdentifier.clinicalNoteRecord)
    /// Conditions.
    public static let conditionRecord = HKClinicalTypeIdentifier(ClinicalTypeIdentifier.conditionRecord)
    /// Insurance coverage.
    public static let coverageRecord = HKClinicalTypeIdentifier(ClinicalTypeIdentifier.coverageRecord)
    /// Immunizations.
    public static let immunizationRecord = HKClinicalTypeIdentifier(ClinicalTypeIdentifier.immunizationRecord)
    /// Lab results.
    public static let labResultRecord = HKClinicalTypeIdentifier(ClinicalTypeIdentifier.labResultRecord)
    /// Medications.
    public static let medicationRecord = HKClinicalTypeIdentifier(ClinicalTypeIdentifier.medicationRecord)
    /// Procedures.
    public static let procedureRecord = HKClinicalTypeIdentifier(ClinicalTypeIdentifier.procedureRecord)
    /// Vital signs.
    public static let vitalSignRecord = HKClinicalTypeIdentifier(ClinicalTypeIdentifier.vitalSignRecord)
}
