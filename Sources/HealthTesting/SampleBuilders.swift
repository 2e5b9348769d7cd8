public import Foundation
public import HealthCore

/// Short constructors for test samples, drawing UUIDs from a ``UUIDSequence``.
public struct SampleBuilder: Sendable {
    /// Where UUIDs come from.
    public let uuids: UUIDSequence

    /// Creates a builder.
    public init(uuids: UUIDSequence = UUIDSequence()) { self.uuids = uuids }

    /// A quantity sample from a value in a unit string (the unit must parse).
    public func quantity(
        _ type: QuantityTypeIdentifier,
        _ value: Double,
        _ unit: HealthUnit,
        start: Date,
        end: Date? = nil,
        source: Source? = nil,
        device: Device? = nil,
        metadata: Metadata = [:]
    ) -> QuantitySample {
        QuantitySample(
            uuid: uuids.next(), type: type, quantity: Quantity(unit: unit, doubleValue: value), start: start,
            end: end ?? start, device: device, metadata: metadata,
            sourceRevision: source.map { SourceRevision(source: $0) })
    }

    /// Steps over an interval.
    public func steps(
        _ count: Double,
        start: Date,
        end: Date,
        source: Source? = nil,
        metadata: Metadata = [:]
    ) -> QuantitySample {
        quantity(.stepCount, count, .count(), start: start, end: end, source: source, metadata: metadata)
    }

    /// A category sample.
    public func category(
        _ type: CategoryTypeIdentifier,
        _ value: Int,
        start: Date,
        end: Date,
        source: Source? = nil,
        metadata: Metadata = [:]
    ) -> CategorySample {
        CategorySample(
            uuid: uuids.next(), type: type, value: value, start: start, end: end, metadata: metadata,
            sourceRevision: source.map { SourceRevision(source: $0) })
    }
}
