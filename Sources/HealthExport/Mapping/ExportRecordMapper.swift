import Foundation
import HealthCore

/// Turns the scanner's tags into HealthCore values: samples, correlations, workouts, routes, activity summaries
/// and characteristics.
///
/// Feed it every token of one document with ``consume(_:)``, take output with ``takeBatch()`` whenever
/// convenient, and call ``finish()`` at the end. The mapper never fails on content: an element it cannot map is
/// skipped and reported in ``summary`` (``ExportSummary/issues``), with its line.
///
/// Correlation members also appear as top-level `Record`s. The correlation's members are the samples; their
/// top-level copies are not emitted. Because a correlation can come after its copies, top-level records of the
/// member types (blood pressure and dietary types) are held back until ``finish()``, then emitted unless a
/// correlation claimed them (matched by content key and count).
///
/// ```swift
/// var mapper = ExportRecordMapper()
/// try scanner.feed(chunk) { token in mapper.consume(token) }
/// mapper.finish()
/// let batch = mapper.takeBatch()
/// ```
package struct ExportRecordMapper: Sendable {
    /// What the mapper found so far; complete after ``finish()`` (until then, the records of the current run of one
    /// type are counted in ``recordsRead`` only).
    package internal(set) var summary = ExportSummary()

    var output = ExportBatch()
    var frames: [MapperFrame] = []
    var sourceResolver = ExportSourceResolver()
    var identities: IdentityCounter
    var typing = ExportMetadataTyping()
    var devices: [String: (device: Device, key: String)] = [:]
    var lastDevice: (raw: String, generation: Int, device: Device?, key: String)?
    var record = RecordDraft()
    /// The record read in one pass (``startPlainRecord(_:)``), and the metadata entries of such records.
    var plainRecord: PlainRecord?
    var metadataMemo = MetadataEntryMemo()
    /// The last few values of repeated `Record` attributes (type, unit, source, device), reused by their bytes.
    var recordValues = RecordValueCache()
    /// The day and zone of the last header date parsed, reused by the next on the same day (``readHeader``).
    var dates = ExportDateMemo()
    var correlation = CorrelationDraft()
    var workout: WorkoutDraft?
    /// The content-key hashes of the last few records' `type|source|version|` (``keyPrefix(_:_:_:run:)``).
    var heldKeyPrefixes = RecentValues<KeyPrefixRun, KeyHasher>()
    /// The content key's `unit|device|` of the last few records, each worked out as a ``KeySuffix``.
    var keySuffixes = RecentValues<KeySuffixRun, KeySuffix>()
    /// The devices and the source revisions of the last few records' runs (``provenance(of:)``,
    /// ``sourceRevision(of:sourceName:provenance:)``).
    var recentProvenances = RecentValues<ProvenanceRun, Provenance>()
    var recentRevisions = RecentValues<ProvenanceRun, SourceRevision>()
    /// The current run of top-level records of one type (``countRecord(ofType:generation:)``).
    var typeRun = TypeRun()
    /// The last record type and unit resolved (``recordType(_:)``, ``recordUnit(_:_:)``).
    var lastRecordType: RecordTypeRun?
    var lastRecordUnit: (generation: Int, unit: HealthUnit, key: String)?
    /// The distinct device descriptions (without their pointer) seen so far, and the last one admitted.
    var distinctDevices: Set<String> = []
    var lastAdmittedDevice = ""
    /// The cache generations of the last few sources and devices admitted (``admission(of:)``).
    var admittedSources = RecentValues<Int, Void>()
    var admittedDevices = RecentValues<Int, Void>()
    var activity = ActivityDraft()
    var event = EventDraft()
    var route = RouteDraft()
    var deferred: [(fold: UInt64, sample: AnySample, line: Int)] = []
    var claimedMembers: [UInt64: Int] = [:]
    /// The bounds on one top-level element.
    package var limits = Limits()
    /// Whether plain records are read in one pass (``startPlainRecord(_:)``). Off, every record takes the general path:
    /// the same output, which tests and the fuzzer compare.
    package var readsPlainRecordsInOnePass = true
    /// How many records the one-pass reader took.
    package internal(set) var plainRecordsRead = 0
    /// The current top-level element: where it starts, and how many elements it holds so far.
    var top = TopElement()

    /// How much one top-level element (a `Record`, `Correlation`, `Workout`…) may hold, far above anything the
    /// Health app writes (ExportFormat.md "Limits"). An element over a bound is skipped whole, with a located issue;
    /// what it held is not kept, so memory stays bounded.
    package struct Limits: Sendable, Hashable {
        /// Elements inside one top-level element, at any depth (a route's inline locations, metadata, members,
        /// events, heartbeats): 250,000 — a day of 1 Hz GPS is 86,400.
        package var maxDescendants = 250_000
        /// Metadata entries on one object: 1,000 (the Health app writes a few dozen at most).
        package var maxMetadataEntries = 1_000
        /// Distinct source names in one export (``ExportLimits/maxDistinctSources``).
        package var maxDistinctSources = 10_000
        /// Distinct device descriptions in one export (``ExportLimits/maxDistinctDevices``).
        package var maxDistinctDevices = 10_000

        /// The defaults.
        package init() {}
    }

    /// The top-level element being read.
    struct TopElement {
        var name = ""
        var line = 0
        var column = 0
        var descendants = 0
        /// Why it is being skipped, once a bound was passed.
        var overflow: String?
    }

    /// Creates a mapper at the start of a document.
    ///
    /// - Parameter trackRepeats: Whether exact duplicates get distinct UUIDs here (about 16 bytes of memory per
    ///   distinct record). The importer passes false: its storage renames repeats through its UUID index.
    package init(trackRepeats: Bool = true) {
        self.identities = IdentityCounter(trackRepeats: trackRepeats)
    }

    /// Maps one token.
    package mutating func consume(_ token: XMLScanner.Token) {
        switch token {
        case .start(let tag): start(tag)
        case .end: end()
        }
    }

    /// Emits the held-back records that no correlation claimed and completes the summary.
    package mutating func finish() {
        for (fold, sample, line) in deferred {
            if let claimed = claimedMembers[fold], claimed > 0 {
                claimedMembers[fold] = claimed - 1
                summary.correlationMemberCopiesSkipped += 1
            } else {
                emit(sample, line: line)
            }
        }
        deferred.removeAll()
        flushTypeRun()
        summary.sources = sourceResolver.sources
        summary.exactDuplicates = identities.duplicateCount
    }

    /// Returns the output gathered since the last call and starts a new batch.
    package mutating func takeBatch() -> ExportBatch {
        let batch = output
        output = ExportBatch()
        forgetSharedValues()
        if batchCapacity > 0 {
            output.samples.reserveCapacity(batchCapacity)
            output.lines.reserveCapacity(batchCapacity)
        }
        return batch
    }

    /// Makes the next batch's samples share new devices, units and source revisions instead of this batch's.
    ///
    /// A device, a unit or a source revision is one heap object that every sample holding it retains with each
    /// copy. An importer's writing thread copies the samples of one batch while this thread makes the next; when
    /// both share one object they update its reference count from two cores at once, and each update waits for
    /// the other core's (measured on the medium export: a third of the parsing thread's time in `swift_retain` and
    /// `swift_release`, against a fifth when parsing alone). A few objects made again per batch cost nothing.
    mutating func forgetSharedValues() {
        devices.removeAll(keepingCapacity: true)
        lastDevice = nil
        recentProvenances.removeAll()
        recentRevisions.removeAll()
        lastRecordUnit = nil
        typing.forgetSharedValues()
        metadataMemo.removeAll()
        sourceResolver.forgetLastRevision()
    }

    /// How many samples a new batch has room for before it grows (0: none reserved). A batch that grows by
    /// doubling copies itself a dozen times and touches twice its final size in fresh pages; reserved room that is
    /// never used is never touched.
    package var batchCapacity = 0 {
        didSet {
            if output.samples.isEmpty {
                output.samples.reserveCapacity(batchCapacity)
                output.lines.reserveCapacity(batchCapacity)
            }
        }
    }

    /// The number of items waiting in the current batch.
    package var pendingCount: Int { output.count }

    mutating func emit(_ sample: consuming AnySample, line: Int) {
        output.samples.append(sample)
        output.lines.append(line)
        summary.samplesEmitted += 1
    }

    private mutating func start(_ tag: XMLStartTag) {
        guard let parent = frames.last else {
            if tag.nameEquals("HealthData") {
                summary.locale = tag.value(of: "locale")
                summary.hasHealthDataRoot = true
                frames.append(.root)
            } else {
                summary.issue(
                    "the root element is not HealthData", element: tag.name, line: tag.line, column: tag.column)
                frames.append(.skipped)
            }
            return
        }
        if frames.count >= 2 {
            top.descendants += 1
            if top.overflow == nil, top.descendants > limits.maxDescendants {
                top.overflow = "holds more than \(limits.maxDescendants) elements"
            }
            if top.overflow != nil {
                frames.append(.skipped)
                return
            }
        }
        switch parent {
        case .root:
            // Most top-level elements are records: their name is a literal, not a string decoded per record.
            top = TopElement(name: tag.nameEquals("Record") ? "Record" : tag.name, line: tag.line, column: tag.column)
            let frame = topLevel(tag)
            frames.append(frame)
            top.overflow = admission(of: frame)
        case .record: frames.append(recordChild(tag))
        case .plainRecord: frames.append(plainRecordChild(tag))
        case .heartRateVariability:
            if tag.nameEquals("InstantaneousBeatsPerMinute") {
                record.beats.append("\(tag.value(of: "bpm") ?? "")@\(tag.value(of: "time") ?? "")")
                frames.append(.leaf)
            } else {
                frames.append(unknown(tag))
            }
        case .correlation:
            if tag.nameEquals("MetadataEntry") {
                addMetadata(tag, to: \.correlation.metadata)
                frames.append(.leaf)
            } else if tag.nameEquals("Record") {
                beginRecord(tag, inCorrelation: true)
                frames.append(.record)
            } else {
                frames.append(unknown(tag))
            }
        case .workout: frames.append(workoutChild(tag))
        case .activity: frames.append(activityChild(tag))
        case .event:
            if tag.nameEquals("MetadataEntry") {
                addMetadata(tag, to: \.event.metadata)
                frames.append(.leaf)
            } else {
                frames.append(unknown(tag))
            }
        case .route: frames.append(routeChild(tag))
        case .leaf, .skipped: frames.append(.skipped)
        }
    }

    private mutating func end() {
        guard let frame = frames.popLast() else { return }
        if frames.count == 1, let overflow = top.overflow {
            // A top-level element over a bound: nothing of it is kept.
            summary.issue("\(overflow); skipped", element: top.name, line: top.line, column: top.column)
            summary.skip(top.name, "over a limit of the reader (ExportFormat.md, Limits)")
            workout = nil
            plainRecord = nil
            metadataMemo.discardCurrent()
            top = TopElement()
            return
        }
        switch frame {
        case .record: finishRecord()
        case .plainRecord: finishPlainRecord()
        case .correlation: finishCorrelation()
        case .workout: finishWorkout()
        case .event: finishEvent()
        case .activity: finishActivity()
        case .route: finishRoute()
        case .root, .heartRateVariability, .leaf, .skipped: break
        }
    }

    private mutating func topLevel(_ tag: XMLStartTag) -> MapperFrame {
        if tag.nameEquals("Record") {
            if readsPlainRecordsInOnePass, let frame = startPlainRecord(tag) { return frame }
            beginRecord(tag, inCorrelation: false)
            return .record
        }
        if tag.nameEquals("Workout") {
            return beginWorkout(tag)
        }
        if tag.nameEquals("Correlation") {
            beginCorrelation(tag)
            return .correlation
        }
        if tag.nameEquals("ActivitySummary") {
            activitySummary(tag)
            return .leaf
        }
        if tag.nameEquals("ExportDate") {
            summary.exportDate = tag.index(of: "value").flatMap { ExportDateParser.parse(tag.rawValueBytes(at: $0)) }
            return .leaf
        }
        if tag.nameEquals("Me") {
            summary.characteristics = characteristics(tag)
            return .leaf
        }
        if tag.nameEquals("ClinicalRecord") {
            clinicalRecord(tag)
            return .leaf
        }
        if tag.nameEquals("Audiogram") {
            summary.skip("Audiogram", "audiograms are not imported")
            return .skipped
        }
        if tag.nameEquals("VisionPrescription") {
            summary.skip("VisionPrescription", "vision prescriptions are not imported")
            return .skipped
        }
        return unknown(tag)
    }

    mutating func recordChild(_ tag: XMLStartTag) -> MapperFrame {
        if tag.nameEquals("MetadataEntry") {
            addMetadata(tag, to: \.record.metadata)
            return .leaf
        }
        if tag.nameEquals("HeartRateVariabilityMetadataList") { return .heartRateVariability }
        return unknown(tag)
    }

    mutating func unknown(_ tag: XMLStartTag) -> MapperFrame {
        summary.unknownElements[tag.name, default: 0] += 1
        return .skipped
    }

    mutating func unknownAttribute(_ element: StaticString, _ name: String) {
        summary.unknownAttributes["\(element)@\(name)", default: 0] += 1
    }

    /// Adds a `MetadataEntry`'s key and typed value.
    mutating func addMetadata(_ tag: XMLStartTag, to metadata: WritableKeyPath<ExportRecordMapper, Metadata>) {
        guard let keyIndex = tag.index(of: "key"), let (key, kinds) = typing.key(tag, at: keyIndex) else {
            summary.issue("MetadataEntry without a key", element: "MetadataEntry", line: tag.line, column: tag.column)
            return
        }
        guard self[keyPath: metadata].count < limits.maxMetadataEntries else {
            top.overflow = top.overflow ?? "has more than \(limits.maxMetadataEntries) metadata entries"
            return
        }
        let value = tag.value(of: "value") ?? ""
        self[keyPath: metadata][key] = typing.value(kinds: kinds, string: value)
    }

    /// Reads the shared sample attributes; returns false when the attribute is not one of them.
    mutating func readHeader(_ tag: XMLStartTag, _ index: Int, into header: inout SampleHeader) -> Bool {
        readHeader(tag, index, RecordAttribute(tag, at: index), into: &header)
    }

    /// Reads a header attribute already told apart by its bytes (``RecordAttribute``); false for any other.
    mutating func readHeader(
        _ tag: XMLStartTag, _ index: Int, _ attribute: RecordAttribute, into header: inout SampleHeader
    ) -> Bool {
        switch attribute {
        case .sourceName:
            header.sourceName = recordValues.value(tag, at: index, .sourceName)
            header.sourceNameGeneration = recordValues.generation(.sourceName)
        case .sourceVersion:
            header.sourceVersion = recordValues.value(tag, at: index, .sourceVersion)
            header.sourceVersionGeneration = recordValues.generation(.sourceVersion)
        case .device:
            header.device = recordValues.device(tag, at: index)
            header.deviceGeneration = recordValues.generation(.device)
        case .startDate: header.start = tag.withRawValueBytes(at: index) { dates.parse($0) }
        case .endDate: header.end = tag.withRawValueBytes(at: index) { dates.parse($0) }
        case .ignored: break
        case .type, .value, .unit, .other, .minimum, .maximum, .average, .recordCount: return false
        }
        return true
    }

    /// Why a top-level element may not be read — it names one source or device more than the limits allow — or
    /// nil. Its header was read by ``topLevel(_:)``.
    mutating func admission(of frame: MapperFrame) -> String? {
        let header: SampleHeader
        switch frame {
        case .record:
            // Most records repeat a recently admitted source and device: told by their generations, without a
            // copy of the header (which retains its three strings).
            if admittedRecently(record.header) { return nil }
            header = record.header
        case .correlation: header = correlation.header
        case .workout:
            guard let workout else { return nil }
            header = workout.header
        default: return nil
        }
        // Elements are read one after the other, and each registers its source as it ends: the resolver's count
        // is the number of distinct sources so far.
        // A run of elements with the same source or device (the same cache generation) was admitted already.
        if let name = header.sourceName,
            header.sourceNameGeneration < 0 || !admittedSources.contains(header.sourceNameGeneration)
        {
            if !sourceResolver.knows(name), sourceResolver.count >= limits.maxDistinctSources {
                return "names more than \(limits.maxDistinctSources) distinct sources in one export"
            }
            if header.sourceNameGeneration >= 0 { admittedSources.remember((), for: header.sourceNameGeneration) }
        }
        if let description = header.device,
            header.deviceGeneration < 0 || !admittedDevices.contains(header.deviceGeneration)
        {
            let raw = DeviceDescription.withoutPointer(description)
            if raw != lastAdmittedDevice[...] {
                let text = String(raw)
                if !distinctDevices.contains(text) {
                    guard distinctDevices.count < limits.maxDistinctDevices else {
                        return "names more than \(limits.maxDistinctDevices) distinct devices in one export"
                    }
                    distinctDevices.insert(text)
                }
                lastAdmittedDevice = text
            }
            if header.deviceGeneration >= 0 { admittedDevices.remember((), for: header.deviceGeneration) }
        }
        return nil
    }

    /// Whether the header's source and device (each when present) are among the last few admitted, by their
    /// cache generations.
    func admittedRecently(_ header: borrowing SampleHeader) -> Bool {
        (header.sourceName == nil
            || (header.sourceNameGeneration >= 0 && admittedSources.contains(header.sourceNameGeneration)))
            && (header.device == nil
                || (header.deviceGeneration >= 0 && admittedDevices.contains(header.deviceGeneration)))
    }

    /// The device of a description and its identity key, cached by its text without the pointer.
    ///
    /// The key is the device's fields in a fixed order (so the same device written differently, for example
    /// with or without its creation date, has the same key), or the description without its pointer when it
    /// names no known field.
    mutating func device(_ description: String?, generation: Int = -1) -> (device: Device?, key: String) {
        guard let description else { return (nil, "") }
        if generation >= 0, let lastDevice, lastDevice.generation == generation {
            return (lastDevice.device, lastDevice.key)
        }
        let withoutPointer = DeviceDescription.withoutPointer(description)
        if let lastDevice, lastDevice.raw == withoutPointer {
            self.lastDevice?.generation = generation
            return (lastDevice.device, lastDevice.key)
        }
        let raw = String(withoutPointer)
        let result: (device: Device?, key: String)
        if let hit = devices[raw] {
            result = hit
        } else if let parsed = DeviceDescription.parse(description) {
            let key = Device.PropertyKey.allCases.map { parsed[$0] ?? "" }.joined(separator: ",")
            if devices.count < 10_000 { devices[raw] = (parsed, key) }
            result = (parsed, key)
        } else {
            result = (nil, raw)
        }
        lastDevice = (raw, generation, result.device, result.key)
        return result
    }
}
