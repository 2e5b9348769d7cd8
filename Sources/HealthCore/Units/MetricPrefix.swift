/// A decimal SI prefix that scales an SI base unit or `mol`, with `HKMetricPrefix`'s raw values.
///
/// Prefixes apply only to the SI bases (`g`, `m`, `L`, `Pa`, `s`, `J`, `K`, `S`, `Hz`, `V`, `W`, `rad`, `lx`)
/// and to `mol<M>`. Raw values are HealthKit's, which is why they are not ordered by magnitude.
///
/// ```swift
/// HealthUnit.gramUnit(with: .micro).unitString   // "mcg"
/// MetricPrefix.kilo.rawValue                     // 9
/// ```
public enum MetricPrefix: Int, Sendable, CaseIterable, Hashable, Codable {
    /// No prefix (factor 1).
    case none = 0
    /// pico, `p`, 10⁻¹².
    case pico = 1
    /// nano, `n`, 10⁻⁹.
    case nano = 2
    /// micro, `mc` (HealthKit's spelling; `µ` is accepted on input), 10⁻⁶.
    case micro = 3
    /// milli, `m`, 10⁻³.
    case milli = 4
    /// centi, `c`, 10⁻².
    case centi = 5
    /// deci, `d`, 10⁻¹.
    case deci = 6
    /// deca, `da`, 10¹.
    case deca = 7
    /// hecto, `h`, 10².
    case hecto = 8
    /// kilo, `k`, 10³.
    case kilo = 9
    /// mega, `M`, 10⁶.
    case mega = 10
    /// giga, `G`, 10⁹.
    case giga = 11
    /// tera, `T`, 10¹².
    case tera = 12
    /// femto, `f`, 10⁻¹⁵.
    case femto = 13

    /// The symbol written in front of the base unit, e.g. `"k"` for kilo, `"mc"` for micro, `""` for none.
    public var symbol: String {
        switch self {
        case .none: ""
        case .pico: "p"
        case .nano: "n"
        case .micro: "mc"
        case .milli: "m"
        case .centi: "c"
        case .deci: "d"
        case .deca: "da"
        case .hecto: "h"
        case .kilo: "k"
        case .mega: "M"
        case .giga: "G"
        case .tera: "T"
        case .femto: "f"
        }
    }

    /// The decimal exponent of the prefix's factor: `3` for kilo, `-6` for micro, `0` for none.
    public var powerOfTen: Int {
        switch self {
        case .none: 0
        case .pico: -12
        case .nano: -9
        case .micro: -6
        case .milli: -3
        case .centi: -2
        case .deci: -1
        case .deca: 1
        case .hecto: 2
        case .kilo: 3
        case .mega: 6
        case .giga: 9
        case .tera: 12
        case .femto: -15
        }
    }
}
