import Foundation
import HealthCore

/// The webhook deliveries in flight, and whether one more may start: at most one per webhook (a receiver never gets
/// two of one webhook's deliveries at once; after a retry is rescheduled, newer ones may go first), `perReceiver` to
/// one receiver (host and port) and `overall` in all — so a receiver that hangs
/// holds only its own slots, and every other person's deliveries go on. Thread-safe.
final class DeliveryBounds: Sendable {
    private struct State {
        var deliveries: Set<String> = []
        var webhooks: Set<String> = []
        var receivers: [String: Int] = [:]
    }

    let overall: Int
    let perReceiver: Int
    private let state = Locked(State())

    init(overall: Int, perReceiver: Int) {
        self.overall = max(1, overall)
        self.perReceiver = max(1, perReceiver)
    }

    /// Takes a slot for a delivery; false when it is in flight already or a bound is reached.
    func start(delivery: String, webhook: String, receiver: String) -> Bool {
        state.withLock { state in
            guard !state.deliveries.contains(delivery), !state.webhooks.contains(webhook),
                state.deliveries.count < overall, state.receivers[receiver, default: 0] < perReceiver
            else { return false }
            state.deliveries.insert(delivery)
            state.webhooks.insert(webhook)
            state.receivers[receiver, default: 0] += 1
            return true
        }
    }

    /// Gives a slot back (after the outcome is recorded, so the delivery is not picked up again before).
    func finish(delivery: String, webhook: String, receiver: String) {
        state.withLock { state in
            guard state.deliveries.remove(delivery) != nil else { return }
            state.webhooks.remove(webhook)
            let left = state.receivers[receiver, default: 1] - 1
            state.receivers[receiver] = left > 0 ? left : nil
        }
    }

    /// Deliveries in flight.
    var inFlight: Int { state.withLock { $0.deliveries.count } }
}
