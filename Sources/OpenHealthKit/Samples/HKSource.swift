public import Foundation
import HealthCore
import HealthQuery

/// An app or device that saves samples: HealthKit's `HKSource`. Sources are equal when their bundle
/// identifiers are. Persist one with `NSKeyedArchiver` (it is `NSSecureCoding`).
public final class HKSource: NSObject, NSSecureCoding, NSCopying, @unchecked Sendable {
    /// The name people see.
    public let name: String
    /// The stable identity: an app's bundle identifier, or `com.apple.health.<UUID>` for an Apple device.
    public let bundleIdentifier: String

    init(_ source: Source) {
        name = source.name
        bundleIdentifier = source.bundleIdentifier
    }

    var engineValue: Source { Source(name: name, bundleIdentifier: bundleIdentifier) }

    /// The calling app's source (from ``HKHealthStore/Configuration/current``).
    public class func `default`() -> HKSource { HKSource(HKHealthStore.Configuration.current.app.identity.source) }

    /// Sources support secure coding.
    public static var supportsSecureCoding: Bool { true }

    /// Encodes the name and the bundle identifier.
    public func encode(with coder: NSCoder) {
        coder.encodeString(name, forKey: "name")
        coder.encodeString(bundleIdentifier, forKey: "bundleIdentifier")
    }

    /// Decodes the name and the bundle identifier; nil when either is missing.
    public required init?(coder: NSCoder) {
        guard let name = coder.decodeString(forKey: "name"),
            let bundleIdentifier = coder.decodeString(forKey: "bundleIdentifier")
        else { return nil }
        self.name = name
        self.bundleIdentifier = bundleIdentifier
    }

    /// The source itself: sources are immutable.
    public func copy(with zone: NSZone? = nil) -> Any { self }

    /// Sources are equal when their bundle identifiers are.
    public override func isEqual(_ object: Any?) -> Bool {
        (object as? HKSource)?.bundleIdentifier == bundleIdentifier
    }

    /// Hashes the bundle identifier.
    public override var hash: Int { bundleIdentifier.hashValue }

    /// The bundle identifier.
    public override var description: String { bundleIdentifier }
}

/// A version of a source: HealthKit's `HKSourceRevision`.
public final class HKSourceRevision: NSObject, NSSecureCoding, NSCopying, @unchecked Sendable {
    /// The source.
    public let source: HKSource
    /// The app version.
    public let version: String?
    /// The product type, e.g. `"Watch6,1"`.
    public let productType: String?
    /// The operating-system version of the device that saved the object.
    public let operatingSystemVersion: OperatingSystemVersion

    /// Creates a revision.
    public init(
        source: HKSource, version: String?, productType: String?, operatingSystemVersion: OperatingSystemVersion
    ) {
        self.source = source
        self.version = version
        self.productType = productType
        self.operatingSystemVersion = operatingSystemVersion
    }

    /// Creates a revision with only a version.
    public convenience init(source: HKSource, version: String?) {
        self.init(
            source: source, version: version, productType: nil,
            operatingSystemVersion: OperatingSystemVersion(majorVersion: 0, minorVersion: 0, patchVersion: 0))
    }

    convenience init(_ revision: SourceRevision) {
        let os = revision.operatingSystemVersion
        self.init(
            source: HKSource(revision.source), version: revision.version, productType: revision.productType,
            operatingSystemVersion: OperatingSystemVersion(
                majorVersion: os?.major ?? 0, minorVersion: os?.minor ?? 0, patchVersion: os?.patch ?? 0))
    }

    var engineValue: SourceRevision {
        let os = operatingSystemVersion
        let known = os.majorVersion != 0 || os.minorVersion != 0 || os.patchVersion != 0
        return SourceRevision(
            source: source.engineValue, version: version, productType: productType,
            operatingSystemVersion: known
                ? OSVersion(major: os.majorVersion, minor: os.minorVersion, patch: os.patchVersion) : nil)
    }

    /// Revisions support secure coding.
    public static var supportsSecureCoding: Bool { true }

    /// Encodes the source, version, product type and operating-system version.
    public func encode(with coder: NSCoder) {
        coder.encode(source, forKey: "source")
        if let version { coder.encode(version as NSString, forKey: "version") }
        if let productType { coder.encode(productType as NSString, forKey: "productType") }
        coder.encode(operatingSystemVersion.majorVersion, forKey: "majorVersion")
        coder.encode(operatingSystemVersion.minorVersion, forKey: "minorVersion")
        coder.encode(operatingSystemVersion.patchVersion, forKey: "patchVersion")
    }

    /// Decodes a revision; nil when the source is missing.
    public convenience init?(coder: NSCoder) {
        guard let source = coder.decodeObject(of: HKSource.self, forKey: "source") else { return nil }
        self.init(
            source: source, version: coder.decodeString(forKey: "version"),
            productType: coder.decodeString(forKey: "productType"),
            operatingSystemVersion: OperatingSystemVersion(
                majorVersion: coder.decodeInteger(forKey: "majorVersion"),
                minorVersion: coder.decodeInteger(forKey: "minorVersion"),
                patchVersion: coder.decodeInteger(forKey: "patchVersion")))
    }

    /// The revision itself: revisions are immutable.
    public func copy(with zone: NSZone? = nil) -> Any { self }

    /// Revisions are equal when source, version, product type and OS version are.
    public override func isEqual(_ object: Any?) -> Bool {
        (object as? HKSourceRevision)?.engineValue == engineValue
    }

    /// Hashes the revision.
    public override var hash: Int { engineValue.hashValue }
}

