import Foundation
import HealthCore
import HealthQuery
import OpenHealthKit
import Testing

/// Issue 16 part 2: heartbeat series (builder, query, descriptor), electrocardiograms (summary, voltage query,
/// descriptor, predicates) and clinical records (types, FHIR resources, predicates) through HealthKit's API.
@Suite("Heartbeat series, electrocardiograms and clinical records")
struct PayloadSampleTests {
    static let recorder = AppIdentity(bundleIdentifier: "com.apple.NanoHeartRhythm", name: "ECG", isPrivileged: true)

    /// Saves samples as a privileged identity (the way an imported export brings them).
    static func seed(_ store: HKHealthStore, _ samples: [PayloadSample]) async throws {
        try await store.engine.store(for: recorder, policy: .grantAll).save(samples.map { .payload($0) })
    }

    static func ecg(
        _ uuid: Int, classification: ElectrocardiogramRecording.Classification, start: Date
    )
        -> PayloadSample
    {
        PayloadSample.electrocardiogram(
            uuid: UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", uuid))!, start: start,
            recording: ElectrocardiogramRecording(
                classification: classification, symptomsStatus: .none, averageHeartRate: 72, samplingFrequency: 4,
                microvolts: [10, -20, 30.5, 0, 12]))
    }

    static func labResult(_ uuid: Int, identifier: String, resourceType: String) -> PayloadSample {
        PayloadSample.clinicalRecord(
            uuid: UUID(uuidString: String(format: "00000000-0000-0000-0001-%012d", uuid))!,
            type: .labResultRecord, received: TestSupport.at(8),
            content: ClinicalRecordContent(
                displayName: "Hemoglobin A1c",
                fhirResource: .init(
                    resourceType: resourceType, identifier: identifier, fhirVersion: "4.0.1",
                    sourceURL: URL(string: "https://fhir.example.org"),
                    data: Data(#"{"resourceType":"\#(resourceType)"}"#.utf8))))
    }

    @Test("a heartbeat series is built, saved and read beat by beat", arguments: TestSupport.Backend.allCases)
    func heartbeatSeries(backend: TestSupport.Backend) async throws {
        try await TestSupport.withStore(TestSupport.configuration(backend)) { store in
            let type = HKSeriesType.heartbeat()
            try await store.requestAuthorization(toShare: [type], read: [type])
            let start = TestSupport.at(7)
            let builder = HKHeartbeatSeriesBuilder(healthStore: store, device: HKDevice.local(), start: start)
            for (time, gap) in [(0.0, false), (0.82, false), (1.61, false), (4.4, true)] {
                try await builder.addHeartbeatWithTimeInterval(sinceSeriesStartDate: time, precededByGap: gap)
            }
            try await builder.addMetadata(["HKWasUserEntered": false])
            let series = try await builder.finishSeries()
            #expect(series.count == 4)
            #expect(series.startDate == start && series.endDate == start.addingTimeInterval(4.4))
            #expect(series.sampleType == HKSeriesType.heartbeat())

            let queried = try await TestSupport.run(store, type)
            #expect(queried.map(\.uuid) == [series.uuid])
            #expect(queried.first is HKHeartbeatSeriesSample)

            let beats = Locked<[(TimeInterval, Bool, Bool)]>([])
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let query = HKHeartbeatSeriesQuery(heartbeatSeries: series) { _, time, gap, done, error in
                    if let error { return continuation.resume(throwing: error) }
                    beats.withLock { $0.append((time, gap, done)) }
                    if done { continuation.resume() }
                }
                store.execute(query)
            }
            let delivered = beats.withLock { $0 }
            #expect(delivered.map(\.0) == [0, 0.82, 1.61, 4.4])
            #expect(delivered.map(\.1) == [false, false, false, true])
            #expect(delivered.map(\.2) == [false, false, false, true])

            var streamed: [HKHeartbeatSeriesQueryDescriptor.Heartbeat] = []
            for try await beat in HKHeartbeatSeriesQueryDescriptor(series).results(for: store) { streamed.append(beat) }
            #expect(streamed.map(\.timeSinceSeriesStart) == [0, 0.82, 1.61, 4.4])
            let typed = try await HKSampleQueryDescriptor(predicates: [.heartbeatSeries()], sortDescriptors: [])
                .result(for: store)
            #expect(typed.map(\.count) == [4])
        }
    }

    @Test func heartbeatBuilderRefusesWhatHealthKitRefuses() async throws {
        try await TestSupport.withStore(TestSupport.configuration(.memory)) { store in
            let builder = HKHeartbeatSeriesBuilder(healthStore: store, device: nil, start: TestSupport.at(7))
            await #expect(throws: HKError.self) {
                try await builder.addHeartbeatWithTimeInterval(sinceSeriesStartDate: -1, precededByGap: false)
            }
            try await builder.addHeartbeatWithTimeInterval(sinceSeriesStartDate: 2, precededByGap: false)
            await #expect(throws: HKError.self) {
                try await builder.addHeartbeatWithTimeInterval(sinceSeriesStartDate: 1, precededByGap: false)
            }
            // Not authorized yet: refused, and the same builder saves once allowed.
            await #expect(throws: HKError.self) { _ = try await builder.finishSeries() }
            try await store.requestAuthorization(toShare: [HKSeriesType.heartbeat()], read: [])
            _ = try await builder.finishSeries()
            await #expect(throws: HKError.self) { _ = try await builder.finishSeries() }
            builder.discard()
            await #expect(throws: HKError.self) {
                try await builder.addHeartbeatWithTimeInterval(sinceSeriesStartDate: 3, precededByGap: false)
            }
        }
    }

