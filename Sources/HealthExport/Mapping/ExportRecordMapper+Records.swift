import Foundation
import HealthCore

// Record and Correlation elements.
extension ExportRecordMapper {
    /// Types whose top-level records may repeat a correlation member: held back until the end.
    static func mayBeCorrelationMember(_ type: String) -> Bool {
        type.hasPrefix("HKQuantityTypeIdentifierBloodPressure") || type.hasPrefix("HKQuantityTypeIdentifierDietary")
    }

    mutating func beginRecord(_ tag: XMLStartTag, inCorrelation: Bool) {
        var draft = RecordDraft()
        draft.line = tag.line
        draft.inCorrelation = inCorrelation
        for index in 0..<tag.attributeCount {
            let attribute = RecordAttribute(tag, at: index)
            if readHeader(tag, index, attribute, into: &draft.header) { continue }
            switch attribute {
            case .type:
                draft.type = recordValues.value(tag, at: index, .type)
                draft.typeGeneration = recordValues.generation(.type)
            case .value: draft.value = tag.value(at: index)
            case .unit:
                draft.unit = recordValues.value(tag, at: index, .unit)
                draft.unitGeneration = recordValues.generation(.unit)
            case .minimum: draft.aggregate.minimum = tag.value(at: index)
            case .maximum: draft.aggregate.maximum = tag.value(at: index)
            case .average: draft.aggregate.average = tag.value(at: index)
            case .recordCount: draft.aggregate.count = tag.value(at: index)
            case .sourceName, .sourceVersion, .device, .startDate, .endDate, .ignored: break  // read above
            case .other:
                let name = tag.attributeName(at: index)
                if name.contains(" ") {
                    draft.metadata[MetadataKey(name)] = typing.value(forKey: name, string: tag.value(at: index))
                } else {
                    unknownAttribute("Record", name)
                }
            }
        }
        if draft.type.utf8.count == Self.heartRateVariabilityType.utf8.count,
            draft.type == Self.heartRateVariabilityType,
            let index = tag.index(of: "startDate")
        {
            draft.startOffset = ExportDateParser.offset(of: tag.rawValueBytes(at: index))
        }
        if inCorrelation {
            summary.correlationMemberRecords += 1
        } else {
            countRecord(ofType: draft.type, generation: draft.typeGeneration)
        }
        // Swapped in, not copied: a copy retains every string of the draft (the record it replaces is empty).
        swap(&record, &draft)
    }

