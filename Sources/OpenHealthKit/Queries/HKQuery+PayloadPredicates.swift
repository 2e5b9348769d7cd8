public import Foundation
import HealthCore

// HealthKit's predicate factories for electrocardiograms and clinical records.

extension HKQuery {
    /// Electrocardiograms with a classification.
    public class func predicateForElectrocardiograms(
        classification: HKElectrocardiogram.Classification
    ) -> NSPredicate {
        HKQueryPredicate.samples(
            .payload(.electrocardiogramClassification(.init(rawValue: classification.rawValue))),
            "predicateForElectrocardiograms(classification:)")
    }

    /// Electrocardiograms with a symptoms status.
    public class func predicateForElectrocardiograms(
        symptomsStatus: HKElectrocardiogram.SymptomsStatus
    ) -> NSPredicate {
        HKQueryPredicate.samples(
            .payload(.electrocardiogramSymptomsStatus(.init(rawValue: symptomsStatus.rawValue))),
            "predicateForElectrocardiograms(symptomsStatus:)")
    }

    /// Clinical records whose FHIR resource has a type.
    public class func predicateForClinicalRecords(withFHIRResourceType resourceType: HKFHIRResourceType) -> NSPredicate
    {
        HKQueryPredicate.samples(
            .payload(.fhirResourceType(resourceType.rawValue)), "predicateForClinicalRecords(withFHIRResourceType:)")
    }

    /// The clinical record of one FHIR resource: its source, resource type and identifier (a FHIR identifier is
    /// unique only per type and source).
    public class func predicateForClinicalRecords(
        from source: HKSource, fhirResourceType resourceType: HKFHIRResourceType, identifier: String
    ) -> NSPredicate {
        HKQueryPredicate.samples(
            .source(source.engineValue) && .payload(.fhirResourceType(resourceType.rawValue))
                && .payload(.fhirIdentifier(identifier)),
            "predicateForClinicalRecords(from:fhirResourceType:identifier:)")
    }
}

extension HKSamplePredicate where Sample == HKElectrocardiogram {
    /// Electrocardiograms.
    public static func electrocardiogram(_ predicate: NSPredicate? = nil) -> HKSamplePredicate<HKElectrocardiogram> {
        HKSamplePredicate(sampleType: HKObjectType.electrocardiogramType(), predicate: predicate)
    }
}

extension HKSamplePredicate where Sample == HKHeartbeatSeriesSample {
    /// Heartbeat series.
    public static func heartbeatSeries(_ predicate: NSPredicate? = nil) -> HKSamplePredicate<HKHeartbeatSeriesSample> {
        HKSamplePredicate(sampleType: HKSeriesType.heartbeat(), predicate: predicate)
    }
}

extension HKSamplePredicate where Sample == HKClinicalRecord {
    /// Clinical records of a type.
    public static func clinicalRecord(
        type: HKClinicalType, predicate: NSPredicate? = nil
    ) -> HKSamplePredicate<HKClinicalRecord> {
        HKSamplePredicate(sampleType: type, predicate: predicate)
    }
}
