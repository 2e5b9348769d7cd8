public import Foundation
public import HealthCore

/// How often the system may wake an app for new data of a type: HealthKit's `HKUpdateFrequency`.
public enum UpdateFrequency: Int, Sendable, Hashable, Codable, CaseIterable {
    /// As soon as data lands (raw 1).
    case immediate = 1
    /// At most once an hour (raw 2).
    case hourly = 2
    /// At most once a day (raw 3).
    case daily = 3
    /// At most once a week (raw 4).
    case weekly = 4

    /// The minimum time between two deliveries.
    public var period: TimeInterval {
        switch self {
        case .immediate: 0
        case .hourly: 3600
        case .daily: 86_400
        case .weekly: 604_800
        }
    }
}

/// A background wake-up: new data of a type arrived while the app was registered for it.
public struct BackgroundDelivery: Sendable, Hashable {
    /// The type with new data.
    public var type: SampleType
    /// When it was delivered (the store's clock).
    public var date: Date
}

/// Background-delivery registrations and their pending state.
struct BackgroundDeliveryState: Sendable {
    struct Registration: Sendable {
        var frequency: UpdateFrequency
        var lastDelivery: Date?
        var pending = false
    }

    var registrations: [SampleType: Registration] = [:]
    var continuations: [Int: AsyncStream<BackgroundDelivery>.Continuation] = [:]
    var nextID = 0
    /// Hears the commits of other apps and other processes while any registration exists.
    var listener: Task<Void, Never>?
}

extension HealthStore {
    /// Registers for background delivery of a type: HealthKit's `enableBackgroundDelivery(for:frequency:)`.
    ///
    /// New data of the type is delivered through ``backgroundDeliveries()``: at once for `.immediate`, and for
    /// the other frequencies at most once per period, when ``processBackgroundDeliveries()`` runs after the
    /// period has passed on the store's clock.
    ///
    /// Commits of every app count: this app's own, another app's on the same database, and — once the database
    /// watches for them — another process's.
    public func enableBackgroundDelivery(for type: SampleType, frequency: UpdateFrequency) {
        backgroundDelivery.registrations[type] = .init(frequency: frequency)
        listenForOtherCommitters()
    }

    /// Stops background delivery of a type: HealthKit's `disableBackgroundDelivery(for:)`.
    public func disableBackgroundDelivery(for type: SampleType) {
        backgroundDelivery.registrations[type] = nil
        if backgroundDelivery.registrations.isEmpty { stopListening() }
    }

    /// Stops all background delivery: HealthKit's `disableAllBackgroundDelivery`.
    public func disableAllBackgroundDelivery() {
        backgroundDelivery.registrations.removeAll()
        stopListening()
    }

    /// Notes the commits this engine did not make itself (its own are noted as they commit).
    private func listenForOtherCommitters() {
        guard backgroundDelivery.listener == nil else { return }
        let notifications = hub.notifications(for: nil)
        let own = app.bundleIdentifier
        backgroundDelivery.listener = Task { [weak self] in
            for await notification in notifications where notification.committer != own {
                guard let self else { return }
                await self.noteBackgroundChanges(notification.touchedTypes)
            }
        }
    }

    private func stopListening() {
        backgroundDelivery.listener?.cancel()
        backgroundDelivery.listener = nil
    }

    /// The frequency a type is registered with, if any.
    public func backgroundDeliveryFrequency(for type: SampleType) -> UpdateFrequency? {
        backgroundDelivery.registrations[type]?.frequency
    }

    /// The wake-ups, from now on.
    public func backgroundDeliveries() -> AsyncStream<BackgroundDelivery> {
        let id = backgroundDelivery.nextID
        backgroundDelivery.nextID += 1
        let (stream, continuation) = AsyncStream<BackgroundDelivery>.makeStream()
        backgroundDelivery.continuations[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { await self?.removeBackgroundContinuation(id) }
        }
        return stream
    }

    /// Delivers pending data for every registration whose period has passed on the store's clock.
    /// - Returns: The deliveries made.
    @discardableResult
    public func processBackgroundDeliveries() -> [BackgroundDelivery] {
        let now = clock.now
        var delivered: [BackgroundDelivery] = []
        for (type, registration) in backgroundDelivery.registrations.sorted(by: { $0.key < $1.key })
        where registration.pending {
            if let last = registration.lastDelivery, now.timeIntervalSince(last) < registration.frequency.period {
                continue
            }
            delivered.append(deliver(type, at: now))
        }
        return delivered
    }

    /// Marks registrations touched by a commit; immediate ones are delivered at once.
    func noteBackgroundChanges(_ types: Set<SampleType>) {
        for type in types where backgroundDelivery.registrations[type] != nil {
            backgroundDelivery.registrations[type]?.pending = true
        }
        let now = clock.now
        for type in types.sorted() where backgroundDelivery.registrations[type]?.frequency == .immediate {
            _ = deliver(type, at: now)
        }
    }

    private func deliver(_ type: SampleType, at now: Date) -> BackgroundDelivery {
        backgroundDelivery.registrations[type]?.pending = false
        backgroundDelivery.registrations[type]?.lastDelivery = now
        let delivery = BackgroundDelivery(type: type, date: now)
        for continuation in backgroundDelivery.continuations.values { continuation.yield(delivery) }
        return delivery
    }

    private func removeBackgroundContinuation(_ id: Int) {
        backgroundDelivery.continuations[id] = nil
    }
}
