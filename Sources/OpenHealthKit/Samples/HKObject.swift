public import Foundation
import HealthCore
import HealthQuery

/// A health object: HealthKit's `HKObject`, the root of the sample hierarchy.
///
/// Objects are immutable values of HealthCore (`AnySample`) seen through HealthKit's classes. Two objects are
/// equal when their UUIDs are. An object created with something HealthKit rejects with an exception (a bad unit,
/// a metadata value of the wrong class) carries the problem; saving it fails with
/// `HKError(.errorInvalidArgument)` naming it.
public class HKObject: NSObject, @unchecked Sendable {
    /// The engine's value.
    let engineSample: AnySample
    /// What HealthKit would have raised an exception for when the object was made.
    let problem: String?

    init(value: AnySample, problem: String? = nil) {
        self.engineSample = value
        self.problem = problem
    }

    /// The object's identity.
    public var uuid: UUID { engineSample.uuid }

    /// The metadata (strings, `NSNumber`s, dates, `HKQuantity`s); nil when there is none.
    public var metadata: [String: Any]? { MetadataBridge.dictionary(engineSample.metadata) }

    /// The device that produced the object.
    public var device: HKDevice? { engineSample.device.map(HKDevice.init) }

    /// The app revision that saved the object (this app's, for an object not saved yet).
    public var sourceRevision: HKSourceRevision {
        HKSourceRevision(engineSample.sourceRevision ?? HKHealthStore.Configuration.current.app.identity.sourceRevision)
    }

    /// The source that saved the object (deprecated in HealthKit: use ``sourceRevision``).
    @available(*, deprecated, message: "use sourceRevision.source")
    public var source: HKSource { sourceRevision.source }

    /// Objects are equal when their UUIDs are.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? HKObject else { return false }
        return uuid == other.uuid
    }

    /// Hashes the UUID.
    public override var hash: Int { uuid.hashValue }

    /// The object's class, type identifier and UUID (never a health value).
    public override var description: String { "\(type(of: self)) \(engineSample.sampleType.identifier) \(uuid)" }

    /// The engine value, or the carried problem as `HKError(.errorInvalidArgument)`.
    func checkedValue() throws(HKError) -> AnySample {
        if let problem { throw HKError.programmerError(problem) }
        return engineSample
    }

    /// A new identity from the current configuration.
    static func newUUID() -> UUID { HKHealthStore.Configuration.current.makeUUID() }
}

/// An object with a start and an end date: HealthKit's `HKSample`.
public class HKSample: HKObject, @unchecked Sendable {
    /// The sample's type.
    public var sampleType: HKSampleType {
        HKObjectType.make(engineSample.sampleType) as? HKSampleType
            ?? HKSampleType(identifier: engineSample.sampleType.identifier)
    }

    /// When the sample starts.
    public var startDate: Date { engineSample.startDate }

    /// When the sample ends.
    public var endDate: Date { engineSample.endDate }

    /// True when the end date is `distantFuture`.
    public var hasUndeterminedDuration: Bool { engineSample.hasUndeterminedDuration }

    /// The HealthKit object of an engine sample: the subclass HealthKit returns from queries
    /// (`HKCumulativeQuantitySample` / `HKDiscreteQuantitySample` for quantities).
    static func make(_ sample: AnySample) -> HKSample {
        switch sample {
        case .quantity(let quantity):
            if quantity.quantityType.typeDescription?.aggregationStyle == .cumulative {
                return quantity.series.isEmpty
                    ? HKCumulativeQuantitySample(value: sample) : HKCumulativeQuantitySeriesSample(value: sample)
            }
            return HKDiscreteQuantitySample(value: sample)
        case .category: return HKCategorySample(value: sample)
        case .correlation: return HKCorrelation(value: sample)
        case .workout: return HKWorkout(value: sample)
        case .workoutRoute: return HKWorkoutRoute(value: sample)
        case .payload(let payload):
            switch payload.payload {
            case .heartbeats: return HKHeartbeatSeriesSample(value: sample)
            case .electrocardiogram: return HKElectrocardiogram(value: sample)
            case .clinicalRecord: return HKClinicalRecord(value: sample)
            }
        }
    }
}

/// A sample that holds a series (routes, heartbeat series): HealthKit's `HKSeriesSample`.
public class HKSeriesSample: HKSample, @unchecked Sendable {
    /// The number of entries in the series.
    public var count: Int { engineSample.workoutRoute?.count ?? engineSample.payloadSample?.heartbeats?.count ?? 0 }
}

/// A deleted object, as anchored queries report it: HealthKit's `HKDeletedObject`.
public final class HKDeletedObject: NSObject, NSSecureCoding, NSCopying, @unchecked Sendable {
    /// The deleted object's identity.
    public let uuid: UUID
    private let storedMetadata: Metadata

    init(uuid: UUID, metadata: Metadata) {
        self.uuid = uuid
        self.storedMetadata = metadata
    }

    /// Deleted objects support secure coding (sync code keeps the ones it has not sent yet).
    public static var supportsSecureCoding: Bool { true }

    /// Encodes the UUID and the metadata (its values — strings, numbers, dates, quantities — in a typed form).
    public func encode(with coder: NSCoder) {
        coder.encode(uuid.uuidString as NSString, forKey: "uuid")
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys  // the same metadata archives to the same bytes
        if !storedMetadata.isEmpty, let data = try? encoder.encode(storedMetadata) {
            coder.encode(data as NSData, forKey: "metadata")
        }
    }

    /// Decodes a deleted object; nil when the UUID is missing or the metadata does not decode.
    public convenience init?(coder: NSCoder) {
        guard let text = coder.decodeObject(of: NSString.self, forKey: "uuid"),
            let uuid = UUID(uuidString: String(text))
        else { return nil }
        var metadata = Metadata()
        if coder.containsValue(forKey: "metadata") {
            guard let data = coder.decodeObject(of: NSData.self, forKey: "metadata") else { return nil }
            guard let decoded = try? JSONDecoder().decode(Metadata.self, from: Data(referencing: data)) else {
                return nil
            }
            metadata = decoded
        }
        self.init(uuid: uuid, metadata: metadata)
    }

    /// The deleted object itself: it is immutable.
    public func copy(with zone: NSZone? = nil) -> Any { self }

    /// The metadata kept with the deletion (sync identifier and version).
    public var metadata: [String: Any]? { MetadataBridge.dictionary(storedMetadata) }

    /// Deleted objects are equal when their UUIDs are.
    public override func isEqual(_ object: Any?) -> Bool { (object as? HKDeletedObject)?.uuid == uuid }

    /// Hashes the UUID.
    public override var hash: Int { uuid.hashValue }
}
