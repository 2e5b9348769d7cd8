/// What the catalog knows about one category type: its allowed values and how the export spells them.
///
/// ```swift
/// let sleep = CategoryTypeIdentifier.sleepAnalysis.typeDescription
/// sleep?.isValid(value: 3)                                              // true (asleepCore)
/// sleep?.isValid(value: 6)                                              // false
/// sleep?.exportName(for: 3)                                             // "HKCategoryValueSleepAnalysisAsleepCore"
/// sleep?.value(forExportName: "HKCategoryValueSleepAnalysisAsleep")     // 1 (pre-iOS 16 alias)
/// CategoryTypeIdentifier.mindfulSession.typeDescription?.values        // [0: "HKCategoryValueNotApplicable"]
/// ```
public struct CategoryTypeDescription: Hashable, Sendable {
    /// The type this description is about.
    public let identifier: CategoryTypeIdentifier
    /// The allowed values, in raw-value order of the value enum, with their export names.
    public let values: [CategoryValueDescription]
    /// Older or alternative export spellings, mapped to raw values (for example
    /// `"HKCategoryValueSleepAnalysisAsleep"` → 1).
    public let exportAliases: [String: Int]
    /// The group of the type in the reference.
    public let group: CategoryTypeGroup
    /// Whether HealthKit deprecated the type (it can still appear in old exports).
    public let isDeprecated: Bool

    /// Describes a category type; use it for types the built-in catalog does not know.
    ///
    /// - Parameters:
    ///   - identifier: The type.
    ///   - values: The allowed values with their export names.
    ///   - exportAliases: Alternative export spellings, mapped to raw values.
    ///   - group: The group of the type.
    ///   - isDeprecated: Whether HealthKit deprecated the type.
    public init(
        identifier: CategoryTypeIdentifier,
        values: [CategoryValueDescription],
        exportAliases: [String: Int] = [:],
        group: CategoryTypeGroup,
        isDeprecated: Bool = false
    ) {
        self.identifier = identifier
        self.values = values
        self.exportAliases = exportAliases
        self.group = group
        self.isDeprecated = isDeprecated
    }

    /// Describes a category type whose values are those of a value enum.
    ///
    /// - Parameters:
    ///   - identifier: The type.
    ///   - valueType: The value enum, for example `CategoryValueSleepAnalysis.self`.
    ///   - group: The group of the type.
    ///   - isDeprecated: Whether HealthKit deprecated the type.
    public init<Value: ExportNamedValue>(
        identifier: CategoryTypeIdentifier,
        valueType: Value.Type,
        group: CategoryTypeGroup,
        isDeprecated: Bool = false
    ) {
        self.init(
            identifier: identifier,
            values: Value.allCases.map { CategoryValueDescription(rawValue: $0.rawValue, exportName: $0.exportName) },
            exportAliases: Value.exportAliases.mapValues(\.rawValue),
            group: group,
            isDeprecated: isDeprecated
        )
    }

    /// Whether the type takes no value, only ``CategoryValue/notApplicable`` (0).
    public var isNotApplicableOnly: Bool {
        values == [CategoryValueDescription(rawValue: 0, exportName: CategoryValue.notApplicable.exportName)]
    }

    /// Whether a raw value is allowed for this type.
    ///
    /// - Parameter value: A raw category value.
    /// - Returns: `true` when the value is one of ``values``.
    public func isValid(value: Int) -> Bool {
        values.contains { $0.rawValue == value }
    }

    /// The raw value for an export spelling, accepting ``exportAliases``.
    ///
    /// - Parameter exportName: A symbolic name such as `"HKCategoryValueSleepAnalysisAsleepCore"`.
    /// - Returns: The raw value, or `nil` when the name is not a value of this type.
    public func value(forExportName exportName: String) -> Int? {
        values.first { $0.exportName == exportName }?.rawValue ?? exportAliases[exportName]
    }

    /// The export spelling of a raw value.
    ///
    /// - Parameter value: A raw category value.
    /// - Returns: The symbolic export name, or `nil` when the value is not allowed for this type.
    public func exportName(for value: Int) -> String? {
        values.first { $0.rawValue == value }?.exportName
    }
}

extension CategoryTypeDescription {
    /// Compact catalog entry: identifier, value enum and group positionally.
    init<Value: ExportNamedValue>(
        _ identifier: CategoryTypeIdentifier,
        _ valueType: Value.Type,
        _ group: CategoryTypeGroup,
        isDeprecated: Bool = false
    ) {
        self.init(identifier: identifier, valueType: valueType, group: group, isDeprecated: isDeprecated)
    }
}
