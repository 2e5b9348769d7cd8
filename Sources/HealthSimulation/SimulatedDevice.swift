import Foundation
public import HealthCore

/// One writer of simulated samples: the source revision the store would stamp and the hardware description.
///
/// Apple devices follow the export conventions (reference §3.1): each is its own source with bundle id
/// `com.apple.health.<DEVICE-UUID>` and a user-visible name with a typographic apostrophe.
///
/// ```swift
/// SimulatedDevice.iPhone.sourceRevision.source.name  // "Ana’s iPhone"
/// SimulatedDevice.appleWatch.sourceRevision.productType  // "Watch7,1"
/// ```
public struct SimulatedDevice: Sendable, Hashable {
    /// The revision stamped on every sample this device writes.
    public var sourceRevision: SourceRevision
    /// The hardware stamped on every sample this device writes.
    public var device: Device

    /// Creates a device from its revision and hardware.
    public init(sourceRevision: SourceRevision, device: Device) {
        self.sourceRevision = sourceRevision
        self.device = device
    }

    /// The source.
    public var source: Source { sourceRevision.source }

    /// Ana's iPhone 15 Pro (`iPhone16,2`, iOS 18.2), source `com.apple.health.4F2D8B31-6A0E-4C5B-9E27-1D3A5C7B9E10`.
    public static let iPhone = SimulatedDevice(
        sourceRevision: SourceRevision(
            source: Source(
                name: "Ana’s iPhone", bundleIdentifier: "com.apple.health.4F2D8B31-6A0E-4C5B-9E27-1D3A5C7B9E10"),
            version: "18.2", productType: "iPhone16,2", operatingSystemVersion: OSVersion(major: 18, minor: 2)),
        device: Device(
            name: "iPhone", manufacturer: "Apple Inc.", model: "iPhone", hardwareVersion: "iPhone16,2",
            softwareVersion: "18.2"))

    /// Ana's Apple Watch Series 9 (`Watch7,1`, watchOS 11.2), source
    /// `com.apple.health.9C1A7E2B-3D4F-4A6B-8C1D-2E3F4A5B6C7D`.
    public static let appleWatch = SimulatedDevice(
        sourceRevision: SourceRevision(
            source: Source(
                name: "Ana’s Apple Watch", bundleIdentifier: "com.apple.health.9C1A7E2B-3D4F-4A6B-8C1D-2E3F4A5B6C7D"),
            version: "11.2", productType: "Watch7,1", operatingSystemVersion: OSVersion(major: 11, minor: 2)),
        device: Device(
            name: "Apple Watch", manufacturer: "Apple Inc.", model: "Watch", hardwareVersion: "Watch7,1",
            softwareVersion: "11.2"))

    /// A third-party app on Ana's iPhone: the Prancercise Tracker tutorial app (`com.example.PrancerciseTracker`,
    /// version 1.0), which writes interval workouts.
    public static let prancerciseTracker = SimulatedDevice(
        sourceRevision: SourceRevision(
            source: Source(name: "Prancercise Tracker", bundleIdentifier: "com.example.PrancerciseTracker"),
            version: "1.0", productType: "iPhone16,2", operatingSystemVersion: OSVersion(major: 18, minor: 2)),
        device: Device(
            name: "iPhone", manufacturer: "Apple Inc.", model: "iPhone", hardwareVersion: "iPhone16,2",
            softwareVersion: "18.2"))

    /// A quantity sample written by this device.
    func quantity(
        _ type: QuantityTypeIdentifier,
        _ value: Double,
        _ unit: HealthUnit,
        start: Date,
        end: Date,
        metadata: Metadata = [:],
        uuid: UUID
    ) -> QuantitySample {
        QuantitySample(
            uuid: uuid, type: type, quantity: Quantity(unit: unit, doubleValue: value), start: start, end: end,
            device: device, metadata: metadata, sourceRevision: sourceRevision)
    }

    /// A category sample written by this device.
    func category(
        _ type: CategoryTypeIdentifier,
        _ value: Int,
        start: Date,
        end: Date,
        uuid: UUID
    ) -> CategorySample {
        CategorySample(
            uuid: uuid, type: type, value: value, start: start, end: end, device: device,
            sourceRevision: sourceRevision)
    }
}
