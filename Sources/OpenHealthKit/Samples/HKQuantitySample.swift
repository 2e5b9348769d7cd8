public import Foundation
import HealthCore

/// A quantity over a time interval: HealthKit's `HKQuantitySample`.
///
/// Queries return its subclasses ``HKCumulativeQuantitySample`` (steps, energy) and ``HKDiscreteQuantitySample``
/// (heart rate, body mass), as HealthKit does since iOS 13; `results as? [HKQuantitySample]` works for both.
///
/// HealthKit raises an exception when the quantity's unit is incompatible with the type or the dates are
/// reversed; here the sample is created and saving it fails with `HKError(.errorInvalidArgument)` naming the
/// rule (HealthCore's validation). A quantity whose unit did not parse is carried the same way.
///
/// ```swift
/// let steps = HKQuantitySample(
///     type: HKQuantityType(.stepCount), quantity: HKQuantity(unit: .count(), doubleValue: 1200),
///     start: nine, end: nineTen)
/// ```
public class HKQuantitySample: HKSample, @unchecked Sendable {
    /// Creates a sample.
    public convenience init(
        type quantityType: HKQuantityType, quantity: HKQuantity, start startDate: Date, end endDate: Date
    ) {
        self.init(type: quantityType, quantity: quantity, start: startDate, end: endDate, device: nil, metadata: nil)
    }

    /// Creates a sample with metadata.
    public convenience init(
        type quantityType: HKQuantityType, quantity: HKQuantity, start startDate: Date, end endDate: Date,
        metadata: [String: Any]?
    ) {
        self.init(
            type: quantityType, quantity: quantity, start: startDate, end: endDate, device: nil, metadata: metadata)
    }

    /// Creates a sample with a device and metadata.
    public convenience init(
        type quantityType: HKQuantityType, quantity: HKQuantity, start startDate: Date, end endDate: Date,
        device: HKDevice?, metadata: [String: Any]?
    ) {
        let (engineMetadata, metadataProblem) = MetadataBridge.engine(metadata)
        let unitProblem = quantity.unit.problem.map { "HKQuantitySample(\(quantityType.identifier)): \($0)" }
        let engineQuantity =
            (try? quantity.resolved()) ?? Quantity(unit: .count(), doubleValue: quantity.value)
        let sample = QuantitySample(
            uuid: HKObject.newUUID(), type: quantityType.quantityIdentifier, quantity: engineQuantity,
            start: startDate, end: endDate, device: device?.engineValue, metadata: engineMetadata)
        self.init(value: .quantity(sample), problem: unitProblem ?? metadataProblem)
    }

    var quantitySample: QuantitySample? { engineSample.quantitySample }

    /// The quantity type.
    public var quantityType: HKQuantityType { HKQuantityType(identifier: engineSample.sampleType.identifier) }

    /// The quantity (the sum of a cumulative series, the mean of a discrete one).
    public var quantity: HKQuantity {
        quantitySample.map { HKQuantity($0.quantity) } ?? HKQuantity(unit: .count(), doubleValue: .nan)
    }

    /// The number of quantities the sample holds (1, or the series length).
    public var count: Int { quantitySample?.count ?? 1 }
}

/// A cumulative quantity sample (steps, energy, distance): HealthKit's `HKCumulativeQuantitySample`.
public class HKCumulativeQuantitySample: HKQuantitySample, @unchecked Sendable {
    /// The sum of the sample's quantities.
    public var sumQuantity: HKQuantity { quantity }
}

/// A cumulative sample built from a series: HealthKit's (deprecated) `HKCumulativeQuantitySeriesSample`.
public final class HKCumulativeQuantitySeriesSample: HKCumulativeQuantitySample, @unchecked Sendable {
    /// The sum (deprecated name of ``HKCumulativeQuantitySample/sumQuantity``).
    @available(*, deprecated, renamed: "sumQuantity")
    public var sum: HKQuantity { sumQuantity }
}

/// A discrete quantity sample (heart rate, body mass): HealthKit's `HKDiscreteQuantitySample`.
public final class HKDiscreteQuantitySample: HKQuantitySample, @unchecked Sendable {
    private var quantities: [SeriesQuantity] { quantitySample?.quantities ?? [] }

    /// The smallest quantity of the sample (a summarised day's minimum, for an iOS 8–9 per-day aggregate).
    public var minimumQuantity: HKQuantity { summarised(\.minimum) ?? extreme(.orderedAscending) }
    /// The mean of the sample's quantities.
    public var averageQuantity: HKQuantity { quantity }
    /// The largest quantity of the sample (a summarised day's maximum, for an iOS 8–9 per-day aggregate).
    public var maximumQuantity: HKQuantity { summarised(\.maximum) ?? extreme(.orderedDescending) }

    private func summarised(_ field: KeyPath<QuantitySummary, Double>) -> HKQuantity? {
        guard let sample = quantitySample, let summary = sample.summary else { return nil }
        return HKQuantity(Quantity(unit: sample.quantity.unit, doubleValue: summary[keyPath: field]))
    }

    /// The quantity with the latest end date.
    public var mostRecentQuantity: HKQuantity {
        quantities.max { $0.endDate < $1.endDate }.map { HKQuantity($0.quantity) } ?? quantity
    }

    /// The interval of ``mostRecentQuantity``.
    public var mostRecentQuantityDateInterval: DateInterval {
        let last = quantities.max { $0.endDate < $1.endDate }
        let start = last?.startDate ?? startDate
        return DateInterval(start: start, end: max(start, last?.endDate ?? endDate))
    }

    private func extreme(_ wanted: ComparisonResult) -> HKQuantity {
        var best: Quantity?
        for entry in quantities where best.map({ (try? entry.quantity.compare($0)) == wanted }) ?? true {
            best = entry.quantity
        }
        return best.map { HKQuantity($0) } ?? quantity
    }
}
