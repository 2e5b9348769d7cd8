/// The values of ``CategoryTypeIdentifier/contraceptive`` (`HKCategoryValueContraceptive`).
///
/// ```swift
/// CategoryValueContraceptive.patch.rawValue  // 7
/// CategoryValueContraceptive.patch.exportName
/// // "HKCategoryValueContraceptivePatch"
/// ```
public enum CategoryValueContraceptive: Int, ExportNamedValue, Codable {
    /// Unspecified method. Raw value 1; exported as `HKCategoryValueContraceptiveUnspecified`.
    case unspecified = 1
    /// Implant. Raw value 2; exported as `HKCategoryValueContraceptiveImplant`.
    case implant = 2
    /// Injection. Raw value 3; exported as `HKCategoryValueContraceptiveInjection`.
    case injection = 3
    /// Intrauterine device. Raw value 4; exported as `HKCategoryValueContraceptiveIntrauterineDevice`.
    case intrauterineDevice = 4
    /// Intravaginal ring. Raw value 5; exported as `HKCategoryValueContraceptiveIntravaginalRing`.
    case intravaginalRing = 5
    /// Oral. Raw value 6; exported as `HKCategoryValueContraceptiveOral`.
    case oral = 6
    /// Patch. Raw value 7; exported as `HKCategoryValueContraceptivePatch`.
    case patch = 7

    /// The symbolic name the Health app export writes for this value.
    public var exportName: String {
        switch self {
        case .unspecified: "HKCategoryValueContraceptiveUnspecified"
        case .implant: "HKCategoryValueContraceptiveImplant"
        case .injection: "HKCategoryValueContraceptiveInjection"
        case .intrauterineDevice: "HKCategoryValueContraceptiveIntrauterineDevice"
        case .intravaginalRing: "HKCategoryValueContraceptiveIntravaginalRing"
        case .oral: "HKCategoryValueContraceptiveOral"
        case .patch: "HKCategoryValueContraceptivePatch"
        }
    }
}
