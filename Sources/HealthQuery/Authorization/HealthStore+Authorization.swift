import Foundation
public import HealthCore
import HealthStorage

extension HealthStore {
    /// Asks the person (the store's ``AuthorizationPolicy``) for access: HealthKit's
    /// `requestAuthorization(toShare:read:)`.
    ///
    /// Only types not decided before reach the policy; earlier answers are remembered per app in the store.
    /// Returns normally when the request was processed — not when access was granted (read access is never
    /// revealed).
    /// - Throws: ``HealthError`` `.invalidArgument` when both sets are empty, when a type may not be shared by
    ///   apps (Apple-computed, correlation and characteristic types), or when the app lacks the usage
    ///   description HealthKit requires (`NSHealthUpdateUsageDescription` to write,
    ///   `NSHealthShareUsageDescription` to read).
    public func requestAuthorization(toShare share: Set<SampleType>, read: Set<SampleType>) async throws {
        guard !share.isEmpty || !read.isEmpty else {
            throw HealthError(.invalidArgument, "requestAuthorization needs at least one type to share or read")
        }
        let disallowed = share.filter { !ShareRules.isShareable($0) }.map(\.identifier).sorted()
        if !disallowed.isEmpty {
            throw HealthError(
                .invalidArgument,
                "Authorization to share the following types is disallowed: \(disallowed.joined(separator: ", "))")
        }
        if !share.isEmpty, app.updateUsageDescription?.isEmpty ?? true {
            throw HealthError(
                .invalidArgument,
                "NSHealthUpdateUsageDescription must be set in the app's Info.plist in order to request write authorization for \(app.bundleIdentifier)"
            )
        }
        if !read.isEmpty, app.shareUsageDescription?.isEmpty ?? true {
            throw HealthError(
                .invalidArgument,
                "NSHealthShareUsageDescription must be set in the app's Info.plist in order to request read authorization for \(app.bundleIdentifier)"
            )
        }
        var record = try await authorizationRecord()
        let pendingShare = share.filter { !record.isShareDecided($0) }
        let pendingRead = read.filter { !record.isReadDecided($0) }
        guard !pendingShare.isEmpty || !pendingRead.isEmpty else { return }
        let decision = policy.decision(for: AuthorizationRequest(app: app, share: pendingShare, read: pendingRead))
        for type in pendingShare {
            if decision.share.contains(type) {
                record.shareGranted.insert(type.identifier)
            } else {
                record.shareDenied.insert(type.identifier)
            }
        }
        for type in pendingRead {
            if decision.read.contains(type) {
                record.readGranted.insert(type.identifier)
            } else {
                record.readDenied.insert(type.identifier)
            }
        }
        try await saveAuthorizationRecord(record)
    }

    /// The person changes their mind in Settings: grant or revoke access to a type for this app.
    public func setAuthorization(for type: SampleType, share: Bool?, read: Bool?) async throws {
        var record = try await authorizationRecord()
        if let share {
            record.shareGranted.remove(type.identifier)
            record.shareDenied.remove(type.identifier)
            if share { record.shareGranted.insert(type.identifier) } else { record.shareDenied.insert(type.identifier) }
        }
        if let read {
            record.readGranted.remove(type.identifier)
            record.readDenied.remove(type.identifier)
            if read { record.readGranted.insert(type.identifier) } else { record.readDenied.insert(type.identifier) }
        }
        try await saveAuthorizationRecord(record)
    }

    /// The sharing status of a type: HealthKit's `authorizationStatus(for:)`. Reveals nothing about reading.
    ///
    /// A type the app may never share (Apple-computed, correlation, characteristic) reports `.sharingDenied`
    /// once the app has asked to read it, and `.notDetermined` before.
    public func authorizationStatus(for type: SampleType) async throws -> AuthorizationStatus {
        let record = try await authorizationRecord()
        if record.canShare(type) { return .sharingAuthorized }
        if record.shareDenied.contains(type.identifier) { return .sharingDenied }
        if !ShareRules.isShareable(type), record.isReadDecided(type) { return .sharingDenied }
        return .notDetermined
    }

    /// Whether a request for these types would show the sheet: HealthKit's
    /// `getRequestStatusForAuthorization(toShare:read:)`.
    public func requestStatusForAuthorization(
        toShare share: Set<SampleType>, read: Set<SampleType>
    ) async throws
        -> AuthorizationRequestStatus
    {
        let record = try await authorizationRecord()
        let pending = share.contains { !record.isShareDecided($0) } || read.contains { !record.isReadDecided($0) }
        return pending ? .shouldRequest : .unnecessary
    }

    /// Throws unless the app may write the type: code 4 ("Not authorized") after any authorization request —
    /// also when the app asked only to read the type, as HealthKit answers (reference §4.1, a field report) — and
    /// code 5 only when the app never asked for anything.
    func requireShare(_ type: SampleType, record: AuthorizationRecord) throws(HealthError) {
        if record.canShare(type) { return }
        if record.hasAnyDecision {
            throw HealthError.notAuthorized("\(app.bundleIdentifier) may not save \(type.identifier)")
        }
        throw HealthError(
            .authorizationNotDetermined,
            "authorization to share \(type.identifier) was not requested by \(app.bundleIdentifier)")
    }

    /// The app's remembered grants: kept in memory while the database's data version is unchanged, so a decision
    /// recorded by another engine or another process (`ohk server grant`) applies to the next call.
    func authorizationRecord() async throws -> AuthorizationRecord {
        if app.isPrivileged {
            var everything = AuthorizationRecord()
            everything.grantsEverything = true
            return everything
        }
        let version = try? await storage.dataVersion()
        if let cached = authorizationCache, let version, cached.version == version { return cached.record }
        let key = AuthorizationRecord.key(for: app.bundleIdentifier)
        let record: AuthorizationRecord
        do {
            if let data = try await storage.setting(key) {
                record = try JSONDecoder().decode(AuthorizationRecord.self, from: data)
            } else {
                record = AuthorizationRecord()
            }
        } catch let error as StorageError {
            throw error.healthError
        }
        authorizationCache = version.map { (record, $0) }
        return record
    }

    private func saveAuthorizationRecord(_ record: AuthorizationRecord) async throws {
        let data = try StoredJSON.encoder().encode(record)
        do {
            try await storage.setSetting(AuthorizationRecord.key(for: app.bundleIdentifier), data)
        } catch {
            throw error.healthError
        }
        authorizationCache = nil  // read back at the next call, with the version after this write
    }

    /// A predicate that limits `predicate` over `types` to what the app may read: all samples of readable
    /// types, only the app's own samples of the others.
    func readablePredicate(_ predicate: SamplePredicate, types: Set<SampleType>) async throws -> SamplePredicate {
        let record = try await authorizationRecord()
        let readable = types.filter(record.canRead)
        let ownOnly = types.subtracting(readable)
        var scope: [SamplePredicate] = []
        if !readable.isEmpty { scope.append(.types(readable)) }
        if !ownOnly.isEmpty { scope.append(.types(ownOnly) && .source(bundleIdentifier: app.bundleIdentifier)) }
        return SamplePredicate.or(scope) && predicate
    }
}
