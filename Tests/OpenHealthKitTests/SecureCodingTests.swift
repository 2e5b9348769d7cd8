// Written as HealthKit app code (LoopKit persists devices this way): archive with `NSKeyedArchiver`, read back
// with `NSKeyedUnarchiver.unarchivedObject(ofClass:from:)`.
import Foundation
import Testing

#if canImport(HealthKit)
import HealthKit
#else
import OpenHealthKit
#endif

@Suite("NSSecureCoding: HKDevice and HKSource")
struct SecureCodingTests {
    /// Archives an object securely and reads it back as `type`.
    static func roundTrip<T: NSObject & NSSecureCoding>(_ object: T, as type: T.Type) throws -> T? {
        let data = try NSKeyedArchiver.archivedData(withRootObject: object, requiringSecureCoding: true)
        return try NSKeyedUnarchiver.unarchivedObject(ofClass: type, from: data)
    }

    /// Expects every property of two devices to be equal.
    static func expectSameProperties(_ decoded: HKDevice?, _ device: HKDevice) {
        #expect(decoded?.name == device.name)
        #expect(decoded?.manufacturer == device.manufacturer)
        #expect(decoded?.model == device.model)
        #expect(decoded?.hardwareVersion == device.hardwareVersion)
        #expect(decoded?.firmwareVersion == device.firmwareVersion)
        #expect(decoded?.softwareVersion == device.softwareVersion)
        #expect(decoded?.localIdentifier == device.localIdentifier)
        #expect(decoded?.udiDeviceIdentifier == device.udiDeviceIdentifier)
    }

    @Test("both classes support secure coding")
    func supportsSecureCoding() {
        #expect(HKDevice.supportsSecureCoding)
        #expect(HKSource.supportsSecureCoding)
    }

    @Test("a device with every property set round-trips")
    func fullDevice() throws {
        let device = HKDevice(
            name: "Dexcom G6", manufacturer: "Dexcom", model: "G6", hardwareVersion: "1.0", firmwareVersion: "1.6.5.25",
            softwareVersion: "4.2", localIdentifier: "8GXXXX", udiDeviceIdentifier: "00386270000385")
        let decoded = try Self.roundTrip(device, as: HKDevice.self)
        #expect(decoded != nil)
        Self.expectSameProperties(decoded, device)
        #expect(decoded == device)
        #expect(decoded?.isEqual(device) == true)
        #expect(decoded?.hash == device.hash)
    }

    @Test("a device with only a name round-trips with the rest nil")
    func nameOnlyDevice() throws {
        let device = HKDevice(
            name: "Pump", manufacturer: nil, model: nil, hardwareVersion: nil, firmwareVersion: nil,
            softwareVersion: nil, localIdentifier: nil, udiDeviceIdentifier: nil)
        let decoded = try Self.roundTrip(device, as: HKDevice.self)
        #expect(decoded?.name == "Pump")
        #expect(decoded?.manufacturer == nil)
        #expect(decoded?.model == nil)
        #expect(decoded?.hardwareVersion == nil)
        #expect(decoded?.firmwareVersion == nil)
        #expect(decoded?.softwareVersion == nil)
        #expect(decoded?.localIdentifier == nil)
        #expect(decoded?.udiDeviceIdentifier == nil)
        #expect(decoded == device)
    }

    @Test("a device with no properties round-trips")
    func emptyDevice() throws {
        let device = HKDevice(
            name: nil, manufacturer: nil, model: nil, hardwareVersion: nil, firmwareVersion: nil,
            softwareVersion: nil, localIdentifier: nil, udiDeviceIdentifier: nil)
        let decoded = try Self.roundTrip(device, as: HKDevice.self)
        #expect(decoded != nil)
        Self.expectSameProperties(decoded, device)
        #expect(decoded == device)
    }

    @Test("HKDevice.local() round-trips")
    func localDevice() throws {
        let device = HKDevice.local()
        let decoded = try Self.roundTrip(device, as: HKDevice.self)
        #expect(decoded != nil)
        Self.expectSameProperties(decoded, device)
        #expect(decoded == device)
    }

    @Test("HKSource.default() round-trips with its name and bundle identifier")
    func defaultSource() throws {
        let source = HKSource.default()
        let decoded = try Self.roundTrip(source, as: HKSource.self)
        #expect(decoded != nil)
        #expect(decoded?.name == source.name)
        #expect(decoded?.bundleIdentifier == source.bundleIdentifier)
        #expect(decoded == source)
        #expect(decoded?.hash == source.hash)
    }

    @Test("copy() returns an equal object")
    func copies() {
        let device = HKDevice(
            name: "Watch", manufacturer: "Apple Inc.", model: "Watch", hardwareVersion: "Watch6,1",
            firmwareVersion: nil, softwareVersion: "10.1", localIdentifier: nil, udiDeviceIdentifier: nil)
        let deviceCopy = device.copy() as? HKDevice
        #expect(deviceCopy == device)
        Self.expectSameProperties(deviceCopy, device)
        #expect((device.copy(with: nil) as? HKDevice) == device)
        let source = HKSource.default()
        let sourceCopy = source.copy() as? HKSource
        #expect(sourceCopy == source)
        #expect(sourceCopy?.name == source.name)
        #expect(sourceCopy?.bundleIdentifier == source.bundleIdentifier)
    }

