import Foundation
import HealthCore

// The plain record, read in one pass (decision 0013; BENCHMARKS.md, issue 17's twelfth section).

/// The attributes of a plain `Record` as the one-pass reader reads them: cache generations (-1: absent), dates
/// and the value. No string is built or retained.
struct PlainRecordRow {
    var type = -1
    var unit = -1
    var source = -1
    var version = -1
    var device = -1
    var start: Date?
    var end: Date?
    var value: Double?
}

/// A plain record whose start tag was read (``ExportRecordMapper/startPlainRecord(_:)``): everything its sample
/// needs but its metadata entries, which come as its children.
struct PlainRecord {
    var row: PlainRecordRow
    var type: QuantityTypeIdentifier
    var unit: HealthUnit
    var value: Double
    var start: Date
    var end: Date
    /// The content key, complete (a record's metadata is not part of it).
    var key: KeyHasher
    var provenance: Provenance
    var revision: SourceRevision
    var line: Int
}

extension ExportRecordMapper {
    /// Reads a top-level quantity `Record` in one pass from its start tag and returns its frame — a self-closing
    /// record is emitted at once (`.leaf`), one with children is finished at its end (`.plainRecord`) — or
    /// returns nil having changed nothing that decides what it maps to; the caller then reads it as any other
    /// record (``beginRecord(_:inCorrelation:)``, ``finishRecord()``).
    ///
    /// Most of an export is such records in runs: the same type, unit, source, version and device as a record a
    /// moment ago. This reader takes a record only when everything of it but its dates and value was worked out
    /// for an earlier record and is still held — its type and unit resolved, its source and device admitted, its
    /// key's `type|source|version|` hashed, its device and source revision made — each known by its
    /// ``RecordValueCache`` generations. It builds no draft and no string. Its children may be metadata entries
    /// (``plainRecordChild(_:)``). It emits the sample that ``finishRecord()`` would: the same UUID, values and
    /// metadata, the same shared device and revision.
    ///
    /// Anything else takes the general path: an attribute outside the usual ones, a value that is not a plain
    /// decimal (``ExportDecimal/fastPath(_:)``), a category, heart rate variability, a type whose records may
    /// repeat a correlation member, the first record of a run, a batch's first records (``forgetSharedValues()``).
    /// What this reader did before giving up only filled caches, which the general path reads the same way.
    mutating func startPlainRecord(_ tag: XMLStartTag) -> MapperFrame? {
        // Read into a variable of the caller's: a form that returned the row as an optional lost some of its fields
        // under -O (Swift 6.3.1; BENCHMARKS.md, twelfth section).
        var row = PlainRecordRow()
        guard readPlainRecord(tag, into: &row) else { return nil }
        guard let value = row.value, let start = row.start, let end = row.end, row.type >= 0, row.unit >= 0,
            row.source >= 0, let known = lastRecordType, known.generation == row.type, let type = known.quantity,
            !known.mayBeCorrelationMember, !known.isHeartRateVariability, typeRun.generation == row.type,
            let unit = lastRecordUnit, unit.generation == row.unit,
            admittedSources.contains(row.source), row.device < 0 || admittedDevices.contains(row.device),
            var key = heldKeyPrefixes.value(for: KeyPrefixRun(type: row.type, source: row.source, version: row.version))
        else { return nil }
        let run = ProvenanceRun(source: row.source, version: row.version, device: row.device)
        guard let provenance = recentProvenances.value(for: run), let revision = recentRevisions.value(for: run)
        else { return nil }
        // Counted as ``countRecord(ofType:generation:)`` counts a record of the current run.
        typeRun.count += 1
        key.add(Int(start.timeIntervalSince1970))
        key.add(Int(end.timeIntervalSince1970))
        addQuantityKey(
            value, nil, unit.key, provenance.deviceKey, run: KeySuffixRun(unit: row.unit, device: row.device),
            to: &key)
        plainRecordsRead += 1
        let record = PlainRecord(
            row: row, type: type, unit: unit.unit, value: value, start: start, end: end, key: key,
            provenance: provenance, revision: revision, line: tag.line)
        // A self-closing record (most are) is emitted at once: its end follows its start.
        if tag.isEmptyElement {
            emitPlainRecord(record, metadata: Metadata())
            return .leaf
        }
        metadataMemo.discardCurrent()
        plainRecord = record
        return .plainRecord
    }

    /// A child of a record read in one pass: a metadata entry is added to it (``plainMetadataEntry(_:)``);
    /// anything else (a heart rate variability list, an unknown element, an entry without a key, more entries than
    /// the memo takes) hands the record to the general path first (``demotePlainRecord()``), which reads the child
    /// as it reads any record's.
    mutating func plainRecordChild(_ tag: XMLStartTag) -> MapperFrame {
        if tag.nameEquals("MetadataEntry"), plainMetadataEntry(tag) { return .leaf }
        demotePlainRecord()
        frames[frames.count - 1] = .record
        return recordChild(tag)
    }

    /// Emits the sample of the record read in one pass with children, at its end.
    mutating func finishPlainRecord() {
        guard let record = plainRecord else { return }
        plainRecord = nil
        emitPlainRecord(record, metadata: metadataMemo.takeMetadata())
    }

