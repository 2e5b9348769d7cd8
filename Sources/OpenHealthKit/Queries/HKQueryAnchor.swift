public import Foundation
package import HealthQuery

/// A position in the database's change history: HealthKit's `HKQueryAnchor`. Opaque; persist it with
/// `NSKeyedArchiver` (it is `NSSecureCoding`) or `Codable`.
public final class HKQueryAnchor: NSObject, NSSecureCoding, Codable, @unchecked Sendable {
    package let engineValue: QueryAnchor

    package init(_ anchor: QueryAnchor) { engineValue = anchor }

    /// An anchor from a legacy integer anchor (`HKAnchoredObjectQueryNoAnchor` is 0).
    public convenience init(fromValue value: Int) {
        self.init(QueryAnchor(Int64(value)))
    }

    /// Anchors support secure coding.
    public static var supportsSecureCoding: Bool { true }

    /// Encodes the change number.
    public func encode(with coder: NSCoder) {
        coder.encode(engineValue.value, forKey: "anchor")
    }

    /// Decodes the change number.
    public required init?(coder: NSCoder) {
        engineValue = QueryAnchor(coder.decodeInt64(forKey: "anchor"))
    }

    /// Decodes from a single integer.
    public required init(from decoder: any Decoder) throws {
        engineValue = QueryAnchor(try decoder.singleValueContainer().decode(Int64.self))
    }

    /// Encodes as a single integer.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(engineValue.value)
    }

    /// Anchors are equal when they mark the same position.
    public override func isEqual(_ object: Any?) -> Bool { (object as? HKQueryAnchor)?.engineValue == engineValue }

    /// Hashes the position.
    public override var hash: Int { engineValue.hashValue }
}
