/// The values of ``CategoryTypeIdentifier/lowCardioFitnessEvent`` (`HKCategoryValueLowCardioFitnessEvent`).
///
/// ```swift
/// CategoryValueLowCardioFitnessEvent.lowFitness.rawValue  // 1
/// CategoryValueLowCardioFitnessEvent.lowFitness.exportName
/// // "HKCategoryValueLowCardioFitnessEventLowFitness"
/// ```
public enum CategoryValueLowCardioFitnessEvent: Int, ExportNamedValue, Codable {
    /// Cardio fitness was low. Raw value 1; exported as `HKCategoryValueLowCardioFitnessEventLowFitness`.
    case lowFitness = 1

    /// The symbolic name the Health app export writes for this value.
    public var exportName: String {
        switch self {
        case .lowFitness: "HKCategoryValueLowCardioFitnessEventLowFitness"
        }
    }
}
