public import Foundation

/// What every sample has: HealthKit's `HKObject` + `HKSample` properties.
///
/// Samples are values. A sample gets its ``sourceRevision`` from the store when it is saved; until then it is
/// nil. UUIDs are given by whoever creates the sample (inject a generator; HealthCore never draws one).
public protocol HealthSample: Sendable, Hashable, Codable {
    /// The object's identity.
    var uuid: UUID { get set }
    /// The sample's type.
    var sampleType: SampleType { get }
    /// When the sample starts.
    var startDate: Date { get }
    /// When the sample ends (equal to ``startDate`` for an instantaneous sample).
    var endDate: Date { get }
    /// The hardware that produced the sample, if known.
    var device: Device? { get }
    /// The sample's metadata.
    var metadata: Metadata { get set }
    /// The app revision that saved the sample; set by the store on save.
    var sourceRevision: SourceRevision? { get set }
}

extension HealthSample {
    /// The sample's length in seconds.
    public var duration: TimeInterval { endDate.timeIntervalSince(startDate) }

    /// True when the end date is `Date.distantFuture` (HealthKit's `hasUndeterminedDuration`).
    public var hasUndeterminedDuration: Bool { endDate == Date.distantFuture }

    /// The source that saved the sample, if it has been saved.
    public var source: Source? { sourceRevision?.source }
}
