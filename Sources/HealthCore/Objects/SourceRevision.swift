/// A specific version of a source that saved a sample: HealthKit's `HKSourceRevision`.
///
/// The store stamps every saved object with the revision of the app that saved it.
public struct SourceRevision: Sendable, Hashable, Codable, CustomReflectable {
    /// The four properties, held in one shared immutable box (``SharedFields``, decision 0015): the store stamps
    /// every sample with a revision, and a copy of the box is one retain where the strings were one each (and a
    /// sample is 88 bytes smaller).
    private struct Fields: Sendable, Hashable, Codable {
        var source: Source
        var version: String?
        var productType: String?
        var operatingSystemVersion: OSVersion?
    }

    private var storage: SharedFields<Fields>

    /// The source.
    public var source: Source {
        get { storage.fields.source }
        set { storage.update { $0.source = newValue } }
    }
    /// The app's version string, if known.
    public var version: String? {
        get { storage.fields.version }
        set { storage.update { $0.version = newValue } }
    }
    /// The hardware product type, e.g. `"Watch6,1"` or `"iPhone16,2"`.
    public var productType: String? {
        get { storage.fields.productType }
        set { storage.update { $0.productType = newValue } }
    }
    /// The operating-system version of the device that saved the sample.
    public var operatingSystemVersion: OSVersion? {
        get { storage.fields.operatingSystemVersion }
        set { storage.update { $0.operatingSystemVersion = newValue } }
    }

    /// Creates a revision.
    public init(
        source: Source,
        version: String? = nil,
        productType: String? = nil,
        operatingSystemVersion: OSVersion? = nil
    ) {
        storage = SharedFields(
            Fields(
                source: source, version: version, productType: productType,
                operatingSystemVersion: operatingSystemVersion))
    }

    /// Decodes the properties as a flat object (`{"source": …, "version": …}`), absent optionals as nil.
    public init(from decoder: any Decoder) throws {
        storage = try SharedFields(from: decoder)
    }

    /// Encodes the properties as a flat object, omitting the nil ones.
    public func encode(to encoder: any Encoder) throws {
        try storage.encode(to: encoder)
    }

    /// Whether both copies share one storage (made by one initializer, not just equal): a cheap check before
    /// comparing properties.
    package func isIdentical(to other: Self) -> Bool { storage.isIdentical(to: other.storage) }

    /// The properties, as `print` and `dump` show a plain struct's (not the box).
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "source": source as Any, "version": version as Any, "productType": productType as Any,
                "operatingSystemVersion": operatingSystemVersion as Any,
            ], displayStyle: .struct)
    }
}
