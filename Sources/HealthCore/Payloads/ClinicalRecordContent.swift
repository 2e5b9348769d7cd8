public import Foundation

/// What a clinical record holds: HealthKit's `HKClinicalRecord` display name and its FHIR resource.
public struct ClinicalRecordContent: Sendable, Hashable, Codable {
    /// A FHIR resource as the provider sent it: HealthKit's `HKFHIRResource`.
    public struct FHIRResource: Sendable, Hashable, Codable {
        /// The FHIR resource type, e.g. `Observation` or `AllergyIntolerance`.
        public var resourceType: String
        /// The resource's identifier at its source.
        public var identifier: String
        /// The FHIR version, e.g. `1.0.2` (DSTU2) or `4.0.1` (R4).
        public var fhirVersion: String
        /// Where the resource came from, if known.
        public var sourceURL: URL?
        /// The resource's JSON bytes, unchanged.
        public var data: Data

        /// Creates a resource.
        public init(resourceType: String, identifier: String, fhirVersion: String, sourceURL: URL? = nil, data: Data) {
            self.resourceType = resourceType
            self.identifier = identifier
            self.fhirVersion = fhirVersion
            self.sourceURL = sourceURL
            self.data = data
        }
    }

    /// The record's name as the Health app shows it.
    public var displayName: String
    /// The FHIR resource, if the record has one.
    public var fhirResource: FHIRResource?

    /// Creates a record's content.
    public init(displayName: String, fhirResource: FHIRResource?) {
        self.displayName = displayName
        self.fhirResource = fhirResource
    }

    /// The largest FHIR resource a record may hold, in bytes.
    public static let maxResourceBytes = 4 << 20
}