    @Test("data archived from another class does not unarchive as a device or a source")
    func otherClass() throws {
        let stringData = try NSKeyedArchiver.archivedData(
            withRootObject: NSString(string: "not a device"), requiringSecureCoding: true)
        let decoded = try? NSKeyedUnarchiver.unarchivedObject(ofClass: HKDevice.self, from: stringData)
        #expect(decoded == nil)
        let decodedSource = try? NSKeyedUnarchiver.unarchivedObject(ofClass: HKSource.self, from: stringData)
        #expect(decodedSource == nil)
    }
}

@Suite("NSSecureCoding: HKUnit, HKQuantity, HKSourceRevision, HKDeletedObject")
struct ValueSecureCodingTests {
    @Test("units and quantities round-trip, compound and unparsable units included")
    func unitsAndQuantities() throws {
        for unit in [HKUnit.count().unitDivided(by: .minute()), .gramUnit(with: .kilo), HKUnit(from: "mL/(kg*min)")] {
            let decoded = try SecureCodingTests.roundTrip(unit, as: HKUnit.self)
            #expect(decoded == unit && decoded?.unitString == unit.unitString)
        }
        let broken = try SecureCodingTests.roundTrip(HKUnit(from: "count//min"), as: HKUnit.self)
        #expect(broken?.unitString == "count//min")
        let quantity = HKQuantity(unit: .pound(), doubleValue: 150.5)
        let decoded = try SecureCodingTests.roundTrip(quantity, as: HKQuantity.self)
        #expect(decoded == quantity)
        #expect(decoded?.doubleValue(for: .gramUnit(with: .kilo)) == quantity.doubleValue(for: .gramUnit(with: .kilo)))
        #expect((quantity.copy() as? HKQuantity) == quantity && HKQuantity.supportsSecureCoding)
    }

    @Test("a source revision round-trips with its OS version")
    func sourceRevision() throws {
        let revision = HKSourceRevision(
            source: HKSource.default(), version: "2.1", productType: "Watch6,1",
            operatingSystemVersion: OperatingSystemVersion(majorVersion: 10, minorVersion: 1, patchVersion: 2))
        let decoded = try SecureCodingTests.roundTrip(revision, as: HKSourceRevision.self)
        #expect(decoded == revision)
        #expect(decoded?.operatingSystemVersion.minorVersion == 1 && decoded?.productType == "Watch6,1")
        let bare = HKSourceRevision(source: HKSource.default(), version: nil)
        #expect(try SecureCodingTests.roundTrip(bare, as: HKSourceRevision.self) == bare)
    }

    @Test("a deleted object from an anchored query round-trips with its sync metadata")
    func deletedObject() async throws {
        try await TestSupport.withStore(TestSupport.configuration(.memory)) { store in
            let steps = HKQuantityType(.stepCount)
            try await store.requestAuthorization(toShare: [steps], read: [steps])
            let sample = HKQuantitySample(
                type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 10), start: TestSupport.at(8),
                end: TestSupport.at(8, 5),
                metadata: [HKMetadataKeySyncIdentifier: "walk-1", HKMetadataKeySyncVersion: 3])
            try await store.save(sample)
            let first = try await HKAnchoredObjectQueryDescriptor(
                predicates: [.quantitySample(type: steps)], anchor: nil
            ).result(for: store)
            try await store.delete(sample)
            let later = try await HKAnchoredObjectQueryDescriptor(
                predicates: [.quantitySample(type: steps)], anchor: first.newAnchor
            ).result(for: store)
            let deleted = try #require(later.deletedObjects.first)
            let decoded = try SecureCodingTests.roundTrip(deleted, as: HKDeletedObject.self)
            #expect(decoded == deleted && decoded?.uuid == sample.uuid)
            #expect(decoded?.metadata?[HKMetadataKeySyncIdentifier] as? String == "walk-1")
            #expect((decoded?.metadata?[HKMetadataKeySyncVersion] as? NSNumber)?.intValue == 3)
        }
    }

    @Test("object types round-trip as their own subclass")
    func objectTypes() throws {
        let steps = try SecureCodingTests.roundTrip(HKQuantityType(.stepCount), as: HKQuantityType.self)
        #expect(steps == HKQuantityType(.stepCount) && steps?.identifier == HKQuantityTypeIdentifier.stepCount.rawValue)
        let sleep = try SecureCodingTests.roundTrip(HKCategoryType(.sleepAnalysis), as: HKCategoryType.self)
        #expect(sleep == HKCategoryType(.sleepAnalysis))
        let workouts = try SecureCodingTests.roundTrip(HKObjectType.workoutType(), as: HKWorkoutType.self)
        #expect(workouts == HKObjectType.workoutType())
        #expect(HKQuantityType.supportsSecureCoding && (HKQuantityType(.heartRate).copy() as? HKQuantityType) != nil)
    }
}
