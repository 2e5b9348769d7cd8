/// The group a quantity type belongs to in the reference (§1.3), roughly the Health app's browse categories.
public enum QuantityTypeGroup: String, Hashable, Sendable, Codable, CaseIterable {
    /// Body measurements: mass, height, body fat, wrist temperature.
    case body
    /// Fitness: steps, distances, energy, speeds, powers, effort.
    case fitness
    /// Heart: heart rate, variability, VO2 max, AFib burden.
    case heart
    /// Mobility: walking and running gait metrics.
    case mobility
    /// Hearing: environmental and headphone sound levels.
    case hearing
    /// Respiratory: respiratory rate, oxygen saturation, lung function.
    case respiratory
    /// Vital signs and other: blood pressure, glucose, body temperature, alcohol, daylight.
    case vitalSigns
    /// Nutrition: every dietary type.
    case nutrition
}
