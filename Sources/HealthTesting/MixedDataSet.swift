public import Foundation
public import HealthCore
import HealthStorage

/// A small data set with every sample kind, odd units, unknown types, devices, sources and metadata of every
/// kind, committed identically into any store.
public struct MixedDataSet {
    /// Creates the data set.
    public init() {}

    public let build = SampleBuilder(uuids: UUIDSequence(start: 5000))
    public let t0 = Fixtures.date(2024, 5, 1, 6)
    public let unknownType = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierMadeUpThing")
    public let madeUpUnit = (try? HealthUnit(from: "count/min")) ?? .count()

    public func at(_ minutes: Double) -> Date { t0.addingTimeInterval(minutes * 60) }

    public func unit(_ string: String) -> HealthUnit { (try? HealthUnit(from: string)) ?? .count() }

    /// The samples (inserted in this order) and the associations.
    public func commits() -> (samples: [AnySample], workout: UUID, associations: [WorkoutAssociation]) {
        var samples: [AnySample] = []
        let revision = SourceRevision(
            source: Fixtures.watch, version: "10.1", productType: "Watch6,1",
            operatingSystemVersion: OSVersion(major: 10, minor: 1))
        for i in 0..<12 {
            var metadata: Metadata = [:]
            switch i % 6 {
            case 0: metadata[.wasUserEntered] = .bool(i % 4 == 0)
            case 1: metadata[MetadataKey("note")] = .string(i % 2 == 0 ? "alpha" : "beta")
            case 2: metadata[MetadataKey("level")] = .number(Double(i))
            case 3: metadata[MetadataKey("when")] = .date(at(Double(i * 7)))
            case 4:
                metadata[MetadataKey("dose")] = .quantity(
                    Quantity(unit: unit(i % 2 == 0 ? "mg" : "g"), doubleValue: 0.5 * Double(i)))
            default: break
            }
            var steps = build.steps(
                Double(i * 100), start: at(Double(i * 10)), end: at(Double(i * 10 + 5)),
                source: i % 3 == 0 ? Fixtures.phone : Fixtures.watch, metadata: metadata)
            if i % 4 == 1 { steps.device = Fixtures.watchDevice }
            if i % 4 == 2 { steps.device = Fixtures.phoneDevice }
            if i % 5 == 0 { steps.sourceRevision = revision }
            samples.append(.quantity(steps))
        }
        for (i, (value, unitString)) in [(70.0, "kg"), (154.0, "lb"), (70_500.0, "g"), (150.0, "lb")].enumerated() {
            samples.append(
                .quantity(
                    build.quantity(.bodyMass, value, unit(unitString), start: at(Double(i * 30)), source: Fixtures.app))
            )
        }
        samples.append(
            .quantity(build.quantity(.heartRate, 61, unit("count/min"), start: at(3), source: Fixtures.watch)))
        samples.append(.quantity(build.quantity(.heartRate, 2, unit("count/s"), start: at(4), source: Fixtures.watch)))
        samples.append(.quantity(build.quantity(unknownType, 5, madeUpUnit, start: at(5), source: Fixtures.app)))
        samples.append(
            .quantity(build.quantity(unknownType, 600, unit("count/hr"), start: at(6), source: Fixtures.app)))
        for value in [0, 1, 2, 3] {
            samples.append(
                .category(
                    build.category(
                        .sleepAnalysis, value, start: at(Double(value * 60)), end: at(Double(value * 60 + 45)),
                        source: Fixtures.phone)))
        }
        let mmHg = unit("mmHg")
        let reading = Correlation(
            uuid: build.uuids.next(), type: .bloodPressure, start: at(20), end: at(20),
            quantitySamples: [
                build.quantity(.bloodPressureSystolic, 120, mmHg, start: at(20)),
                build.quantity(.bloodPressureDiastolic, 80, mmHg, start: at(20)),
            ], sourceRevision: SourceRevision(source: Fixtures.app))
        samples.append(.correlation(reading))
        let kcal = HealthUnit.kilocalorie()
        let workout = Workout(
            uuid: build.uuids.next(), activityType: .running, start: at(0), end: at(40),
            events: [WorkoutEvent(type: .pause, date: at(10)), WorkoutEvent(type: .resume, date: at(15))],
            statistics: [
                .activeEnergyBurned: WorkoutStatistics(
                    quantityType: .activeEnergyBurned, start: at(0), end: at(40),
                    sum: Quantity(unit: kcal, doubleValue: 320))
            ], sourceRevision: SourceRevision(source: Fixtures.app))
        let walk = Workout(
            uuid: build.uuids.next(), activityType: WorkoutActivityType(rawValue: 52), start: at(100), end: at(130),
            duration: 1500, sourceRevision: SourceRevision(source: Fixtures.app))
        samples.append(.workout(workout))
        samples.append(.workout(walk))
        samples.append(
            .workoutRoute(
                WorkoutRoute(
                    uuid: build.uuids.next(), workoutUUID: workout.uuid,
                    locations: [RouteLocation(timestamp: at(1), latitude: 52.5, longitude: 13.4, altitude: 34.25)],
                    sourceRevision: SourceRevision(source: Fixtures.app))))
        let associations = [0, 1, 2].map { WorkoutAssociation(sample: samples[$0].uuid, workout: workout.uuid) }
        return (samples, workout.uuid, associations)
    }

