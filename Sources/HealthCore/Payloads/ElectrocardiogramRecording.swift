public import Foundation

/// What an electrocardiogram holds besides its dates: HealthKit's `HKElectrocardiogram` properties and its
/// voltage measurements (one lead, as Apple Watch records).
public struct ElectrocardiogramRecording: Sendable, Hashable, Codable {
    /// The result of the recording's analysis: HealthKit's `HKElectrocardiogram.Classification` raw values.
    public struct Classification: RawRepresentable, Sendable, Hashable, Codable {
        /// HealthKit's raw value.
        public var rawValue: Int
        /// Creates a classification from HealthKit's raw value.
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// Not set.
        public static let notSet = Classification(rawValue: 0)
        /// Sinus rhythm.
        public static let sinusRhythm = Classification(rawValue: 1)
        /// Atrial fibrillation.
        public static let atrialFibrillation = Classification(rawValue: 2)
        /// Inconclusive: heart rate below 50 bpm.
        public static let inconclusiveLowHeartRate = Classification(rawValue: 3)
        /// Inconclusive: heart rate above the analysis range.
        public static let inconclusiveHighHeartRate = Classification(rawValue: 4)
        /// Inconclusive: poor recording.
        public static let inconclusivePoorReading = Classification(rawValue: 5)
        /// Inconclusive for another reason.
        public static let inconclusiveOther = Classification(rawValue: 6)
        /// Unrecognized.
        public static let unrecognized = Classification(rawValue: 100)
    }

    /// Whether the person reported symptoms: HealthKit's `HKElectrocardiogram.SymptomsStatus` raw values.
    public struct SymptomsStatus: RawRepresentable, Sendable, Hashable, Codable {
        /// HealthKit's raw value.
        public var rawValue: Int
        /// Creates a status from HealthKit's raw value.
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// Not set.
        public static let notSet = SymptomsStatus(rawValue: 0)
        /// No symptoms.
        public static let none = SymptomsStatus(rawValue: 1)
        /// Symptoms were reported.
        public static let present = SymptomsStatus(rawValue: 2)
    }

    /// The analysis result.
    public var classification: Classification
    /// Whether symptoms were reported.
    public var symptomsStatus: SymptomsStatus
    /// The average heart rate during the recording, in beats per minute, if known.
    public var averageHeartRate: Double?
    /// Measurements per second, in hertz (Apple Watch: 512).
    public var samplingFrequency: Double
    /// The lead's voltages in microvolts, one per `1 / samplingFrequency` seconds from the sample's start.
    public var microvolts: [Double]

    /// Creates a recording.
    public init(
        classification: Classification = .notSet,
        symptomsStatus: SymptomsStatus = .notSet,
        averageHeartRate: Double? = nil,
        samplingFrequency: Double,
        microvolts: [Double]
    ) {
        self.classification = classification
        self.symptomsStatus = symptomsStatus
        self.averageHeartRate = averageHeartRate
        self.samplingFrequency = samplingFrequency
        self.microvolts = microvolts
    }

    /// The time the measurements span, in seconds (count ÷ frequency).
    public var duration: TimeInterval {
        samplingFrequency > 0 ? Double(microvolts.count) / samplingFrequency : 0
    }

    /// The most voltages one recording may hold: ten minutes at 512 Hz (Apple Watch records 30 s).
    public static let maxMeasurements = 307_200
}
