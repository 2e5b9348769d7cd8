public import Foundation

/// A sample associated with a workout (`HKHealthStore.add(_:to:)`).
public struct WorkoutAssociation: Sendable, Hashable, Codable {
    /// The sample.
    public var sample: UUID
    /// The workout.
    public var workout: UUID
    /// Creates an association.
    public init(sample: UUID, workout: UUID) {
        self.sample = sample
        self.workout = workout
    }
}
