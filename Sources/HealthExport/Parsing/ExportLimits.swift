/// The reader's bounds on what one document may ask of it, far above anything the Health app writes
/// (ExportFormat.md, "Limits"): a file built to hurt fails at a located error (or loses one element, named) instead
/// of taking the machine's memory or time.
///
/// ```swift
/// var options = ExportParser.Options()
/// options.limits.maxMetadataEntries = 500   // stricter for uploads from strangers
/// ```
public struct ExportLimits: Sendable, Hashable {
    /// The longest tag with its attributes, or run of text before a tag: 4 MiB. Over it, the import fails
    /// (`limitExceeded`).
    public var maxTagBytes = 4 << 20
    /// The deepest nesting of elements: 64 (the Health app's deepest is 4). Over it, the import fails
    /// (`limitExceeded`).
    public var maxDepth = 64
    /// Elements inside one top-level element, at any depth: 250,000 (a day of 1 Hz GPS is 86,400 locations). Over
    /// it, that element is skipped with a located issue.
    public var maxDescendants = 250_000
    /// Metadata entries on one object: 1,000 (the Health app writes a few dozen). Over it, the top-level element
    /// is skipped with a located issue.
    public var maxMetadataEntries = 1_000
    /// Distinct source names in one export: 10,000 (a decade of a phone, a watch and their apps is a few dozen).
    /// A top-level element naming one more is skipped with a located issue: the store's source table and the
    /// reader's memory stay bounded.
    public var maxDistinctSources = 10_000
    /// Distinct device descriptions in one export: 10,000 (each OS update of a device makes a new one: a decade is
    /// a few hundred). A top-level element naming one more is skipped with a located issue.
    public var maxDistinctDevices = 10_000

    /// The most bytes the archive's `export.xml` may inflate to: 32 GiB (ten years of a phone and a watch is a few
    /// GiB). Over it, the import fails before reading (`limitExceeded`).
    public var maxUncompressedBytes: UInt64 = 32 << 30
    /// How many times its compressed size the archive's `export.xml` may inflate to, once it is over 64 MiB: 200
    /// (Health exports compress 10–30×; a zip bomb, thousands). Over it, the import fails before reading.
    public var maxCompressionRatio: UInt64 = 200

    /// The defaults.
    public init() {}

    /// Stricter bounds for a file from someone else (the server's upload): 4 GiB inflated at most, 2,000 distinct
    /// sources and devices.
    public static var upload: ExportLimits {
        var limits = ExportLimits()
        limits.maxUncompressedBytes = 4 << 30
        limits.maxDistinctSources = 2_000
        limits.maxDistinctDevices = 2_000
        return limits
    }

    /// Refuses an archive entry over the inflated-size or ratio bound (its declared size is trusted as a bound:
    /// the reader fails if the entry inflates to more).
    func check(_ entry: ZipDirectory.Entry, name: String) throws(ExportError) {
        if entry.uncompressedSize > maxUncompressedBytes {
            throw ExportError(
                code: .limitExceeded,
                message:
                    "the export inflates to \(entry.uncompressedSize >> 20) MiB, more than \(maxUncompressedBytes >> 20) MiB",
                file: name)
        }
        let ratio = entry.uncompressedSize / max(entry.compressedSize, 1)
        if entry.uncompressedSize > 64 << 20, ratio > maxCompressionRatio {
            throw ExportError(
                code: .limitExceeded,
                message:
                    "the export inflates \(ratio) times its compressed size (at most \(maxCompressionRatio)): a zip bomb, "
                    + "not a Health export", file: name)
        }
    }
}
