/// A condition on a ``PayloadSample``'s content: what HealthKit's clinical-record and electrocardiogram predicate
/// factories select. Samples of other kinds never match.
public enum PayloadCondition: Sendable, Hashable {
    /// Clinical records whose FHIR resource has this type (`HKFHIRResourceType` raw value).
    case fhirResourceType(String)
    /// Clinical records whose FHIR resource has this identifier.
    case fhirIdentifier(String)
    /// Electrocardiograms with this classification.
    case electrocardiogramClassification(ElectrocardiogramRecording.Classification)
    /// Electrocardiograms with this symptoms status.
    case electrocardiogramSymptomsStatus(ElectrocardiogramRecording.SymptomsStatus)

    /// Whether a sample meets the condition.
    public func holds(for sample: AnySample) -> Bool {
        guard let payload = sample.payloadSample?.payload else { return false }
        switch (self, payload) {
        case (.fhirResourceType(let type), .clinicalRecord(let record)):
            return record.fhirResource?.resourceType == type
        case (.fhirIdentifier(let identifier), .clinicalRecord(let record)):
            return record.fhirResource?.identifier == identifier
        case (.electrocardiogramClassification(let classification), .electrocardiogram(let recording)):
            return recording.classification == classification
        case (.electrocardiogramSymptomsStatus(let status), .electrocardiogram(let recording)):
            return recording.symptomsStatus == status
        default:
            return false
        }
    }
}

extension SamplePredicate {
    /// Payload samples whose content meets a condition (clinical records by FHIR resource, electrocardiograms by
    /// classification or symptoms). Backends decide it in memory on the payload rows.
    public static func payload(_ condition: PayloadCondition) -> SamplePredicate {
        SamplePredicate(.payload(condition))
    }
}
