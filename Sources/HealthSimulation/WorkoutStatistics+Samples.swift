import Foundation
import HealthCore

extension WorkoutStatistics {
    /// The sum of the samples' values in `unit`, in sample order (for cumulative types).
    static func summing(
        _ samples: [QuantitySample],
        type: QuantityTypeIdentifier,
        unit: HealthUnit,
        start: Date,
        end: Date
    ) -> WorkoutStatistics {
        var total = 0.0
        var last: Double?
        for sample in samples {
            let value = (try? sample.quantity.doubleValue(for: unit)) ?? 0
            total += value
            last = value
        }
        return WorkoutStatistics(
            quantityType: type, start: start, end: end, sum: Quantity(unit: unit, doubleValue: total),
            mostRecent: last.map { Quantity(unit: unit, doubleValue: $0) })
    }

    /// Average, minimum, maximum and most recent of the samples' values in `unit` (for discrete types).
    ///
    /// The generator writes discrete samples of equal length, so the arithmetic mean equals the time-weighted
    /// mean.
    static func averaging(
        _ samples: [QuantitySample],
        type: QuantityTypeIdentifier,
        unit: HealthUnit,
        start: Date,
        end: Date
    ) -> WorkoutStatistics {
        let values = samples.map { (try? $0.quantity.doubleValue(for: unit)) ?? 0 }
        var total = 0.0
        for value in values { total += value }
        let make = { (value: Double) in Quantity(unit: unit, doubleValue: value) }
        return WorkoutStatistics(
            quantityType: type, start: start, end: end,
            average: values.isEmpty ? nil : make(total / Double(values.count)),
            minimum: values.min().map(make), maximum: values.max().map(make), mostRecent: values.last.map(make))
    }
}
