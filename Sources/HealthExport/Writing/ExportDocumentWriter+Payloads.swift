import Foundation
import HealthCore

// Electrocardiograms and clinical records, written back as the Health app writes them: side files
// (`electrocardiograms/ecg_YYYY-MM-DD.csv`, `clinical-records/*.json`) and, for records, a `ClinicalRecord`
// element. Heartbeat series have no element of their own: an HRV record's beat list carries them.
extension ExportDocumentWriter {
    /// Writes a payload sample; false when the form (a bare `export.xml`, which has no side files) or the kind
    /// (heartbeat series) leaves it out.
    mutating func payload(_ sample: PayloadSample) throws -> Bool {
        guard let routeFolder else { return false }
        switch sample.payload {
        case .heartbeats:
            return false
        case .electrocardiogram(let recording):
            try electrocardiogram(sample, recording, folder: routeFolder)
            return true
        case .clinicalRecord(let content):
            guard let resource = content.fhirResource else { return false }
            try clinicalRecord(sample, resource, folder: routeFolder)
            return true
        }
    }

    private mutating func electrocardiogram(
        _ sample: PayloadSample, _ recording: ElectrocardiogramRecording, folder: URL
    ) throws {
        let day = String(out.date(sample.startDate).prefix(10))
        var name = "ecg_\(day).csv"
        var suffix = 0
        while sideFileNames.contains("electrocardiograms/" + name) {
            suffix += 1
            name = "ecg_\(day)_\(suffix).csv"
        }
        var text = ""
        text.reserveCapacity(recording.microvolts.count * 9 + 300)
        let symptoms =
            switch recording.symptomsStatus {
            case .present: "Symptoms reported"
            case .none: ""
            default: nil as String?
            }
        let lines: [(String, String?)] = [
            ("Name", ""), ("Recorded Date", out.date(sample.startDate)),
            ("Classification", Self.classificationText(recording.classification)), ("Symptoms", symptoms),
            ("Software Version", sample.sourceRevision?.version), ("Device", sample.device?.name),
            ("Sample Rate", "\(XMLOutput.number(recording.samplingFrequency)) hertz"),
        ]
        for (key, value) in lines {
            guard let value else { continue }
            text += "\(key),\(Self.csvField(value))\n"
        }
        text += "\n\nLead,Lead I\nUnit,µV\n\n"
        for value in recording.microvolts {
            text += XMLOutput.number(value)
            text += "\n"
        }
        try writeSideFile("electrocardiograms/" + name, Data(text.utf8), folder: folder)
        report.electrocardiogramFiles += 1
    }

    private mutating func clinicalRecord(
        _ sample: PayloadSample, _ resource: ClinicalRecordContent.FHIRResource, folder: URL
    ) throws {
        let safe = (resource.resourceType + "-" + resource.identifier).unicodeScalars.map { scalar -> Character in
            CharacterSet.alphanumerics.contains(scalar) && scalar.isASCII || scalar == "-" ? Character(scalar) : "_"
        }
        var name = String(String(safe).prefix(120))
        var suffix = 0
        while sideFileNames.contains("clinical-records/\(name).json") {
            suffix += 1
            name = String(String(safe).prefix(120)) + "_\(suffix)"
        }
        let path = "clinical-records/\(name).json"
        try writeSideFile(path, resource.data, folder: folder)
        out.element(
            "ClinicalRecord", indent: 1,
            [
                ("type", sample.sampleType.identifier), ("identifier", resource.identifier),
                ("sourceName", sample.sourceRevision?.source.name ?? "Health"),
                ("sourceURL", resource.sourceURL?.absoluteString ?? ""), ("fhirVersion", resource.fhirVersion),
                ("receivedDate", out.date(sample.startDate)), ("resourceFilePath", "/" + path),
            ])
        report.clinicalRecords += 1
    }

    private mutating func writeSideFile(_ path: String, _ data: Data, folder: URL) throws {
        let file = folder.appendingPathComponent(path)
        do {
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: file)
        } catch {
            throw ExportError(code: .io, message: "cannot write a side file", file: path)
        }
        sideFiles.append(path)
        sideFileNames.insert(path)
    }

    /// The ECG app's words for a classification (what ``ElectrocardiogramCSV`` reads back).
    static func classificationText(_ classification: ElectrocardiogramRecording.Classification) -> String? {
        switch classification {
        case .sinusRhythm: "Sinus Rhythm"
        case .atrialFibrillation: "Atrial Fibrillation"
        case .inconclusiveLowHeartRate: "Heart Rate Under 50"
        case .inconclusiveHighHeartRate: "Heart Rate Over 150"
        case .inconclusivePoorReading: "Poor Recording"
        case .inconclusiveOther: "Inconclusive"
        case .notSet: nil
        default: "Unrecognized"
        }
    }

    /// A CSV field, quoted when it holds a comma or a quote.
    static func csvField(_ value: String) -> String {
        guard value.contains(",") || value.contains("\"") || value.contains("\n") else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"").replacingOccurrences(of: "\n", with: " ")
            + "\""
    }
}
