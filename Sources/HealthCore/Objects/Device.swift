/// The hardware that generated a sample: HealthKit's `HKDevice`.
///
/// Every property is optional, as in HealthKit. Two devices are equal when all their properties are equal,
/// including the missing ones (the rule `predicateForObjects(from: Set<HKDevice>)` uses).
public struct Device: Sendable, Hashable, Codable {
    /// The device's name, e.g. `"Apple Watch"`.
    public var name: String?
    /// The manufacturer, e.g. `"Apple Inc."`.
    public var manufacturer: String?
    /// The model, e.g. `"Watch"`.
    public var model: String?
    /// The hardware version, e.g. `"Watch6,1"`.
    public var hardwareVersion: String?
    /// The firmware version.
    public var firmwareVersion: String?
    /// The software version, e.g. `"10.1"`.
    public var softwareVersion: String?
    /// An identifier local to the app or device.
    public var localIdentifier: String?
    /// The FDA Unique Device Identifier (device-identifier portion).
    public var udiDeviceIdentifier: String?

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
        self.name = name
        self.manufacturer = manufacturer
        self.model = model
        self.hardwareVersion = hardwareVersion
        self.firmwareVersion = firmwareVersion
        self.softwareVersion = softwareVersion
        self.localIdentifier = localIdentifier
        self.udiDeviceIdentifier = udiDeviceIdentifier
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
