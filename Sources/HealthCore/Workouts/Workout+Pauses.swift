public import Foundation

extension Workout {
    /// The workout's pauses from its events: how many pause/resume pairs (motion pauses too) and how long they
    /// lasted in all (a pause never resumed lasts until the end).
    public var pauseTotals: (count: Int, duration: TimeInterval) {
        var count = 0
        var seconds: TimeInterval = 0
        var pausedAt: Date?
        for event in events.sorted(by: { $0.startDate < $1.startDate }) {
            switch event.type {
            case .pause, .motionPaused:
                if pausedAt == nil {
                    pausedAt = event.startDate
                    count += 1
                }
            case .resume, .motionResumed:
                if let start = pausedAt { seconds += event.startDate.timeIntervalSince(start) }
                pausedAt = nil
            default: break
            }
        }
        if let start = pausedAt { seconds += endDate.timeIntervalSince(start) }
        return (count, seconds)
    }
}
