import Foundation

extension SampleValidator.Checker {
    // MARK: Payload samples

    mutating func check(_ sample: PayloadSample) {
        guard sample.payload.kind == sample.sampleType.kind else {
            report(.payloadContent, "holds a \(sample.payload.kind) payload for a \(sample.sampleType.kind) type")
            return
        }
        switch sample.payload {
        case .heartbeats(let beats): check(beats, span: sample.duration)
        case .electrocardiogram(let recording): check(recording)
        case .clinicalRecord(let content): check(content)
        }
    }

    private mutating func check(_ beats: [Heartbeat], span: TimeInterval) {
        if beats.count > PayloadSample.maxHeartbeats {
            report(.payloadContent, "has \(beats.count) beats (at most \(PayloadSample.maxHeartbeats))")
            return
        }
        var previous = 0.0
        for (position, beat) in beats.enumerated() {
            let where_ = "beat \(position)"
            guard beat.timeSinceSeriesStart.isFinite else {
                report(.finiteValue, "has a time that is not finite", path: where_)
                return
            }
            if beat.timeSinceSeriesStart < previous {
                report(.payloadContent, "is earlier than the beat before it or the series' start", path: where_)
                return
            }
            // A millisecond of slack: a series ending at its last beat is `start + t`, which `Date` may round.
            if beat.timeSinceSeriesStart > span + 0.001 {
                report(.payloadContent, "lies after the series' end", path: where_)
                return
            }
            previous = beat.timeSinceSeriesStart
        }
    }

    private mutating func check(_ recording: ElectrocardiogramRecording) {
        if !(recording.samplingFrequency.isFinite && recording.samplingFrequency > 0) {
            report(.payloadContent, "has a sampling frequency that is not a positive number")
        }
        if recording.microvolts.count > ElectrocardiogramRecording.maxMeasurements {
            report(
                .payloadContent,
                "has \(recording.microvolts.count) voltages (at most \(ElectrocardiogramRecording.maxMeasurements))")
        }
        if let first = recording.microvolts.firstIndex(where: { !$0.isFinite }) {
            report(.finiteValue, "has a voltage that is not finite", path: "voltage \(first)")
        }
        if let rate = recording.averageHeartRate, !(rate.isFinite && rate >= 0) {
            report(.finiteValue, "has an average heart rate that is not a finite, non-negative number")
        }
    }

    private mutating func check(_ content: ClinicalRecordContent) {
        if content.displayName.isEmpty { report(.payloadContent, "has an empty display name") }
        if let resource = content.fhirResource {
            if resource.data.count > ClinicalRecordContent.maxResourceBytes {
                report(
                    .payloadContent,
                    "has a FHIR resource of \(resource.data.count) bytes (at most \(ClinicalRecordContent.maxResourceBytes))"
                )
            }
            if resource.resourceType.isEmpty { report(.payloadContent, "has a FHIR resource without a type") }
        }
    }
}
