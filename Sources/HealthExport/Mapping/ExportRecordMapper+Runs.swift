import HealthCore

// What repeats from one record to the next — the type, the source, its version, the device — is worked out once
// per run of records that repeat it, told apart by ``RecordValueCache`` generations: no string is compared or
// hashed per record.

/// A sample header's device and the device's identity key, shared by a run of elements with the same source
/// name, version and device.
final class Provenance: Sendable {
    let run: ProvenanceRun?
    let device: Device?
    let deviceKey: String

    init(run: ProvenanceRun?, device: Device?, deviceKey: String) {
        self.run = run
        self.device = device
        self.deviceKey = deviceKey
    }
}

/// The ``RecordValueCache`` generations of a header's source name, version and device (-1 for an absent version
/// or device): equal runs, equal strings.
struct ProvenanceRun: Equatable, Sendable {
    var source: Int
    var version: Int
    var device: Int

    /// The run of a header, or nil when one of its values was not read through the cache.
    init?(_ header: SampleHeader) {
        guard header.sourceNameGeneration >= 0, let version = header.versionRun, let device = header.deviceRun
        else { return nil }
        source = header.sourceNameGeneration
        self.version = version
        self.device = device
    }

    /// The run of a header's source, version and device generations (-1 for an absent version or device).
    init(source: Int, version: Int, device: Int) {
        self.source = source
        self.version = version
        self.device = device
    }
}

/// A run of top-level records of one type, counted into ``ExportSummary/recordsByType`` when the type changes.
struct TypeRun {
    var generation = -1
    var type = ""
    var count = 0
}

/// What a record's `type` attribute resolves to.
struct RecordTypeRun {
    var generation: Int
    var type: SampleType
    var mayBeCorrelationMember: Bool
    /// The type's quantity identifier, when it is a quantity type (worked out once per run, not per record).
    var quantity: QuantityTypeIdentifier?
    /// Whether the type is heart rate variability (whose beats' times are read in its start date's offset).
    var isHeartRateVariability = false
}

extension ExportRecordMapper {
    /// The sample type of a record, and whether its top-level copies may repeat a correlation member; reused while
    /// the `type` attribute repeats.
    mutating func recordType(_ draft: RecordDraft) -> RecordTypeRun {
        if draft.typeGeneration >= 0, let last = lastRecordType, last.generation == draft.typeGeneration { return last }
        var made = RecordTypeRun(
            generation: draft.typeGeneration, type: SampleType.catalogued(identifier: draft.type),
            mayBeCorrelationMember: Self.mayBeCorrelationMember(draft.type))
        made.quantity = made.type.quantityIdentifier
        made.isHeartRateVariability = draft.type == Self.heartRateVariabilityType
        lastRecordType = made
        return made
    }

    /// A record's unit and the unit's spelling in the content key, or nil when it does not parse; reused while the
    /// `unit` attribute repeats (`generation`, -1 when unknown).
    mutating func recordUnit(_ text: String, _ generation: Int) -> (unit: HealthUnit, key: String)? {
        if generation >= 0, let last = lastRecordUnit, last.generation == generation { return (last.unit, last.key) }
        guard let unit = typing.unit(text) else { return nil }
        let key = typing.unitKey(text)
        if generation >= 0 { lastRecordUnit = (generation, unit, key) }
        return (unit, key)
    }

    /// The device and device key of a header, reused while its run repeats (or returns after a few others).
    mutating func provenance(of header: SampleHeader) -> Provenance {
        let run = ProvenanceRun(header)
        if let run, let held = recentProvenances.value(for: run) { return held }
        let (device, deviceKey) = device(header.device, generation: header.deviceGeneration)
        let made = Provenance(run: run, device: device, deviceKey: deviceKey)
        if let run { recentProvenances.remember(made, for: run) }
        return made
    }

    /// The source revision of a record that is kept (a skipped record registers no source), reused while its
    /// header's run repeats (or returns after a few others).
    mutating func sourceRevision(
        of header: SampleHeader, sourceName: String, provenance: Provenance
    ) -> SourceRevision {
        if let run = provenance.run, let held = recentRevisions.value(for: run) { return held }
        let revision = sourceResolver.revision(
            named: sourceName, version: header.sourceVersion, device: provenance.device)
        if let run = provenance.run { recentRevisions.remember(revision, for: run) }
        return revision
    }

    /// Counts a top-level record of `type`, whose `type` attribute came from cache generation `generation` (-1:
    /// the record had none).
    mutating func countRecord(ofType type: String, generation: Int) {
        if generation >= 0, generation == typeRun.generation {
            typeRun.count += 1
            return
        }
        flushTypeRun()
        if generation >= 0 {
            typeRun = TypeRun(generation: generation, type: type, count: 1)
        } else {
            summary.recordsByType[type, default: 0] += 1
        }
    }

    /// Adds the current run of records of one type to the summary.
    mutating func flushTypeRun() {
        if typeRun.count > 0 { summary.recordsByType[typeRun.type, default: 0] += typeRun.count }
        typeRun = TypeRun()
    }

    /// Top-level records read so far (the summary's count and the current run's).
    package var recordsRead: Int { summary.recordCount + typeRun.count }
}

/// The ``RecordValueCache`` generations of a record's type, source name and version, which decide the content key's
/// first parts (`type|source|version|`) whose hash ``ExportRecordMapper/keyPrefix(_:_:_:run:)`` keeps: equal runs,
/// equal bytes.
struct KeyPrefixRun: Equatable, Sendable {
    var type: Int
    var source: Int
    /// The version's generation, or -1 for a record without one.
    var version: Int

    /// The run of a record's type (its generation) and its header's source and version; nil when one of them was
    /// not read through the cache.
    init?(type: Int, header: borrowing SampleHeader) {
        guard type >= 0, header.sourceNameGeneration >= 0, let version = header.versionRun else { return nil }
        self.type = type
        source = header.sourceNameGeneration
        self.version = version
    }

    /// The run of a record's type, source and version generations (`version` -1 for a record without one).
    init(type: Int, source: Int, version: Int) {
        self.type = type
        self.source = source
        self.version = version
    }
}

/// The ``RecordValueCache`` generations of a record's unit and device, which decide the content key's last parts
/// (`unit|device|`): equal runs, equal bytes.
struct KeySuffixRun: Equatable, Sendable {
    /// The unit's generation, or ``noUnit`` for a key whose unit part is empty (a category record's).
    var unit: Int
    /// The device's generation, or -1 for a record without one.
    var device: Int

    /// The unit generation of a key whose unit part is empty.
    static let noUnit = -2

    /// The run of a record's unit (its generation, or ``noUnit``) and its header's device; nil when either was not
    /// read through the cache.
    init?(unit: Int, header: borrowing SampleHeader) {
        guard unit >= 0 || unit == Self.noUnit, let device = header.deviceRun else { return nil }
        self.unit = unit
        self.device = device
    }

    /// The run of a record's unit and device generations (`device` -1 for a record without one).
    init(unit: Int, device: Int) {
        self.unit = unit
        self.device = device
    }
}

extension SampleHeader {
    /// The version's cache generation for a run: -1 without a version, nil when it was not read through the cache.
    var versionRun: Int? { Self.run(of: sourceVersion, sourceVersionGeneration) }

    /// The device's cache generation for a run: -1 without a device, nil when it was not read through the cache.
    var deviceRun: Int? { Self.run(of: device, deviceGeneration) }

    private static func run(of value: String?, _ generation: Int) -> Int? {
        value == nil ? -1 : generation >= 0 ? generation : nil
    }
}
