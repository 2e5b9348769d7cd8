/// The user's biological sex (`HKBiologicalSex`), the value of ``CharacteristicTypeIdentifier/biologicalSex``.
///
/// ```swift
/// BiologicalSex.other.rawValue  // 3
/// BiologicalSex.other.exportName
/// // "HKBiologicalSexOther"
/// ```
public enum BiologicalSex: Int, ExportNamedValue, Codable {
    /// Not set. Raw value 0; exported as `HKBiologicalSexNotSet`.
    case notSet = 0
    /// Female. Raw value 1; exported as `HKBiologicalSexFemale`.
    case female = 1
    /// Male. Raw value 2; exported as `HKBiologicalSexMale`.
    case male = 2
    /// Other. Raw value 3; exported as `HKBiologicalSexOther`.
    case other = 3

    /// The symbolic name the Health app export writes for this value.
    public var exportName: String {
        switch self {
        case .notSet: "HKBiologicalSexNotSet"
        case .female: "HKBiologicalSexFemale"
        case .male: "HKBiologicalSexMale"
        case .other: "HKBiologicalSexOther"
        }
    }
}
