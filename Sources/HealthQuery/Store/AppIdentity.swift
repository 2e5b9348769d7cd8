public import HealthCore

/// Who is talking to the store: an app's bundle identifier, name, version and the usage descriptions
/// HealthKit requires in an app's Info.plist.
///
/// ```swift
/// let app = AppIdentity(
///     bundleIdentifier: "com.example.steps", name: "Steps", version: "1.0",
///     shareUsageDescription: "Reads your steps.", updateUsageDescription: "Saves your walks.")
/// ```
public struct AppIdentity: Sendable, Hashable, Codable {
    /// The bundle identifier: the app's source identity.
    public var bundleIdentifier: String
    /// The app's display name: the source name of what it saves.
    public var name: String
    /// The app's version, stamped on saved samples.
    public var version: String?
    /// The product type of the device the app runs on, e.g. `"iPhone16,2"`.
    public var productType: String?
    /// The device's operating-system version.
    public var operatingSystemVersion: OSVersion?
    /// `NSHealthShareUsageDescription`: required to request read access.
    public var shareUsageDescription: String?
    /// `NSHealthUpdateUsageDescription`: required to request write access.
    public var updateUsageDescription: String?
    /// A system identity (the Health app, the export importer, the simulator, the `ohk` tool): reads and writes
    /// every type without asking, and keeps the source revision a sample already carries (imported data stays
    /// attributed to the iPhone or Apple Watch that recorded it). Never give this to an app.
    public var isPrivileged: Bool
    /// The device this identity mirrors (a person's phone: ``mirror(device:)``); nil for an app. A mirror writes
    /// samples of every source through ``HealthStore/applySyncBatch(_:)`` only, keeping their source revisions, and
    /// reads nothing through the query API.
    public var mirroredDevice: String?

    /// Creates an identity.
    public init(
        bundleIdentifier: String,
        name: String,
        version: String? = nil,
        productType: String? = nil,
        operatingSystemVersion: OSVersion? = nil,
        shareUsageDescription: String? = nil,
        updateUsageDescription: String? = nil,
        isPrivileged: Bool = false
    ) {
        self.bundleIdentifier = bundleIdentifier
        self.name = name
        self.version = version
        self.productType = productType
        self.operatingSystemVersion = operatingSystemVersion
        self.shareUsageDescription = shareUsageDescription
        self.updateUsageDescription = updateUsageDescription
        self.isPrivileged = isPrivileged
    }

    /// The person who owns the data, acting for themselves (the `ohk` tool, the dashboard): full access to every
    /// type, through the same ``HealthStore`` calls and checks as every app (its grants answer yes to all), and
    /// the source revisions of what it imports are kept. What it saves is attributed to this identity.
    ///
    /// ```swift
    /// let owner = AppIdentity.owner(bundleIdentifier: "org.openhealthkit.ohk", name: "ohk", version: "0.1.0")
    /// ```
    public static func owner(bundleIdentifier: String, name: String, version: String? = nil) -> AppIdentity {
        AppIdentity(bundleIdentifier: bundleIdentifier, name: name, version: version, isPrivileged: true)
    }

    /// A person's device mirroring its HealthKit store into this one (decision 0031): not privileged, with no
    /// grants (every query and ``HealthStore/save(_:associations:)`` is refused); its one door is
    /// ``HealthStore/applySyncBatch(_:)``, which keeps the source revision and device each sample carries.
    ///
    /// ```swift
    /// let phone = AppIdentity.mirror(device: "bens-iphone")
    /// ```
    public static func mirror(device: String) -> AppIdentity {
        var identity = AppIdentity(bundleIdentifier: "org.openhealthkit.mirror.\(device)", name: device)
        identity.mirroredDevice = device
        return identity
    }

    /// The Health app itself (`com.apple.Health`): privileged; its own entries count as manual entry.
    public static let healthApp = AppIdentity(
        bundleIdentifier: Source.healthAppBundleIdentifier, name: "Health", isPrivileged: true)

    /// The source the app's samples are attributed to.
    public var source: Source { Source(name: name, bundleIdentifier: bundleIdentifier) }

    /// The revision stamped on every sample the app saves.
    public var sourceRevision: SourceRevision {
        SourceRevision(
            source: source, version: version, productType: productType,
            operatingSystemVersion: operatingSystemVersion)
    }
}
