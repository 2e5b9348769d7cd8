public import HealthCore

/// Test fixtures shared by every layer's tests.
public enum HealthTestingVersion {
    /// The HealthCore version these fixtures were written for.
    public static let coreVersion = HealthCoreVersion.string
}
