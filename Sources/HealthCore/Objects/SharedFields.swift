/// A value type's properties held in one shared, immutable box (decision 0015).
///
/// A copy is one retain however many strings the properties hold; setting a property makes a new box. Equal boxes
/// compare by identity before their properties; hashing and coding go to the properties, so a type that keeps its
/// properties here hashes, compares and encodes as if it held them itself.
struct SharedFields<Fields: Sendable & Hashable & Codable>: Sendable, Hashable, Codable {
    private final class Box: Sendable {
        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private var box: Box

    /// Boxes `fields`.
    init(_ fields: Fields) {
        box = Box(fields)
    }

    /// The properties.
    var fields: Fields { box.fields }

    /// Changes the properties: a new box, so other copies keep theirs.
    mutating func update(_ change: (inout Fields) -> Void) {
        var fields = box.fields
        change(&fields)
        box = Box(fields)
    }

    /// Whether both share one box (equal without comparing properties).
    func isIdentical(to other: Self) -> Bool { box === other.box }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.box === rhs.box || lhs.box.fields == rhs.box.fields
    }

    func hash(into hasher: inout Hasher) {
        box.fields.hash(into: &hasher)
    }

    /// Decodes the properties from the decoder's own container (no key of its own).
    init(from decoder: any Decoder) throws {
        box = Box(try Fields(from: decoder))
    }

    /// Encodes the properties into the encoder's own container (no key of its own).
    func encode(to encoder: any Encoder) throws {
        try box.fields.encode(to: encoder)
    }
}
