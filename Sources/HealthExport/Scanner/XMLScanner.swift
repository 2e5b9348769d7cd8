package import Foundation

/// A small streaming XML scanner for Health exports: feed it chunks of UTF-8, get start and end tags.
///
/// It holds only the unfinished tail of the input between chunks, never the document. It skips the prolog,
/// comments, processing instructions, CDATA and the whole `<!DOCTYPE … [ … ]>` internal subset without
/// interpreting it (iOS 16's export has an `ATTLIST` missing its `>`; the subset ends at the first `]` followed
/// by optional whitespace and `>` outside a comment). Text between tags is ignored. Attribute values are decoded
/// lazily (``XMLStartTag``). Legacy attribute names with spaces (`Meta Data="1"`, iOS 8–9) are recovered when
/// the words are followed by `=` and a quoted value, and counted in ``recoveredAttributeNames``.
///
/// Malformed input (a truncated tag, an unterminated attribute, a mismatched end tag, elements still open at
/// the end, bytes that are not XML, an empty document) throws ``ExportError`` with the line and byte column.
///
/// ```swift
/// var scanner = XMLScanner()
/// try scanner.feed(chunk) { token in
///     if case .start(let tag) = token, tag.nameEquals("Record") { count += 1 }
/// }
/// try scanner.finish { _ in }
/// ```
///
/// - Complexity: O(*n*) in the input; memory O(longest tag + chunk).
package struct XMLScanner: Sendable {
    /// What the scanner reports.
    package enum Token {
        /// A start tag (self-closing tags are followed by an ``end(_:)``).
        case start(XMLStartTag)
        /// An end tag.
        case end(XMLEndTag)
    }

    /// A token handler; it may stop the scan by throwing.
    package typealias Handler = (Token) throws(ExportError) -> Void

    var pending: [UInt8] = []
    /// The absolute offset of `pending[0]`.
    var base = 0
    var line = 1
    var lineStart = 0
    var stackBytes: [UInt8] = []
    var stackEnds: [Int] = []
    var spans: [Int] = []
    var rootSeen = false
    var rootClosed = false
    var sawMarkup = false

    /// Attribute names with spaces that were recovered (legacy exports).
    package internal(set) var recoveredAttributeNames = 0

    /// The longest a tag (with its attributes) or the text before one may be: 4 MiB. A real export's longest tag
    /// is a few kilobytes (a Workout with its attributes); a 200 MB attribute would otherwise be held whole (and
    /// re-scanned at each chunk) before failing or being stored.
    package static let defaultMaxTagBytes = 4 << 20

    /// The longest unfinished tag this scanner holds before it fails.
    let maxTagBytes: Int

    /// The deepest elements may nest: 64. The Health app's deepest is 4 (`HealthData` › `Workout` ›
    /// `WorkoutRoute` › `MetadataEntry`).
    package static let defaultMaxDepth = 64

    /// The deepest nesting this scanner accepts.
    let maxDepth: Int

    /// Creates a scanner at the start of a document.
    /// - Parameters:
    ///   - maxTagBytes: The longest tag or run of text it accepts (``defaultMaxTagBytes``).
    ///   - maxDepth: The deepest nesting of elements it accepts (``defaultMaxDepth``).
    package init(maxTagBytes: Int = XMLScanner.defaultMaxTagBytes, maxDepth: Int = XMLScanner.defaultMaxDepth) {
        self.maxTagBytes = max(1_024, maxTagBytes)
        self.maxDepth = max(4, maxDepth)
    }

    /// The number of bytes fully consumed so far.
    package var bytesConsumed: Int { base }

    /// The 1-based line the scanner has reached.
    package var currentLine: Int { line }

    /// Scans the next chunk, calling `handler` for every complete tag in it.
    ///
    /// - Throws: ``ExportError`` for malformed input, or what `handler` throws.
    package mutating func feed(_ chunk: Data, _ handler: Handler) throws(ExportError) {
        chunk.withUnsafeBytes { pending.append(contentsOf: $0) }
        try run(final: false, handler)
    }

    /// Scans the next chunk of bytes, calling `handler` for every complete tag in it.
    ///
    /// - Throws: ``ExportError`` for malformed input, or what `handler` throws.
    package mutating func feed(_ chunk: some Collection<UInt8>, _ handler: Handler) throws(ExportError) {
        pending.append(contentsOf: chunk)
        try run(final: false, handler)
    }

    /// Ends the document: scans what is left and checks that it was complete.
    ///
    /// - Throws: ``ExportError`` (`.truncated`, `.emptyDocument`, …) when the document is not complete.
    package mutating func finish(_ handler: Handler) throws(ExportError) {
        try run(final: true, handler)
        if !stackEnds.isEmpty {
            let open = String(
                decoding: stackBytes[(stackEnds.count > 1 ? stackEnds[stackEnds.count - 2] : 0)...], as: UTF8.self)
            throw error(
                .truncated, "the document ends with \(stackEnds.count) open element(s), innermost <\(open)>", at: base)
        }
        if !rootSeen {
            throw error(.emptyDocument, "the document has no root element", at: base)
        }
    }

    /// Scans a whole document at once and returns its tokens as owned values (for tests and fuzzing).
    ///
    /// ```swift
    /// try XMLScanner.scanAll(Array(#"<a x="1"/>"#.utf8))
    /// // [.start(name: "a", attributes: [x=1], line: 1, column: 1), .end(name: "a", line: 1, column: 1)]
    /// ```
    ///
    /// - Throws: ``ExportError`` for malformed input.
    package static func scanAll(_ bytes: [UInt8]) throws(ExportError) -> [Event] {
        var scanner = XMLScanner()
        var events: [Event] = []
        let collect: Handler = { token in events.append(Event(token)) }
        try scanner.feed(bytes, collect)
        try scanner.finish(collect)
        return events
    }

    private mutating func run(final: Bool, _ handler: Handler) throws(ExportError) {
        let consumed = try scanPending(final: final, handler)
        base += consumed
        // The unfinished tail moves to the front of the same storage: the next chunk is appended into it, so the
        // scanner does not take (and page-fault) a fresh megabyte per chunk.
        pending.removeSubrange(0..<consumed)
        if pending.count > maxTagBytes {
            throw error(
                .limitExceeded,
                "a tag (or the text before one) is longer than \(maxTagBytes >> 20) MiB; not a Health export's",
                at: base)
        }
    }

    /// Scans `pending`; the tokens' slices share its storage only while `handler` runs.
    private mutating func scanPending(final: Bool, _ handler: Handler) throws(ExportError) -> Int {
        let data = pending
        let outcome: Result<Int, ExportError> = data.withUnsafeBufferPointer { pointer in
            do throws(ExportError) {
                return .success(try process(pointer, data, final: final, handler))
            } catch {
                return .failure(error)
            }
        }
        return try outcome.get()
    }

    func error(_ code: ExportError.Code, _ message: String, at offset: Int) -> ExportError {
        ExportError(code: code, message: message, line: line, column: offset - lineStart + 1)
    }
}

