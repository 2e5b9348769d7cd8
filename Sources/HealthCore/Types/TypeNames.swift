import Foundation

/// Human-friendly type names, shared by every surface that takes a type from a person (the command line, the agent
/// tools): `steps`, `heart-rate`, `weight`, the identifier's short name in any case (`stepCount`, `step-count`) and
/// the full HealthKit identifier.
///
/// ```swift
/// TypeNames.resolve("steps")            // .quantity(.stepCount)
/// TypeNames.resolve("HKQuantityTypeIdentifierBodyMass")
/// TypeNames.displayName(.quantity(.heartRate))   // "heart-rate"
/// ```
public enum TypeNames {
    /// Everyday aliases.
    public static let aliases: [String: SampleType] = [
        "steps": .quantity(.stepCount),
        "heart-rate": .quantity(.heartRate),
        "hr": .quantity(.heartRate),
        "resting-heart-rate": .quantity(.restingHeartRate),
        "hrv": .quantity(.heartRateVariabilitySDNN),
        "weight": .quantity(.bodyMass),
        "height": .quantity(.height),
        "distance": .quantity(.distanceWalkingRunning),
        "active-energy": .quantity(.activeEnergyBurned),
        "energy": .quantity(.activeEnergyBurned),
        "basal-energy": .quantity(.basalEnergyBurned),
        "flights": .quantity(.flightsClimbed),
        "exercise": .quantity(.appleExerciseTime),
        "spo2": .quantity(.oxygenSaturation),
        "glucose": .quantity(.bloodGlucose),
        "water": .quantity(.dietaryWater),
        "sleep": .category(.sleepAnalysis),
        "mindful": .category(.mindfulSession),
        "workouts": .workout,
        "workout": .workout,
        "routes": .workoutRoute,
        "blood-pressure": .correlation(.bloodPressure),
        "food": .correlation(.food),
        "ecg": .electrocardiogram,
        "heartbeats": .heartbeatSeries,
        "lab-results": .clinical(.labResultRecord),
    ]

    /// Resolves a name; nil when nothing matches.
    public static func resolve(_ name: String) -> SampleType? {
        if let alias = aliases[name.lowercased()] { return alias }
        if name.hasPrefix("HK") { return SampleType(identifier: name) }
        let key = normalized(name)
        return shortNames[key]
    }

    /// Every catalogued type with its short name (`step-count`) and everyday alias, sorted by short name.
    public static var catalog: [(name: String, alias: String?, type: SampleType)] {
        let aliasByType = Dictionary(aliases.map { ($0.value, $0.key) }, uniquingKeysWith: { min($0, $1) })
        return allTypes.map { (kebab(shortName($0.identifier)), aliasByType[$0], $0) }.sorted { $0.name < $1.name }
    }

    static let allTypes: [SampleType] =
        QuantityTypeCatalog.all.map { .quantity($0.identifier) }
        + CategoryTypeCatalog.all.map { .category($0.identifier) }
        + CorrelationTypeIdentifier.allKnown.map { .correlation($0) } + [.workout, .workoutRoute]
        + [.heartbeatSeries, .electrocardiogram] + ClinicalTypeIdentifier.allKnown.map { .clinical($0) }

    private static let shortNames: [String: SampleType] = {
        var table: [String: SampleType] = [:]
        for type in allTypes { table[normalized(shortName(type.identifier))] = type }
        return table
    }()

    private static func shortName(_ identifier: String) -> String {
        for prefix in [
            "HKQuantityTypeIdentifier", "HKCategoryTypeIdentifier", "HKCorrelationTypeIdentifier",
            "HKClinicalTypeIdentifier", "HKDataTypeIdentifier",
        ]
        where identifier.hasPrefix(prefix) {
            return String(identifier.dropFirst(prefix.count))
        }
        switch identifier {
        case "HKWorkoutTypeIdentifier": return "Workout"
        case "HKWorkoutRouteTypeIdentifier": return "WorkoutRoute"
        default: return identifier
        }
    }

    private static func normalized(_ name: String) -> String {
        name.lowercased().filter { $0 != "-" && $0 != "_" }
    }

    private static func kebab(_ name: String) -> String {
        var result = ""
        for character in name {
            if character.isUppercase, !result.isEmpty { result.append("-") }
            result.append(contentsOf: character.lowercased())
        }
        return result
    }
}

extension TypeNames {
    /// The everyday name of a type for messages: its alias (`steps`), else its short name (`step-count`).
    public static func displayName(_ type: SampleType) -> String {
        catalog.first { $0.type == type }.map { $0.alias ?? $0.name } ?? type.identifier
    }
}
