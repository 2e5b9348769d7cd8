import Foundation
import HealthCore
import HealthSimulation
import HealthTesting
import Testing

@Suite("Determinism")
struct DeterminismTests {
    @Test("the same seed gives identical output", arguments: Scenario.allCases)
    func sameSeed(scenario: Scenario) {
        #expect(scenario.generate(seed: 7) == scenario.generate(seed: 7))
    }

    @Test("a different seed gives different output", arguments: Scenario.allCases)
    func differentSeed(scenario: Scenario) {
        #expect(scenario.generate(seed: 7) != scenario.generate(seed: 8))
    }

    @Test("every sample carries a source revision and a device; UUIDs are unique", arguments: Scenario.allCases)
    func stamped(scenario: Scenario) {
        let data = scenario.generate(seed: 3)
        #expect(!data.samples.isEmpty)
        #expect(data.samples.allSatisfy { $0.sourceRevision != nil && $0.device != nil })
        #expect(Set(data.samples.map(\.uuid)).count == data.samples.count)
        #expect(data.characteristics == SimulatedPerson.ana.characteristics)
    }

    @Test("sources follow the Apple device conventions")
    func sources() {
        let phone = SimulatedDevice.iPhone.sourceRevision
        let watch = SimulatedDevice.appleWatch.sourceRevision
        #expect(phone.source.name == "Ana’s iPhone")
        #expect(phone.source.isAppleDevice)
        #expect(phone.productType == "iPhone16,2")
        #expect(watch.source.name == "Ana’s Apple Watch")
        #expect(watch.source.bundleIdentifier.hasPrefix("com.apple.health."))
        #expect(UUID(uuidString: String(watch.source.bundleIdentifier.dropFirst("com.apple.health.".count))) != nil)
        #expect(watch.productType == "Watch7,1")
        #expect(!SimulatedDevice.prancerciseTracker.source.isAppleDevice)
    }

    @Test("golden: the first run of seed 42 starts at a fixed local minute")
    func golden() throws {
        let data = Scenario.morningRuns.generate(seed: 42)
        let run = try #require(data.workouts.first)
        let calendar = Fixtures.calendar("Europe/Berlin")
        let parts = calendar.dateComponents([.hour, .minute], from: run.startDate)
        let minutes = try #require(parts.hour) * 60 + (parts.minute ?? 0)
        // Our own mapping of SplitMix64: the first draw is next() % 120 after 06:00.
        var rng = SplitMix64(seed: 42)
        #expect(minutes == 360 + Int(rng.next() % 120))
    }
}