/// The hardware that produced a sample: HealthKit's `HKDevice`. Devices are equal when every property is
/// (missing ones included). Persist one with `NSKeyedArchiver` (it is `NSSecureCoding`).
public final class HKDevice: NSObject, NSSecureCoding, NSCopying, @unchecked Sendable {
    let engineValue: Device

    init(_ device: Device) { engineValue = device }

    /// Creates a device description; every property is optional.
    public init(
        name: String?, manufacturer: String?, model: String?, hardwareVersion: String?, firmwareVersion: String?,
        softwareVersion: String?, localIdentifier: String?, udiDeviceIdentifier: String?
    ) {
        engineValue = Device(
            name: name, manufacturer: manufacturer, model: model, hardwareVersion: hardwareVersion,
            firmwareVersion: firmwareVersion, softwareVersion: softwareVersion, localIdentifier: localIdentifier,
            udiDeviceIdentifier: udiDeviceIdentifier)
    }

    /// This device (``HKHealthStore/Configuration/localDevice`` of the current configuration).
    public class func local() -> HKDevice { HKHealthStore.Configuration.current.localDevice }

    /// The name.
    public var name: String? { engineValue.name }
    /// The manufacturer.
    public var manufacturer: String? { engineValue.manufacturer }
    /// The model.
    public var model: String? { engineValue.model }
    /// The hardware version.
    public var hardwareVersion: String? { engineValue.hardwareVersion }
    /// The firmware version.
    public var firmwareVersion: String? { engineValue.firmwareVersion }
    /// The software version.
    public var softwareVersion: String? { engineValue.softwareVersion }
    /// An identifier local to the device.
    public var localIdentifier: String? { engineValue.localIdentifier }
    /// The FDA unique device identifier.
    public var udiDeviceIdentifier: String? { engineValue.udiDeviceIdentifier }

    /// Devices support secure coding.
    public static var supportsSecureCoding: Bool { true }

    /// Encodes the properties that are set, under the `HKDevicePropertyKey…` names.
    public func encode(with coder: NSCoder) {
        coder.encodeString(name, forKey: HKDevicePropertyKeyName)
        coder.encodeString(manufacturer, forKey: HKDevicePropertyKeyManufacturer)
        coder.encodeString(model, forKey: HKDevicePropertyKeyModel)
        coder.encodeString(hardwareVersion, forKey: HKDevicePropertyKeyHardwareVersion)
        coder.encodeString(firmwareVersion, forKey: HKDevicePropertyKeyFirmwareVersion)
        coder.encodeString(softwareVersion, forKey: HKDevicePropertyKeySoftwareVersion)
        coder.encodeString(localIdentifier, forKey: HKDevicePropertyKeyLocalIdentifier)
        coder.encodeString(udiDeviceIdentifier, forKey: HKDevicePropertyKeyUDIDeviceIdentifier)
    }

    /// Decodes the properties; a missing one is nil.
    public required init?(coder: NSCoder) {
        engineValue = Device(
            name: coder.decodeString(forKey: HKDevicePropertyKeyName),
            manufacturer: coder.decodeString(forKey: HKDevicePropertyKeyManufacturer),
            model: coder.decodeString(forKey: HKDevicePropertyKeyModel),
            hardwareVersion: coder.decodeString(forKey: HKDevicePropertyKeyHardwareVersion),
            firmwareVersion: coder.decodeString(forKey: HKDevicePropertyKeyFirmwareVersion),
            softwareVersion: coder.decodeString(forKey: HKDevicePropertyKeySoftwareVersion),
            localIdentifier: coder.decodeString(forKey: HKDevicePropertyKeyLocalIdentifier),
            udiDeviceIdentifier: coder.decodeString(forKey: HKDevicePropertyKeyUDIDeviceIdentifier))
    }

    /// The device itself: devices are immutable.
    public func copy(with zone: NSZone? = nil) -> Any { self }

    /// Devices are equal when all properties are.
    public override func isEqual(_ object: Any?) -> Bool { (object as? HKDevice)?.engineValue == engineValue }

    /// Hashes the properties.
    public override var hash: Int { engineValue.hashValue }
}

extension NSCoder {
    /// The string stored under `key` (securely, as an `NSString`), or nil when there is none.
    fileprivate func decodeString(forKey key: String) -> String? {
        // A missing key is nil, not a failure: asking for it would make a secure unarchiver fail the whole object.
        guard containsValue(forKey: key) else { return nil }
        return decodeObject(of: NSString.self, forKey: key).map { String($0) }
    }

    /// Stores `value` as an `NSString` under `key`; nil stores nothing.
    fileprivate func encodeString(_ value: String?, forKey key: String) {
        if let value { encode(NSString(string: value), forKey: key) }
    }
}

/// `HKDevicePropertyKeyName`.
public let HKDevicePropertyKeyName = "name"
/// `HKDevicePropertyKeyManufacturer`.
public let HKDevicePropertyKeyManufacturer = "manufacturer"
/// `HKDevicePropertyKeyModel`.
public let HKDevicePropertyKeyModel = "model"
/// `HKDevicePropertyKeyHardwareVersion`.
public let HKDevicePropertyKeyHardwareVersion = "hardwareVersion"
/// `HKDevicePropertyKeyFirmwareVersion`.
public let HKDevicePropertyKeyFirmwareVersion = "firmwareVersion"
/// `HKDevicePropertyKeySoftwareVersion`.
public let HKDevicePropertyKeySoftwareVersion = "softwareVersion"
/// `HKDevicePropertyKeyLocalIdentifier`.
public let HKDevicePropertyKeyLocalIdentifier = "localIdentifier"
/// `HKDevicePropertyKeyUDIDeviceIdentifier`.
public let HKDevicePropertyKeyUDIDeviceIdentifier = "UDIDeviceIdentifier"
