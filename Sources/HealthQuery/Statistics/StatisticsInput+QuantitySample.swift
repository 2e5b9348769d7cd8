import Foundation
public import HealthCore

extension StatisticsInput {
    /// The inputs of one sample: its quantities (a series expands into one input per element), converted to
    /// the canonical unit.
    ///
    /// ```swift
    /// let inputs = try StatisticsInput.inputs(from: sample, canonicalUnit: .count())
    /// ```
    ///
    /// - Parameters:
    ///   - sample: The sample, normally as stored (with its source revision).
    ///   - canonicalUnit: The unit statistics are computed in (the type's canonical unit).
    ///   - sourceBundleIdentifier: The source to use; by default the sample's source revision's.
    /// - Returns: One input per quantity, in series order.
    /// - Throws: ``StatisticsError`` with ``StatisticsError/Code/incompatibleUnit`` when a quantity cannot be
    ///   converted, or ``StatisticsError/Code/missingSource`` when the sample has no source.
    public static func inputs(
        from sample: QuantitySample, canonicalUnit: HealthUnit, sourceBundleIdentifier: String? = nil
    ) throws(StatisticsError) -> [StatisticsInput] {
        guard let source = sourceBundleIdentifier ?? sample.sourceRevision?.source.bundleIdentifier else {
            throw StatisticsError(
                .missingSource, "sample \(sample.uuid.uuidString) has no source",
                typeIdentifier: sample.quantityType)
        }
        var inputs: [StatisticsInput] = []
        inputs.reserveCapacity(sample.count)
        for (index, element) in sample.quantities.enumerated() {
            let value: Double
            do {
                value = try element.quantity.doubleValue(for: canonicalUnit)
            } catch {
                throw StatisticsError(
                    .incompatibleUnit,
                    "unit \(element.quantity.unit.unitString) of sample \(sample.uuid.uuidString) "
                        + "is not convertible to \(canonicalUnit.unitString)",
                    typeIdentifier: sample.quantityType, cause: error)
            }
            inputs.append(
                StatisticsInput(
                    sourceBundleIdentifier: source, start: element.startDate, end: element.endDate, value: value,
                    uuid: sample.uuid, seriesIndex: index))
        }
        return inputs
    }

    /// The inputs of many samples, in order.
    ///
    /// - Parameters:
    ///   - samples: The samples.
    ///   - canonicalUnit: The unit statistics are computed in.
    /// - Returns: Every quantity of every sample.
    /// - Throws: As ``inputs(from:canonicalUnit:sourceBundleIdentifier:)``.
    public static func inputs(
        from samples: [QuantitySample], canonicalUnit: HealthUnit
    ) throws(StatisticsError) -> [StatisticsInput] {
        var inputs: [StatisticsInput] = []
        inputs.reserveCapacity(samples.count)
        for sample in samples {
            inputs += try StatisticsInput.inputs(from: sample, canonicalUnit: canonicalUnit)
        }
        return inputs
    }
}
