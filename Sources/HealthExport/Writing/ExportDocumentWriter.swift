import Foundation
import HealthCore

/// Writes the elements of `export.xml` (reference §8.3) for HealthCore values, in the Health app's attribute
/// order. Route points go to GPX side files (``routeFiles``) or, for a bare document, inline as `Location`.
struct ExportDocumentWriter {
    let out: XMLOutput
    /// Where GPX files go (the `apple_health_export` folder of the archive being built); nil writes routes inline.
    let routeFolder: URL?
    var report: ExportWriteReport
    /// Side files written (GPX routes, electrocardiogram CSVs, FHIR resources), by path inside the export folder.
    var sideFiles: [String] = []
    var sideFileNames: Set<String> = []
    var routeNames: Set<String> = []

    init(out: XMLOutput, routeFolder: URL?, report: ExportWriteReport) {
        self.out = out
        self.routeFolder = routeFolder
        self.report = report
    }

    func header(locale: String, exportDate: Date, characteristics: Characteristics) {
        out.raw(ExportDTD.header)
        out.start("HealthData", indent: 0, [("locale", locale)])
        out.open()
        out.element("ExportDate", indent: 1, [("value", out.date(exportDate))])
        out.element(
            "Me", indent: 1,
            [
                (CharacteristicTypeIdentifier.dateOfBirth.rawValue, characteristics.dateOfBirth?.description ?? ""),
                (
                    CharacteristicTypeIdentifier.biologicalSex.rawValue,
                    (characteristics.biologicalSex ?? .notSet).exportName
                ),
                (CharacteristicTypeIdentifier.bloodType.rawValue, (characteristics.bloodType ?? .notSet).exportName),
                (
                    CharacteristicTypeIdentifier.fitzpatrickSkinType.rawValue,
                    (characteristics.fitzpatrickSkinType ?? .notSet).exportName
                ),
                (
                    CharacteristicTypeIdentifier.wheelchairUse.rawValue,
                    (characteristics.wheelchairUse ?? .notSet).exportName
                ),
                (CharacteristicTypeIdentifier.activityMoveMode.rawValue, characteristics.activityMoveMode?.exportName),
            ])
    }

    func footer() {
        out.end("HealthData", indent: 0)
    }

    // MARK: - Records and correlations

    /// A `Record`: a quantity or category sample. Members of a correlation fall back to its revision.
    mutating func record(_ sample: AnySample, indent: Int, fallback: SourceRevision? = nil, topLevel: Bool = true) {
        let revision = sample.sourceRevision ?? fallback
        var value: String?
        var unit: String?
        var aggregate: [(String, String?)] = []
        switch sample {
        case .quantity(let quantity):
            let number = XMLOutput.number(XMLOutput.value(quantity.quantity))
            if let summary = quantity.summary {
                // Written back as iOS 8–9 wrote it: the day's aggregate in place of a value.
                aggregate = [
                    ("min", XMLOutput.number(summary.minimum)), ("max", XMLOutput.number(summary.maximum)),
                    ("average", number), ("recordCount", String(summary.count)),
                ]
            } else {
                value = number
            }
            unit = quantity.quantity.unit.unitString
        case .category(let category):
            value =
                category.categoryType.typeDescription?.exportName(for: category.value)
                ?? String(category.value)
        default:
            return
        }
        var metadata = sample.metadata
        let beats = metadata[ExportMetadataKeys.instantaneousBeatsPerMinute]?.stringValue
        if beats != nil { metadata[ExportMetadataKeys.instantaneousBeatsPerMinute] = nil }
        out.start(
            "Record", indent: indent,
            [
                ("type", sample.sampleType.identifier), ("sourceName", revision?.source.name ?? "Health"),
                ("sourceVersion", revision?.version), ("device", sample.device.map(XMLOutput.device)),
                ("unit", unit), ("startDate", out.date(sample.startDate)), ("endDate", out.date(sample.endDate)),
                ("value", value),
            ] + aggregate)
        if metadata.isEmpty && beats == nil {
            out.empty()
        } else {
            out.open()
            metadataEntries(metadata, indent: indent + 1)
            if let beats { beatList(beats, indent: indent + 1) }
            out.end("Record", indent: indent)
        }
        if topLevel { report.recordsByType[sample.sampleType.identifier, default: 0] += 1 }
    }

    private func beatList(_ beats: String, indent: Int) {
        out.start("HeartRateVariabilityMetadataList", indent: indent, [])
        out.open()
        for entry in beats.split(separator: "|", omittingEmptySubsequences: true) {
            let parts = entry.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
            out.element(
                "InstantaneousBeatsPerMinute", indent: indent + 1,
                [("bpm", String(parts[0])), ("time", parts.count > 1 ? String(parts[1]) : "")])
        }
        out.end("HeartRateVariabilityMetadataList", indent: indent)
    }

    func metadataEntries(_ metadata: Metadata, indent: Int) {
        for (key, value) in metadata.entries.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            out.element("MetadataEntry", indent: indent, [("key", key.rawValue), ("value", out.metadata(value))])
        }
    }

    /// A `Correlation` with its members as nested records (written only inside it).
    mutating func correlation(_ correlation: Correlation) {
        let revision = correlation.sourceRevision
        out.start(
            "Correlation", indent: 1,
            [
                ("type", correlation.sampleType.identifier), ("sourceName", revision?.source.name ?? "Health"),
                ("sourceVersion", revision?.version), ("device", correlation.device.map(XMLOutput.device)),
                ("startDate", out.date(correlation.startDate)), ("endDate", out.date(correlation.endDate)),
            ])
        out.open()
        metadataEntries(correlation.metadata, indent: 2)
        for member in correlation.quantitySamples {
            record(.quantity(member), indent: 2, fallback: revision, topLevel: false)
        }
        for member in correlation.categorySamples {
            record(.category(member), indent: 2, fallback: revision, topLevel: false)
        }
        out.end("Correlation", indent: 1)
        report.correlations += 1
    }

    // MARK: - Activity summaries

    func activitySummary(_ summary: ActivitySummary) {
        let energyUnit = summary.activeEnergyBurned?.unit ?? summary.activeEnergyBurnedGoal?.unit ?? .kilocalorie()
        let moveUnit = summary.appleMoveTime?.unit ?? summary.appleMoveTimeGoal?.unit ?? .minute()
        func text(_ quantity: Quantity?, _ unit: HealthUnit) -> String? {
            guard let quantity, let value = try? quantity.doubleValue(for: unit) else { return nil }
            return XMLOutput.number(value)
        }
        out.element(
            "ActivitySummary", indent: 1,
            [
                ("dateComponents", summary.day.description),
                ("activeEnergyBurned", text(summary.activeEnergyBurned, energyUnit)),
                ("activeEnergyBurnedGoal", text(summary.activeEnergyBurnedGoal, energyUnit)),
                ("activeEnergyBurnedUnit", energyUnit.unitString),
                ("appleMoveTime", text(summary.appleMoveTime, moveUnit)),
                ("appleMoveTimeGoal", text(summary.appleMoveTimeGoal, moveUnit)),
                ("appleMoveTimeUnit", moveUnit == .minute() ? nil : moveUnit.unitString),
                ("appleExerciseTime", text(summary.appleExerciseTime, .minute())),
                ("appleExerciseTimeGoal", text(summary.appleExerciseTimeGoal, .minute())),
                ("appleStandHours", text(summary.appleStandHours, .count())),
                ("appleStandHoursGoal", text(summary.appleStandHoursGoal, .count())),
            ])
    }
}
