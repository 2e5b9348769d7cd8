import Foundation
import GRDB
import GRDBSQLite
import HealthCore
import HealthStorage

extension CommitWriter {
    /// One metadata row waiting for its statement: a stored sample's entry, in the `metadata` table's columns.
    struct MetadataRow {
        let anchor: Int64
        let key: String
        let kind: Int64
        let text: String?
        let number: Double?
    }

    /// The metadata rows of one multi-row `INSERT`. A sample's metadata rows used to be a statement each (124k
    /// in the medium export's import); a statement's fixed work is now paid once per 32 rows, as for samples
    /// (``groupRows``, decision 0020).
    static let metadataGroupRows = 32

    /// Queues the metadata rows of a row its statement stored, and inserts them 32 at a time. The rows are
    /// inserted in the order they were queued; the ones left at the end of ``insertGrouped`` go by themselves
    /// (``flushMetadata()``), so that none is pending outside it.
    mutating func queueMetadata(of row: BoundRow) throws {
        guard let metadata = row.metadata else { return }
        for (key, value) in metadata.entries {
            let columns = SampleCodec.columns(value)
            pendingMetadata.append(
                MetadataRow(
                    anchor: row.anchor, key: key.rawValue, kind: columns.kind.rawValue, text: columns.text,
                    number: columns.number))
            if pendingMetadata.count == Self.metadataGroupRows { try flushMetadata() }
        }
    }

    /// Inserts the queued metadata rows: in one statement when they make a whole group, else one by one.
    mutating func flushMetadata() throws {
        guard !pendingMetadata.isEmpty else { return }
        defer { pendingMetadata.removeAll(keepingCapacity: true) }
        if pendingMetadata.count == Self.metadataGroupRows {
            let statement = try metadataGroupStatement()
            for (offset, row) in pendingMetadata.enumerated() { Self.bind(row, on: statement, at: Int32(offset) * 5) }
            try Self.runMetadata(statement)
        } else {
            for row in pendingMetadata {
                Self.bind(row, on: insertMetadata, at: 0)
                try Self.runMetadata(insertMetadata)
            }
        }
    }

    /// Binds a metadata row's five columns from parameter `base + 1` on (texts copied by SQLite).
    private static func bind(_ row: MetadataRow, on statement: DirectStatement, at base: Int32) {
        statement.bind(base + 1, row.anchor)
        statement.bind(base + 2, row.key)
        statement.bind(base + 3, row.kind)
        statement.bind(base + 4, row.text)
        statement.bind(base + 5, row.number)
    }

    private static func runMetadata(_ statement: DirectStatement) throws {
        let code = try statement.run()
        if code != SQLITE_DONE { throw StorageError(.io, "metadata rows rejected (SQLite \(code))") }
    }

    /// The multi-row metadata statement, prepared once per writer.
    private mutating func metadataGroupStatement() throws -> DirectStatement {
        if let insertMetadataGroup { return insertMetadataGroup }
        let values = repeatElement("(?, ?, ?, ?, ?)", count: Self.metadataGroupRows).joined(separator: ", ")
        let statement = try DirectStatement(
            db, "INSERT INTO metadata (anchor, key, kind, text, number) VALUES " + values)
        insertMetadataGroup = statement
        return statement
    }
}
