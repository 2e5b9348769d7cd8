public import Foundation

/// A sample whose content is one structured payload rather than a value: heartbeat series, electrocardiograms
/// and clinical records (HealthKit's `HKHeartbeatSeriesSample`, `HKElectrocardiogram`, `HKClinicalRecord`).
///
/// The store keeps the payload whole; predicates and sort orders see the sample's dates, source, device and
/// metadata as for any sample. The type's kind must match the payload: ``SampleType/heartbeatSeries`` with
/// ``Payload/heartbeats(_:)``, ``SampleType/electrocardiogram`` with ``Payload/electrocardiogram(_:)``, a
/// ``SampleType/Kind/clinical`` type with ``Payload/clinicalRecord(_:)`` (checked by ``SampleValidator``).
public struct PayloadSample: HealthSample {
    /// The content of a payload sample.
    public enum Payload: Sendable, Hashable, Codable {
        /// The beats of a heartbeat series, in time order.
        case heartbeats([Heartbeat])
        /// An electrocardiogram's analysis and voltages.
        case electrocardiogram(ElectrocardiogramRecording)
        /// A clinical record.
        case clinicalRecord(ClinicalRecordContent)

        /// The sample kind this payload belongs to.
        public var kind: SampleType.Kind {
            switch self {
            case .heartbeats: .heartbeatSeries
            case .electrocardiogram: .electrocardiogram
            case .clinicalRecord: .clinical
            }
        }
    }

    /// The object's identity.
    public var uuid: UUID
    /// The sample's type.
    public var sampleType: SampleType
    /// When the sample starts.
    public var startDate: Date
    /// When the sample ends.
    public var endDate: Date
    /// The content.
    public var payload: Payload
    /// The recording hardware.
    public var device: Device?
    /// The sample's metadata.
    public var metadata: Metadata
    /// The saving app's revision; set by the store.
    public var sourceRevision: SourceRevision?

    /// Creates a payload sample.
    public init(
        uuid: UUID,
        type: SampleType,
        start: Date,
        end: Date,
        payload: Payload,
        device: Device? = nil,
        metadata: Metadata = [:],
        sourceRevision: SourceRevision? = nil
    ) {
        self.uuid = uuid
        self.sampleType = type
        self.startDate = start
        self.endDate = end
        self.payload = payload
        self.device = device
        self.metadata = metadata
        self.sourceRevision = sourceRevision
    }

    /// A heartbeat series (`HKDataTypeIdentifierHeartbeatSeries`).
    public static func heartbeatSeries(
        uuid: UUID, start: Date, end: Date, beats: [Heartbeat], device: Device? = nil, metadata: Metadata = [:]
    ) -> PayloadSample {
        PayloadSample(
            uuid: uuid, type: .heartbeatSeries, start: start, end: end, payload: .heartbeats(beats), device: device,
            metadata: metadata)
    }

    /// An electrocardiogram spanning its measurements from `start`.
    public static func electrocardiogram(
        uuid: UUID, start: Date, recording: ElectrocardiogramRecording, device: Device? = nil,
        metadata: Metadata = [:]
    ) -> PayloadSample {
        PayloadSample(
            uuid: uuid, type: .electrocardiogram, start: start, end: start.addingTimeInterval(recording.duration),
            payload: .electrocardiogram(recording), device: device, metadata: metadata)
    }

    /// A clinical record of a type, dated when it was received.
    public static func clinicalRecord(
        uuid: UUID, type: ClinicalTypeIdentifier, received: Date, content: ClinicalRecordContent,
        metadata: Metadata = [:]
    ) -> PayloadSample {
        PayloadSample(
            uuid: uuid, type: .clinical(type), start: received, end: received, payload: .clinicalRecord(content),
            metadata: metadata)
    }

    /// The most beats one heartbeat series may hold (a day of beats at 70 bpm is about 100,000).
    public static let maxHeartbeats = 200_000

    /// The beats, when this is a heartbeat series.
    public var heartbeats: [Heartbeat]? {
        if case .heartbeats(let beats) = payload { return beats }
        return nil
    }

    /// The recording, when this is an electrocardiogram.
    public var electrocardiogram: ElectrocardiogramRecording? {
        if case .electrocardiogram(let recording) = payload { return recording }
        return nil
    }

    /// The content, when this is a clinical record.
    public var clinicalRecord: ClinicalRecordContent? {
        if case .clinicalRecord(let content) = payload { return content }
        return nil
    }
}
