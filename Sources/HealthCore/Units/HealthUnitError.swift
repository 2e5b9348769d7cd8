/// The error thrown when a unit string cannot be parsed or a value cannot be converted between two units.
///
/// HealthKit raises an Objective-C exception in these cases; we throw instead, with a typed error that says
/// what went wrong and where. The error carries unit strings and character positions only — never a quantity
/// value — so it is safe to log.
///
/// ```swift
/// do { _ = try HealthUnit(from: "m//s") } catch {
///     error.code       // .unparsable
///     error.position   // 2
///     print(error)     // unparsable: "m//s" at position 2: expected a unit, found '/'
/// }
/// ```
///
/// ## Topics
/// - ``Code``
public struct HealthUnitError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure happened. An open set: new codes may be added.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The code's stable name, e.g. `"unparsable"`.
        public let name: String

        private init(_ name: String) { self.name = name }

        /// The string does not follow the unit grammar (a misplaced operator, a missing parenthesis, …).
        public static let unparsable = Code("unparsable")
        /// A name in the string is not a known unit, or a prefix was put on a unit that takes none.
        public static let unknownUnit = Code("unknownUnit")
        /// The molar mass of a `mol<M>` unit is not a positive, finite number.
        public static let invalidMolarMass = Code("invalidMolarMass")
        /// The two units measure different dimensions, e.g. `kg` and `m`.
        public static let incompatibleUnits = Code("incompatibleUnits")
        /// An affine (`degC`, `degF`) or logarithmic (`dBASPL`) unit appears inside a compound unit, where it
        /// has no linear conversion (e.g. `degC/min` to `degF/min`).
        public static let nonLinearCompound = Code("nonLinearCompound")

        /// The code's name.
        public var description: String { name }
    }

    /// What kind of failure happened.
    public let code: Code
    /// The offending unit string: the parser's input, or the source unit of a failed conversion.
    public let unitString: String
    /// The target unit string of a failed conversion; `nil` for parse errors.
    public let targetUnitString: String?
    /// The zero-based character (`Character`) offset in ``unitString`` where parsing failed; `nil` for
    /// conversion errors.
    public let position: Int?
    /// A short explanation, e.g. `"expected a unit"`. Never contains a quantity value.
    public let message: String

    init(code: Code, unitString: String, targetUnitString: String? = nil, position: Int? = nil, message: String) {
        self.code = code
        self.unitString = unitString
        self.targetUnitString = targetUnitString
        self.position = position
        self.message = message
    }

    /// A diagnosis naming the unit string(s) and position, e.g.
    /// `unknownUnit: "kgg" at position 0: unknown unit "kgg"`.
    public var description: String {
        var text = "\(code): \"\(unitString)\""
        if let targetUnitString {
            text += " to \"\(targetUnitString)\""
        }
        if let position {
            text += " at position \(position)"
        }
        return text + ": " + message
    }
}
