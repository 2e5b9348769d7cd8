// This file is written as HealthKit app code: it imports only OpenHealthKit (HealthKit on Apple platforms) and
// uses Apple's spellings, so that it compiling is itself the test of the API surface. Each test also checks that
// the spelling does what HealthKit's does.
import Foundation
import Testing

#if canImport(HealthKit)
import HealthKit
#else
import OpenHealthKit
#endif

@Suite("HealthKit spellings, as app code writes them")
struct HealthKitSpellingTests {
    /// Runs a body with `HKHealthStore()` opening a fresh in-memory store.
    func withAppStore(_ body: (HKHealthStore) async throws -> Void) async throws {
        let configuration = HKHealthStore.Configuration.inMemory(
            app: .init(bundleIdentifier: "com.example.spelling", name: "Spelling"), calendar: TestSupport.calendar)
        try await HKHealthStore.Configuration.$current.withValue(configuration) { try await body(HKHealthStore()) }
    }

    @Test("types, sets of types and their casts")
    func types() throws {
        let types: Set<HKObjectType> = [HKQuantityType(.stepCount), HKObjectType.workoutType()]
        let sampleTypes = types as! Set<HKSampleType>
        #expect(sampleTypes.count == 2)
        let stepType = HKObjectType.quantityType(forIdentifier: .stepCount)
        #expect(stepType == HKQuantityType(.stepCount))
        #expect(
            HKSampleType.quantityType(forIdentifier: HKQuantityTypeIdentifier.heartRate)?.aggregationStyle
                == .discreteTemporallyWeighted)
        #expect(
            HKObjectType.quantityType(forIdentifier: HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierNope"))
                == nil)
        let sleep: HKCategoryType? = HKObjectType.categoryType(forIdentifier: .sleepAnalysis)
        let pressure: HKCorrelationType? = HKObjectType.correlationType(forIdentifier: .bloodPressure)
        let birthday: HKCharacteristicType? = HKObjectType.characteristicType(forIdentifier: .dateOfBirth)
        #expect(sleep?.identifier == HKCategoryTypeIdentifier.sleepAnalysis.rawValue)
        #expect(pressure?.identifier == "HKCorrelationTypeIdentifierBloodPressure")
        #expect(birthday != nil)
        #expect(HKSeriesType.workoutRoute().identifier == HKWorkoutRouteTypeIdentifier)
        #expect(HKQuantityType(.distanceWalkingRunning).is(compatibleWith: .mile()))
        #expect(!HKQuantityType(.stepCount).is(compatibleWith: .meter()))
        #expect(HKQuantityType(.stepCount).maximumAllowedDuration == 345_600)
        let dictionary: [HKQuantityType: Double] = [HKQuantityType(.stepCount): 1]
        #expect(dictionary[HKQuantityType(.stepCount)] == 1)
        #expect(HKWorkoutActivityType.allCases.count == 86)
        #expect(HKWorkoutActivityType.running.rawValue == 37)
        #expect(HKCategoryValueSleepAnalysis.asleepREM.rawValue == 5)
        #expect(HKCategoryValueSleepAnalysis.allAsleepValues.contains(.asleepCore))
    }

    @Test("units and quantities")
    func units() {
        let bpm = HKUnit.count().unitDivided(by: HKUnit.minute())
        #expect(bpm.unitString == "count/min")
        #expect(HKUnit(from: "count/min") == bpm)
        #expect(HKUnit.gramUnit(with: .kilo) == HKUnit(from: "kg"))
        #expect(
            HKUnit.literUnit(with: .milli).unitDivided(by: .gramUnit(with: .kilo).unitMultiplied(by: .minute()))
                .unitString == "mL/kg·min")
        let glucose = HKUnit.moleUnit(with: .milli, molarMass: HKUnitMolarMassBloodGlucose).unitDivided(by: .liter())
        let mgdl = HKUnit.gramUnit(with: .milli).unitDivided(by: .literUnit(with: .deci))
        #expect(abs(HKQuantity(unit: mgdl, doubleValue: 100).doubleValue(for: glucose) - 5.550748607260001) < 1e-9)
        let temperature = HKQuantity(unit: .degreeCelsius(), doubleValue: 37)
        #expect(abs(temperature.doubleValue(for: .degreeFahrenheit()) - 98.6) < 1e-9)
        #expect(
            HKQuantity(unit: .mile(), doubleValue: 1).compare(HKQuantity(unit: .meter(), doubleValue: 1000))
                == .orderedDescending)
        #expect(HKQuantity(unit: .percent(), doubleValue: 0.97).is(compatibleWith: .percent()))
        let all: [HKUnit] = [
            .count(), .percent(), .meter(), .inch(), .foot(), .yard(), .mile(), .gram(), .ounce(), .pound(), .stone(),
            .liter(), .fluidOunceUS(), .fluidOunceImperial(), .pintUS(), .pintImperial(), .cupUS(), .cupImperial(),
            .pascal(), .millimeterOfMercury(), .centimeterOfWater(), .atmosphere(), .inchesOfMercury(),
            .decibelAWeightedSoundPressureLevel(), .decibelHearingLevel(), .second(), .minute(), .hour(), .day(),
            .joule(), .kilocalorie(), .smallCalorie(), .largeCalorie(), .degreeCelsius(), .degreeFahrenheit(),
            .kelvin(), .siemen(), .internationalUnit(), .hertz(), .volt(), .watt(), .radianAngle(), .degreeAngle(),
            .lux(), .diopter(), .prismDiopter(), .appleEffortScore(), .meterUnit(with: .kilo),
            .secondUnit(with: .milli),
            .jouleUnit(with: .kilo), .pascalUnit(with: .kilo), .siemenUnit(with: .micro), .hertzUnit(with: .kilo),
            .voltUnit(with: .milli), .wattUnit(with: .kilo), .radianAngleUnit(with: .milli), .luxUnit(with: .kilo),
            .moleUnit(withMolarMass: 18), HKUnit(from: MassFormatter.Unit.kilogram),
            HKUnit(from: LengthFormatter.Unit.kilometer), HKUnit(from: EnergyFormatter.Unit.kilocalorie),
        ]
        // km and kcal appear twice (constructor and formatter unit); every other unit string is distinct.
        #expect(Set(all.map(\.unitString)).count == all.count - 2)
        #expect(HKUnit.massFormatterUnit(from: .pound()) == .pound)
    }

    @Test("samples, sources, devices and metadata")
    func samples() async throws {
        try await withAppStore { store in
            let start = TestSupport.at(9)
            let end = TestSupport.at(9, 30)
            let steps = HKQuantitySample(
                type: HKQuantityType(.stepCount), quantity: HKQuantity(unit: .count(), doubleValue: 1200), start: start,
                end: end, device: HKDevice.local(),
                metadata: [HKMetadataKeyWasUserEntered: true, HKMetadataKeyTimeZone: "Europe/Berlin"])
            #expect(steps.quantity.doubleValue(for: .count()) == 1200)
            #expect(steps.count == 1)
            #expect(steps.metadata?[HKMetadataKeyTimeZone] as? String == "Europe/Berlin")
            #expect(steps.sourceRevision.source == HKSource.default())
            #expect(HKSource.default().bundleIdentifier == "com.example.spelling")
            let night = HKCategorySample(
                type: HKCategoryType(.sleepAnalysis), value: HKCategoryValueSleepAnalysis.asleepCore.rawValue,
                start: TestSupport.at(-1), end: TestSupport.at(6))
            let systolic = HKQuantitySample(
                type: HKQuantityType(.bloodPressureSystolic),
                quantity: HKQuantity(unit: .millimeterOfMercury(), doubleValue: 120),
                start: start, end: start)
            let diastolic = HKQuantitySample(
                type: HKQuantityType(.bloodPressureDiastolic),
                quantity: HKQuantity(unit: .millimeterOfMercury(), doubleValue: 80),
                start: start, end: start)
            let reading = HKCorrelation(
                type: HKCorrelationType(.bloodPressure), start: start, end: start, objects: [systolic, diastolic])
            #expect(reading.objects(for: HKQuantityType(.bloodPressureSystolic)).count == 1)
            let walk = HKWorkout(
                activityType: .walking, start: start, end: end, workoutEvents: nil,
                totalEnergyBurned: HKQuantity(unit: .kilocalorie(), doubleValue: 90),
                totalDistance: HKQuantity(unit: .meterUnit(with: .kilo), doubleValue: 2), metadata: nil)
            #expect(walk.duration == 1800)
            #expect(walk.totalDistance?.doubleValue(for: .meter()) == 2000)
            let share: Set<HKSampleType> = [
                HKQuantityType(.stepCount), HKCategoryType(.sleepAnalysis), HKObjectType.workoutType(),
                HKQuantityType(.bloodPressureSystolic), HKQuantityType(.bloodPressureDiastolic),
            ]
            try await store.requestAuthorization(toShare: share, read: share)
            try await store.save([steps, night, reading, walk])
            let revision = HKSourceRevision(source: HKSource.default(), version: nil)
            #expect(revision.source.bundleIdentifier == "com.example.spelling")
            let device = HKDevice(
                name: "Watch", manufacturer: "Apple Inc.", model: "Watch", hardwareVersion: "Watch6,1",
                firmwareVersion: nil, softwareVersion: "10.1", localIdentifier: nil, udiDeviceIdentifier: nil)
            #expect(device != HKDevice.local())
            try await store.delete(night)
            let completionDelete: Bool = await withCheckedContinuation { continuation in
                store.delete([walk]) { success, _ in continuation.resume(returning: success) }
            }
            #expect(completionDelete)
        }
    }

    @Test("the store: authorization forms, completion saves, background delivery, preferred units")
    func store() async throws {
        #expect(HKHealthStore.isHealthDataAvailable())
        try await withAppStore { store in
            let stepType = HKQuantityType(.stepCount)
            let granted: Bool = await withCheckedContinuation { continuation in
                store.requestAuthorization(toShare: nil, read: [stepType]) { success, _ in
                    continuation.resume(returning: success)
                }
            }
            #expect(granted)
            #expect(store.authorizationStatus(for: stepType) == .notDetermined)  // asked to read only
            try await store.requestAuthorization(toShare: [stepType], read: [])
            #expect(store.authorizationStatus(for: stepType) == .sharingAuthorized)
            await #expect(throws: HKError(.errorInvalidArgument)) {
                try await store.requestAuthorization(toShare: [], read: [])
            }
            let saved: Bool = await withCheckedContinuation { continuation in
                store.save(TestSupport.steps(10, TestSupport.at(8), TestSupport.at(8, 1))) { success, _ in
                    continuation.resume(returning: success)
                }
            }
            #expect(saved)
            let enabled: Bool = await withCheckedContinuation { continuation in
                store.enableBackgroundDelivery(for: stepType, frequency: .immediate) { success, _ in
                    continuation.resume(returning: success)
                }
            }
            #expect(enabled)
            try await store.disableBackgroundDelivery(for: stepType)
            try await store.disableAllBackgroundDelivery()
            let units = try await store.preferredUnits(for: [stepType, HKQuantityType(.heartRate)])
            #expect(units[stepType] == .count())
            #expect(HKUpdateFrequency.hourly.rawValue == 2)
            #expect(HKAuthorizationStatus.sharingDenied.rawValue == 1)
            let deleted = try await store.deleteObjects(
                of: stepType, predicate: HKQuery.predicateForSamples(withStart: TestSupport.at(0), end: nil))
            #expect(deleted == 1)
        }
    }

    @Test("queries of both generations, with NSCompoundPredicate and sort descriptors")
    func queries() async throws {
        try await withAppStore { store in
            let stepType = HKQuantityType(.stepCount)
            try await store.requestAuthorization(
                toShare: [stepType, HKObjectType.workoutType()], read: [stepType, HKObjectType.workoutType()])
            try await store.save(
                (8...11).map { TestSupport.steps(Double($0), TestSupport.at($0), TestSupport.at($0, 30)) })
            let today = HKQuery.predicateForSamples(
                withStart: TestSupport.at(0), end: TestSupport.at(24), options: .strictStartDate)
            let mine = HKQuery.predicateForObjects(from: [HKSource.default()])
            let compound = NSCompoundPredicate(andPredicateWithSubpredicates: [today, mine])
            let sortByDate = NSSortDescriptor(keyPath: \HKSample.startDate, ascending: false)
            let samples: [HKSample] = try await withCheckedThrowingContinuation { continuation in
                let query = HKSampleQuery(
                    sampleType: stepType, predicate: compound, limit: HKObjectQueryNoLimit,
                    sortDescriptors: [sortByDate]
                ) { _, results, error in
                    if let error {
                        continuation.resume(throwing: error)
                    } else {
                        continuation.resume(returning: results ?? [])
                    }
                }
                store.execute(query)
            }
            guard let quantities = samples as? [HKQuantitySample] else {
                Issue.record("not quantity samples")
                return
            }
            #expect(quantities.map { $0.quantity.doubleValue(for: .count()) } == [11, 10, 9, 8])
            #expect(samples as? [HKWorkout] == nil)
            let typed = try await HKSampleQueryDescriptor(
                predicates: [.quantitySample(type: stepType, predicate: compound)],
                sortDescriptors: [SortDescriptor(\.startDate)], limit: 1
            ).result(for: store)
            #expect(typed.first?.startDate == TestSupport.at(8))
            let sum = try await HKStatisticsQueryDescriptor(
                predicate: HKSamplePredicate.quantitySample(type: stepType, predicate: today), options: .cumulativeSum
            ).result(for: store)
            #expect(sum?.sumQuantity()?.doubleValue(for: .count()) == 38)
            let sources: Set<HKSource> = try await withCheckedThrowingContinuation { continuation in
                store.execute(
                    HKSourceQuery(sampleType: stepType, samplePredicate: nil) { _, sources, error in
                        if let error {
                            continuation.resume(throwing: error)
                        } else {
                            continuation.resume(returning: sources ?? [])
                        }
                    })
            }
            #expect(sources == [HKSource.default()])
            let workouts = try await HKSampleQueryDescriptor(
                predicates: [.workout(HKQuery.predicateForWorkouts(with: .running))], sortDescriptors: []
            ).result(for: store)
            #expect(workouts.isEmpty)
            let summaries: [HKActivitySummary] = try await withCheckedThrowingContinuation { continuation in
                var day = DateComponents(year: 2024, month: 1, day: 15)
                day.calendar = TestSupport.calendar
                store.execute(
                    HKActivitySummaryQuery(predicate: HKQuery.predicateForActivitySummary(with: day)) {
                        _, summaries, error in
                        if let error {
                            continuation.resume(throwing: error)
                        } else {
                            continuation.resume(returning: summaries ?? [])
                        }
                    })
            }
            #expect(summaries.isEmpty)
            let correlations: [HKCorrelation] = try await withCheckedThrowingContinuation { continuation in
                store.execute(
                    HKCorrelationQuery(type: HKCorrelationType(.bloodPressure), predicate: nil, samplePredicates: nil) {
                        _, correlations, error in
                        if let error {
                            continuation.resume(throwing: error)
                        } else {
                            continuation.resume(returning: correlations ?? [])
                        }
                    })
            }
            #expect(correlations.isEmpty)
        }
    }

    @Test("errors: codes, domain and messages")
    func errors() {
        let error = HKError(.errorAuthorizationDenied)
        #expect(error.code == .errorAuthorizationDenied)
        #expect(error.localizedDescription == "Not authorized")
        #expect(HKError.errorDomain == HKErrorDomain)
        #expect((error as NSError).domain == "com.apple.healthkit")
        #expect((error as NSError).code == 4)
        #expect(HKError.Code.errorNoData.rawValue == 11)
        let matched: Bool
        do { throw HKError(.errorNoData) } catch HKError.errorNoData { matched = true } catch { matched = false }
        #expect(matched)
        let options: HKStatisticsOptions = [.cumulativeSum, .separateBySource]
        #expect(options.rawValue == 17)
    }

    @Test("long-running queries and workouts, as app code writes them")
    func longRunningAndWorkouts() async throws {
        try await withAppStore { store in
            let stepType = HKQuantityType(.stepCount)
            let share: Set<HKSampleType> = [
                stepType, .workoutType(), HKSeriesType.workoutRoute(), HKQuantityType(.activeEnergyBurned),
            ]
            try await store.requestAuthorization(toShare: share, read: share)
            let (events, continuation) = AsyncStream<String>.makeStream()
            let observer = HKObserverQuery(sampleType: stepType, predicate: nil) { _, completionHandler, _ in
                continuation.yield("observer")
                completionHandler()
            }
            let anchored = HKAnchoredObjectQuery(
                type: stepType, predicate: nil, anchor: nil, limit: HKObjectQueryNoLimit
            ) {
                _, samples, _, _, _ in continuation.yield("anchored \(samples?.count ?? -1)")
            }
            anchored.updateHandler = { _, samples, _, _, _ in
                continuation.yield("anchored update \(samples?.count ?? -1)")
            }
            let collection = HKStatisticsCollectionQuery(
                quantityType: stepType, quantitySamplePredicate: nil, options: .cumulativeSum,
                anchorDate: TestSupport.midnight, intervalComponents: DateComponents(day: 1))
            collection.initialResultsHandler = { _, results, _ in
                var days = 0
                results?.enumerateStatistics(from: TestSupport.at(0), to: TestSupport.at(0, day: 1)) { _, _ in days += 1
                }
                continuation.yield("collection \(days)")
            }
            collection.statisticsUpdateHandler = { _, _, results, _ in
                let total = results?.statistics(for: TestSupport.at(9))?.sumQuantity()?.doubleValue(for: .count()) ?? 0
                continuation.yield("collection update \(Int(total))")
            }
            var seen: [String] = []
            var iterator = events.makeAsyncIterator()
            store.execute(observer)
            seen.append(await iterator.next() ?? "")
            store.execute(anchored)
            seen.append(await iterator.next() ?? "")
            store.execute(collection)
            seen.append(await iterator.next() ?? "")
            try await store.save(TestSupport.steps(42, TestSupport.at(9), TestSupport.at(9, 10)))
            for _ in 0..<3 { seen.append(await iterator.next() ?? "") }
            #expect(seen.prefix(3) == ["observer", "anchored 0", "collection 2"])
            #expect(Set(seen.suffix(3)) == ["observer", "anchored update 1", "collection update 42"])
            store.stop(observer)
            store.stop(anchored)
            store.stop(collection)

            let anchoredDescriptor = HKAnchoredObjectQueryDescriptor(
                predicates: [.quantitySample(type: stepType)], anchor: nil)
            let firstPage = try await anchoredDescriptor.result(for: store)
            #expect(firstPage.addedSamples.count == 1)
            for try await page in anchoredDescriptor.results(for: store) {
                #expect(page.newAnchor == firstPage.newAnchor)
                break
            }
            let daily = HKStatisticsCollectionQueryDescriptor(
                predicate: .quantitySample(type: stepType), options: .cumulativeSum, anchorDate: TestSupport.midnight,
                intervalComponents: DateComponents(day: 1))
            #expect(try await daily.result(for: store).statistics().count == 1)

            let configuration = HKWorkoutConfiguration()
            configuration.activityType = .running
            configuration.locationType = .outdoor
            let builder = HKWorkoutBuilder(healthStore: store, configuration: configuration, device: .local())
            let began: Bool = await withCheckedContinuation { done in
                builder.beginCollection(withStart: TestSupport.at(6)) { success, _ in done.resume(returning: success) }
            }
            #expect(began)
            try await builder.addSamples([
                HKQuantitySample(
                    type: HKQuantityType(.activeEnergyBurned),
                    quantity: HKQuantity(unit: .kilocalorie(), doubleValue: 250),
                    start: TestSupport.at(6), end: TestSupport.at(6, 30))
            ])
            try await builder.addWorkoutEvents([
                HKWorkoutEvent(
                    type: .segment, dateInterval: DateInterval(start: TestSupport.at(6), duration: 600), metadata: nil)
            ])
            try await builder.addMetadata([HKMetadataKeyIndoorWorkout: false])
            try await builder.addWorkoutActivity(
                HKWorkoutActivity(
                    workoutConfiguration: configuration, start: TestSupport.at(6), end: TestSupport.at(6, 30),
                    metadata: nil))
            try await builder.endCollection(at: TestSupport.at(6, 30))
            guard let run = try await builder.finishWorkout() else {
                Issue.record("no workout")
                return
            }
            #expect(run.totalEnergyBurned?.doubleValue(for: .kilocalorie()) == 250)
            #expect(run.workoutActivities.first?.workoutConfiguration.activityType == .running)
            guard let routeBuilder = builder.seriesBuilder(for: .workoutRoute()) as? HKWorkoutRouteBuilder else {
                Issue.record("no route builder")
                return
            }
            try await routeBuilder.insertRouteData([CLLocation(latitude: 52.52, longitude: 13.405)])
            let route = try await routeBuilder.finishRoute(with: run, metadata: nil)
            #expect(route.count == 1)

            let session = try HKWorkoutSession(healthStore: store, configuration: configuration)
            let live = session.associatedWorkoutBuilder()
            live.dataSource = HKLiveWorkoutDataSource(healthStore: store, workoutConfiguration: configuration)
            #expect(live.dataSource?.typesToCollect.contains(HKQuantityType(.heartRate)) == true)
            session.prepare()
            session.startActivity(with: TestSupport.at(18))
            #expect(session.state == .running)
            session.stopActivity(with: TestSupport.at(18, 30))
            session.end()
            #expect(session.state == .ended)
        }
    }
}
