/// The built-in catalog of category types: one ``CategoryTypeDescription`` per identifier of the reference.
///
/// ```swift
/// CategoryTypeCatalog.description(for: .appleStandHour)?.exportName(for: 0)   // "HKCategoryValueAppleStandHourStood"
/// CategoryTypeIdentifier("HKCategoryTypeIdentifierFuture").typeDescription     // nil
/// ```
public enum CategoryTypeCatalog {
    /// Every described category type: events, sleep and other types, then reproductive health, then symptoms.
    public static let all: [CategoryTypeDescription] = events + reproductive + symptoms

    /// The descriptions by identifier. If a row were duplicated, the first one wins.
    static let byIdentifier: [CategoryTypeIdentifier: CategoryTypeDescription] = Dictionary(
        all.map { ($0.identifier, $0) },
        uniquingKeysWith: { first, _ in first }
    )

    /// The description of a category type.
    ///
    /// - Parameter identifier: The type.
    /// - Returns: Its description, or `nil` when the catalog does not know the identifier.
    /// - Complexity: O(1).
    public static func description(for identifier: CategoryTypeIdentifier) -> CategoryTypeDescription? {
        byIdentifier[identifier]
    }
}

extension CategoryTypeIdentifier {
    /// The catalog's description of this type, or `nil` for an identifier the catalog does not know.
    public var typeDescription: CategoryTypeDescription? {
        CategoryTypeCatalog.description(for: self)
    }
}
