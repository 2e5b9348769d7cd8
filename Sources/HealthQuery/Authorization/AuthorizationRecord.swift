import Foundation
import HealthCore

/// One app's remembered answers, stored in the store's settings so they survive restarts.
struct AuthorizationRecord: Codable, Sendable, Hashable {
    var shareGranted: Set<String> = []
    var shareDenied: Set<String> = []
    var readGranted: Set<String> = []
    var readDenied: Set<String> = []
    /// Set for privileged identities: everything is granted, nothing is stored.
    var grantsEverything = false

    enum CodingKeys: String, CodingKey {
        case shareGranted, shareDenied, readGranted, readDenied
    }

    /// Encodes each set as a sorted array (the shape a set encodes to, in hash order otherwise): the same
    /// answers are the same stored bytes in every process.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(shareGranted.sorted(), forKey: .shareGranted)
        try container.encode(shareDenied.sorted(), forKey: .shareDenied)
        try container.encode(readGranted.sorted(), forKey: .readGranted)
        try container.encode(readDenied.sorted(), forKey: .readDenied)
    }

    static func key(for bundleIdentifier: String) -> String { "authorization/\(bundleIdentifier)" }

    func isShareDecided(_ type: SampleType) -> Bool {
        shareGranted.contains(type.identifier) || shareDenied.contains(type.identifier)
    }

    func isReadDecided(_ type: SampleType) -> Bool {
        readGranted.contains(type.identifier) || readDenied.contains(type.identifier)
    }

    func canRead(_ type: SampleType) -> Bool { grantsEverything || readGranted.contains(type.identifier) }

    /// Whether the app has asked for anything (a decision of either kind on any type is recorded).
    var hasAnyDecision: Bool {
        grantsEverything || !shareGranted.isEmpty || !shareDenied.isEmpty || !readGranted.isEmpty || !readDenied.isEmpty
    }

    func canShare(_ type: SampleType) -> Bool { grantsEverything || shareGranted.contains(type.identifier) }
}

/// Which types apps may never ask to write (reference §1.3 note and §4.1).
enum ShareRules {
    /// The identifiers of object types that are not sample types an app writes.
    static let readOnlyIdentifiers: Set<String> = [
        "HKActivitySummaryTypeIdentifier"
    ]

    /// True when an app may request write access to the type.
    static func isShareable(_ type: SampleType) -> Bool {
        if let identifier = type.quantityIdentifier {
            return identifier.typeDescription?.isAppleComputed != true
        }
        switch type.kind {
        case .correlation, .electrocardiogram, .clinical:
            return false
        case .other:
            return !type.identifier.hasPrefix("HKCharacteristicTypeIdentifier")
                && !readOnlyIdentifiers.contains(type.identifier)
        default:
            return true
        }
    }
}
