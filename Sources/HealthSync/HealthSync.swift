import Foundation
public import HealthKit

/// Mirrors a phone's HealthKit store into an OpenHealthKit server (`ohk serve`), losing nothing (decision 0031,
/// docs/sync.md): per type, the changes after the last anchor the server acknowledged — additions and deletions —
/// go out as idempotent batches through an outbox on disk; an anchor is saved only after the server's reply; the
/// history is backfilled newest first without holding back live changes. Written against HealthKit's and
/// Foundation's API only: the same file runs on an iPhone and, against OpenHealthKit, on Linux.
///
/// ```swift
/// let sync = try HealthSync(store: HKHealthStore(), configuration: configuration)
/// try await sync.requestAuthorization()
/// try await sync.start()          // observers + background delivery: syncs whenever HealthKit changes
/// await sync.syncNow()            // or on demand (app launch, a refresh control)
/// await sync.diagnostics()        // per type: state, sent, rejected, last error
/// ```
///
/// A locked phone (HealthKit's `errorDatabaseInaccessible`) is "later": the sync stops and resumes at the next wake
/// or call, never reporting data lost. Every sync — from ``syncNow()`` or an observer — runs after the one before it.
public actor HealthSync {
    let store: HKHealthStore
    let configuration: HealthSyncConfiguration
    let folder: SyncFolder
    let uploader: SyncUploader
    var states: [String: SyncTypeDiagnostics] = [:]
    var observers: [HKObserverQuery] = []
    /// True while ``start()`` registers the observers.
    var starting = false
    var paused = false
    /// The sync running or last run: the next one waits for it.
    var last: Task<Void, Never>?
    /// Attempts per batch in the running sync.
    var attempts = 1
    /// Types whose batch the server refused for good in the running sync: nothing more of them is sent in it.
    var stopped: Set<String> = []
    /// The batch sent and not yet answered: at most one, while the next is built (``send(_:)``).
    var inFlight: Task<Bool, any Error>?
    /// Per type, where the batches sent in the running sync leave it (its anchor, its backfill's progress) before
    /// their replies save it to the folder: the next batch starts there.
    var ahead: [String: Ahead] = [:]
    /// Types whose changes are all sent, to be shown as synced once the batch in flight is answered.
    var syncedOnceAnswered: Set<String> = []

    struct Ahead {
        var anchor: HKQueryAnchor?
        var backfill: SyncFolder.Backfill?
    }

    /// Creates a sync over a store (creating its folder).
    /// - Throws: When the folder cannot be created.
    public init(store: HKHealthStore, configuration: HealthSyncConfiguration) throws {
        self.store = store
        self.configuration = configuration
        folder = try SyncFolder(configuration.folder, random: configuration.random)
        uploader = SyncUploader(configuration: configuration)
        for type in configuration.types {
            states[type.identifier] = SyncTypeDiagnostics(
                type: type.identifier, backfillDone: folder.backfill(for: type)?.done ?? false)
        }
    }

    /// Asks to read the configured types (a mirror writes nothing on the phone).
    public func requestAuthorization() async throws {
        try await store.requestAuthorization(toShare: [], read: Set(configuration.types.map { $0 as HKObjectType }))
    }

    /// Registers an observer query and background delivery per type: HealthKit wakes the app on a change, and each
    /// wake sends the live changes (no backfill, at most ``HealthSyncConfiguration/attemptsPerWake`` attempts per
    /// batch, so a wake ends soon), then calls the observer's completion handler — on every path, errors included.
    /// Call it at every launch (iOS delivers background wakes to the observers registered then).
    /// - Throws: When background delivery cannot be enabled for a type; no observer stays registered then, and
    ///   `start()` may be called again.
    public func start() async throws {
        // A second call while the first awaits HealthKit returns at once (it would register a second observer per type).
        guard observers.isEmpty, !starting else { return }
        starting = true
        defer { starting = false }
        var registered: [HKObserverQuery] = []
        for type in configuration.types {
            let query = HKObserverQuery(sampleType: type, predicate: nil) { [weak self] _, completion, _ in
                let done = CompletionHandler(completion)
                Task {
                    await self?.sync(.wake)
                    done.call()
                }
            }
            store.execute(query)
            registered.append(query)
        }
        do {
            for type in configuration.types {
                try await store.enableBackgroundDelivery(for: type, frequency: .immediate)
            }
        } catch {
            for query in registered { store.stop(query) }
            throw error
        }
        observers = registered
    }

    /// Stops the observers and background delivery.
    public func stop() async {
        for query in observers { store.stop(query) }
        observers = []
        for type in configuration.types { try? await store.disableBackgroundDelivery(for: type) }
    }

    /// Pauses syncing: ``syncNow()`` and wakes do nothing until ``resume()``. What is in the outbox stays.
    public func pause() {
        paused = true
        for type in states.keys { states[type]?.state = .paused }
    }

    /// Resumes syncing, and syncs.
    public func resume() async {
        paused = false
        for type in states.keys where states[type]?.state == .paused { states[type]?.state = .idle }
        await syncNow()
    }

    /// Per type, how its sync stands.
    public func diagnostics() -> [SyncTypeDiagnostics] {
        configuration.types.compactMap { states[$0.identifier] }
    }

    /// Syncs every type: the outbox first (batches built before and not acknowledged), then each type's changes
    /// since its anchor, then one backfill step per type, in turns, until everything is sent. Returns when done,
    /// when the phone is locked, or when the server cannot be reached (the outbox keeps what was not sent).
    public func syncNow() async {
        await sync(.full)
    }

    // MARK: One sync

    /// What a sync does: everything, or (an observer's wake) the outbox and the live changes, quickly.
    enum Kind {
        case full, wake
    }

    /// Runs a sync after the one before it.
    func sync(_ kind: Kind) async {
        let previous = last
        let run = Task {
            await previous?.value
            await self.run(kind)
        }
        last = run
        await run.value
    }

    private func run(_ kind: Kind) async {
        guard !paused else { return }
        attempts = kind == .wake ? configuration.attemptsPerWake : configuration.attemptsPerSync
        stopped = []
        ahead = [:]
        do {
            try await steps(kind)
            _ = try await settle()
        } catch let error as HKError where error.code == .errorDatabaseInaccessible {
            await drain()  // its reply may refuse the token: that stays visible
            for key in states.keys where states[key]?.state != .refused { states[key]?.state = .waitingForUnlock }
        } catch {
            await drain()
            let kind = "\(type(of: error))"
            for key in states.keys where states[key]?.state != .refused { states[key]?.lastError = kind }
        }
        ahead = [:]
    }

    /// The run's work; returns early when it must stop (a batch's answer said so: nothing is in flight then).
    private func steps(_ kind: Kind) async throws {
        guard try await replayOutbox() else { return }
        if kind == .wake {
            for type in configuration.types { guard try await syncChanges(of: type) else { return } }
            return
        }
        var backfilling = configuration.types
        while true {
            for type in configuration.types { guard try await syncChanges(of: type) else { return } }
            if backfilling.isEmpty { break }
            var still: [HKSampleType] = []
            for type in backfilling {
                guard let more = try await backfillStep(of: type) else { return }
                if more { still.append(type) }
                // Live changes between backfill steps: a long backfill never holds back today's data.
                guard try await syncChanges(of: type) else { return }
            }
            backfilling = still
        }
    }

    /// Sends what the outbox holds, oldest first. False when the run must stop (the server unreachable, the token
    /// refused); a batch the server refuses for good stops only its own type (``stopped``), whose later batches wait
    /// behind it.
    private func replayOutbox() async throws -> Bool {
        for entry in try folder.pending() where !stopped.contains(entry.type) {
            guard try await deliver(entry) else { return false }
        }
        return true
    }

    /// Sends one type's changes after its anchor, a batch at a time. False when the run must stop.
    private func syncChanges(of type: HKSampleType) async throws -> Bool {
        if stopped.contains(type.identifier) { return true }
        var anchor = try ahead[type.identifier]?.anchor ?? folder.anchor(for: type)
        if anchor == nil, backfillProgress(of: type) == nil {
            anchor = try await startLive(type)
        }
        while true {
            let (samples, deleted, newAnchor) = try await changes(of: type, after: anchor)
            guard let newAnchor, !(samples.isEmpty && deleted.isEmpty) else { break }
            let archived = try SyncFolder.archive(newAnchor)
            let entry = try makeEntry(
                type, samples: samples, deleted: deleted, phoneAnchor: archived.base64EncodedString()
            ) { entry in
                entry.anchor = archived
            }
            guard try await send(entry) else { return false }
            ahead[type.identifier, default: Ahead()].anchor = newAnchor
            if stopped.contains(type.identifier) { return true }
            anchor = newAnchor
        }
        if inFlight == nil {
            markSynced(type.identifier)
        } else {
            syncedOnceAnswered.insert(type.identifier)
        }
        return true
    }

    private func markSynced(_ type: String) {
        states[type]?.lastSynced = configuration.now()
        states[type]?.state = .synced
    }

    /// The backfill's progress, as the batches sent so far leave it.
    private func backfillProgress(of type: HKSampleType) -> SyncFolder.Backfill? {
        ahead[type.identifier]?.backfill ?? folder.backfill(for: type)
    }

    /// The first sync of a type: the live sync starts at the store's present position (an anchored query that
    /// matches no sample returns it), and the history before it goes to the backfill, newest first. Where HealthKit
    /// returns no anchor for it, the live sync starts from the beginning and the backfill is skipped.
    private func startLive(_ type: HKSampleType) async throws -> HKQueryAnchor? {
        let nothing = HKQuery.predicateForSamples(withStart: .distantFuture, end: nil, options: .strictStartDate)
        let (_, _, present) = try await changes(of: type, after: nil, predicate: nothing)
        guard let present else {
            try folder.saveBackfill(SyncFolder.Backfill(reached: nil, done: true), for: type)
            return nil
        }
        try folder.saveBackfill(SyncFolder.Backfill(reached: nil, done: false), for: type)
        try folder.saveAnchor(try SyncFolder.archive(present), for: type)
        return present
    }

    /// One backfill window of a type, newest first: nil when the run must stop, else whether more remain.
    private func backfillStep(of type: HKSampleType) async throws -> Bool? {
        guard var progress = backfillProgress(of: type), !progress.done else { return false }
        if stopped.contains(type.identifier) { return false }
        guard let earliest = try await samples(of: type, from: nil, before: nil, newestFirst: false, limit: 1).first
        else {
            // Saved directly, so after every batch before it: one of this type's may still be travelling, and its
            // reply would save its own progress over this one.
            guard try await settle() else { return nil }
            if stopped.contains(type.identifier) { return false }
            progress.done = true
            try folder.saveBackfill(progress, for: type)
            states[type.identifier]?.backfillDone = true
            return false
        }
        let upper = progress.reached
        let lower = (upper ?? configuration.now()).addingTimeInterval(-configuration.backfillStep)
        let window = try await samples(of: type, from: lower, before: upper, newestFirst: true, limit: nil)
        let reached = SyncFolder.Backfill(reached: lower, done: lower <= earliest.startDate)
        let pages = stride(from: 0, to: max(window.count, 1), by: configuration.batchLimit).map {
            Array(window[$0..<min($0 + configuration.batchLimit, window.count)])
        }
        for (index, page) in pages.enumerated() {
            let isLast = index == pages.count - 1
            let entry = try makeEntry(type, samples: page, deleted: [], phoneAnchor: nil) { entry in
                entry.backfill = isLast ? reached : progress
            }
            guard try await send(entry) else { return nil }
            ahead[type.identifier, default: Ahead()].backfill = entry.backfill
            if stopped.contains(type.identifier) { return false }
        }
        progress = reached
        return !reached.done
    }

    // MARK: Batches

    /// Builds a batch and writes it to the outbox (before it is sent: a kill after this line resends it).
    private func makeEntry(
        _ type: HKSampleType, samples: [HKSample], deleted: [HKDeletedObject], phoneAnchor: String?,
        _ finish: (inout SyncFolder.Entry) -> Void
    ) throws -> SyncFolder.Entry {
        let sequence = try folder.nextSequence()
        let body = SampleJSON.batch(
            id: "\(configuration.device)-\(folder.install)-\(sequence)", device: configuration.device,
            type: type.identifier, samples: samples, deleted: deleted, phoneAnchor: phoneAnchor)
        var entry = SyncFolder.Entry(
            sequence: sequence, type: type.identifier, body: body, anchor: nil,
            backfill: nil, items: samples.count + deleted.count)
        finish(&entry)
        try folder.add(entry)
        return entry
    }

    /// Sends an entry once the batch in flight is answered, and returns without waiting for its own reply:
    /// HealthSync builds the next batch while this one travels (decision 0032), one batch in flight, replies taken
    /// strictly in order. Returns whether the run goes on — the answered batch's outcome; an entry of a type
    /// stopped by that answer is not sent (it waits in the outbox, behind the refused one).
    private func send(_ entry: SyncFolder.Entry) async throws -> Bool {
        guard try await settle() else { return false }
        if stopped.contains(entry.type) { return true }
        inFlight = Task { try await self.deliver(entry) }
        return true
    }

    /// Waits for the batch in flight: its outcome (true when none). Types whose changes were all sent are synced
    /// once it is answered and the run goes on.
    private func settle() async throws -> Bool {
        guard let task = inFlight else { return true }
        inFlight = nil
        let synced = syncedOnceAnswered
        syncedOnceAnswered = []
        let goesOn = try await task.value
        if goesOn {
            for type in synced where !stopped.contains(type) { markSynced(type) }
        }
        return goesOn
    }

    /// Waits for the batch in flight when the run ends on an error (its reply still saves what it carries).
    private func drain() async {
        syncedOnceAnswered = []
        guard let task = inFlight else { return }
        inFlight = nil
        _ = try? await task.value
    }

    /// Sends an outbox entry; on the server's reply saves what the entry carries (the anchor, the backfill's
    /// progress), then removes it. False when the run must stop: the server unreachable, or the token refused (401,
    /// 403). A batch refused for good (400, 413, …) stops its type only: true, with the type in ``stopped``.
    private func deliver(_ entry: SyncFolder.Entry) async throws -> Bool {
        guard let type = configuration.types.first(where: { $0.identifier == entry.type }) else {
            try folder.remove(entry)  // a type no longer synced
            return true
        }
        let reply: SyncUploader.Reply
        do {
            reply = try await uploader.send(entry.body, attempts: attempts)
        } catch SyncUploader.Failure.refused(let status, let detail) {
            states[entry.type]?.state = .refused
            states[entry.type]?.lastError = "HTTP \(status): \(detail)"
            stopped.insert(entry.type)
            if status == 401 || status == 403 {
                for key in states.keys {
                    states[key]?.state = .refused
                    states[key]?.lastError = "HTTP \(status): \(detail)"
                }
                return false
            }
            return true
        } catch SyncUploader.Failure.unreachable(let problem) {
            states[entry.type]?.state = .waitingForServer
            states[entry.type]?.lastError = problem
            return false
        }
        if let anchor = entry.anchor { try folder.saveAnchor(anchor, for: type) }
        if let backfill = entry.backfill {
            try folder.saveBackfill(backfill, for: type)
            states[entry.type]?.backfillDone = backfill.done
        }
        try folder.remove(entry)
        states[entry.type]?.sent += reply.inserted + reply.duplicates + reply.deleted + reply.alreadyDeleted
        states[entry.type]?.rejected += reply.rejected + reply.conflicts.count
        if let problem = reply.problems.first {
            states[entry.type]?.lastError = "\(problem.list)[\(problem.index)]: \(problem.problem)"
        }
        return true
    }

    // MARK: HealthKit's queries

    private func changes(
        of type: HKSampleType, after anchor: HKQueryAnchor?, predicate: NSPredicate? = nil
    ) async throws -> Changes {
        let limit = predicate == nil ? configuration.batchLimit : HKObjectQueryNoLimit
        return try await withCheckedThrowingContinuation {
            (continuation: CheckedContinuation<Handed<Changes>, any Error>) in
            let query = HKAnchoredObjectQuery(type: type, predicate: predicate, anchor: anchor, limit: limit) {
                _, samples, deleted, newAnchor, error in
                if let error {
                    continuation.resume(throwing: error)
                } else {
                    continuation.resume(returning: Handed((samples ?? [], deleted ?? [], newAnchor)))
                }
            }
            store.execute(query)
        }.value
    }

    private func samples(
        of type: HKSampleType, from start: Date?, before end: Date?, newestFirst: Bool, limit: Int?
    ) async throws -> [HKSample] {
        let predicate =
            start == nil && end == nil
            ? nil : HKQuery.predicateForSamples(withStart: start, end: end, options: .strictStartDate)
        let sort = NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: !newestFirst)
        return try await withCheckedThrowingContinuation {
            (continuation: CheckedContinuation<Handed<[HKSample]>, any Error>) in
            let query = HKSampleQuery(
                sampleType: type, predicate: predicate, limit: limit ?? HKObjectQueryNoLimit, sortDescriptors: [sort]
            ) { _, samples, error in
                if let error {
                    continuation.resume(throwing: error)
                } else {
                    continuation.resume(returning: Handed(samples ?? []))
                }
            }
            store.execute(query)
        }.value
    }
}

/// What an anchored query hands back.
typealias Changes = ([HKSample], [HKDeletedObject], HKQueryAnchor?)

/// A query's results carried out of its handler. HealthKit's objects are immutable, but SDKs before iOS 26 do not
/// mark them `Sendable`; the handler hands them over once and never touches them again.
struct Handed<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// An observer query's completion handler, carried into the task that syncs (HealthKit's type is not `Sendable`;
/// it is called once, from that task).
struct CompletionHandler: @unchecked Sendable {
    let call: () -> Void

    init(_ handler: @escaping () -> Void) { call = handler }
}
