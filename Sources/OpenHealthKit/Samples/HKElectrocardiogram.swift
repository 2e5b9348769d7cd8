public import Foundation
import HealthCore

/// An electrocardiogram recorded by Apple Watch's ECG app: HealthKit's `HKElectrocardiogram`.
///
/// Its summary is on the object; its voltages come from ``HKElectrocardiogramQuery`` or
/// ``HKElectrocardiogramQueryDescriptor``. Apps cannot create electrocardiograms (HealthKit has no initializer
/// for them either); they arrive with an imported export (`electrocardiograms/*.csv`).
public final class HKElectrocardiogram: HKSample, @unchecked Sendable {
    /// The result of the recording's analysis.
    public enum Classification: Int, Sendable {
        /// Not set.
        case notSet = 0
        /// Sinus rhythm.
        case sinusRhythm = 1
        /// Atrial fibrillation.
        case atrialFibrillation = 2
        /// Inconclusive: the heart rate was below 50 bpm.
        case inconclusiveLowHeartRate = 3
        /// Inconclusive: the heart rate was above the analysis range.
        case inconclusiveHighHeartRate = 4
        /// Inconclusive: a poor recording.
        case inconclusivePoorReading = 5
        /// Inconclusive for another reason.
        case inconclusiveOther = 6
        /// Unrecognized.
        case unrecognized = 100
    }

    /// Whether the person reported symptoms with the recording.
    public enum SymptomsStatus: Int, Sendable {
        /// Not set.
        case notSet = 0
        /// No symptoms.
        case none = 1
        /// Symptoms were reported.
        case present = 2
    }

    /// The lead a voltage was measured on.
    public enum Lead: Int, Sendable {
        /// Apple Watch's lead, similar to a standard ECG's lead I.
        case appleWatchSimilarToLeadI = 1
    }

    /// One voltage of the recording: HealthKit's `HKElectrocardiogram.VoltageMeasurement`.
    public final class VoltageMeasurement: NSObject, NSCopying, @unchecked Sendable {
        /// Seconds from the electrocardiogram's start date.
        public let timeSinceSampleStart: TimeInterval
        private let microvolts: Double

        init(timeSinceSampleStart: TimeInterval, microvolts: Double) {
            self.timeSinceSampleStart = timeSinceSampleStart
            self.microvolts = microvolts
        }

        /// The voltage on a lead (in µV); nil for a lead the recording does not have.
        public func quantity(for lead: Lead) -> HKQuantity? {
            lead == .appleWatchSimilarToLeadI ? HKQuantity(unit: .voltUnit(with: .micro), doubleValue: microvolts) : nil
        }

        /// The measurement itself: it is immutable.
        public func copy(with zone: NSZone? = nil) -> Any { self }
    }

    private var recording: ElectrocardiogramRecording? { engineSample.payloadSample?.electrocardiogram }

    /// The number of voltages (Apple Watch: about 15,360 for 30 s at 512 Hz).
    public var numberOfVoltageMeasurements: Int { recording?.microvolts.count ?? 0 }

    /// The sampling frequency, in hertz.
    public var samplingFrequency: HKQuantity? {
        recording.map { HKQuantity(unit: .hertz(), doubleValue: $0.samplingFrequency) }
    }

    /// The analysis result; ``Classification-swift.enum/unrecognized`` for a value this version does not know.
    public var classification: Classification {
        recording.map { Classification(rawValue: $0.classification.rawValue) ?? .unrecognized } ?? .notSet
    }

    /// The average heart rate during the recording, in beats per minute.
    public var averageHeartRate: HKQuantity? {
        recording?.averageHeartRate.map {
            HKQuantity(unit: HKUnit.count().unitDivided(by: .minute()), doubleValue: $0)
        }
    }

    /// Whether symptoms were reported.
    public var symptomsStatus: SymptomsStatus {
        recording.map { SymptomsStatus(rawValue: $0.symptomsStatus.rawValue) ?? .notSet } ?? .notSet
    }

    /// The voltage measurements, in order.
    var measurements: [VoltageMeasurement] {
        guard let recording, recording.samplingFrequency > 0 else { return [] }
        let step = 1 / recording.samplingFrequency
        return recording.microvolts.enumerated().map { index, value in
            VoltageMeasurement(timeSinceSampleStart: Double(index) * step, microvolts: value)
        }
    }
}