    @Test("an electrocardiogram's summary and voltages", arguments: TestSupport.Backend.allCases)
    func electrocardiogram(backend: TestSupport.Backend) async throws {
        try await TestSupport.withStore(TestSupport.configuration(backend)) { store in
            let type = HKObjectType.electrocardiogramType()
            try await store.requestAuthorization(toShare: [], read: [type])
            try await Self.seed(
                store,
                [
                    Self.ecg(1, classification: .sinusRhythm, start: TestSupport.at(9)),
                    Self.ecg(2, classification: .atrialFibrillation, start: TestSupport.at(10)),
                ])
            let all = try await TestSupport.run(
                store, type, sort: [NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: true)])
            let ecgs = all.compactMap { $0 as? HKElectrocardiogram }
            #expect(ecgs.count == 2)
            let first = try #require(ecgs.first)
            #expect(first.numberOfVoltageMeasurements == 5)
            #expect(first.samplingFrequency?.doubleValue(for: .hertz()) == 4)
            #expect(first.classification == .sinusRhythm)
            #expect(first.symptomsStatus == .none)
            #expect(first.averageHeartRate?.doubleValue(for: HKUnit.count().unitDivided(by: .minute())) == 72)
            #expect(first.endDate == first.startDate.addingTimeInterval(1.25))

            let results = Locked<[(TimeInterval, Double)]>([])
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let query = HKElectrocardiogramQuery(first) { _, result in
                    switch result {
                    case .measurement(let measurement):
                        let volts = measurement.quantity(for: .appleWatchSimilarToLeadI)?
                            .doubleValue(for: .voltUnit(with: .micro))
                        results.withLock { $0.append((measurement.timeSinceSampleStart, volts ?? .nan)) }
                    case .done: continuation.resume()
                    case .error(let error): continuation.resume(throwing: error)
                    }
                }
                store.execute(query)
            }
            let measured = results.withLock { $0 }
            #expect(measured.map(\.0) == [0, 0.25, 0.5, 0.75, 1])
            #expect(measured.map(\.1) == [10, -20, 30.5, 0, 12])

            var streamed: [Double] = []
            for try await measurement in HKElectrocardiogramQueryDescriptor(first).results(for: store) {
                streamed.append(
                    measurement.quantity(for: .appleWatchSimilarToLeadI)?.doubleValue(for: .voltUnit(with: .micro))
                        ?? .nan)
            }
            #expect(streamed == [10, -20, 30.5, 0, 12])

