// The nutrition quantity types of the reference (§1.3).

extension QuantityTypeIdentifier {
    /// Dietary biotin: cumulative, canonical unit `g`, iOS 8.
    public static let dietaryBiotin = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryBiotin")
    /// Dietary caffeine: cumulative, canonical unit `g`, iOS 8.
    public static let dietaryCaffeine = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryCaffeine")
    /// Dietary calcium: cumulative, canonical unit `g`, iOS 8.
    public static let dietaryCalcium = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryCalcium")
    /// Dietary carbohydrates: cumulative, canonical unit `g`, iOS 8.
    public static let dietaryCarbohydrates = QuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierDietaryCarbohydrates")
    /// Dietary chloride: cumulative, canonical unit `g`, iOS 8.
    public static let dietaryChloride = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryChloride")
    /// Dietary cholesterol: cumulative, canonical unit `g`, iOS 8.
    public static let dietaryCholesterol = QuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierDietaryCholesterol")
    /// Dietary chromium: cumulative, canonical unit `g`, iOS 8.
    public static let dietaryChromium = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryChromium")
    /// Dietary copper: cumulative, canonical unit `g`, iOS 8.
    public static let dietaryCopper = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryCopper")
    /// Dietary energy consumed: cumulative, canonical unit `kcal`, iOS 8.
    public static let dietaryEnergyConsumed = QuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierDietaryEnergyConsumed")
    /// Dietary fat monounsaturated: cumulative, canonical unit `g`, iOS 8.
    public static let dietaryFatMonounsaturated = QuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierDietaryFatMonounsaturated")
    /// Dietary fat polyunsaturated: cumulative, canonical unit `g`, iOS 8.
    public static let dietaryFatPolyunsaturated = QuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierDietaryFatPolyunsaturated")
    /// Dietary fat saturated: cumulative, canonical unit `g`, iOS 8.
    public static let dietaryFatSaturated = QuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierDietaryFatSaturated")
    /// Dietary fat total: cumulative, canonical unit `g`, iOS 8.
    public static let dietaryFatTotal = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryFatTotal")
    /// Dietary fiber: cumulative, canonical unit `g`, iOS 8.
    public static let dietaryFiber = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryFiber")
    /// Dietary folate: cumulative, canonical unit `g`, iOS 8.
    public static let dietaryFolate = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryFolate")
    /// Dietary iodine: cumulative, canonical unit `g`, iOS 8.
    public static let dietaryIodine = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryIodine")
    /// Dietary iron: cumulative, canonical unit `g`, iOS 8.
    public static let dietaryIron = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryIron")
    /// Dietary magnesium: cumulative, canonical unit `g`, iOS 8.
    public static let dietaryMagnesium = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryMagnesium")
    /// Dietary manganese: cumulative, canonical unit `g`, iOS 8.
    public static let dietaryManganese = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryManganese")
    /// Dietary molybdenum: cumulative, canonical unit `g`, iOS 8.
    public static let dietaryMolybdenum = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryMolybdenum")
    /// Dietary niacin: cumulative, canonical unit `g`, iOS 8.
    public static let dietaryNiacin = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryNiacin")
    /// Dietary pantothenic acid: cumulative, canonical unit `g`, iOS 8.
    public static let dietaryPantothenicAcid = QuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierDietaryPantothenicAcid")
    /// Dietary phosphorus: cumulative, canonical unit `g`, iOS 8.
    public static let dietaryPhosphorus = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryPhosphorus")
    /// Dietary potassium: cumulative, canonical unit `g`, iOS 8.
    public static let dietaryPotassium = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryPotassium")
    /// Dietary protein: cumulative, canonical unit `g`, iOS 8.
    public static let dietaryProtein = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryProtein")
    /// Dietary riboflavin: cumulative, canonical unit `g`, iOS 8.
    public static let dietaryRiboflavin = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryRiboflavin")
    /// Dietary selenium: cumulative, canonical unit `g`, iOS 8.
    public static let dietarySelenium = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietarySelenium")
    /// Dietary sodium: cumulative, canonical unit `g`, iOS 8.
    public static let dietarySodium = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietarySodium")
    /// Dietary sugar: cumulative, canonical unit `g`, iOS 8.
    public static let dietarySugar = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietarySugar")
    /// Dietary thiamin: cumulative, canonical unit `g`, iOS 8.
    public static let dietaryThiamin = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryThiamin")
    /// Dietary vitamin a: cumulative, canonical unit `g`, iOS 8.
    public static let dietaryVitaminA = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryVitaminA")
    /// Dietary vitamin B12: cumulative, canonical unit `g`, iOS 8.
    public static let dietaryVitaminB12 = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryVitaminB12")
    /// Dietary vitamin B6: cumulative, canonical unit `g`, iOS 8.
    public static let dietaryVitaminB6 = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryVitaminB6")
    /// Dietary vitamin c: cumulative, canonical unit `g`, iOS 8.
    public static let dietaryVitaminC = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryVitaminC")
    /// Dietary vitamin d: cumulative, canonical unit `g`, iOS 8.
    public static let dietaryVitaminD = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryVitaminD")
    /// Dietary vitamin e: cumulative, canonical unit `g`, iOS 8.
    public static let dietaryVitaminE = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryVitaminE")
    /// Dietary vitamin k: cumulative, canonical unit `g`, iOS 8.
    public static let dietaryVitaminK = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryVitaminK")
    /// Dietary water: cumulative, canonical unit `mL`, iOS 9.
    public static let dietaryWater = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryWater")
    /// Dietary zinc: cumulative, canonical unit `g`, iOS 8.
    public static let dietaryZinc = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryZinc")
}
