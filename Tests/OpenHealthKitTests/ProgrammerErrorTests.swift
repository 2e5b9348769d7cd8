import Foundation
import OpenHealthKit
import Testing

/// HealthKit raises Objective-C exceptions for these; OpenHealthKit carries them to the first throwing call.
@Suite("Programmer errors surface as HKError(.errorInvalidArgument)")
struct ProgrammerErrorTests {
    static func authorized(
        _ backend: TestSupport.Backend = .memory, _ body: (HKHealthStore) async throws -> Void
    ) async throws {
        try await TestSupport.withStore(TestSupport.configuration(backend)) { store in
            let types: Set<HKSampleType> = [HKQuantityType(.stepCount), HKQuantityType(.heartRate)]
            try await store.requestAuthorization(toShare: types, read: types)
            try await body(store)
        }
    }

    static func saveError(_ store: HKHealthStore, _ object: HKObject) async -> HKError? {
        do {
            try await store.save(object)
            return nil
        } catch {
            return error as? HKError
        }
    }

    @Test(
        "an unparsable unit string: the sample is made, saving it names the string",
        arguments: TestSupport.Backend.allCases)
    func unparsableUnit(backend: TestSupport.Backend) async throws {
        try await Self.authorized(backend) { store in
            let unit = HKUnit(from: "count//min")
            #expect(unit.unitString == "count//min")
            let quantity = HKQuantity(unit: unit, doubleValue: 60)
            #expect(quantity.doubleValue(for: .count()).isNaN)
            let sample = HKQuantitySample(
                type: HKQuantityType(.heartRate), quantity: quantity, start: TestSupport.at(9), end: TestSupport.at(9))
            let error = await Self.saveError(store, sample)
            #expect(error?.code == .errorInvalidArgument)
            #expect(error?.message.contains("count//min") == true)
            let found1 = try await TestSupport.run(store, HKQuantityType(.heartRate))
            #expect(found1.isEmpty)
        }
    }

    @Test(
        "an incompatible unit: saving fails with errorInvalidArgument naming the type",
        arguments: TestSupport.Backend.allCases)
    func incompatibleUnit(backend: TestSupport.Backend) async throws {
        try await Self.authorized(backend) { store in
            let sample = HKQuantitySample(
                type: HKQuantityType(.stepCount), quantity: HKQuantity(unit: .gramUnit(with: .kilo), doubleValue: 70),
                start: TestSupport.at(9), end: TestSupport.at(10))
            let error = await Self.saveError(store, sample)
            #expect(error?.code == .errorInvalidArgument)
            #expect(error?.message.contains("HKQuantityTypeIdentifierStepCount") == true)
        }
    }

    @Test("a metadata value of a class HealthKit rejects names the key")
    func metadataClass() async throws {
        try await Self.authorized { store in
            let sample = HKQuantitySample(
                type: HKQuantityType(.stepCount), quantity: HKQuantity(unit: .count(), doubleValue: 70),
                start: TestSupport.at(9), end: TestSupport.at(10), metadata: ["Custom": [1, 2, 3]])
            let error = await Self.saveError(store, sample)
            #expect(error?.code == .errorInvalidArgument)
            #expect(error?.message.contains("metadata key: Custom") == true)
        }
    }

    @Test("reversed dates are refused at save")
    func reversedDates() async throws {
        try await Self.authorized { store in
            let error = await Self.saveError(store, TestSupport.steps(10, TestSupport.at(10), TestSupport.at(9)))
            #expect(error?.code == .errorInvalidArgument)
        }
    }

    @Test("reading a quantity in an incompatible unit gives NaN, and comparing gives orderedSame")
    func incompatibleRead() {
        let weight = HKQuantity(unit: .pound(), doubleValue: 150)
        #expect(weight.doubleValue(for: .meter()).isNaN)
        #expect(weight.compare(HKQuantity(unit: .meter(), doubleValue: 1)) == .orderedSame)
        #expect(abs(weight.doubleValue(for: .gramUnit(with: .kilo)) - 68.0388555) < 1e-9)
    }
}
