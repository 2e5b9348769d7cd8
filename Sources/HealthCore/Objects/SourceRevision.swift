/// A specific version of a source that saved a sample: HealthKit's `HKSourceRevision`.
///
/// The store stamps every saved object with the revision of the app that saved it.
public struct SourceRevision: Sendable, Hashable, Codable, CustomReflectable {
    /// The four properties, held in one shared immutable box: the store stamps every sample with a revision, and
    /// a copy of the box is one retain where the strings were one each (and a sample is 88 bytes smaller).
    /// Setting a property makes a new box.
    private struct Fields: Sendable, Hashable, Codable {
        var source: Source
        var version: String?
        var productType: String?
        var operatingSystemVersion: OSVersion?
    }

    private final class Box: Sendable {
        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private var box: Box

    private mutating func update(_ change: (inout Fields) -> Void) {
        var fields = box.fields
        change(&fields)
        box = Box(fields)
    }

    /// The source.
    public var source: Source {
        get { box.fields.source }
        set { update { $0.source = newValue } }
    }
    /// The app's version string, if known.
    public var version: String? {
        get { box.fields.version }
        set { update { $0.version = newValue } }
    }
    /// The hardware product type, e.g. `"Watch6,1"` or `"iPhone16,2"`.
    public var productType: String? {
        get { box.fields.productType }
        set { update { $0.productType = newValue } }
    }
    /// The operating-system version of the device that saved the sample.
    public var operatingSystemVersion: OSVersion? {
        get { box.fields.operatingSystemVersion }
        set { update { $0.operatingSystemVersion = newValue } }
    }

    /// Creates a revision.
    public init(
        source: Source,
        version: String? = nil,
        productType: String? = nil,
        operatingSystemVersion: OSVersion? = nil
    ) {
        box = Box(
            Fields(
                source: source, version: version, productType: productType,
                operatingSystemVersion: operatingSystemVersion))
    }

    /// Equal when every property is equal (the same box is equal without comparing).
    public static func == (lhs: SourceRevision, rhs: SourceRevision) -> Bool {
        lhs.box === rhs.box || lhs.box.fields == rhs.box.fields
    }

    /// Hashes every property.
    public func hash(into hasher: inout Hasher) {
        box.fields.hash(into: &hasher)
    }

    /// Decodes the properties as a flat object (`{"source": …, "version": …}`), absent optionals as nil.
    public init(from decoder: any Decoder) throws {
        box = Box(try Fields(from: decoder))
    }

    /// Encodes the properties as a flat object, omitting the nil ones.
    public func encode(to encoder: any Encoder) throws {
        try box.fields.encode(to: encoder)
    }

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
