// Apple's `import HealthKit` brings Foundation into scope; many HealthKit files never import it themselves
// (`Date`, `NSPredicate`, `DispatchQueue`…). OpenHealthKit does the same.
@_exported public import Foundation