    /// Adds a `MetadataEntry` to the record read in one pass, typed through ``metadataMemo``; false, having added
    /// nothing, for an entry the general path must read: one without a key, or one more than the memo takes (or
    /// than ``Limits/maxMetadataEntries`` allows: the general path reports that).
    private mutating func plainMetadataEntry(_ tag: XMLStartTag) -> Bool {
        guard metadataMemo.current.count < min(MetadataEntryMemo.maxEntriesPerRecord, limits.maxMetadataEntries),
            let keyIndex = tag.index(of: "key")
        else { return false }
        let valueIndex = tag.index(of: "value")
        if let place = withEntryBytes(tag, keyIndex, valueIndex, { metadataMemo.place(key: $0, value: $1) }) {
            metadataMemo.add(place)
            return true
        }
        guard let (key, kinds) = typing.key(tag, at: keyIndex) else { return false }
        let value = typing.value(kinds: kinds, string: valueIndex.map { tag.value(at: $0) } ?? "")
        let place = withEntryBytes(tag, keyIndex, valueIndex) {
            metadataMemo.hold(key: $0, value: $1, typed: (key, value))
        }
        metadataMemo.add(place)
        return true
    }

    /// Lends an entry's raw key and value bytes (no bytes for an absent value, which reads as empty).
    private func withEntryBytes<R>(
        _ tag: XMLStartTag, _ keyIndex: Int, _ valueIndex: Int?,
        _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> R
    ) -> R {
        tag.withRawValueBytes(at: keyIndex) { key in
            guard let valueIndex else { return body(key, UnsafeBufferPointer(start: nil, count: 0)) }
            return tag.withRawValueBytes(at: valueIndex) { body(key, $0) }
        }
    }

    /// Emits the sample of a record read in one pass.
    private mutating func emitPlainRecord(_ record: borrowing PlainRecord, metadata: consuming Metadata) {
        let (uuid, _) = identities.next(forHash: record.key.value, start: record.start)
        emit(
            .quantity(
                QuantitySample(
                    uuid: uuid, type: record.type, quantity: Quantity(unit: record.unit, doubleValue: record.value),
                    start: record.start, end: record.end, device: record.provenance.device, metadata: metadata,
                    sourceRevision: record.revision, summary: nil)),
            line: record.line)
    }

    /// Turns the record read in one pass into the general path's draft (``record``), as
    /// ``beginRecord(_:inCorrelation:)`` would have made it from the same start tag (already counted). Its strings
    /// are the value cache's latest: nothing has read a record attribute since its start tag.
    private mutating func demotePlainRecord() {
        guard let plain = plainRecord else { return }
        plainRecord = nil
        let row = plain.row
        var draft = RecordDraft()
        draft.line = plain.line
        draft.type = cachedValue(.type, row.type)
        draft.typeGeneration = row.type
        draft.unit = cachedValue(.unit, row.unit)
        draft.unitGeneration = row.unit
        draft.number = plain.value
        draft.header.sourceName = cachedValue(.sourceName, row.source)
        draft.header.sourceNameGeneration = row.source
        if row.version >= 0 {
            draft.header.sourceVersion = cachedValue(.sourceVersion, row.version)
            draft.header.sourceVersionGeneration = row.version
        }
        if row.device >= 0 {
            draft.header.device = cachedValue(.device, row.device)
            draft.header.deviceGeneration = row.device
        }
        draft.header.start = plain.start
        draft.header.end = plain.end
        draft.metadata = metadataMemo.takeMetadata()
        swap(&record, &draft)
    }

    /// The value of a record attribute read into the cache under `generation`: the slot's latest, which nothing has
    /// replaced since (a record's attributes are read before anything reads the cache again).
    private func cachedValue(_ slot: RecordValueCache.Slot, _ generation: Int) -> String {
        precondition(recordValues.generation(slot) == generation, "a record's cached value was replaced before use")
        return recordValues.latestValue(slot)
    }

    /// Reads a record's attributes into `row` as generations, dates and a plain decimal value; false at the first
    /// attribute the one-pass reader does not take.
    private mutating func readPlainRecord(_ tag: XMLStartTag, into row: inout PlainRecordRow) -> Bool {
        for index in 0..<tag.attributeCount {
            switch RecordAttribute(tag, at: index) {
            case .type: row.type = recordValues.read(tag, at: index, .type)
            case .unit: row.unit = recordValues.read(tag, at: index, .unit)
            case .sourceName: row.source = recordValues.read(tag, at: index, .sourceName)
            case .sourceVersion: row.version = recordValues.read(tag, at: index, .sourceVersion)
            case .device: row.device = recordValues.readDevice(tag, at: index)
            case .startDate: row.start = tag.withRawValueBytes(at: index) { dates.parse($0) }
            case .endDate: row.end = tag.withRawValueBytes(at: index) { dates.parse($0) }
            case .ignored: break
            case .value:
                // A plain decimal only: the fast path takes no bytes that decoding would change, so the double is
                // the one `ExportDecimal.parse` gives the decoded text (RecordValueSpellingTests).
                guard let number = tag.withRawValueBytes(at: index, { ExportDecimal.fastPath($0) }) else {
                    return false
                }
                row.value = number
            case .minimum, .maximum, .average, .recordCount, .other: return false
            }
        }
        return true
    }
}
