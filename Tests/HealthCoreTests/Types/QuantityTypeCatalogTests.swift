import HealthCore
import Testing

@Suite("Quantity type catalog against reference §1.3")
struct QuantityTypeCatalogTests {
    static let styles: [String: AggregationStyle] = [
        "C": .cumulative, "DA": .discreteArithmetic, "DTW": .discreteTemporallyWeighted,
        "DECL": .discreteEquivalentContinuousLevel,
    ]

    @Test("every reference row is in the catalog with its style, unit and version")
    func everyRowPresent() throws {
        for row in ReferenceQuantityTable.rows {
            let identifier = QuantityTypeIdentifier("HKQuantityTypeIdentifier" + row.short)
            let description = try #require(identifier.typeDescription, "missing \(row.short)")
            #expect(description.identifier == identifier)
            #expect(description.aggregationStyle == Self.styles[row.style], "style of \(row.short)")
            #expect(description.canonicalUnitString == row.unit, "unit of \(row.short)")
            #expect(description.canonicalUnit == (try HealthUnit(from: row.unit)), "parsed unit of \(row.short)")
            #expect(QuantityTypeCatalog.canonicalUnits.contains(description.canonicalUnit))
            #expect(description.introducedIn == row.iOS, "version of \(row.short)")
        }
    }

    @Test("the catalog has no entry the reference lacks, and no duplicates")
    func noExtraEntries() {
        let reference = Set(ReferenceQuantityTable.rows.map { "HKQuantityTypeIdentifier" + $0.short })
        let catalog = QuantityTypeCatalog.all.map(\.identifier.rawValue)
        #expect(Set(catalog) == reference)
        #expect(catalog.count == Set(catalog).count)
        #expect(ReferenceQuantityTable.rows.count == 120)
    }

    @Test("nutrition types are cumulative in g, kcal or mL")
    func nutrition() {
        let nutrition = QuantityTypeCatalog.types(in: .nutrition)
        #expect(nutrition.count == 39)
        for description in nutrition {
            #expect(description.identifier.rawValue.hasPrefix("HKQuantityTypeIdentifierDietary"))
            #expect(description.aggregationStyle == .cumulative)
            #expect(!description.allowsNegativeValues)
        }
        #expect(QuantityTypeIdentifier.dietaryEnergyConsumed.typeDescription?.canonicalUnitString == "kcal")
        #expect(QuantityTypeIdentifier.dietaryWater.typeDescription?.canonicalUnitString == "mL")
        #expect(QuantityTypeIdentifier.dietaryWater.typeDescription?.introducedIn == "9")
        #expect(QuantityTypeIdentifier.dietaryProtein.typeDescription?.canonicalUnitString == "g")
        let units = Set(nutrition.map(\.canonicalUnitString))
        #expect(units == ["g", "kcal", "mL"])
    }

