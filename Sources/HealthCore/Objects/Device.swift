/// The hardware that generated a sample: HealthKit's `HKDevice`.
///
/// Every property is optional, as in HealthKit. Two devices are equal when all their properties are equal,
/// including the missing ones (the rule `predicateForObjects(from: Set<HKDevice>)` uses).
public struct Device: Sendable, Hashable, Codable, CustomReflectable {
    /// The eight properties, held in one shared immutable box (``SharedFields``, decision 0015): a device is copied
    /// into every sample of a run (a million times in an import), and a copy of the box is one retain where eight
    /// strings were eight, and a sample is 120 bytes smaller.
    private struct Fields: Sendable, Hashable, Codable {
        var name: String?
        var manufacturer: String?
        var model: String?
        var hardwareVersion: String?
        var firmwareVersion: String?
        var softwareVersion: String?
        var localIdentifier: String?
        var udiDeviceIdentifier: String?
    }

    private var storage: SharedFields<Fields>

    /// The device's name, e.g. `"Apple Watch"`.
    public var name: String? {
        get { storage.fields.name }
        set { storage.update { $0.name = newValue } }
    }
    /// The manufacturer, e.g. `"Apple Inc."`.
    public var manufacturer: String? {
        get { storage.fields.manufacturer }
        set { storage.update { $0.manufacturer = newValue } }
    }
    /// The model, e.g. `"Watch"`.
    public var model: String? {
        get { storage.fields.model }
        set { storage.update { $0.model = newValue } }
    }
    /// The hardware version, e.g. `"Watch6,1"`.
    public var hardwareVersion: String? {
        get { storage.fields.hardwareVersion }
        set { storage.update { $0.hardwareVersion = newValue } }
    }
    /// The firmware version.
    public var firmwareVersion: String? {
        get { storage.fields.firmwareVersion }
        set { storage.update { $0.firmwareVersion = newValue } }
    }
    /// The software version, e.g. `"10.1"`.
    public var softwareVersion: String? {
        get { storage.fields.softwareVersion }
        set { storage.update { $0.softwareVersion = newValue } }
    }
    /// An identifier local to the app or device.
    public var localIdentifier: String? {
        get { storage.fields.localIdentifier }
        set { storage.update { $0.localIdentifier = newValue } }
    }
    /// The FDA Unique Device Identifier (device-identifier portion).
    public var udiDeviceIdentifier: String? {
        get { storage.fields.udiDeviceIdentifier }
        set { storage.update { $0.udiDeviceIdentifier = newValue } }
    }

    /// Creates a device description.
    public init(
        name: String? = nil,
        manufacturer: String? = nil,
        model: String? = nil,
        hardwareVersion: String? = nil,
        firmwareVersion: String? = nil,
        softwareVersion: String? = nil,
        localIdentifier: String? = nil,
        udiDeviceIdentifier: String? = nil
    ) {
        storage = SharedFields(
            Fields(
                name: name, manufacturer: manufacturer, model: model, hardwareVersion: hardwareVersion,
                firmwareVersion: firmwareVersion, softwareVersion: softwareVersion, localIdentifier: localIdentifier,
                udiDeviceIdentifier: udiDeviceIdentifier))
    }

    /// Decodes the properties as a flat object (`{"name": …, "model": …}`), absent keys as nil.
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
                "name": name as Any, "manufacturer": manufacturer as Any, "model": model as Any,
                "hardwareVersion": hardwareVersion as Any, "firmwareVersion": firmwareVersion as Any,
                "softwareVersion": softwareVersion as Any, "localIdentifier": localIdentifier as Any,
                "udiDeviceIdentifier": udiDeviceIdentifier as Any,
            ], displayStyle: .struct)
    }

    /// The property keys of `HKDevicePropertyKey…`, for `predicateForObjects(withDeviceProperty:allowedValues:)`.
    public enum PropertyKey: String, Sendable, Hashable, Codable, CaseIterable {
        /// `HKDevicePropertyKeyName`.
        case name = "name"
        /// `HKDevicePropertyKeyManufacturer`.
        case manufacturer = "manufacturer"
        /// `HKDevicePropertyKeyModel`.
        case model = "model"
        /// `HKDevicePropertyKeyHardwareVersion`.
        case hardwareVersion = "hardwareVersion"
        /// `HKDevicePropertyKeyFirmwareVersion`.
        case firmwareVersion = "firmwareVersion"
        /// `HKDevicePropertyKeySoftwareVersion`.
        case softwareVersion = "softwareVersion"
        /// `HKDevicePropertyKeyLocalIdentifier`.
        case localIdentifier = "localIdentifier"
        /// `HKDevicePropertyKeyUDIDeviceIdentifier`.
        case udiDeviceIdentifier = "UDIDeviceIdentifier"
    }

    /// The value of one property.
    public subscript(key: PropertyKey) -> String? {
        switch key {
        case .name: name
        case .manufacturer: manufacturer
        case .model: model
        case .hardwareVersion: hardwareVersion
        case .firmwareVersion: firmwareVersion
        case .softwareVersion: softwareVersion
        case .localIdentifier: localIdentifier
        case .udiDeviceIdentifier: udiDeviceIdentifier
        }
    }
}
