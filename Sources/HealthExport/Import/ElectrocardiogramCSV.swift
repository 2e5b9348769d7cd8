package import Foundation
package import HealthCore

/// Reads one `electrocardiograms/*.csv` of an export (reference §8.5): `key,value` header lines (Name, Date of
/// Birth, Recorded Date, Classification, Symptoms, Software Version, Device, Sample Rate, Lead, Unit), then one
/// voltage per line.
///
/// The person's name and date of birth are read past and never kept. Labels other than the English ones are
/// recognised by their values where they can be (a date in the export's layout is the recorded date, `512 hertz`
/// or `512 Hz` the sample rate); a file without a recorded date, a sample rate, a known unit or voltages is an
/// error naming the file and line.
package enum ElectrocardiogramCSV {
    /// What a file holds.
    package struct Parsed {
        package var recorded: Date
        package var recording: ElectrocardiogramRecording
        package var softwareVersion: String?
        package var device: String?
    }

    /// The largest file read: ten minutes at 512 Hz of 8-byte lines is about 2.5 MB.
    package static let maxBytes = 8 << 20

    /// Parses a file's bytes.
    /// - Throws: ``ExportError`` `.invalidElement` with the file and line.
    package static func parse(_ data: Data, file: String) throws -> Parsed {
        var header: [String: String] = [:]
        var values: [String] = []
        var voltages: [Double] = []
        var lineNumber = 0
        var scale: Double?
        func fail(_ message: String, line: Int = 0) -> ExportError {
            ExportError(
                code: .invalidElement, message: "electrocardiogram: \(message); not imported", line: line, file: file)
        }
        let text = String(decoding: data, as: UTF8.self)
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            lineNumber += 1
            let line = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty { continue }
            let numberText = line.hasSuffix(",") ? String(line.dropLast()) : line
            if let value = Double(numberText) {
                guard value.isFinite else { throw fail("a voltage is not a finite number", line: lineNumber) }
                guard voltages.count < ElectrocardiogramRecording.maxMeasurements else {
                    throw fail("more than \(ElectrocardiogramRecording.maxMeasurements) voltages", line: lineNumber)
                }
                voltages.append(value)
                continue
            }
            guard voltages.isEmpty else { throw fail("a line among the voltages is not a number", line: lineNumber) }
            let (key, value) = split(line)
            header[key.lowercased()] = value
            values.append(value)
            if scale == nil, key.lowercased() == "unit" || value == "µV" || value == "μV" || value == "mV" {
                scale = unitScale(value)
            }
        }
        guard !voltages.isEmpty else { throw fail("no voltages") }
        let recordedText = header["recorded date"] ?? values.first { ExportDateParser.parse($0) != nil }
        guard let recordedText, let recorded = ExportDateParser.parse(recordedText) else {
            throw fail("no recorded date in the export's date layout")
        }
        let rateText = header["sample rate"] ?? values.first { sampleRate($0) != nil }
        guard let rateText, let rate = sampleRate(rateText) else { throw fail("no sample rate in hertz") }
        let unit = header["unit"] ?? "µV"
        guard let factor = scale ?? unitScale(unit) else { throw fail("the unit is not µV or mV") }
        if factor != 1 { voltages = voltages.map { $0 * factor } }
        let symptoms: ElectrocardiogramRecording.SymptomsStatus =
            switch header["symptoms"] {
            case nil: .notSet
            case let text? where text.isEmpty: .none
            default: .present
            }
        let recording = ElectrocardiogramRecording(
            classification: classification(header["classification"]), symptomsStatus: symptoms,
            samplingFrequency: rate, microvolts: voltages)
        return Parsed(
            recorded: recorded, recording: recording,
            softwareVersion: header["software version"].flatMap { $0.isEmpty ? nil : $0 },
            device: header["device"].flatMap { $0.isEmpty ? nil : $0 })
    }

    /// `key,value` with the value unquoted (`Date of Birth,"Jan 1, 1980"`).
    static func split(_ line: String) -> (String, String) {
        guard let comma = line.firstIndex(of: ",") else { return (line, "") }
        let key = line[..<comma].trimmingCharacters(in: .whitespaces)
        var value = line[line.index(after: comma)...].trimmingCharacters(in: .whitespaces)
        if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
            value = String(value.dropFirst().dropLast()).replacingOccurrences(of: "\"\"", with: "\"")
        }
        return (key, value)
    }

    /// `512 hertz`, `512 Hz`, `512.0 hertz` → 512; nil for anything else or a rate that is not positive.
    static func sampleRate(_ text: String) -> Double? {
        let parts = text.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 2, ["hertz", "hz"].contains(parts[1].lowercased()), let rate = Double(parts[0]),
            rate.isFinite, rate > 0, rate <= 100_000
        else { return nil }
        return rate
    }

    /// Microvolts per unit: µV 1, mV 1,000; nil for another unit.
    static func unitScale(_ unit: String) -> Double? {
        switch unit {
        case "µV", "μV", "uV", "microvolts": 1
        case "mV", "millivolts": 1_000
        default: nil
        }
    }

    /// The ECG app's result as written ("Sinus Rhythm", "Atrial Fibrillation", "Inconclusive", "Heart Rate Over
    /// 150", "Poor Recording"…) as HealthKit's classification; unrecognized for words this reader does not know.
    static func classification(_ text: String?) -> ElectrocardiogramRecording.Classification {
        guard let text = text?.lowercased(), !text.isEmpty else { return .notSet }
        if text.contains("sinus") { return .sinusRhythm }
        if text.contains("atrial fibrillation") || text.contains("afib") { return .atrialFibrillation }
        if text.contains("poor") { return .inconclusivePoorReading }
        if text.contains("under") || text.contains("low") || text.contains("below") { return .inconclusiveLowHeartRate }
        if text.contains("over") || text.contains("high") || text.contains("above") {
            return .inconclusiveHighHeartRate
        }
        if text.contains("inconclusive") { return .inconclusiveOther }
        return .unrecognized
    }
}
