public import HealthCore

extension SourceOrder {
    /// The order used until the person edits the list (§6.4 "Default order").
    ///
    /// 1. `com.apple.Health` (manual entry in the Health app).
    /// 2. Apple devices (`com.apple.health.*`): watches (product type `Watch…`), then phones (`iPhone…`), then
    ///    other or unknown Apple devices; within each kind the most recently registered first.
    /// 3. Third-party sources, most recently registered first.
    ///
    /// Sources that are not in `records` rank after all of these (see ``rank(of:)``).
    ///
    /// ```swift
    /// SourceOrder.defaultOrder(for: [phone(1), app(2), watch(3), health(4), otherApp(5)]).bundleIdentifiers
    /// // ["com.apple.Health", watch, phone, otherApp, app]
    /// ```
    ///
    /// - Parameter records: The known sources with their registration order and product type.
    /// - Returns: The default order. A source recorded twice keeps its earliest registration.
    /// - Complexity: O(n log n).
    public static func defaultOrder(for records: [SourceRecord]) -> SourceOrder {
        var earliest: [String: SourceRecord] = [:]
        for record in records {
            let key = record.source.bundleIdentifier
            if let known = earliest[key], known.registrationOrder <= record.registrationOrder { continue }
            earliest[key] = record
        }
        let ordered = earliest.values.sorted { left, right in
            let leftTier = tier(of: left)
            let rightTier = tier(of: right)
            if leftTier != rightTier { return leftTier < rightTier }
            if left.registrationOrder != right.registrationOrder {
                return left.registrationOrder > right.registrationOrder
            }
            return left.source.bundleIdentifier < right.source.bundleIdentifier
        }
        return SourceOrder(ordered.map(\.source.bundleIdentifier))
    }

    /// 0 Health app, 1 watch, 2 phone, 3 other Apple device, 4 third party.
    private static func tier(of record: SourceRecord) -> Int {
        if record.source.isHealthApp { return 0 }
        guard record.source.isAppleDevice else { return 4 }
        let product = record.productType ?? ""
        if product.hasPrefix("Watch") { return 1 }
        if product.hasPrefix("iPhone") { return 2 }
        return 3
    }
}
