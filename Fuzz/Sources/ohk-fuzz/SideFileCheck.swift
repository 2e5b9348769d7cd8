import Foundation
import HealthCore
import HealthExport

/// The readers of an export's side files and beat lists on the input: an electrocardiogram CSV
/// (`ElectrocardiogramCSV`), a clinical record's FHIR resource (`FHIRResourceReader`) and an HRV beat's time of
/// day (`ExportRecordMapper.secondsOfDay`). Each reads or refuses with a bounded error; what it reads is what the
/// engine accepts (a recording that validates, a resource type of at most 100 bytes, a time inside a day).
enum SideFileCheck {
    static func run(_ body: [UInt8]) {
        let data = Data(body)
        electrocardiogram(data)
        fhir(data)
        let line = body.prefix(64).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).first ?? []
        let time = String(decoding: line, as: UTF8.self)
        let seconds = ExportRecordMapper.secondsOfDay(time)
        if let seconds {
            invariant(seconds >= 0 && seconds < 86_401, "a time of day of \(seconds) s")
        }
        // ASCII times are read as bytes: the same answer as the scalar-by-scalar reading.
        invariant(
            seconds == ExportRecordMapper.unicodeSecondsOfDay(time), "a time of day read two ways differs")
    }

    private static func electrocardiogram(_ data: Data) {
        do {
            let parsed = try ElectrocardiogramCSV.parse(data, file: "electrocardiograms/fuzz.csv")
            let sample = PayloadSample.electrocardiogram(
                uuid: UUID(uuid: (0, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 1)), start: parsed.recorded,
                recording: parsed.recording)
            let issues = SampleValidator.issues(in: .payload(sample))
            invariant(issues.isEmpty, "a parsed electrocardiogram breaks \(issues.map(\.rule.rawValue))")
            invariant(!parsed.recording.microvolts.isEmpty, "a parsed electrocardiogram without voltages")
        } catch let error as ExportError {
            invariant(
                error.message.utf8.count <= 200, "an electrocardiogram error of \(error.message.utf8.count) bytes")
            invariant(error.file == "electrocardiograms/fuzz.csv", "an electrocardiogram error names another file")
        } catch {
            invariant(false, "ElectrocardiogramCSV threw \(type(of: error)), not ExportError")
        }
    }

    private static func fhir(_ data: Data) {
        do {
            let read = try FHIRResourceReader.read(data, file: "clinical-records/fuzz.json")
            invariant(
                !read.resourceType.isEmpty && read.resourceType.utf8.count <= 100, "a resource type out of bounds")
            invariant((read.displayName?.count ?? 0) <= 200, "a display name over 200 characters")
        } catch let error as ExportError {
            invariant(error.message.utf8.count <= 200, "a FHIR error of \(error.message.utf8.count) bytes")
        } catch {
            invariant(false, "FHIRResourceReader threw \(type(of: error)), not ExportError")
        }
    }
}
