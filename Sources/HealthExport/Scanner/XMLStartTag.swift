import Foundation

/// A start tag as the scanner saw it: the element name and its attributes as byte ranges, decoded on demand.
///
/// Decoding is lazy: ``name`` and ``value(at:)`` build strings only when asked, so a consumer that ignores an
/// element pays nothing for its attributes. Values are unescaped (the five XML entities and numeric character
/// references), literal tabs and line breaks become spaces (XML attribute normalisation), and characters that
/// XML 1.0 forbids (such as U+000B) become U+FFFD.
///
/// A tag handed to ``XMLScanner/feed(_:_:)``'s handler shares the scanner's buffer; copy what you need
/// (``XMLScanner/Event``) rather than keeping the tag.
package struct XMLStartTag: Sendable {
    /// The 1-based line of the `<`.
    package let line: Int
    /// The 1-based byte column of the `<`.
    package let column: Int
    /// Whether the tag closed itself (`<x/>`); the scanner still reports a matching end.
    package let isEmptyElement: Bool
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
    package var name: String { String(decoding: storage[nameRange], as: UTF8.self) }

    /// Whether the element name equals `expected` (compared as bytes, without building a string).
    package func nameEquals(_ expected: StaticString) -> Bool {
        Self.bytes(storage[nameRange], equal: expected)
    }

    /// The number of attributes.
    package var attributeCount: Int { spans.count / 4 }

    /// The name of the attribute at `index` (as written; legacy names may contain spaces).
    package func attributeName(at index: Int) -> String {
        String(decoding: attributeNameBytes(at: index), as: UTF8.self)
    }

    /// Whether the name of the attribute at `index` equals `expected`.
    package func attributeName(at index: Int, equals expected: StaticString) -> Bool {
        Self.bytes(attributeNameBytes(at: index), equal: expected)
    }

    /// The decoded value of the attribute at `index`.
    package func value(at index: Int) -> String {
        XMLText.decode(rawValueBytes(at: index))
    }

    /// The decoded value of the first attribute named `name`, or nil.
    package func value(of name: StaticString) -> String? {
        index(of: name).map(value(at:))
    }

    /// The index of the first attribute named `name`, or nil.
    package func index(of name: StaticString) -> Int? {
        for index in 0..<attributeCount where attributeName(at: index, equals: name) { return index }
        return nil
    }

    /// Every attribute, decoded, in document order.
    package var attributes: [XMLAttribute] {
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

    /// Lends the attribute name's bytes to `body` without making a slice (a slice retains the buffer).
    func withAttributeNameBytes<R>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let base = spans.startIndex + index * 4
        return lend(spans[base]..<spans[base + 1], body)
    }

    /// Lends the attribute value's bytes, still escaped, to `body` without making a slice.
    func withRawValueBytes<R>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let base = spans.startIndex + index * 4
        return lend(spans[base + 2]..<spans[base + 3], body)
    }

    private func lend<R>(_ range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let offset = storage.startIndex
        return storage.withUnsafeBufferPointer { buffer in
            body(UnsafeBufferPointer(rebasing: buffer[(range.lowerBound - offset)..<(range.upperBound - offset)]))
        }
    }

    /// Whether `bytes` are the UTF-8 of `expected`.
    static func bytes(_ bytes: UnsafeBufferPointer<UInt8>, equal expected: StaticString) -> Bool {
        guard bytes.count == expected.utf8CodeUnitCount else { return false }
        // `withUTF8Buffer`, not `utf8Start`: a one-scalar literal may have no pointer representation.
        return expected.withUTF8Buffer { buffer in
            guard let base = bytes.baseAddress, let other = buffer.baseAddress else { return true }
            return memcmp(base, other, bytes.count) == 0
        }
    }

    /// Whether a slice's bytes are the UTF-8 of `expected` (the comparison above, through the slice's buffer).
    static func bytes(_ bytes: ArraySlice<UInt8>, equal expected: StaticString) -> Bool {
        bytes.withUnsafeBufferPointer { Self.bytes($0, equal: expected) }
    }
}

/// One attribute, decoded.
package struct XMLAttribute: Sendable, Hashable {
    /// The attribute name.
    package var name: String
    /// The decoded value.
    package var value: String

    /// Creates an attribute.
    package init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
