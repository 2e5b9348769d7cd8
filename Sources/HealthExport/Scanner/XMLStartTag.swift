/// A start tag as the scanner saw it: the element name and its attributes as byte ranges, decoded on demand.
///
/// Decoding is lazy: ``name`` and ``value(at:)`` build strings only when asked, so a consumer that ignores an
/// element pays nothing for its attributes. Values are unescaped (the five XML entities and numeric character
/// references), literal tabs and line breaks become spaces (XML attribute normalisation), and characters that
/// XML 1.0 forbids (such as U+000B) become U+FFFD.
///
/// A tag handed to ``XMLScanner/feed(_:_:)``'s handler shares the scanner's buffer; copy what you need
/// (``XMLScanner/Event``) rather than keeping the tag.
public struct XMLStartTag: Sendable {
    /// The 1-based line of the `<`.
    public let line: Int
    /// The 1-based byte column of the `<`.
    public let column: Int
    /// Whether the tag closed itself (`<x/>`); the scanner still reports a matching end.
    public let isEmptyElement: Bool
    /// The buffer the ranges index into.
    let storage: ArraySlice<UInt8>
    /// The name's byte range in ``storage``.
    let nameRange: Range<Int>
    /// Four indices per attribute: name start, name end, value start, value end.
    let spans: ArraySlice<Int>

    init(
        line: Int, column: Int, isEmptyElement: Bool, storage: ArraySlice<UInt8>, nameRange: Range<Int>,
        spans: ArraySlice<Int>
    ) {
        self.line = line
        self.column = column
        self.isEmptyElement = isEmptyElement
        self.storage = storage
        self.nameRange = nameRange
        self.spans = spans
    }

    /// The element name.
    public var name: String { String(decoding: storage[nameRange], as: UTF8.self) }

    /// Whether the element name equals `expected` (compared as bytes, without building a string).
    public func nameEquals(_ expected: StaticString) -> Bool {
        Self.bytes(storage[nameRange], equal: expected)
    }

    /// The number of attributes.
    public var attributeCount: Int { spans.count / 4 }

    /// The name of the attribute at `index` (as written; legacy names may contain spaces).
    public func attributeName(at index: Int) -> String {
        String(decoding: attributeNameBytes(at: index), as: UTF8.self)
    }

    /// Whether the name of the attribute at `index` equals `expected`.
    public func attributeName(at index: Int, equals expected: StaticString) -> Bool {
        Self.bytes(attributeNameBytes(at: index), equal: expected)
    }

    /// The decoded value of the attribute at `index`.
    public func value(at index: Int) -> String {
        XMLText.decode(rawValueBytes(at: index))
    }

    /// The decoded value of the first attribute named `name`, or nil.
    public func value(of name: StaticString) -> String? {
        index(of: name).map(value(at:))
    }

    /// The index of the first attribute named `name`, or nil.
    public func index(of name: StaticString) -> Int? {
        for index in 0..<attributeCount where attributeName(at: index, equals: name) { return index }
        return nil
    }

    /// Every attribute, decoded, in document order.
    public var attributes: [XMLAttribute] {
        (0..<attributeCount).map { XMLAttribute(name: attributeName(at: $0), value: value(at: $0)) }
    }

    /// The attribute name's bytes.
    func attributeNameBytes(at index: Int) -> ArraySlice<UInt8> {
        let base = spans.startIndex + index * 4
        return storage[spans[base]..<spans[base + 1]]
    }

    /// The attribute value's bytes, still escaped.
    func rawValueBytes(at index: Int) -> ArraySlice<UInt8> {
        let base = spans.startIndex + index * 4
        return storage[spans[base + 2]..<spans[base + 3]]
    }

    static func bytes(_ bytes: ArraySlice<UInt8>, equal expected: StaticString) -> Bool {
        guard bytes.count == expected.utf8CodeUnitCount else { return false }
        return expected.withUTF8Buffer { buffer in
            var position = bytes.startIndex
            for byte in buffer {
                if bytes[position] != byte { return false }
                position += 1
            }
            return true
        }
    }
}

/// One attribute, decoded.
public struct XMLAttribute: Sendable, Hashable {
    /// The attribute name.
    public var name: String
    /// The decoded value.
    public var value: String

    /// Creates an attribute.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
