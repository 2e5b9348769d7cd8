import Foundation
import HealthCore
import HealthStorage

extension StorageConformance {
    /// Heartbeat series, electrocardiograms and clinical records: stored whole, read back equal after a reopen,
    /// selected by type, by content (payload conditions, negated too) and by date like any sample.
    static let payloadChecks: [Check] = [
        Check(name: "payloadSamplesSurviveReopen") { subject in
            let name = "payloadSamplesSurviveReopen"
            let m = Material()
            var storage = try await subject.makeStorage()
            let uuids = UUIDSequence(start: 8_000)
            let watch = SourceRevision(source: Fixtures.watch)
            var series = PayloadSample.heartbeatSeries(
                uuid: uuids.next(), start: m.at(0), end: m.at(1),
                beats: [
                    Heartbeat(timeSinceSeriesStart: 0.25), Heartbeat(timeSinceSeriesStart: 1.1),
                    Heartbeat(timeSinceSeriesStart: 2.9, precededByGap: true),
                ])
            series.sourceRevision = watch
            let volts = (0..<1_024).map { sin(Double($0) / 20) * 400 + 0.125 }
            var ecg = PayloadSample.electrocardiogram(
                uuid: uuids.next(), start: m.at(10),
                recording: ElectrocardiogramRecording(
                    classification: .atrialFibrillation, symptomsStatus: .present, averageHeartRate: 88,
                    samplingFrequency: 512, microvolts: volts),
                device: Device(name: "Apple Watch", model: "Watch"))
            ecg.sourceRevision = watch
            let json = Data(#"{"resourceType":"Observation","id":"a1c","code":{"text":"Hemoglobin A1c"}}"#.utf8)
            var record = PayloadSample.clinicalRecord(
                uuid: uuids.next(), type: .labResultRecord, received: m.at(20),
                content: ClinicalRecordContent(
                    displayName: "Hemoglobin A1c",
                    fhirResource: .init(
                        resourceType: "Observation", identifier: "a1c", fhirVersion: "4.0.1",
                        sourceURL: URL(string: "https://fhir.example.org/Observation/a1c"), data: json)))
            record.sourceRevision = SourceRevision(source: Fixtures.phone)
            let samples: [AnySample] = [.payload(series), .payload(ecg), .payload(record), m.heartRate(70, 5)]
            _ = try await storage.commit(StorageCommit(inserts: samples))
            storage = try await subject.reopen(storage)
            let fetched = try await storage.samples(matching: SampleRequest()).map(\.sample)
            try require(fetched == samples, name, "payload samples read back differ from those saved")
            for (type, expected) in [
                (SampleType.heartbeatSeries, series.uuid), (.electrocardiogram, ecg.uuid),
                (.clinical(.labResultRecord), record.uuid),
            ] {
                let found = try await storage.samples(matching: SampleRequest(predicate: .type(type)))
                try require(found.map(\.sample.uuid) == [expected], name, "by type \(type.identifier)")
            }
            let afib = try await storage.samples(
                matching: SampleRequest(predicate: .payload(.electrocardiogramClassification(.atrialFibrillation))))
            try require(afib.map(\.sample.uuid) == [ecg.uuid], name, "by classification")
            let sinus = try await storage.count(matching: .payload(.electrocardiogramClassification(.sinusRhythm)))
            try require(sinus == 0, name, "another classification matches nothing")
            let observations = try await storage.samples(
                matching: SampleRequest(
                    predicate: .payload(.fhirResourceType("Observation")) && .payload(.fhirIdentifier("a1c"))))
            try require(observations.map(\.sample.uuid) == [record.uuid], name, "by FHIR type and identifier")
            let notObservations = try await storage.count(matching: !.payload(.fhirResourceType("Observation")))
            try require(notObservations == 3, name, "negated payload condition counts \(notObservations)")
            let early = try await storage.samples(
                matching: SampleRequest(predicate: .date(start: m.at(0), end: m.at(9))))
            try require(
                Set(early.map(\.sample.uuid)) == [series.uuid, samples[3].uuid], name, "a date window over payloads")
        }
    ]
}
