/// One of the named units a ``HealthUnit`` is built from; the raw value is its canonical symbol.
///
/// Internal: the public surface is ``HealthUnit`` and its constructors. The conversion data lives in
/// `BaseUnit+Catalog.swift`.
enum BaseUnit: String, Sendable, Hashable, CaseIterable {
    // SI bases (take a metric prefix).
    case gram = "g"
    case meter = "m"
    case liter = "L"
    case pascal = "Pa"
    case second = "s"
    case joule = "J"
    case kelvin = "K"
    case siemens = "S"
    case hertz = "Hz"
    case mole = "mol"
    case volt = "V"
    case watt = "W"
    case radian = "rad"
    case lux = "lx"
    // Mass.
    case ounce = "oz"
    case pound = "lb"
    case stone = "st"
    // Length.
    case inch = "in"
    case foot = "ft"
    case yard = "yd"
    case mile = "mi"
    // Volume.
    case fluidOunceUS = "fl_oz_us"
    case fluidOunceImperial = "fl_oz_imp"
    case pintUS = "pt_us"
    case pintImperial = "pt_imp"
    case cupUS = "cup_us"
    case cupImperial = "cup_imp"
    // Pressure.
    case millimeterOfMercury = "mmHg"
    case centimeterOfWater = "cmAq"
    case atmosphere = "atm"
    case inchOfMercury = "inHg"
    case decibelSoundPressureLevel = "dBASPL"
    // Hearing.
    case decibelHearingLevel = "dBHL"
    // Time.
    case minute = "min"
    case hour = "hr"
    case day = "d"
    // Energy.
    case smallCalorie = "cal"
    case kilocalorie = "kcal"
    case largeCalorie = "Cal"
    // Temperature.
    case degreeCelsius = "degC"
    case degreeFahrenheit = "degF"
    // Others.
    case internationalUnit = "IU"
    case degreeAngle = "deg"
    case diopter = "D"
    case prismDiopter = "pD"
    case count = "count"
    case percent = "%"
    case appleEffortScore = "appleEffortScore"

    /// Whether the unit takes a ``MetricPrefix`` (SI bases and `mol`).
    var isPrefixable: Bool {
        switch self {
        case .gram, .meter, .liter, .pascal, .second, .joule, .kelvin, .siemens, .hertz, .mole, .volt, .watt,
            .radian, .lux:
            true
        default:
            false
        }
    }

    /// Looks a symbol up, accepting the lower-case liter `l` as an input alias of `L`.
    init?(symbol: String) {
        if symbol == "l" {
            self = .liter
        } else {
            self.init(rawValue: symbol)
        }
    }
}
