/// The identifier of a clinical record type (allergies, conditions, lab results, …): HealthKit's
/// `HKClinicalTypeIdentifier`.
///
/// An open set like the other identifiers: the raw value is HealthKit's identifier string, which the Health app
/// export writes in `ClinicalRecord@type`; identifiers Apple adds later are kept verbatim.
///
/// ```swift
/// ClinicalTypeIdentifier.labResultRecord.rawValue   // "HKClinicalTypeIdentifierLabResultRecord"
/// SampleType(identifier: "HKClinicalTypeIdentifierLabResultRecord").kind   // .clinical
/// ```
public struct ClinicalTypeIdentifier: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// HealthKit's identifier string, for example `"HKClinicalTypeIdentifierLabResultRecord"`.
    public let rawValue: String

    /// Wraps an identifier string. Unknown identifiers are accepted and kept verbatim.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Wraps an identifier string. Unknown identifiers are accepted and kept verbatim.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// Decodes the identifier from a plain string.
    ///
    /// - Throws: `DecodingError` when the value is not a string.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes the identifier as a plain string.
    ///
    /// - Throws: any error of the encoder.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The raw identifier string.
    public var description: String { rawValue }
}

extension ClinicalTypeIdentifier {
    /// Allergies and intolerances (FHIR `AllergyIntolerance`).
    public static let allergyRecord = ClinicalTypeIdentifier("HKClinicalTypeIdentifierAllergyRecord")
    /// Clinical notes (FHIR `DocumentReference`).
    public static let clinicalNoteRecord = ClinicalTypeIdentifier("HKClinicalTypeIdentifierClinicalNoteRecord")
    /// Conditions (FHIR `Condition`).
    public static let conditionRecord = ClinicalTypeIdentifier("HKClinicalTypeIdentifierConditionRecord")
    /// Insurance coverage (FHIR `Coverage`).
    public static let coverageRecord = ClinicalTypeIdentifier("HKClinicalTypeIdentifierCoverageRecord")
    /// Immunizations (FHIR `Immunization`).
    public static let immunizationRecord = ClinicalTypeIdentifier("HKClinicalTypeIdentifierImmunizationRecord")
    /// Lab results (FHIR `Observation`, laboratory).
    public static let labResultRecord = ClinicalTypeIdentifier("HKClinicalTypeIdentifierLabResultRecord")
    /// Medications (FHIR `MedicationStatement`, `MedicationOrder`, `MedicationRequest`, …).
    public static let medicationRecord = ClinicalTypeIdentifier("HKClinicalTypeIdentifierMedicationRecord")
    /// Procedures (FHIR `Procedure`).
    public static let procedureRecord = ClinicalTypeIdentifier("HKClinicalTypeIdentifierProcedureRecord")
    /// Vital signs (FHIR `Observation`, vital signs).
    public static let vitalSignRecord = ClinicalTypeIdentifier("HKClinicalTypeIdentifierVitalSignRecord")

    /// Every clinical type of the reference.
    public static let allKnown: [ClinicalTypeIdentifier] = [
        .allergyRecord, .clinicalNoteRecord, .conditionRecord, .coverageRecord, .immunizationRecord,
        .labResultRecord, .medicationRecord, .procedureRecord, .vitalSignRecord,
    ]
}
