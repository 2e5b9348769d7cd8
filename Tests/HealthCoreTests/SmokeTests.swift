import HealthCore
import HealthTesting
import Testing

@Test func packageBuilds() {
    #expect(HealthTestingVersion.coreVersion == HealthCoreVersion.string)
}
