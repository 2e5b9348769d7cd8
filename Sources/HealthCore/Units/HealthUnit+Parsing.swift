extension HealthUnit {
    /// Parses a unit string in HealthKit's grammar (§2.1 of the reference).
    ///
    /// ```
    /// unit        := side [ "/" side ]                 ; at most one "/"
    /// side        := product | "(" product ")"
    /// product     := term { ("*" | "." | "·") term }
    /// term        := atom [ "^" signed-integer ]
    /// atom        := [prefix] si-base | other-base | "1" | [prefix] "mol<" molar-mass ">"
    /// ```
    ///
    /// Prefixes (`p n mc m c d da h k M G T f`, and `µ` for micro) apply to `g m L l Pa s J K S Hz V W rad lx`
    /// and `mol`. `l` is read as `L`. Parentheses are accepted around either side (HealthKit documents them for
    /// the denominator). No whitespace is allowed.
    ///
    /// ```swift
    /// try HealthUnit(from: "mmol<180.15588000005408>/L").unitString   // "mmol<180.15588000005408>/L"
    /// try HealthUnit(from: "kg/m.s^2") == HealthUnit(from: "kg.m^-1.s^-2")   // true
    /// ```
    ///
    /// HealthKit raises an Objective-C exception for a bad string; this initializer throws instead.
    ///
    /// - Parameter unitString: The string to parse.
    /// - Throws: ``HealthUnitError`` with code ``HealthUnitError/Code/unparsable``,
    ///   ``HealthUnitError/Code/unknownUnit`` or ``HealthUnitError/Code/invalidMolarMass``, the string and the
    ///   zero-based character position of the problem.
    public init(from unitString: String) throws(HealthUnitError) {
        var parser = UnitParser(unitString)
        self.init(factors: try parser.parseUnit())
    }
}

/// A recursive-descent parser over the characters of one unit string.
private struct UnitParser {
    private let source: String
    private let characters: [Character]
    private var index = 0

    init(_ source: String) {
        self.source = source
        self.characters = Array(source)
    }

    private var current: Character? { index < characters.count ? characters[index] : nil }

    private func error(_ code: HealthUnitError.Code, at position: Int, _ message: String) -> HealthUnitError {
        HealthUnitError(code: code, unitString: source, position: position, message: message)
    }

    private func unexpected(_ expectation: String) -> HealthUnitError {
        let found = current.map { "'\($0)'" } ?? "end of string"
        return error(.unparsable, at: index, "\(expectation), found \(found)")
    }

    mutating func parseUnit() throws(HealthUnitError) -> [HealthUnit.Factor] {
        if characters.isEmpty {
            throw error(.unparsable, at: 0, "empty unit string")
        }
        var factors = try parseSide()
        if current == "/" {
            index += 1
            factors += try parseSide().map { HealthUnit.Factor(atom: $0.atom, exponent: -$0.exponent) }
        }
        if current == "/" {
            throw error(.unparsable, at: index, "more than one '/'")
        }
        if current != nil {
            throw unexpected("expected '*', '.', '·', '^' or '/'")
        }
        return factors
    }

    private mutating func parseSide() throws(HealthUnitError) -> [HealthUnit.Factor] {
        guard current == "(" else { return try parseProduct() }
        index += 1
        let factors = try parseProduct()
        guard current == ")" else { throw unexpected("expected ')'") }
        index += 1
        return factors
    }

    private mutating func parseProduct() throws(HealthUnitError) -> [HealthUnit.Factor] {
        var factors: [HealthUnit.Factor] = []
        factors += try parseTerm()
        while let character = current, character == "*" || character == "." || character == "·" {
            index += 1
            factors += try parseTerm()
        }
        return factors
    }

    /// A term, or no factor at all for the unity atom `1`.
    private mutating func parseTerm() throws(HealthUnitError) -> [HealthUnit.Factor] {
        let atom = try parseAtom()
        var exponent = 1
        if current == "^" {
            index += 1
            exponent = try parseExponent()
        }
        guard let atom else { return [] }
        return [HealthUnit.Factor(atom: atom, exponent: exponent)]
    }

    private mutating func parseExponent() throws(HealthUnitError) -> Int {
        let start = index
        var negative = false
        if current == "-" || current == "+" {
            negative = current == "-"
            index += 1
        }
        let digitsStart = index
        while let character = current, character.isASCII, character.isNumber {
            index += 1
        }
        guard index > digitsStart else {
            throw unexpected("expected an integer exponent")
        }
        let digits = String(characters[digitsStart..<index])
        guard let magnitude = Int(digits), magnitude < Int.max else {
            throw error(.unparsable, at: start, "exponent out of range")
        }
        return negative ? -magnitude : magnitude
    }

    /// An atom, or `nil` for the unity atom `1`.
    private mutating func parseAtom() throws(HealthUnitError) -> HealthUnit.Atom? {
        let start = index
        if current == "1" {
            index += 1
            return nil
        }
        while let character = current, UnitParser.isNameCharacter(character) {
            index += 1
        }
        guard index > start else { throw unexpected("expected a unit") }
        let name = String(characters[start..<index])
        guard let (prefix, base) = UnitParser.resolve(name) else {
            throw error(.unknownUnit, at: start, "unknown unit \"\(name)\"")
        }
        var atom = HealthUnit.Atom(prefix: prefix, base: base, molarMass: nil)
        if base == .mole {
            atom.molarMass = try parseMolarMass()
        }
        return atom
    }

    private mutating func parseMolarMass() throws(HealthUnitError) -> Double {
        guard current == "<" else { throw unexpected("expected '<' and a molar mass after 'mol'") }
        index += 1
        let start = index
        while let character = current, character.isASCII,
            character.isNumber || character == "." || character == "e" || character == "E" || character == "+"
                || character == "-"
        {
            index += 1
        }
        let text = String(characters[start..<index])
        guard let first = text.first, first.isNumber || first == ".", let value = Double(text) else {
            index = start
            throw unexpected("expected a decimal molar mass")
        }
        guard value.isFinite, value > 0 else {
            throw error(.invalidMolarMass, at: start, "molar mass must be positive and finite")
        }
        guard current == ">" else { throw unexpected("expected '>'") }
        index += 1
        return value
    }

    private static func isNameCharacter(_ character: Character) -> Bool {
        character.isLetter || character == "_" || character == "%"
    }

    private static let prefixSymbols: [(String, MetricPrefix)] =
        MetricPrefix.allCases.filter { $0 != .none }.map { ($0.symbol, $0) }
        .sorted { $0.0.count > $1.0.count } + [("µ", .micro), ("μ", .micro)]

    /// Splits a name into prefix and base. Whole names win over prefix readings (`min`, `mmHg`, `pD`, `d`).
    private static func resolve(_ name: String) -> (MetricPrefix, BaseUnit)? {
        if let base = BaseUnit(symbol: name) {
            return (.none, base)
        }
        for (symbol, prefix) in prefixSymbols where name.hasPrefix(symbol) {
            if let base = BaseUnit(symbol: String(name.dropFirst(symbol.count))), base.isPrefixable {
                return (prefix, base)
            }
        }
        return nil
    }
}
