import Foundation
public import HealthCore
import HealthStorage

extension HealthStore {
    /// The storage setting that keeps the person's preferred units.
    static let unitPreferencesKey = "preferences.units.v1"

    /// The person's preferred units, by type (the Health app's *Units* setting): only the types the person
    /// chose a unit for. Every app and process on the store sees the same choices.
    ///
    /// - Throws: ``HealthError`` `.databaseInaccessible` when the storage fails.
    public func preferredUnits() async throws -> [QuantityTypeIdentifier: HealthUnit] {
        let data: Data?
        do { data = try await storage.setting(Self.unitPreferencesKey) } catch { throw error.healthError }
        guard let data, let stored = try? JSONDecoder().decode([String: String].self, from: data) else { return [:] }
        var units: [QuantityTypeIdentifier: HealthUnit] = [:]
        for (type, unit) in stored {
            // A choice that no longer parses is ignored (the canonical unit applies), never an error of a read.
            if let parsed = try? HealthUnit(from: unit) { units[QuantityTypeIdentifier(rawValue: type)] = parsed }
        }
        return units
    }

    /// Sets the person's preferred unit of a type, or with nil goes back to the default — what the person does
    /// in the Health app (HealthKit gives apps no way to do it; OpenHealthKit's test hook and the CLI do).
    ///
    /// - Parameters:
    ///   - unit: A unit of the type's dimension, or nil.
    ///   - type: The quantity type.
    /// - Throws: ``HealthError`` `.invalidArgument` for a type outside the catalog or a unit of another dimension
    ///   (grams for steps); `.databaseInaccessible` when the storage fails.
    public func setPreferredUnit(_ unit: HealthUnit?, for type: QuantityTypeIdentifier) async throws {
        guard let description = type.typeDescription,
            let canonical = try? HealthUnit(from: description.canonicalUnitString)
        else {
            throw HealthError(.invalidArgument, "\(type.rawValue) is not a known quantity type")
        }
        if let unit, !unit.isCompatible(with: canonical) {
            throw HealthError(
                .invalidArgument,
                "\(unit.unitString) is not a unit of \(type.rawValue) (it is measured like \(canonical.unitString))")
        }
        var stored: [String: String] = [:]
        for (key, value) in try await preferredUnits() { stored[key.rawValue] = value.unitString }
        stored[type.rawValue] = unit?.unitString
        let encoder = StoredJSON.encoder()
        do {
            try await storage.setSetting(Self.unitPreferencesKey, try encoder.encode(stored))
        } catch let error as StorageError {
            throw error.healthError
        } catch {
            throw HealthError(.databaseInaccessible, "the unit preferences could not be written")
        }
    }
}