            let afib = try await TestSupport.run(
                store, type, HKQuery.predicateForElectrocardiograms(classification: .atrialFibrillation))
            #expect(afib.map(\.uuid) == [ecgs[1].uuid])
            let noSymptoms = try await TestSupport.run(
                store, type, HKQuery.predicateForElectrocardiograms(symptomsStatus: .none))
            #expect(noSymptoms.count == 2)
            let typed = try await HKSampleQueryDescriptor(predicates: [.electrocardiogram()], sortDescriptors: [])
                .result(for: store)
            #expect(typed.count == 2)
        }
    }

    @Test func electrocardiogramsAndClinicalRecordsCannotBeShared() async throws {
        try await TestSupport.withStore(TestSupport.configuration(.memory)) { store in
            await #expect(throws: HKError.self) {
                try await store.requestAuthorization(toShare: [HKObjectType.electrocardiogramType()], read: [])
            }
            let clinical = try #require(HKObjectType.clinicalType(forIdentifier: .labResultRecord))
            await #expect(throws: HKError.self) { try await store.requestAuthorization(toShare: [clinical], read: []) }
            try await store.requestAuthorization(toShare: [], read: [clinical])
        }
    }

    @Test func aVoltageQueryNeedsReadPermission() async throws {
        let granted = TestSupport.configuration(.memory)
        let type = HKObjectType.electrocardiogramType()
        let ecg = try await TestSupport.withStore(granted) { store in
            try await store.requestAuthorization(toShare: [], read: [type])
            try await Self.seed(store, [Self.ecg(3, classification: .sinusRhythm, start: TestSupport.at(9))])
            return try #require(try await TestSupport.run(store, type).first as? HKElectrocardiogram)
        }
        // Another app whose request for electrocardiograms was denied learns nothing of them, voltages included.
        try await TestSupport.withStore(granted.with(app: TestSupport.otherApp, authorization: .denyAll)) { store in
            try await store.requestAuthorization(toShare: [], read: [type])
            #expect(try await TestSupport.run(store, type).isEmpty)
            await #expect(throws: HKError.self) {
                for try await _ in HKElectrocardiogramQueryDescriptor(ecg).results(for: store) {}
            }
        }
    }

    @Test("clinical records with their FHIR resources", arguments: TestSupport.Backend.allCases)
    func clinicalRecords(backend: TestSupport.Backend) async throws {
        try await TestSupport.withStore(TestSupport.configuration(backend)) { store in
            let type = try #require(HKObjectType.clinicalType(forIdentifier: .labResultRecord))
            #expect(
                HKObjectType.clinicalType(forIdentifier: HKClinicalTypeIdentifier("HKClinicalTypeIdentifierNope"))
                    == nil)
            try await store.requestAuthorization(toShare: [], read: [type])
            try await Self.seed(
                store,
                [
                    Self.labResult(1, identifier: "a1c", resourceType: "Observation"),
                    Self.labResult(2, identifier: "cbc", resourceType: "DiagnosticReport"),
                ])
            let records = try await TestSupport.run(store, type).compactMap { $0 as? HKClinicalRecord }
            #expect(records.count == 2)
            let observation = try #require(records.first { $0.fhirResource?.identifier == "a1c" })
            #expect(observation.displayName == "Hemoglobin A1c")
            #expect(observation.clinicalType == type)
            #expect(observation.fhirResource?.resourceType == .observation)
            #expect(observation.fhirResource?.fhirVersion.fhirRelease == .r4)
            #expect(observation.fhirResource?.sourceURL == URL(string: "https://fhir.example.org"))
            #expect(observation.fhirResource?.data == Data(#"{"resourceType":"Observation"}"#.utf8))

            let byType = try await TestSupport.run(
                store, type, HKQuery.predicateForClinicalRecords(withFHIRResourceType: .diagnosticReport))
            #expect(byType.compactMap { ($0 as? HKClinicalRecord)?.fhirResource?.identifier } == ["cbc"])
            let one = try await TestSupport.run(
                store, type,
                HKQuery.predicateForClinicalRecords(
                    from: observation.sourceRevision.source, fhirResourceType: .observation, identifier: "a1c"))
            #expect(one.map(\.uuid) == [observation.uuid])
            let typed = try await HKSampleQueryDescriptor(
                predicates: [.clinicalRecord(type: type)], sortDescriptors: []
            )
            .result(for: store)
            #expect(typed.count == 2)
        }
    }

    @Test func fhirVersionsAndClinicalTypeCoding() throws {
        let r4 = try HKFHIRVersion(fhirVersionString: "4.0.1")
        #expect(r4.majorVersion == 4 && r4.minorVersion == 0 && r4.patchVersion == 1 && r4.fhirRelease == .r4)
        #expect(HKFHIRVersion.primaryDSTU2().fhirRelease == .dstu2)
        #expect(throws: HKError.self) { try HKFHIRVersion(fhirVersionString: "4.0") }
        #expect(throws: HKError.self) { try HKFHIRVersion(fhirVersionString: "a.b.c") }
        let type = try #require(HKObjectType.clinicalType(forIdentifier: .immunizationRecord))
        let data = try NSKeyedArchiver.archivedData(withRootObject: type, requiringSecureCoding: true)
        let decoded = try NSKeyedUnarchiver.unarchivedObject(ofClass: HKObjectType.self, from: data)
        #expect(decoded is HKClinicalType && decoded == type)
    }
}