    mutating func finishRecord() {
        // Taken, not copied: the draft's strings and metadata move into the sample without a retain each.
        var draft = RecordDraft()
        swap(&draft, &record)
        guard !draft.type.isEmpty, let sourceName = draft.header.sourceName, let start = draft.header.start,
            let end = draft.header.end
        else {
            return recordIssue(
                "a required attribute (type, sourceName, startDate, endDate) is missing or invalid", line: draft.line)
        }
        var metadata = draft.metadata
        if !draft.beats.isEmpty {
            metadata[ExportMetadataKeys.instantaneousBeatsPerMinute] = .string(draft.beats.joined(separator: "|"))
        }
        let provenance = provenance(of: draft.header)
        let device = provenance.device
        let deviceKey = provenance.deviceKey
        // The key: type|source|version|start|end|value|unit|device, hashed piece by piece. The value and unit
        // enter it parsed (`60` and `60.0`, `mL/min·kg` and `mL/min*kg` are the same): the value as the bit
        // pattern of its double, the unit as its canonical spelling.
        var key = keyPrefix(
            draft.type, sourceName, draft.header.sourceVersion ?? "",
            run: KeyPrefixRun(type: draft.typeGeneration, header: draft.header))
        key.add(Int(start.timeIntervalSince1970))
        key.add(Int(end.timeIntervalSince1970))
        let sample: AnySample
        var fold: UInt64 = 0
        let typeRun = recordType(draft)
        let sampleType = typeRun.type
        if let type = sampleType.quantityIdentifier {
            var summary: QuantitySummary?
            let value: Double
            if draft.value == nil, draft.number == nil, !draft.aggregate.isEmpty {
                // iOS 8–9: a day of a discrete type as its minimum, maximum, average and count.
                guard let aggregate = Self.aggregate(draft.aggregate) else {
                    return recordIssue(
                        "per-day aggregate (min, max, average, recordCount) incomplete or not numbers", line: draft.line
                    )
                }
                (value, summary) = aggregate
            } else {
                guard let parsed = draft.number ?? draft.value.flatMap(ExportDecimal.parse), parsed.isFinite else {
                    return recordIssue("quantity value missing or not a number", line: draft.line)
                }
                value = parsed
            }
            guard let unitString = draft.unit, let (unit, unitKey) = recordUnit(unitString, draft.unitGeneration)
            else {
                return recordIssue("unit missing or not parsable", line: draft.line)
            }
            addQuantityKey(
                value, summary, unitKey, deviceKey,
                run: KeySuffixRun(unit: draft.unitGeneration, header: draft.header), to: &key)
            let (uuid, keyFold) = nextIdentity(key.value, start: start, member: draft.inCorrelation)
            fold = keyFold
            // Built inside the enum: a sample built first and then wrapped is copied whole and destroyed.
            sample = .quantity(
                QuantitySample(
                    uuid: uuid, type: type, quantity: Quantity(unit: unit, doubleValue: value), start: start,
                    end: end, device: device, metadata: metadata,
                    sourceRevision: sourceRevision(of: draft.header, sourceName: sourceName, provenance: provenance),
                    summary: summary))
        } else if let type = sampleType.categoryIdentifier {
            guard let value = categoryValue(type, draft.value) else {
                return recordIssue("category value not known for the type", line: draft.line)
            }
            key.add(value)
            addKeySuffix("", deviceKey, run: KeySuffixRun(unit: KeySuffixRun.noUnit, header: draft.header), to: &key)
            let (uuid, keyFold) = nextIdentity(key.value, start: start, member: draft.inCorrelation)
            fold = keyFold
            sample = .category(
                CategorySample(
                    uuid: uuid, type: type, value: value, start: start, end: end, device: device, metadata: metadata,
                    sourceRevision: sourceRevision(of: draft.header, sourceName: sourceName, provenance: provenance)))
        } else {
            summary.skip("Record(\(draft.type))", "records of this type are not imported")
            return
        }
        if draft.inCorrelation {
            // Claimed when the correlation is kept (finishCorrelation): a skipped correlation leaves its members'
            // top-level copies to import.
            correlation.memberFolds.append(fold)
            switch sample {
            case .quantity(let member): correlation.quantities.append(member)
            case .category(let member): correlation.categories.append(member)
            default: break
            }
        } else if typeRun.mayBeCorrelationMember {
            deferred.append((fold, consume sample, draft.line))
        } else {
            let beatsOf = draft.beats.isEmpty ? nil : sample.quantitySample
            // The sample's last use: moved into the batch, not copied.
            emit(consume sample, line: draft.line)
            if let quantity = beatsOf {
                heartbeatSeries(of: quantity, draft: draft, sourceName: sourceName, deviceKey: deviceKey)
            }
        }
    }

    private mutating func recordIssue(_ message: String, line: Int) {
        summary.issue(message, element: "Record", line: line, column: 0)
    }

    /// A record's identity and key fold; a correlation member's UUID is provisional (the correlation renames it).
    private mutating func nextIdentity(
        _ hash: (high: UInt64, low: UInt64), start: Date, member: Bool
    ) -> (UUID, UInt64) {
        guard member else { return identities.next(forHash: hash, start: start) }
        return (ExportIdentity.uuid(fromHash: hash, prefix: ExportIdentity.timePrefix(start)), hash.high ^ hash.low)
    }

    /// The content key hashed through `type|source|version|`: records come in runs of the same three, or of a few
    /// that alternate, told apart by their cache generations (`run`; nil when one was not read through the cache,
    /// and then hashed anew). The hash of each run's prefix is kept instead of hashing some 80 bytes again per
    /// record, and looking it up compares three integers instead of copying three strings. Same bytes, same key.
    mutating func keyPrefix(_ type: String, _ source: String, _ version: String, run: KeyPrefixRun?) -> KeyHasher {
        if let run, let held = heldKeyPrefixes.value(for: run) { return held }
        var hasher = KeyHasher()
        hasher.add(type)
        hasher.add(source)
        hasher.add(version)
        if let run { heldKeyPrefixes.remember(hasher, for: run) }
        return hasher
    }

