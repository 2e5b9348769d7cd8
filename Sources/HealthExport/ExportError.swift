/// A failure while reading a Health export: malformed XML, an unreadable archive or file.
///
/// The error names what went wrong and where (``line`` and ``column`` of the document, 1-based; the column counts
/// bytes), never a health value: messages quote element and attribute names only.
///
/// ```swift
/// do {
///     _ = try XMLScanner.scanAll(Array("<HealthData><Record".utf8))
/// } catch {
///     error.code        // .truncated
///     error.description // "truncated at 1:13: the document ends inside a tag"
/// }
/// ```
public struct ExportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure; an open set.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The code's name.
        public let name: String
        init(_ name: String) { self.name = name }

        /// The document ends inside a tag, comment or declaration.
        public static let truncated = Code("truncated")
        /// An attribute value has no closing quote before the next tag.
        public static let unterminatedAttribute = Code("unterminatedAttribute")
        /// A tag is not well-formed (bad name, missing `=`, stray characters).
        public static let malformedTag = Code("malformedTag")
        /// An end tag does not match the open element, or elements are still open at the end.
        public static let mismatchedTag = Code("mismatchedTag")
        /// The bytes are not XML (no markup where the document should start).
        public static let notXML = Code("notXML")
        /// The document has no root element.
        public static let emptyDocument = Code("emptyDocument")
        /// Content after the root element (a second root or text).
        public static let contentAfterRoot = Code("contentAfterRoot")
        /// The root element is not `HealthData`.
        public static let notHealthExport = Code("notHealthExport")
        /// The file or archive could not be read.
        public static let io = Code("io")
        /// The archive holds no export document.
        public static let missingExport = Code("missingExport")
        /// An archive entry's checksum does not match its content.
        public static let checksumMismatch = Code("checksumMismatch")
        /// A recognised element lacks a required attribute or has an unparsable one (reported in summaries).
        public static let invalidElement = Code("invalidElement")
        /// A limit of the reader was exceeded (a tag longer than 4 MiB, ExportFormat.md "Limits"): the input is
        /// not an honest export.
        public static let limitExceeded = Code("limitExceeded")
        /// An entity reference other than XML's five and character references (`&lol9;`): exports declare no
        /// entities, and one is never stored literally.
        public static let undefinedEntity = Code("undefinedEntity")

        /// The code's name.
        public var description: String { name }
    }

    /// The kind of failure.
    public let code: Code
    /// What went wrong, without values from the document.
    public let message: String
    /// The 1-based line of the problem, 0 when not about a position in a document.
    public let line: Int
    /// The 1-based byte column of the problem, 0 when not about a position in a document.
    public let column: Int
    /// The file the problem is in (`export.xml`, or `export.zip/apple_health_export/export.xml` inside an
    /// archive), when known.
    public var file: String?

    /// Creates an error.
    public init(code: Code, message: String, line: Int = 0, column: Int = 0, file: String? = nil) {
        self.code = code
        self.message = message
        self.line = line
        self.column = column
        self.file = file
    }

    /// `[file: ]code at line:column: message`.
    public var description: String {
        let position = line > 0 ? "\(code) at \(line):\(column): \(message)" : "\(code): \(message)"
        guard let file else { return position }
        return "\(file): \(position)"
    }

    /// The same error, naming a file unless it already names one.
    public func naming(_ file: String) -> ExportError {
        var named = self
        if named.file == nil { named.file = file }
        return named
    }
}
