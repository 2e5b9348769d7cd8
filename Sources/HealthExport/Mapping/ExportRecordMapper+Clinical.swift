import Foundation
import HealthCore

// `ClinicalRecord` elements: a clinical record whose FHIR resource is a side file (`clinical-records/*.json`).
extension ExportRecordMapper {
    /// Maps a `ClinicalRecord` (type, identifier, sourceName, sourceURL, fhirVersion, receivedDate,
    /// resourceFilePath) to a clinical-record sample whose resource the import reads from its file. An element
    /// missing one of these, or of a type that is not a clinical type, is skipped with a located issue.
    mutating func clinicalRecord(_ tag: XMLStartTag) {
        summary.clinicalRecords += 1
        func issue(_ message: String) {
            summary.issue(
                "ClinicalRecord: \(message); not imported", element: "ClinicalRecord", line: tag.line,
                column: tag.column)
        }
        let type = SampleType(identifier: tag.value(of: "type") ?? "")
        guard let clinicalType = type.clinicalIdentifier else {
            return issue("type is missing or not a clinical type")
        }
        guard let sourceName = tag.value(of: "sourceName"), !sourceName.isEmpty else {
            return issue("sourceName is missing")
        }
        guard let identifier = tag.value(of: "identifier"), !identifier.isEmpty else {
            return issue("identifier is missing")
        }
        guard
            let received = tag.index(of: "receivedDate").flatMap({ ExportDateParser.parse(tag.rawValueBytes(at: $0)) })
        else {
            return issue("receivedDate is missing or not a date")
        }
        guard let path = tag.value(of: "resourceFilePath"), !path.isEmpty else {
            return issue("resourceFilePath is missing")
        }
        if !sourceResolver.knows(sourceName), sourceResolver.count >= limits.maxDistinctSources {
            return issue("names more than \(limits.maxDistinctSources) distinct sources in one export")
        }
        let version = tag.value(of: "fhirVersion") ?? ""
        var key = KeyHasher()
        key.add(type.identifier)
        key.add(sourceName)
        key.add(identifier)
        key.add(version)
        key.add(Int(received.timeIntervalSince1970))
        let (uuid, _) = identities.next(forHash: key.value, start: received)
        let resource = ClinicalRecordContent.FHIRResource(
            resourceType: "", identifier: identifier, fhirVersion: version,
            sourceURL: tag.value(of: "sourceURL").flatMap { $0.isEmpty ? nil : URL(string: $0) }, data: Data())
        var sample = PayloadSample.clinicalRecord(
            uuid: uuid, type: clinicalType, received: received,
            content: ClinicalRecordContent(displayName: Self.fallbackName(clinicalType), fhirResource: resource))
        sample.sourceRevision = sourceResolver.revision(named: sourceName, version: nil, device: nil)
        emit(.payload(sample), line: tag.line)
        output.clinicalFiles.append(ClinicalFileReference(recordUUID: uuid, path: path))
    }

    /// A clinical record's name when its resource names nothing: the type's, in words ("Lab Result").
    static func fallbackName(_ type: ClinicalTypeIdentifier) -> String {
        var name = type.rawValue
        if name.hasPrefix("HKClinicalTypeIdentifier") { name.removeFirst("HKClinicalTypeIdentifier".count) }
        if name.hasSuffix("Record") { name.removeLast("Record".count) }
        var words = ""
        for character in name {
            if character.isUppercase, !words.isEmpty { words.append(" ") }
            words.append(character)
        }
        return words.isEmpty ? "Clinical Record" : words
    }
}
