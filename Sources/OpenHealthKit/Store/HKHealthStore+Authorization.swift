import Foundation
import HealthCore
import HealthQuery

extension HKHealthStore {
    /// Asks for permission to share and read types: HealthKit's `requestAuthorization(toShare:read:)`.
    ///
    /// The configuration's ``Configuration/Authorization`` answers at once (never a hang). Returns when the
    /// request was processed — not when access was granted.
    /// - Throws: `HKError(.errorInvalidArgument)` when both sets are empty, for types apps may never share, or
    ///   without the usage descriptions.
    public func requestAuthorization(
        toShare typesToShare: Set<HKSampleType>, read typesToRead: Set<HKObjectType>
    )
        async throws
    {
        let share = Set(typesToShare.map(\.engineType))
        let read = Set(typesToRead.map(\.engineType))
        try await perform { try await $0.requestAuthorization(toShare: share, read: read) }
    }

    /// The form with optional sets (nil is an empty set); returns true when the request was processed.
    @discardableResult
    public func requestAuthorization(
        toShare typesToShare: Set<HKSampleType>?, read typesToRead: Set<HKObjectType>?
    )
        async throws -> Bool
    {
        try await requestAuthorization(toShare: typesToShare ?? [], read: typesToRead ?? [])
        return true
    }

    /// The completion form: `success` is true when the request was processed.
    public func requestAuthorization(
        toShare typesToShare: Set<HKSampleType>?,
        read typesToRead: Set<HKObjectType>?,
        completion: @escaping @Sendable (Bool, (any Error)?) -> Void
    ) {
        let share = Set((typesToShare ?? []).map(\.engineType))
        let read = Set((typesToRead ?? []).map(\.engineType))
        complete(
            { try await $0.requestAuthorization(toShare: share, read: read) },
            then: { result in
                completion(result.isSuccess, result.failure)
            })
    }

    /// The sharing status of a type: HealthKit's synchronous `authorizationStatus(for:)`. Read access is never
    /// revealed. `.notDetermined` when the database could not be opened.
    public func authorizationStatus(for type: HKObjectType) -> HKAuthorizationStatus {
        let engineType = type.engineType
        guard let engine = try? checkedEngine() else { return .notDetermined }
        let status = try? BlockingBridge.wait { try await engine.authorizationStatus(for: engineType) }
        return status.map(HKAuthorizationStatus.init) ?? .notDetermined
    }

    /// Whether requesting these types would show the sheet.
    public func getRequestStatusForAuthorization(
        toShare typesToShare: Set<HKSampleType>,
        read typesToRead: Set<HKObjectType>,
        completion: @escaping @Sendable (HKAuthorizationRequestStatus, (any Error)?) -> Void
    ) {
        let share = Set(typesToShare.map(\.engineType))
        let read = Set(typesToRead.map(\.engineType))
        complete(
            { try await $0.requestStatusForAuthorization(toShare: share, read: read) },
            then: { result in
                completion(result.value.map(HKAuthorizationRequestStatus.init) ?? .unknown, result.failure)
            })
    }

    /// Whether requesting these types would show the sheet (async form).
    public func statusForAuthorizationRequest(
        toShare typesToShare: Set<HKSampleType>, read typesToRead: Set<HKObjectType>
    ) async throws -> HKAuthorizationRequestStatus {
        let share = Set(typesToShare.map(\.engineType))
        let read = Set(typesToRead.map(\.engineType))
        return HKAuthorizationRequestStatus(
            try await perform { try await $0.requestStatusForAuthorization(toShare: share, read: read) })
    }

    /// Extensions ask their app to answer: nothing to do here; reports success.
    public func handleAuthorizationForExtension(completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        Task.detached { completion(true, nil) }
    }
}

extension Result {
    var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }

    var value: Success? {
        if case .success(let value) = self { return value }
        return nil
    }

    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