    /// Adds a quantity record's `value|unit|device|` to its content key, after `type|source|version|start|end|`:
    /// the value's bits (then an iOS 8–9 day's minimum, maximum and count), and the suffix (``addKeySuffix``).
    /// Both readers of a record (``finishRecord()``, ``startPlainRecord(_:)``) go through here: one order of the key.
    mutating func addQuantityKey(
        _ value: Double, _ summary: QuantitySummary?, _ unitKey: String, _ deviceKey: String, run: KeySuffixRun?,
        to key: inout KeyHasher
    ) {
        key.add(value)
        if let summary {
            key.add(summary.minimum)
            key.add(summary.maximum)
            key.add(summary.count)
        }
        addKeySuffix(unitKey, deviceKey, run: run, to: &key)
    }

    /// Adds `unit|device|`, the content key's last parts, to `key` through a ``KeySuffix`` kept for the last few
    /// runs of units and devices (`run`; nil when they were not read through the cache: added byte by byte). A run
    /// of records adds them in one multiplication each. Same bytes, same key.
    mutating func addKeySuffix(_ unit: String, _ device: String, run: KeySuffixRun?, to key: inout KeyHasher) {
        guard let run else {
            key.add(unit)
            key.add(device)
            return
        }
        if keySuffixes.update(for: run, { $0.add(to: &key) }) { return }
        var suffix = KeySuffix(unit, device)
        suffix.add(to: &key)
        keySuffixes.remember(suffix, for: run)
    }

    /// The average and summary of an iOS 8–9 per-day aggregate (`min`, `max`, `average`, `recordCount`), or nil
    /// when one is missing or not a (finite) number.
    static func aggregate(_ texts: DayAggregate) -> (Double, QuantitySummary)? {
        guard let minimum = texts.minimum.flatMap(Double.init), let maximum = texts.maximum.flatMap(Double.init),
            let average = texts.average.flatMap(Double.init), let count = texts.count.flatMap({ Int($0) }),
            minimum.isFinite, maximum.isFinite, average.isFinite
        else { return nil }
        return (average, QuantitySummary(minimum: minimum, maximum: maximum, count: count))
    }

    /// The raw value of a category record: its symbolic name through the catalog, a number, or 0 when missing or
    /// `HKCategoryValueNotApplicable`.
    func categoryValue(_ type: CategoryTypeIdentifier, _ text: String?) -> Int? {
        guard let text, !text.isEmpty, text != CategoryValue.notApplicable.exportName else { return 0 }
        if let value = type.typeDescription?.value(forExportName: text) { return value }
        return Int(text)
    }

    mutating func beginCorrelation(_ tag: XMLStartTag) {
        var draft = CorrelationDraft()
        draft.line = tag.line
        for index in 0..<tag.attributeCount {
            let name = tag.attributeName(at: index)
            if readHeader(tag, index, into: &draft.header) { continue }
            if name == "type" {
                draft.type = tag.value(at: index)
            } else {
                unknownAttribute("Correlation", name)
            }
        }
        correlation = draft
    }

    mutating func finishCorrelation() {
        let draft = correlation
        let header = draft.header
        guard draft.type.hasPrefix("HKCorrelationTypeIdentifier"), let sourceName = header.sourceName,
            let start = header.start, let end = header.end
        else {
            summary.issue(
                "a required attribute (type, sourceName, startDate, endDate) is missing or invalid",
                element: "Correlation", line: draft.line, column: 0)
            return
        }
        let (device, deviceKey) = device(header.device, generation: header.deviceGeneration)
        let members = draft.memberFolds.map { String($0, radix: 16) }.joined(separator: ",")
        let key =
            "\(draft.type)|\(sourceName)|\(header.sourceVersion ?? "")|\(Int(start.timeIntervalSince1970))|"
            + "\(Int(end.timeIntervalSince1970))|\(deviceKey)|\(members)"
        let (uuid, _) = identities.next(forKey: key, start: start)
        let revision = sourceResolver.revision(named: sourceName, version: header.sourceVersion, device: device)
        for fold in draft.memberFolds { claimedMembers[fold, default: 0] += 1 }
        summary.correlationsByType[draft.type, default: 0] += 1
        var value = Correlation(
            uuid: uuid, type: CorrelationTypeIdentifier(draft.type), start: start, end: end,
            quantitySamples: draft.quantities, categorySamples: draft.categories, device: device,
            metadata: draft.metadata, sourceRevision: revision)
        ExportIdentity.nameMembers(of: &value)
        emit(.correlation(value), line: draft.line)
    }
}
