/// HealthCore: the values that HealthKit speaks in.
///
/// Identifiers and the type catalog, ``HealthUnit`` and ``Quantity``, samples with their sources, devices and
/// metadata, validation, and ``SamplePredicate``. Values only: nothing here does I/O, reads the clock or
/// draws random numbers.
public enum HealthCoreVersion {
    /// The semantic version of the HealthCore vocabulary.
    public static let string = "0.1.0"
}
