public import Foundation

/// Settings of the validation path that depend on the store rather than on the sample.
public struct ValidationOptions: Sendable, Hashable {
    /// Samples starting before this date are refused (HealthKit's `earliestPermittedSampleDate`); nil
    /// accepts any date. HealthKit's exact value is not documented, so the store decides.
    public var earliestPermittedSampleDate: Date?

    /// Creates options.
    public init(earliestPermittedSampleDate: Date? = nil) {
        self.earliestPermittedSampleDate = earliestPermittedSampleDate
    }

    /// No store-dependent limits.
    public static let `default` = ValidationOptions()
}