    @Test("static lets carry HealthKit's identifier strings")
    func staticLets() {
        #expect(QuantityTypeIdentifier.stepCount.rawValue == "HKQuantityTypeIdentifierStepCount")
        #expect(QuantityTypeIdentifier.vo2Max.rawValue == "HKQuantityTypeIdentifierVO2Max")
        #expect(QuantityTypeIdentifier.uvExposure.rawValue == "HKQuantityTypeIdentifierUVExposure")
        #expect(
            QuantityTypeIdentifier.heartRateVariabilitySDNN.rawValue
                == "HKQuantityTypeIdentifierHeartRateVariabilitySDNN")
        #expect(
            QuantityTypeIdentifier.forcedExpiratoryVolume1.rawValue == "HKQuantityTypeIdentifierForcedExpiratoryVolume1"
        )
        #expect(QuantityTypeIdentifier.dietaryVitaminB12.rawValue == "HKQuantityTypeIdentifierDietaryVitaminB12")
        #expect(QuantityTypeIdentifier.physicalEffort.typeDescription?.canonicalUnitString == "kcal/(kg*hr)")
        #expect(QuantityTypeIdentifier.vo2Max.typeDescription?.canonicalUnitString == "ml/(kg*min)")
    }

    @Test("allowed statistics follow the aggregation style")
    func allowedStatistics() {
        for description in QuantityTypeCatalog.all {
            #expect(description.allowedStatistics == StatisticsOptions.allowed(for: description.aggregationStyle))
        }
        #expect(QuantityTypeIdentifier.stepCount.typeDescription?.allowedStatistics.contains(.cumulativeSum) == true)
        #expect(QuantityTypeIdentifier.heartRate.typeDescription?.allowedStatistics.contains(.discreteAverage) == true)
    }

    @Test("only step count has a maximum duration: 345,600 s")
    func maximumDurations() {
        #expect(QuantityTypeIdentifier.stepCount.typeDescription?.maximumDuration == 345_600)
        let limited = QuantityTypeCatalog.all.filter { $0.maximumDuration != nil }.map(\.identifier)
        #expect(limited == [.stepCount])
    }

    @Test("negative values: never for cumulative types, only for degC and dBASPL types")
    func negativeValues() {
        for description in QuantityTypeCatalog.all {
            let expected = ["degC", "dBASPL"].contains(description.canonicalUnitString)
            #expect(description.allowsNegativeValues == expected, "\(description.identifier)")
            if description.aggregationStyle == .cumulative {
                #expect(!description.allowsNegativeValues)
            }
        }
        #expect(QuantityTypeIdentifier.bodyTemperature.typeDescription?.allowsNegativeValues == true)
        #expect(QuantityTypeIdentifier.bodyMass.typeDescription?.allowsNegativeValues == false)
    }

    @Test("Apple-computed types include the reference list")
    func appleComputed() {
        let computed = Set(QuantityTypeCatalog.all.filter(\.isAppleComputed).map(\.identifier))
        let referenceList: Set<QuantityTypeIdentifier> = [
            .appleExerciseTime, .appleStandTime, .appleMoveTime, .walkingHeartRateAverage,
            .appleSleepingWristTemperature, .appleWalkingSteadiness, .atrialFibrillationBurden,
        ]
        #expect(computed.isSuperset(of: referenceList))
        #expect(computed == referenceList.union([.estimatedWorkoutEffortScore, .appleSleepingBreathingDisturbances]))
        #expect(QuantityTypeIdentifier.workoutEffortScore.typeDescription?.isAppleComputed == false)
        #expect(QuantityTypeIdentifier.stepCount.typeDescription?.isAppleComputed == false)
    }

    @Test("groups follow the reference headings")
    func groups() {
        #expect(QuantityTypeIdentifier.heartRate.typeDescription?.group == .heart)
        #expect(QuantityTypeIdentifier.stepCount.typeDescription?.group == .fitness)
        #expect(QuantityTypeIdentifier.bloodGlucose.typeDescription?.group == .vitalSigns)
        #expect(QuantityTypeIdentifier.environmentalAudioExposure.typeDescription?.group == .hearing)
        let counts = QuantityTypeGroup.allCases.map { QuantityTypeCatalog.types(in: $0).count }
        #expect(counts == [8, 32, 8, 11, 3, 7, 12, 39])
    }

    @Test("an unknown identifier has no description")
    func unknown() {
        #expect(QuantityTypeIdentifier("HKQuantityTypeIdentifierFromTheFuture").typeDescription == nil)
    }

    @Test("a custom description defaults its statistics from the style")
    func customDescription() {
        let custom = QuantityTypeDescription(
            identifier: QuantityTypeIdentifier("HKQuantityTypeIdentifierFromTheFuture"),
            aggregationStyle: .discreteArithmetic,
            canonicalUnit: .count(),
            group: .vitalSigns
        )
        #expect(custom.canonicalUnitString == "count")
        #expect(custom.allowedStatistics == StatisticsOptions.allowed(for: .discreteArithmetic))
        #expect(custom.maximumDuration == nil)
        #expect(custom.introducedIn == nil)
    }
}
