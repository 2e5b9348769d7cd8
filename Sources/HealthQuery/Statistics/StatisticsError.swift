public import HealthCore

/// A statistics failure: which rule was broken and for which type, never a health value.
///
/// ```swift
/// do {
///     _ = try StatisticsComputation(type: .heartRate, options: .cumulativeSum, sourceOrder: SourceOrder())
/// } catch {
///     error.code          // .incompatibleOptions
///     error.description   // "statistics incompatibleOptions: cumulativeSum is not allowed for HKQuantityTypeIdentifierHeartRate (discreteTemporallyWeighted)"
/// }
/// ```
///
/// "No data" is not an error here: the computations return `nil`, and the store raises HealthKit's
/// `errorNoData` (11) from it.
public struct StatisticsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kinds of statistics failure.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The code's name.
        public var rawValue: String
        /// Creates a code.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// An option the type's aggregation style does not allow (a sum of heart rate, an average of steps).
        public static let incompatibleOptions = Code(rawValue: "incompatibleOptions")
        /// A quantity whose unit cannot be converted to the type's canonical unit.
        public static let incompatibleUnit = Code(rawValue: "incompatibleUnit")
        /// The quantity type is not in the catalog, so its style and canonical unit are unknown.
        public static let unknownType = Code(rawValue: "unknownType")
        /// A sample without a source (no source revision and none given).
        public static let missingSource = Code(rawValue: "missingSource")
        /// A bucket interval that is all zero, negative, of mixed signs or uses an unsupported component.
        public static let invalidInterval = Code(rawValue: "invalidInterval")
        /// Bucket boundaries that are not strictly increasing or too few.
        public static let invalidBoundaries = Code(rawValue: "invalidBoundaries")
        /// The code's name.
        public var description: String { rawValue }
    }

    /// What went wrong.
    public var code: Code
    /// A message naming identifiers, options and unit strings only.
    public var message: String
    /// The quantity type concerned, when known.
    public var typeIdentifier: QuantityTypeIdentifier?
    /// The offending options, for ``Code/incompatibleOptions``.
    public var options: StatisticsOptions?
    /// The underlying unit error, for ``Code/incompatibleUnit``.
    public var cause: HealthUnitError?

    /// Creates an error.
    /// - Parameters:
    ///   - code: What went wrong.
    ///   - message: A message without health values.
    ///   - typeIdentifier: The quantity type concerned.
    ///   - options: The offending options.
    ///   - cause: The underlying unit error.
    public init(
        _ code: Code, _ message: String, typeIdentifier: QuantityTypeIdentifier? = nil,
        options: StatisticsOptions? = nil, cause: HealthUnitError? = nil
    ) {
        self.code = code
        self.message = message
        self.typeIdentifier = typeIdentifier
        self.options = options
        self.cause = cause
    }

    /// `statistics <code>: <message>`.
    public var description: String { "statistics \(code): \(message)" }
}

extension StatisticsOptions {
    /// The option names, for messages: `"cumulativeSum, duration"`; unknown bits as `"0x…"`.
    var names: String {
        let known: [(StatisticsOptions, String)] = [
            (.separateBySource, "separateBySource"), (.discreteAverage, "discreteAverage"),
            (.discreteMin, "discreteMin"), (.discreteMax, "discreteMax"), (.cumulativeSum, "cumulativeSum"),
            (.mostRecent, "mostRecent"), (.duration, "duration"),
        ]
        var parts = known.filter { contains($0.0) }.map(\.1)
        let unknown = subtracting(.all).rawValue
        if unknown != 0 { parts.append("0x" + String(unknown, radix: 16)) }
        return parts.joined(separator: ", ")
    }
}
