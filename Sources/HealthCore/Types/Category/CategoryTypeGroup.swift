/// The group a category type belongs to in the reference (§1.4).
public enum CategoryTypeGroup: String, Hashable, Sendable, Codable, CaseIterable {
    /// Fitness: stand hours.
    case fitness
    /// Hearing: audio exposure events.
    case hearing
    /// Heart: heart rate, rhythm, cardio fitness and hypertension notifications.
    case heart
    /// Mindfulness sessions.
    case mindfulness
    /// Mobility: walking steadiness events.
    case mobility
    /// Other: handwashing and toothbrushing.
    case other
    /// Reproductive health.
    case reproductive
    /// Respiratory: sleep apnea events.
    case respiratory
    /// Sleep analysis.
    case sleep
    /// Symptoms.
    case symptoms
}
