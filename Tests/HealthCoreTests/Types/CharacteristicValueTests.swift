import HealthCore
import Testing

@Suite("Characteristic values and identifiers (§1.5)")
struct CharacteristicValueTests {
    @Test("raw values")
    func rawValues() {
        #expect(BiologicalSex.allCases.map(\.rawValue) == [0, 1, 2, 3])
        #expect(BloodType.allCases.map(\.rawValue) == Array(0...8))
        #expect(BloodType.abNegative.rawValue == 6)
        #expect(BloodType.oNegative.rawValue == 8)
        #expect(FitzpatrickSkinType.allCases.map(\.rawValue) == Array(0...6))
        #expect(FitzpatrickSkinType.VI.rawValue == 6)
        #expect(WheelchairUse.allCases.map(\.rawValue) == [0, 1, 2])
        #expect(ActivityMoveMode.allCases.map(\.rawValue) == [1, 2])
    }

    @Test("export names")
    func exportNames() {
        #expect(BiologicalSex.female.exportName == "HKBiologicalSexFemale")
        #expect(BiologicalSex.notSet.exportName == "HKBiologicalSexNotSet")
        #expect(BloodType.aPositive.exportName == "HKBloodTypeAPositive")
        #expect(BloodType.abNegative.exportName == "HKBloodTypeABNegative")
        #expect(BloodType.notSet.exportName == "HKBloodTypeNotSet")
        #expect(FitzpatrickSkinType.I.exportName == "HKFitzpatrickSkinTypeI")
        #expect(FitzpatrickSkinType.IV.exportName == "HKFitzpatrickSkinTypeIV")
        #expect(WheelchairUse.yes.exportName == "HKWheelchairUseYes")
        #expect(ActivityMoveMode.appleMoveTime.exportName == "HKActivityMoveModeAppleMoveTime")
        #expect(BloodType(exportName: "HKBloodTypeONegative") == .oNegative)
        #expect(BiologicalSex(exportName: "HKBiologicalSexUnknown") == nil)
    }

    @Test("every value round-trips through its export name")
    func roundTrip() {
        func check<Value: ExportNamedValue>(_: Value.Type) {
            for value in Value.allCases {
                #expect(Value(exportName: value.exportName) == value)
            }
        }
        check(BiologicalSex.self)
        check(BloodType.self)
        check(FitzpatrickSkinType.self)
        check(WheelchairUse.self)
        check(ActivityMoveMode.self)
    }

    @Test("characteristic and correlation identifiers")
    func identifiers() {
        #expect(CharacteristicTypeIdentifier.dateOfBirth.rawValue == "HKCharacteristicTypeIdentifierDateOfBirth")
        #expect(CharacteristicTypeIdentifier.allKnown.count == 7)
        #expect(CorrelationTypeIdentifier.bloodPressure.rawValue == "HKCorrelationTypeIdentifierBloodPressure")
        #expect(CorrelationTypeIdentifier.food.rawValue == "HKCorrelationTypeIdentifierFood")
        #expect(DocumentTypeIdentifier.cda.rawValue == "HKDocumentTypeIdentifierCDA")
    }
}