    /// Predicates covering every node kind, alone and combined with `&&`, `||` and `!`.
    public func predicates(workout: UUID, someUUIDs: [UUID]) -> [SamplePredicate] {
        let steps = SamplePredicate.type(.quantity(.stepCount))
        var leaves: [SamplePredicate] = [
            .all, .none,
            .date(start: at(20), end: at(60)),
            .date(start: at(20), end: at(60), options: .strictStartDate),
            .date(start: at(20), end: nil, options: .strictEndDate),
            .date(start: nil, end: at(60), options: [.strictStartDate, .strictEndDate]),
            steps,
            .types([
                .quantity(.bodyMass), .category(.sleepAnalysis), .workout, .workoutRoute, SampleType(identifier: "x"),
            ]),
            .type(.quantity(unknownType)), .type(.correlation(.bloodPressure)),
            .uuids(Set(someUUIDs)), .source(Fixtures.phone), .sources([Fixtures.app, Fixtures.watch]),
            .sourceRevisions([
                SourceRevision(
                    source: Fixtures.watch, version: "10.1", productType: "Watch6,1",
                    operatingSystemVersion: OSVersion(major: 10, minor: 1))
            ]),
            .sourceRevisions([SourceRevision(source: Fixtures.phone)]),
            .devices([Fixtures.watchDevice]), .deviceProperty(.hardwareVersion, allowedValues: ["iPhone16,2", "x"]),
            .metadata(exists: .wasUserEntered), .metadata(MetadataKey("note"), allowedValues: [.string("beta")]),
            .metadata(.wasUserEntered, allowedValues: [.number(1)]),
            .metadata(MetadataKey("level"), .greaterThan, .number(4)),
            .metadata(MetadataKey("level"), .lessThanOrEqualTo, .bool(true)),
            .metadata(MetadataKey("when"), .lessThan, .date(at(100))),
            .metadata(
                MetadataKey("dose"), .greaterThanOrEqualTo, .quantity(Quantity(unit: unit("mg"), doubleValue: 3))),
            .metadata(MetadataKey("dose"), .notEqualTo, .string("x")),
            .categoryValue(.greaterThan, 1), .categoryValues([0, 3]),
            .workoutActivityType(.running), .workoutDuration(.greaterThan, 1600),
            .workoutStatistic(
                .activeEnergyBurned, .sum, .greaterThan, Quantity(unit: .kilocalorie(), doubleValue: 300)),
            .noCorrelation, .associated(withWorkout: workout),
        ]
        for (op, quantity) in [
            (ComparisonOperator.greaterThan, Quantity(unit: unit("kg"), doubleValue: 69.9)),
            (.lessThan, Quantity(unit: unit("lb"), doubleValue: 152)),
            (.equalTo, Quantity(unit: unit("lb"), doubleValue: 150)),
            (.greaterThanOrEqualTo, Quantity(unit: unit("count"), doubleValue: 500)),
            (.lessThan, Quantity(unit: unit("count/min"), doubleValue: 100)),
            (.notEqualTo, Quantity(unit: unit("count/hr"), doubleValue: 600)),
        ] {
            leaves.append(.quantity(op, quantity))
        }
        var all = leaves + leaves.map { !$0 }
        all.append(steps && .date(start: at(0), end: at(50)) && !.source(Fixtures.phone))
        all.append(!(.quantity(.lessThan, Quantity(unit: unit("lb"), doubleValue: 152)) || .noCorrelation))
        all.append(
            .or([.workoutActivityType(.running), .categoryValue(.equalTo, 2), .metadata(exists: .wasUserEntered)]))
        all.append(
            !(!.workoutStatistic(.activeEnergyBurned, .sum, .lessThan, Quantity(unit: .kilocalorie(), doubleValue: 400)))
        )
        return all
    }
}