/// One token as an owned value: what ``XMLScanner/scanAll(_:)`` returns.
extension XMLScanner {
    /// A decoded token.
    package enum Event: Sendable, Hashable {
        /// A start tag with its decoded attributes.
        case start(name: String, attributes: [XMLAttribute], line: Int, column: Int)
        /// An end tag (self-closing tags report the start tag's position).
        case end(name: String, line: Int, column: Int)

        /// Copies a token.
        package init(_ token: Token) {
            switch token {
            case .start(let tag):
                self = .start(name: tag.name, attributes: tag.attributes, line: tag.line, column: tag.column)
            case .end(let tag):
                self = .end(name: tag.name, line: tag.line, column: tag.column)
            }
        }
    }
}

/// An end tag as the scanner saw it.
package struct XMLEndTag: Sendable {
    /// The 1-based line of the `<` (of the start tag, for a self-closing element).
    package let line: Int
    /// The 1-based byte column of the `<`.
    package let column: Int
    let nameBytes: ArraySlice<UInt8>

    /// The element name.
    package var name: String { String(decoding: nameBytes, as: UTF8.self) }

    /// Whether the element name equals `expected`.
    package func nameEquals(_ expected: StaticString) -> Bool { XMLStartTag.bytes(nameBytes, equal: expected) }
}
