import Foundation
import HealthCore
import HealthTesting
import Testing

/// Heartbeat series, electrocardiograms and clinical records: their types, their validation (each rule fails on
/// the sample built to break it) and their coding.
@Suite struct PayloadSampleTests {
    let t0 = Fixtures.date(2024, 3, 1, 9)

    func series(_ times: [Double], span: Double = 60) -> PayloadSample {
        PayloadSample.heartbeatSeries(
            uuid: UUIDSequence.uuid(1), start: t0, end: t0.addingTimeInterval(span),
            beats: times.map { Heartbeat(timeSinceSeriesStart: $0) })
    }

    func ecg(rate: Double = 512, volts: [Double] = [1, -2, 3.5]) -> PayloadSample {
        PayloadSample.electrocardiogram(
            uuid: UUIDSequence.uuid(2), start: t0,
            recording: ElectrocardiogramRecording(
                classification: .sinusRhythm, symptomsStatus: .none, samplingFrequency: rate, microvolts: volts))
    }

    func record(name: String = "Hemoglobin A1c", bytes: Int = 20) -> PayloadSample {
        PayloadSample.clinicalRecord(
            uuid: UUIDSequence.uuid(3), type: .labResultRecord, received: t0,
            content: ClinicalRecordContent(
                displayName: name,
                fhirResource: .init(
                    resourceType: "Observation", identifier: "obs-1", fhirVersion: "4.0.1",
                    data: Data(repeating: 0x20, count: bytes))))
    }

    func rules(_ sample: PayloadSample) -> [ValidationRule] {
        SampleValidator.issues(in: .payload(sample)).map(\.rule)
    }

    @Test func clinicalIdentifiersHaveTheirOwnKind() {
        #expect(SampleType(identifier: "HKClinicalTypeIdentifierLabResultRecord") == .clinical(.labResultRecord))
        #expect(SampleType(identifier: "HKClinicalTypeIdentifierLabResultRecord").kind == .clinical)
        #expect(SampleType.clinical(.allergyRecord).clinicalIdentifier == .allergyRecord)
        #expect(SampleType.heartbeatSeries.clinicalIdentifier == nil)
        #expect(ClinicalTypeIdentifier.allKnown.count == 9)
    }

    @Test func wellFormedPayloadsPass() {
        #expect(rules(series([0, 0.8, 1.6])).isEmpty)
        #expect(rules(ecg()).isEmpty)
        #expect(rules(record()).isEmpty)
        #expect(ecg(volts: Array(repeating: 0, count: 1_024)).endDate == t0.addingTimeInterval(2))
    }

    @Test func heartbeatsMustBeOrderedAndInsideTheSeries() {
        #expect(rules(series([0, 0.8, 0.7])) == [.payloadContent])
        #expect(rules(series([-0.1, 0.8])) == [.payloadContent])
        #expect(rules(series([0, 61])) == [.payloadContent])
        #expect(rules(series([0, .nan])) == [.finiteValue])
        let issue = SampleValidator.issues(in: .payload(series([0, 2, 1])))
        #expect(issue.first?.path == "beat 2")
    }

    @Test func electrocardiogramsNeedARateAndFiniteVoltages() {
        #expect(rules(ecg(rate: 0)) == [.payloadContent])
        #expect(rules(ecg(rate: .nan)) == [.payloadContent])
        #expect(rules(ecg(volts: [1, .infinity])) == [.finiteValue])
        #expect(
            rules(ecg(volts: Array(repeating: 0, count: ElectrocardiogramRecording.maxMeasurements + 1)))
                == [.payloadContent])
    }

    @Test func clinicalRecordsNeedANameAndABoundedResource() {
        #expect(rules(record(name: "")) == [.payloadContent])
        #expect(rules(record(bytes: ClinicalRecordContent.maxResourceBytes + 1)) == [.payloadContent])
    }

    @Test func aPayloadOfAnotherKindIsRefused() {
        var mismatched = ecg()
        mismatched.sampleType = .heartbeatSeries
        #expect(rules(mismatched) == [.payloadContent])
        var clinical = record()
        clinical.sampleType = .quantity(.heartRate)
        #expect(rules(clinical) == [.payloadContent])
    }

    @Test func payloadsRoundTripThroughCoding() throws {
        for sample in [series([0, 0.8]), ecg(), record()] {
            var withGap = sample
            if case .heartbeats(var beats) = sample.payload {
                beats[1].precededByGap = true
                withGap.payload = .heartbeats(beats)
            }
            let any = AnySample.payload(withGap)
            let decoded = try JSONDecoder().decode(AnySample.self, from: JSONEncoder().encode(any))
            #expect(decoded == any)
            #expect(AnySample(withGap as any HealthSample) == any)
        }
    }

    @Test func payloadConditionsSelectByContent() {
        let sinus = AnySample.payload(ecg())
        #expect(SamplePredicate.payload(.electrocardiogramClassification(.sinusRhythm)).evaluate(sinus))
        #expect(!SamplePredicate.payload(.electrocardiogramClassification(.atrialFibrillation)).evaluate(sinus))
        #expect(SamplePredicate.payload(.electrocardiogramSymptomsStatus(.none)).evaluate(sinus))
        let lab = AnySample.payload(record())
        #expect(SamplePredicate.payload(.fhirResourceType("Observation")).evaluate(lab))
        #expect(!SamplePredicate.payload(.fhirResourceType("Observation")).evaluate(sinus))
        #expect(SamplePredicate.payload(.fhirIdentifier("obs-1")).evaluate(lab))
        #expect(!SamplePredicate.payload(.fhirIdentifier("obs-2")).evaluate(lab))
    }
}
