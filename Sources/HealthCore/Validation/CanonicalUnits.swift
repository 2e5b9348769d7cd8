/// The parsed canonical unit of every catalogued quantity type, computed once.
enum CanonicalUnits {
    private static let table: [QuantityTypeIdentifier: HealthUnit] = {
        var table: [QuantityTypeIdentifier: HealthUnit] = [:]
        for description in QuantityTypeCatalog.all {
            if let unit = try? HealthUnit(from: description.canonicalUnitString) {
                table[description.identifier] = unit
            }
        }
        return table
    }()

    /// The canonical unit of a type; nil for types the catalog does not know.
    static func unit(for type: QuantityTypeIdentifier) -> HealthUnit? { table[type] }
}
