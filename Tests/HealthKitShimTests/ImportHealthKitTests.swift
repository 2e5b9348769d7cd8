// This file is written as an app's HealthKit file is: `import HealthKit` and nothing else — no Foundation import,
// no `#if canImport`. It compiling on Linux is half of the test; the expectations are the other half.
import HealthKit
import Testing

@Suite("import HealthKit on Linux")
struct ImportHealthKitTests {
    @Test("Foundation comes with HealthKit, and module-qualified HealthKit names resolve")
    func aHealthKitFileCompilesUnchanged() throws {
        let start = Date(timeIntervalSince1970: 1_717_200_000)
        let end = start.addingTimeInterval(3_600)
        let predicate: NSPredicate = HKQuery.predicateForSamples(withStart: start, end: end, options: .strictStartDate)
        #expect(predicate.predicateFormat.isEmpty == false)
        let unit: HealthKit.HKUnit = HealthKit.HKUnit.count().unitDivided(by: .minute())
        #expect(unit.unitString == "count/min")
        let done: HealthKit.HKObserverQueryCompletionHandler = {}
        done()
        let steps = HKQuantityType(.stepCount)
        #expect(steps.identifier == HKQuantityTypeIdentifier.stepCount.rawValue)
        let queue = DispatchQueue(label: "a HealthKit app's queue")
        #expect(queue.label == "a HealthKit app's queue")
        let sample = HKQuantitySample(
            type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 812), start: start, end: end)
        #expect(sample.quantity.doubleValue(for: .count()) == 812)
    }
}
