/// The built-in catalog of quantity types: one ``QuantityTypeDescription`` per identifier of the reference.
///
/// ```swift
/// QuantityTypeCatalog.all.count                                   // every known quantity type
/// QuantityTypeCatalog.description(for: .heartRate)?.canonicalUnitString   // "count/s"
/// QuantityTypeIdentifier.heartRate.typeDescription                 // the same, as a property
/// ```
///
/// The catalog is data: a type Apple adds later has no description until a row is added here, but its
/// identifier still decodes and round-trips.
public enum QuantityTypeCatalog {
    /// Every described quantity type, grouped as in the reference (body, fitness, heart, mobility, hearing,
    /// respiratory, vital signs, nutrition).
    public static let all: [QuantityTypeDescription] =
        body + fitness + heart + mobility + hearing + respiratory + vitalSigns + nutrition

    /// The descriptions by identifier. If a row were duplicated, the first one wins.
    static let byIdentifier: [QuantityTypeIdentifier: QuantityTypeDescription] = Dictionary(
        all.map { ($0.identifier, $0) },
        uniquingKeysWith: { first, _ in first }
    )

    /// The description of a quantity type.
    ///
    /// - Parameter identifier: The type.
    /// - Returns: Its description, or `nil` when the catalog does not know the identifier.
    /// - Complexity: O(1).
    public static func description(for identifier: QuantityTypeIdentifier) -> QuantityTypeDescription? {
        byIdentifier[identifier]
    }

    /// Every distinct canonical unit of the catalog, in catalog order (parsed once, with the rows).
    public static let canonicalUnits: [HealthUnit] = {
        var seen: Set<HealthUnit> = []
        return all.map(\.canonicalUnit).filter { seen.insert($0).inserted }
    }()

    /// The descriptions of one group, in catalog order.
    ///
    /// - Parameter group: The group.
    /// - Returns: The descriptions of that group.
    public static func types(in group: QuantityTypeGroup) -> [QuantityTypeDescription] {
        all.filter { $0.group == group }
    }
}

extension QuantityTypeIdentifier {
    /// The catalog's description of this type, or `nil` for an identifier the catalog does not know.
    public var typeDescription: QuantityTypeDescription? {
        QuantityTypeCatalog.description(for: self)
    }
}
