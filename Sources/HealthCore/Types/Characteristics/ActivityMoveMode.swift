/// What the Move ring measures (`HKActivityMoveMode`), the value of ``CharacteristicTypeIdentifier/activityMoveMode``.
///
/// ```swift
/// ActivityMoveMode.appleMoveTime.rawValue  // 2
/// ActivityMoveMode.appleMoveTime.exportName
/// // "HKActivityMoveModeAppleMoveTime"
/// ```
public enum ActivityMoveMode: Int, ExportNamedValue, Codable {
    /// Active energy in kilocalories. Raw value 1; exported as `HKActivityMoveModeActiveEnergy`.
    case activeEnergy = 1
    /// Move minutes. Raw value 2; exported as `HKActivityMoveModeAppleMoveTime`.
    case appleMoveTime = 2

    /// The symbolic name the Health app export writes for this value.
    public var exportName: String {
        switch self {
        case .activeEnergy: "HKActivityMoveModeActiveEnergy"
        case .appleMoveTime: "HKActivityMoveModeAppleMoveTime"
        }
    }
}
