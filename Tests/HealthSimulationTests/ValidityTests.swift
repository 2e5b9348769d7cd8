import Foundation
import HealthCore
import HealthSimulation
import HealthTesting
import Testing

@Suite("Validity")
struct ValidityTests {
    @Test(
        "everything passes SampleValidator", arguments: Scenario.allCases,
        [UInt64(1), 2, 42, 0xDEAD_BEEF, UInt64.max])
    func valid(scenario: Scenario, seed: UInt64) throws {
        let data = scenario.generate(seed: seed, timeZone: seed % 2 == 0 ? "Europe/Berlin" : "America/Los_Angeles")
        do {
            try SampleValidator.validate(data.samples)
        } catch {
            Issue.record("\(scenario) seed \(seed): \(error)")
        }
    }
}
