import Foundation
import GRDB
import GRDBSQLite
import HealthCore
import HealthStorage

extension CommitWriter {
    /// The rows of one multi-row `INSERT` (a bulk write's batches and a commit's inserts). SQLite runs a statement's preparation, its end
    /// (`sqlite3VdbeHalt`) and its reset once per statement, not per row: measured with SQLite alone on the
    /// medium export's rows, 32 rows per statement took 0.8× the time of one per row (BENCHMARKS.md, issue 17).
    static let groupRows = 32

    /// Inserts `samples` in order: ``groupRows`` at a time where it can (``tryInsertGroup(_:from:payloads:inserted:)``,
    /// which calls `inserted` with each UUID), and each other one through `single` with its index.
    ///
    /// A group that holds a correlation is placed sample by sample. After a group that meets a stored or repeated
    /// UUID, so is the rest (a second import of the same export would otherwise try, and undo, every group), and
    /// so are the last samples, fewer than a group. The stored samples' metadata rows are inserted in groups of
    /// their own (``queueMetadata(of:)``), all of them before this returns.
    mutating func insertGrouped(
        _ samples: [AnySample], payloads: PreparedPayloads?, inserted: (UUID) -> Void,
        single: (inout CommitWriter, Int) throws -> Void
    ) throws {
        do {
            try insertSamples(samples, payloads: payloads, inserted: inserted, single: single)
            try flushMetadata()
        } catch {
            pendingMetadata.removeAll()
            throw error
        }
    }

    private mutating func insertSamples(
        _ samples: [AnySample], payloads: PreparedPayloads?, inserted: (UUID) -> Void,
        single: (inout CommitWriter, Int) throws -> Void
    ) throws {
        var grouping = true
        var singleUntil = 0
        var index = 0
        while index < samples.count {
            if grouping, index >= singleUntil, samples.count - index >= Self.groupRows {
                switch try tryInsertGroup(samples, from: index, payloads: payloads, inserted: inserted) {
                case .inserted:
                    index += Self.groupRows
                    continue
                case .hasCorrelation: singleUntil = index + Self.groupRows
                case .conflict: grouping = false
                }
            }
            try single(&self, index)
            index += 1
        }
    }

    /// What became of a group of rows.
    enum GroupOutcome: Equatable {
        /// Every row was stored, with its metadata rows.
        case inserted
        /// Nothing was written: one of the samples is a correlation, whose members are rows of their own, written
        /// before it by the one-row path.
        case hasCorrelation
        /// Nothing was written: a UUID of the group is already stored or repeats within it. SQLite undid the
        /// whole statement; the one-row path tells the cases apart.
        case conflict
    }

    /// Inserts the ``groupRows`` samples of `samples` from `start` in one statement, with anchors that follow
    /// each other, then their metadata rows; `inserted` is called with each UUID, in order. When the result is
    /// not ``GroupOutcome/inserted``, nothing was written and the anchor is unchanged: the caller places each
    /// sample by itself (``tryInsert(_:correlation:payload:)``).
    ///
    /// - Precondition: `start + groupRows <= samples.count`.
    mutating func tryInsertGroup(
        _ samples: [AnySample], from start: Int, payloads: PreparedPayloads?, inserted: (UUID) -> Void
    ) throws -> GroupOutcome {
        let statement = try groupStatement()
        var rows: [BoundRow] = []
        rows.reserveCapacity(Self.groupRows)
        do {
            for offset in 0..<Self.groupRows {
                // One access to the array per sample: each one copies the sample.
                let sample = samples[start + offset]
                guard SampleKind(sample) != .correlation else {
                    abandon(statement)
                    return .hasCorrelation
                }
                rows.append(
                    try bind(
                        sample, correlation: nil, payload: payloads?.entries[start + offset] ?? .unprepared,
                        on: statement, at: Int32(offset) * Self.sampleParameterCount, offset: Int64(offset)))
            }
        } catch {
            abandon(statement)
            throw error
        }
        guard try runBound(statement) else { return .conflict }
        for row in rows {
            try stored(row)
            inserted(row.uuid)
        }
        return .inserted
    }

    /// The multi-row statement, prepared once per writer.
    private mutating func groupStatement() throws -> DirectStatement {
        if let insertGroup { return insertGroup }
        let values = repeatElement(Self.sampleParameters, count: Self.groupRows).joined(separator: ", ")
        let statement = try DirectStatement(db, Self.sampleColumns + " VALUES " + values)
        insertGroup = statement
        return statement
    }
}

extension SQLiteStorage {
    /// The rows the writer puts into one `INSERT` statement where it can (for benchmarks that compare it with
    /// SQLite's floor for the same statement shape).
    public static var rowsPerStatement: Int { CommitWriter.groupRows }
}
