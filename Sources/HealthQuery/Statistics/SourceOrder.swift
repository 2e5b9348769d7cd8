/// The per-type priority list of sources, highest first: the Health app's *Data Sources & Access* order.
///
/// A source's rank is its index in the list. Sources missing from the list rank after every listed one, in
/// ascending bundle-identifier order (§6.4), so any set of sources has one total order.
///
/// ```swift
/// let order = SourceOrder(["com.apple.Health", "com.apple.health.WATCH", "com.apple.health.PHONE"])
/// order.rank(of: "com.apple.health.WATCH") < order.rank(of: "com.apple.health.PHONE")   // true
/// order.rank(of: "com.example.b") < order.rank(of: "com.example.c")                     // true (both unlisted)
/// order.rank(of: "com.apple.health.PHONE") < order.rank(of: "com.example.b")            // true
/// ```
///
/// ## Topics
/// - ``defaultOrder(for:)``
/// - ``rank(of:)``
/// - ``sorted(_:)``
public struct SourceOrder: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The listed bundle identifiers, highest priority first, without duplicates.
    public let bundleIdentifiers: [String]
    private let positions: [String: Int]

    /// Creates an order. A bundle identifier listed twice keeps its first position.
    ///
    /// - Parameter bundleIdentifiers: Bundle identifiers, highest priority first.
    public init(_ bundleIdentifiers: [String] = []) {
        var unique: [String] = []
        var positions: [String: Int] = [:]
        for identifier in bundleIdentifiers where positions[identifier] == nil {
            positions[identifier] = unique.count
            unique.append(identifier)
        }
        self.bundleIdentifiers = unique
        self.positions = positions
    }

    /// The rank of a source: lower ranks win.
    ///
    /// - Parameter bundleIdentifier: The source's bundle identifier.
    /// - Returns: Its position when listed; otherwise a rank after every listed source, ordered by identifier.
    /// - Complexity: O(1) on average.
    public func rank(of bundleIdentifier: String) -> SourceRank {
        if let position = positions[bundleIdentifier] {
            return SourceRank(position: position, unlistedIdentifier: nil)
        }
        return SourceRank(position: nil, unlistedIdentifier: bundleIdentifier)
    }

    /// Bundle identifiers sorted by rank, highest priority first, without duplicates.
    ///
    /// - Parameter identifiers: Any bundle identifiers.
    /// - Returns: The identifiers in priority order.
    /// - Complexity: O(n log n).
    public func sorted(_ identifiers: some Sequence<String>) -> [String] {
        Set(identifiers).map { (rank(of: $0), $0) }.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// Two orders are equal when they list the same identifiers in the same order.
    public static func == (lhs: SourceOrder, rhs: SourceOrder) -> Bool {
        lhs.bundleIdentifiers == rhs.bundleIdentifiers
    }

    /// Hashes the listed identifiers.
    public func hash(into hasher: inout Hasher) { hasher.combine(bundleIdentifiers) }

    /// Decodes an order from an array of bundle identifiers.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self.init(try container.decode([String].self))
    }

    /// Encodes the order as an array of bundle identifiers.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(bundleIdentifiers)
    }

    /// The listed identifiers joined by `" > "`.
    public var description: String { bundleIdentifiers.joined(separator: " > ") }
}

/// A source's place in a ``SourceOrder``: listed sources by position, then unlisted ones by bundle identifier.
///
/// ```swift
/// SourceOrder(["b"]).rank(of: "b") < SourceOrder(["b"]).rank(of: "a")   // true: listed before unlisted
/// ```
public struct SourceRank: Sendable, Hashable, Comparable {
    /// The index in the list, or `nil` for an unlisted source.
    public let position: Int?
    /// The bundle identifier of an unlisted source (it orders unlisted sources); `nil` for a listed one.
    public let unlistedIdentifier: String?

    /// Whether `lhs` has the higher priority.
    public static func < (lhs: SourceRank, rhs: SourceRank) -> Bool {
        switch (lhs.position, rhs.position) {
        case (let left?, let right?): left < right
        case (.some, .none): true
        case (.none, .some): false
        case (.none, .none): (lhs.unlistedIdentifier ?? "") < (rhs.unlistedIdentifier ?? "")
        }
    }
}
