/// A specific version of a source that saved a sample: HealthKit's `HKSourceRevision`.
///
/// The store stamps every saved object with the revision of the app that saved it.
public struct SourceRevision: Sendable, Hashable, Codable {
    /// The source.
    public var source: Source
    /// The app's version string, if known.
    public var version: String?
    /// The hardware product type, e.g. `"Watch6,1"` or `"iPhone16,2"`.
    public var productType: String?
    /// The operating-system version of the device that saved the sample.
    public var operatingSystemVersion: OSVersion?

    /// Creates a revision.
    public init(
        source: Source,
        version: String? = nil,
        productType: String? = nil,
        operatingSystemVersion: OSVersion? = nil
    ) {
        self.source = source
        self.version = version
        self.productType = productType
        self.operatingSystemVersion = operatingSystemVersion
    }
}
