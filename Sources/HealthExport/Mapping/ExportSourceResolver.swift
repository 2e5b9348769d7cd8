import Foundation
package import HealthCore

/// Derives a ``Source`` for an export's `sourceName`, which is only a display name.
///
/// The rule, decided the first time a name is seen and then kept for the whole import:
///
/// | Name / first record | bundle identifier | product type |
/// |---|---|---|
/// | `Health` | `com.apple.Health` | – |
/// | contains "Watch", or the device's model is `Watch` and its software version equals `sourceVersion` | `com.apple.health.<UUID-shaped FNV hash of the name>` | the device's hardware (`Watch6,1`), else `Watch` |
/// | contains "iPhone"/"iPad"/"iPod", or the device's model is one of those and its software version equals `sourceVersion` | `com.apple.health.<hash>` | the hardware (`iPhone16,2`), else `iPhone` |
/// | anything else | `export.<ascii-slug>.<8 hex digits of the mixed hash>` | – |
///
/// Apple devices use HealthKit's own `com.apple.health.` prefix, so the default source order of the merge puts
/// them (watches first, by product type) above apps. The name itself is kept exactly, including NBSP, U+2019 and
/// any other Unicode.
///
/// ```swift
/// var resolver = ExportSourceResolver()
/// resolver.source(named: "Ana’s Apple Watch", version: "10.1", device: nil).bundleIdentifier
/// // "com.apple.health.3F2A…"
/// ```
package struct ExportSourceResolver: Sendable {
    /// The kinds of source the rule tells apart.
    package enum Kind: Sendable, Hashable {
        /// The Health app's manual entries.
        case healthApp
        /// An Apple Watch.
        case watch
        /// An iPhone, iPad or iPod touch.
        case phone
        /// An app or anything else.
        case app
    }

    private var known: [String: (source: Source, kind: Kind)] = [:]
    private var last: (name: String, version: String?, device: Device?, revision: SourceRevision)?
    /// The revisions made since ``forgetLastRevision()``: records of a type alternate between a few devices and
    /// versions (runs of about 20 records in the medium export), and each return to one would otherwise make its
    /// revision again (a source lookup and an OS version parse).
    private var recent: [RevisionKey: SourceRevision] = [:]

    /// What a revision is made from.
    private struct RevisionKey: Hashable {
        var name: String
        var version: String?
        var device: Device?
    }

    /// At most this many revisions are kept in ``recent`` between two ``forgetLastRevision()`` calls.
    private static let recentLimit = 256

    /// Creates a resolver with no names seen.
    package init() {}

    /// Whether a source name was seen already.
    package func knows(_ name: String) -> Bool { known[name] != nil }

    /// How many distinct source names were seen.
    package var count: Int { known.count }

    /// The sources seen so far, by bundle identifier, then name (a total order: the same names, the same array).
    package var sources: [Source] {
        known.values.map(\.source).sorted { ($0.bundleIdentifier, $0.name) < ($1.bundleIdentifier, $1.name) }
    }

    /// The source for a name (decided on first sight, then fixed), and its kind.
    package mutating func source(named name: String, version: String?, device: Device?) -> (source: Source, kind: Kind)
    {
        if let hit = known[name] { return hit }
        let kind = Self.kind(named: name, version: version, device: device)
        let hash = ExportIdentity.fnv1a128(name)
        let identifier: String
        switch kind {
        case .healthApp: identifier = Source.healthAppBundleIdentifier
        case .watch, .phone:
            identifier =
                Source.appleDeviceBundlePrefix + ExportIdentity.uuid(fromHash: hash, prefix: hash.high >> 16).uuidString
        case .app: identifier = "export." + Self.slug(name) + "." + Self.hex(Self.mixed(hash), digits: 8)
        }
        let result = (Source(name: name, bundleIdentifier: identifier), kind)
        known[name] = result
        return result
    }

    /// Forgets the revisions made so far (the last one and the batch's others), so the next ones are new objects
    /// (the sources stay registered).
    package mutating func forgetLastRevision() {
        last = nil
        recent.removeAll(keepingCapacity: true)
    }

    /// A revision for a record of this source (the previous answer is reused while name, version and device
    /// repeat, as they do for runs of records, and an earlier one when they return to it before
    /// ``forgetLastRevision()``).
    package mutating func revision(named name: String, version: String?, device: Device?) -> SourceRevision {
        if let last, last.name == name, last.version == version, last.device == device { return last.revision }
        let key = RevisionKey(name: name, version: version, device: device)
        let revision: SourceRevision
        if let made = recent[key] {
            revision = made
        } else {
            revision = makeRevision(named: name, version: version, device: device)
            if recent.count < Self.recentLimit { recent[key] = revision }
        }
        last = (name, version, device, revision)
        return revision
    }

    private mutating func makeRevision(named name: String, version: String?, device: Device?) -> SourceRevision {
        let (source, kind) = source(named: name, version: version, device: device)
        let hardware = device?.hardwareVersion
        switch kind {
        case .watch:
            let product = hardware.flatMap { $0.hasPrefix("Watch") ? $0 : nil } ?? "Watch"
            return SourceRevision(
                source: source, version: version, productType: product,
                operatingSystemVersion: (device?.softwareVersion ?? version).flatMap(OSVersion.init))
        case .phone:
            let isPhone = hardware.map { $0.hasPrefix("iPhone") || $0.hasPrefix("iPad") || $0.hasPrefix("iPod") }
            return SourceRevision(
                source: source, version: version, productType: isPhone == true ? hardware : "iPhone",
                operatingSystemVersion: (device?.softwareVersion ?? version).flatMap(OSVersion.init))
        case .healthApp, .app:
            return SourceRevision(source: source, version: version)
        }
    }

    static func kind(named name: String, version: String?, device: Device?) -> Kind {
        if name == "Health" { return .healthApp }
        if name.contains("Watch") { return .watch }
        if name.contains("iPhone") || name.contains("iPad") || name.contains("iPod") { return .phone }
        guard let device, let model = device.model, device.softwareVersion == version else { return .app }
        if model == "Watch" { return .watch }
        if model == "iPhone" || model == "iPad" || model == "iPod" { return .phone }
        return .app
    }

    static func slug(_ name: String) -> String {
        var result = ""
        var pendingDash = false
        for scalar in name.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                if pendingDash, !result.isEmpty { result.append("-") }
                pendingDash = false
                result.unicodeScalars.append(Unicode.Scalar(UInt8(scalar.value)).lowercasedASCII)
            } else {
                pendingDash = true
            }
        }
        return result.isEmpty ? "source" : result
    }

    /// The hash's halves folded and avalanched (SplitMix64's finaliser). FNV-1a barely moves the high bits for
    /// the last bytes of a name, so a plain prefix of the hash is the same for `Foo!` and `Foo?`.
    static func mixed(_ hash: (high: UInt64, low: UInt64)) -> UInt64 {
        var z = hash.high ^ hash.low
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }

    static func hex(_ value: UInt64, digits: Int) -> String {
        let text = String(value, radix: 16)
        let padded = String(repeating: "0", count: max(0, 16 - text.count)) + text
        return String(padded.prefix(digits))
    }
}

extension Unicode.Scalar {
    fileprivate var lowercasedASCII: Unicode.Scalar {
        ("A"..."Z").contains(self) ? Unicode.Scalar(UInt8(value) + 32) : self
    }
}
