extension SampleType: Hashable {
    /// Two sample types are equal when their identifiers are equal (the kind follows from the identifier).
    public static func == (lhs: SampleType, rhs: SampleType) -> Bool {
        lhs.identifier == rhs.identifier
    }

    /// Hashes the identifier.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(identifier)
    }
}

extension SampleType: Comparable {
    /// Orders sample types by identifier string.
    public static func < (lhs: SampleType, rhs: SampleType) -> Bool {
        lhs.identifier < rhs.identifier
    }
}

extension SampleType: Codable {
    /// Decodes a sample type from its identifier string, classifying it with ``init(identifier:)``.
    ///
    /// - Throws: `DecodingError` when the value is not a string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self.init(identifier: try container.decode(String.self))
    }

    /// Encodes the sample type as its identifier string.
    ///
    /// - Throws: any error of the encoder.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(identifier)
    }
}

extension SampleType: CustomStringConvertible {
    /// The identifier string.
    public var description: String { identifier }
}

extension SampleType {
    /// Clinical documents (`HKDocumentTypeIdentifierCDA`).
    public static let cdaDocument = SampleType(identifier: DocumentTypeIdentifier.cda.rawValue)
    /// Vision prescriptions (`HKVisionPrescriptionTypeIdentifier`).
    public static let visionPrescription = SampleType(identifier: "HKVisionPrescriptionTypeIdentifier")
    /// State of mind (`HKDataTypeIdentifierStateOfMind`, iOS 18).
    public static let stateOfMind = SampleType(identifier: "HKDataTypeIdentifierStateOfMind")
    /// GAD-7 scored assessments (`HKScoredAssessmentTypeIdentifierGAD7`, iOS 18).
    public static let scoredAssessmentGAD7 = SampleType(identifier: "HKScoredAssessmentTypeIdentifierGAD7")
    /// PHQ-9 scored assessments (`HKScoredAssessmentTypeIdentifierPHQ9`, iOS 18).
    public static let scoredAssessmentPHQ9 = SampleType(identifier: "HKScoredAssessmentTypeIdentifierPHQ9")
    /// Medication dose events (`HKMedicationDoseEventTypeIdentifierMedicationDoseEvent`, iOS 26).
    public static let medicationDoseEvent = SampleType(
        identifier: "HKMedicationDoseEventTypeIdentifierMedicationDoseEvent")
    /// User-annotated medication concepts (`HKDataTypeIdentifierUserAnnotatedMedicationConcept`, iOS 26).
    public static let userAnnotatedMedicationConcept = SampleType(
        identifier: "HKDataTypeIdentifierUserAnnotatedMedicationConcept")
    /// The sleep duration goal the Health export writes with its non-standard prefix (`HKDataTypeSleepDurationGoal`).
    public static let sleepDurationGoal = SampleType(identifier: "HKDataTypeSleepDurationGoal")
}
