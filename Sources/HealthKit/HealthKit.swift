// `import HealthKit` on Linux and wherever Apple's framework does not exist: this module re-exports OpenHealthKit,
// which re-exports Foundation as Apple's HealthKit does. A HealthKit file compiles unchanged — `Date`,
// `NSPredicate`, `DispatchQueue` and module-qualified names such as `HealthKit.HKUnit` included. On Apple platforms
// the package does not declare this module (Package.swift), and `import HealthKit` is Apple's framework.
@_exported public import OpenHealthKit
