public import Foundation
import HealthCore
import HealthQuery

extension HKHealthStore {
    /// Saves an object: HealthKit's `save(_:)`.
    /// - Throws: `HKError(.errorAuthorizationDenied)` (4, "Not authorized") without a write grant,
    ///   `.errorAuthorizationNotDetermined` (5) before asking, `.errorInvalidArgument` (3) for an invalid object or
    ///   one that carries a programmer error (bad unit, wrong metadata class).
    public func save(_ object: HKObject) async throws {
        try await save([object])
    }

    /// Saves objects, all or nothing.
    public func save(_ objects: [HKObject]) async throws {
        let values = try Self.values(of: objects)
        try await perform { _ = try await $0.save(values) }
    }

    /// Saves an object (completion form).
    public func save(_ object: HKObject, withCompletion completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        save([object], withCompletion: completion)
    }

    /// Saves objects, all or nothing (completion form).
    public func save(_ objects: [HKObject], withCompletion completion: @escaping @Sendable (Bool, (any Error)?) -> Void)
    {
        let values: [AnySample]
        do { values = try Self.values(of: objects) } catch {
            Task.detached { completion(false, error) }
            return
        }
        complete({ _ = try await $0.save(values) }, then: { completion($0.isSuccess, $0.failure) })
    }

    /// Deletes an object this app saved: HealthKit's `delete(_:)`.
    public func delete(_ object: HKObject) async throws {
        try await delete([object])
    }

    /// Deletes objects this app saved. An empty array is an invalid argument, as in HealthKit.
    public func delete(_ objects: [HKObject]) async throws {
        guard !objects.isEmpty else { throw HKError(.errorInvalidArgument, "Cannot delete an empty array of objects") }
        let values = objects.map(\.engineSample)
        try await perform { try await $0.delete(values) }
    }

    /// Deletes an object (completion form).
    public func delete(_ object: HKObject, withCompletion completion: @escaping @Sendable (Bool, (any Error)?) -> Void)
    {
        delete([object], withCompletion: completion)
    }

    /// Deletes objects (completion form).
    public func delete(
        _ objects: [HKObject], withCompletion completion: @escaping @Sendable (Bool, (any Error)?) -> Void
    ) {
        Task.detached { [self] in
            do {
                try await delete(objects)
                completion(true, nil)
            } catch {
                completion(false, error)
            }
        }
    }

    /// Deletes this app's objects of a type that match a predicate; returns how many were deleted.
    public func deleteObjects(of objectType: HKObjectType, predicate: NSPredicate) async throws -> Int {
        let type = objectType.engineType
        let selection = try PredicateTranslation.samplePredicate(predicate)
        return try await perform { try await $0.deleteObjects(of: type, predicate: selection) }
    }

    /// Deletes this app's objects of a type that match a predicate (completion form: success, count, error).
    public func deleteObjects(
        of objectType: HKObjectType, predicate: NSPredicate,
        withCompletion completion: @escaping @Sendable (Bool, Int, (any Error)?) -> Void
    ) {
        let type = objectType.engineType
        let selection: SamplePredicate
        do { selection = try PredicateTranslation.samplePredicate(predicate) } catch {
            Task.detached { completion(false, 0, error) }
            return
        }
        complete(
            { try await $0.deleteObjects(of: type, predicate: selection) },
            then: { result in
                completion(result.isSuccess, result.value ?? 0, result.failure)
            })
    }

    /// Associates saved samples with a saved workout: HealthKit's `add(_:to:)`.
    public func add(_ samples: [HKSample], to workout: HKWorkout) async throws {
        let ids = samples.map(\.uuid)
        let workoutID = workout.uuid
        try await perform { try await $0.add(ids, to: workoutID) }
    }

    /// Associates saved samples with a saved workout (completion form).
    public func add(
        _ samples: [HKSample], to workout: HKWorkout, completion: @escaping @Sendable (Bool, (any Error)?) -> Void
    ) {
        let ids = samples.map(\.uuid)
        let workoutID = workout.uuid
        complete({ try await $0.add(ids, to: workoutID) }, then: { completion($0.isSuccess, $0.failure) })
    }

    /// The engine values of objects, or the first carried programmer error.
    static func values(of objects: [HKObject]) throws(HKError) -> [AnySample] {
        var values: [AnySample] = []
        for object in objects { values.append(try object.checkedValue()) }
        return values
    }
}
