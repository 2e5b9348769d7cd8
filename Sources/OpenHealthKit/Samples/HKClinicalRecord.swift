public import Foundation
import HealthCore

/// A record from a health provider (an allergy, a lab result, an immunization…) with its FHIR resource:
/// HealthKit's `HKClinicalRecord`. Records arrive with an imported export (`ClinicalRecord` elements and their
/// `clinical-records/*.json` files); apps read them and cannot write them.
public final class HKClinicalRecord: HKSample, @unchecked Sendable {
    private var content: ClinicalRecordContent? { engineSample.payloadSample?.clinicalRecord }

    /// The record's clinical type.
    public var clinicalType: HKClinicalType { HKClinicalType(identifier: engineSample.sampleType.identifier) }

    /// The record's name as the Health app shows it.
    public var displayName: String { content?.displayName ?? "" }

    /// The FHIR resource, if the record has one.
    public var fhirResource: HKFHIRResource? { content?.fhirResource.map(HKFHIRResource.init) }
}

/// A FHIR resource as a provider sent it: HealthKit's `HKFHIRResource`.
public final class HKFHIRResource: NSObject, NSCopying, @unchecked Sendable {
    let value: ClinicalRecordContent.FHIRResource

    init(_ value: ClinicalRecordContent.FHIRResource) { self.value = value }

    /// The FHIR version of the resource.
    public var fhirVersion: HKFHIRVersion {
        (try? HKFHIRVersion(fhirVersionString: value.fhirVersion)) ?? HKFHIRVersion.unknown(value.fhirVersion)
    }

    /// The resource type, e.g. `.observation`.
    public var resourceType: HKFHIRResourceType { HKFHIRResourceType(rawValue: value.resourceType) }

    /// The resource's identifier at its source (unique per type and source).
    public var identifier: String { value.identifier }

    /// The resource's JSON, unchanged.
    public var data: Data { value.data }

    /// Where the resource came from.
    public var sourceURL: URL? { value.sourceURL }

    /// The resource itself: it is immutable.
    public func copy(with zone: NSZone? = nil) -> Any { self }

    /// Resources are equal when their type, identifier and data are.
    public override func isEqual(_ object: Any?) -> Bool { (object as? HKFHIRResource)?.value == value }

    /// Hashes the resource.
    public override var hash: Int { value.hashValue }
}

/// A FHIR resource type name: HealthKit's `HKFHIRResourceType`.
public struct HKFHIRResourceType: RawRepresentable, Hashable, Sendable {
    /// The FHIR name, e.g. `"Observation"`.
    public let rawValue: String
    /// Wraps a FHIR resource type name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Wraps a FHIR resource type name.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// `AllergyIntolerance`.
    public static let allergyIntolerance = HKFHIRResourceType("AllergyIntolerance")
    /// `Condition`.
    public static let condition = HKFHIRResourceType("Condition")
    /// `Coverage`.
    public static let coverage = HKFHIRResourceType("Coverage")
    /// `DiagnosticReport`.
    public static let diagnosticReport = HKFHIRResourceType("DiagnosticReport")
    /// `DocumentReference`.
    public static let documentReference = HKFHIRResourceType("DocumentReference")
    /// `ExplanationOfBenefit`.
    public static let explanationOfBenefit = HKFHIRResourceType("ExplanationOfBenefit")
    /// `Immunization`.
    public static let immunization = HKFHIRResourceType("Immunization")
    /// `MedicationDispense`.
    public static let medicationDispense = HKFHIRResourceType("MedicationDispense")
    /// `MedicationOrder` (DSTU2).
    public static let medicationOrder = HKFHIRResourceType("MedicationOrder")
    /// `MedicationRequest`.
    public static let medicationRequest = HKFHIRResourceType("MedicationRequest")
    /// `MedicationStatement`.
    public static let medicationStatement = HKFHIRResourceType("MedicationStatement")
    /// `Observation`.
    public static let observation = HKFHIRResourceType("Observation")
    /// `Procedure`.
    public static let procedure = HKFHIRResourceType("Procedure")
}

/// A FHIR release: HealthKit's `HKFHIRRelease`.
public struct HKFHIRRelease: RawRepresentable, Hashable, Sendable {
    /// The release's name.
    public let rawValue: String
    /// Wraps a release name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// DSTU2 (1.0.x).
    public static let dstu2 = HKFHIRRelease(rawValue: "DSTU2")
    /// R4 (4.0.x).
    public static let r4 = HKFHIRRelease(rawValue: "R4")
    /// Any other release.
    public static let unknown = HKFHIRRelease(rawValue: "Unknown")
}

/// A FHIR version (`major.minor.patch`): HealthKit's `HKFHIRVersion`.
public final class HKFHIRVersion: NSObject, NSCopying, @unchecked Sendable {
    /// The major version.
    public let majorVersion: Int
    /// The minor version.
    public let minorVersion: Int
    /// The patch version.
    public let patchVersion: Int
    /// The version as written, e.g. `"4.0.1"`.
    public let stringRepresentation: String

    private init(major: Int, minor: Int, patch: Int, string: String) {
        majorVersion = major
        minorVersion = minor
        patchVersion = patch
        stringRepresentation = string
    }

    /// Parses `major.minor.patch`.
    /// - Throws: `HKError(.errorInvalidArgument)` for any other form.
    public convenience init(fhirVersionString versionString: String) throws {
        let parts = versionString.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 3, let major = parts[0], let minor = parts[1], let patch = parts[2],
            major >= 0, minor >= 0, patch >= 0
        else {
            throw HKError(.errorInvalidArgument, "HKFHIRVersion: not a major.minor.patch version")
        }
        self.init(major: major, minor: minor, patch: patch, string: versionString)
    }

    /// A version that did not parse, kept as written (its numbers are 0).
    static func unknown(_ string: String) -> HKFHIRVersion {
        HKFHIRVersion(major: 0, minor: 0, patch: 0, string: string)
    }

    /// DSTU2 (1.0.2), the version Health Records used first.
    public class func primaryDSTU2() -> HKFHIRVersion { HKFHIRVersion(major: 1, minor: 0, patch: 2, string: "1.0.2") }

    /// R4 (4.0.1).
    public class func primaryR4() -> HKFHIRVersion { HKFHIRVersion(major: 4, minor: 0, patch: 1, string: "4.0.1") }

    /// The release this version belongs to.
    public var fhirRelease: HKFHIRRelease {
        switch (majorVersion, minorVersion) {
        case (1, 0): .dstu2
        case (4, 0): .r4
        default: .unknown
        }
    }

    /// The version itself: it is immutable.
    public func copy(with zone: NSZone? = nil) -> Any { self }

    /// Versions are equal when written alike.
    public override func isEqual(_ object: Any?) -> Bool {
        (object as? HKFHIRVersion)?.stringRepresentation == stringRepresentation
    }

    /// Hashes the written form.
    public override var hash: Int { stringRepresentation.hashValue }

    /// The written form.
    public override var description: String { stringRepresentation }
}
