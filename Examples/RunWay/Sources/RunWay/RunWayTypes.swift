import HealthKit

/// The seven quantity types RunWay reads, and the unit it reads each in.
enum RunWayTypes {
    static var heartRate: HKQuantityType { HKQuantityType(.heartRate) }
    static var steps: HKQuantityType { HKQuantityType(.stepCount) }
    static var energy: HKQuantityType { HKQuantityType(.activeEnergyBurned) }
    static var distance: HKQuantityType { HKQuantityType(.distanceWalkingRunning) }
    static var speed: HKQuantityType { HKQuantityType(.runningSpeed) }
    static var groundContactTime: HKQuantityType { HKQuantityType(.runningGroundContactTime) }
    static var strideLength: HKQuantityType { HKQuantityType(.runningStrideLength) }

    /// Everything RunWay asks to read (it writes nothing).
    static var all: Set<HKObjectType> {
        [heartRate, steps, energy, distance, speed, groundContactTime, strideLength]
    }

    static var beatsPerMinute: HKUnit { .count().unitDivided(by: .minute()) }
    static var metersPerSecond: HKUnit { .meter().unitDivided(by: .second()) }
    static var milliseconds: HKUnit { .secondUnit(with: .milli) }
}
