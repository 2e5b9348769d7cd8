extension SampleValidator {
    /// What checking a quantity sample works out from its type and unit alone — the type's catalog entry, and
    /// whether the unit fits the type's canonical unit — kept for the next sample.
    ///
    /// An import checks runs of records of one type in one unit; with the memo a run costs one catalog lookup
    /// (a hashed identifier) and one unit analysis, not one per sample. The answers are exactly those of
    /// ``QuantityTypeIdentifier/typeDescription`` and ``HealthUnit/isCompatible(with:)``: only the last type and
    /// the last pair of units are kept, and compared in full.
    package struct QuantityMemo: Sendable {
        private var type: QuantityTypeIdentifier?
        private var typeDescription: QuantityTypeDescription?
        private var unit: HealthUnit?
        private var canonical: HealthUnit?
        private var compatible = false

        /// An empty memo.
        package init() {}

        /// The catalog entry of `type` (nil for a type the catalog does not know).
        mutating func description(of type: QuantityTypeIdentifier) -> QuantityTypeDescription? {
            if let known = self.type, known == type { return typeDescription }
            self.type = type
            typeDescription = type.typeDescription
            return typeDescription
        }

        /// Whether `unit` converts to `canonical`.
        mutating func isCompatible(_ unit: HealthUnit, with canonical: HealthUnit) -> Bool {
            if let known = self.unit, let knownCanonical = self.canonical, known == unit, knownCanonical == canonical {
                return compatible
            }
            self.unit = unit
            self.canonical = canonical
            compatible = unit.isCompatible(with: canonical)
            return compatible
        }
    }
}
