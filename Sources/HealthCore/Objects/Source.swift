/// An app or device that saved samples: HealthKit's `HKSource`.
///
/// Sources are identified by their bundle identifier; the name is what people see and may change.
/// Apple devices use `com.apple.health.<DEVICE-UUID>`, manual entry in the Health app uses `com.apple.Health`.
///
/// ```swift
/// let watch = Source(name: "Ana’s Apple Watch", bundleIdentifier: "com.apple.health.0E1F…")
/// ```
public struct Source: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The name people see (editable for devices; may contain any Unicode).
    public var name: String
    /// The stable identity of the source.
    public var bundleIdentifier: String

    /// Creates a source.
    /// - Parameters:
    ///   - name: The name people see.
    ///   - bundleIdentifier: The app's bundle identifier, or `com.apple.health.<UUID>` for an Apple device.
    public init(name: String, bundleIdentifier: String) {
        self.name = name
        self.bundleIdentifier = bundleIdentifier
    }

    /// The Health app's manual-entry source (`com.apple.Health`).
    public static let healthApp = Source(name: "Health", bundleIdentifier: Source.healthAppBundleIdentifier)

    /// The bundle identifier of the Health app's manual entries.
    public static let healthAppBundleIdentifier = "com.apple.Health"

    /// The prefix of Apple devices' bundle identifiers (`com.apple.health.`).
    public static let appleDeviceBundlePrefix = "com.apple.health."

    /// True for Apple's own devices (`com.apple.health.*`).
    public var isAppleDevice: Bool { bundleIdentifier.hasPrefix(Source.appleDeviceBundlePrefix) }

    /// True for the Health app's manual entry.
    public var isHealthApp: Bool { bundleIdentifier == Source.healthAppBundleIdentifier }

    /// The bundle identifier (a source's name may be private to the person; the identifier is not a value).
    public var description: String { bundleIdentifier }
}
