package import Foundation
import HealthCore

/// Reads a clinical record's FHIR resource file (`clinical-records/*.json`): checks it is one JSON object and
/// takes its `resourceType` and a display name from it.
package enum FHIRResourceReader {
    /// What the record takes from its resource.
    package struct Read {
        package var resourceType: String
        package var displayName: String?
    }

    /// Reads a resource.
    /// - Throws: ``ExportError`` `.invalidElement` naming the file when it is not a JSON object with a
    ///   `resourceType`.
    package static func read(_ data: Data, file: String) throws -> Read {
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw ExportError(
                code: .invalidElement, message: "the FHIR resource is not a JSON object",
                file: file)
        }
        guard let type = object["resourceType"] as? String, !type.isEmpty, type.utf8.count <= 100 else {
            throw ExportError(
                code: .invalidElement, message: "the FHIR resource has no resourceType",
                file: file)
        }
        return Read(resourceType: type, displayName: displayName(object))
    }

    /// The name the Health app would show: the text or first coding display of the resource's main concept
    /// (`code`, `vaccineCode`, `medicationCodeableConcept`, `substance`, `type`), a medication reference's display,
    /// or the description. At most 200 characters.
    static func displayName(_ object: [String: Any]) -> String? {
        for key in ["code", "vaccineCode", "medicationCodeableConcept", "substance", "type"] {
            if let concept = object[key] as? [String: Any], let name = conceptName(concept) { return clipped(name) }
            if let concepts = object[key] as? [[String: Any]], let name = concepts.lazy.compactMap(conceptName).first {
                return clipped(name)
            }
        }
        if let reference = object["medicationReference"] as? [String: Any], let name = reference["display"] as? String,
            !name.isEmpty
        {
            return clipped(name)
        }
        if let description = object["description"] as? String, !description.isEmpty { return clipped(description) }
        return nil
    }

    private static func conceptName(_ concept: [String: Any]) -> String? {
        if let text = concept["text"] as? String, !text.isEmpty { return text }
        let codings = concept["coding"] as? [[String: Any]] ?? []
        return codings.lazy.compactMap { $0["display"] as? String }.first { !$0.isEmpty }
    }

    private static func clipped(_ text: String) -> String {
        text.count <= 200 ? text : String(text.prefix(200))
    }
}
