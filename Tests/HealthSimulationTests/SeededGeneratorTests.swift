import HealthSimulation
import HealthTesting
import Testing

@Suite struct SeededGeneratorTests {
    @Test(arguments: [0, 42, 0xDEAD_BEEF] as [UInt64])
    func sameSequenceAsTheTestsGenerator(seed: UInt64) {
        var seeded = SeededGenerator(seed: seed)
        var reference = SplitMix64(seed: seed)
        let produced = (0..<64).map { _ in seeded.next() }
        let expected = (0..<64).map { _ in reference.next() }
        #expect(produced == expected)
        #expect(Set(produced).count == 64)
    }

    @Test func sameScenarioAsTheTestsGenerator() {
        let calendar = Fixtures.calendar("Europe/Berlin")
        let simulation = Simulation(calendar: calendar)
        let day = Fixtures.date(2024, 1, 15, 12, in: calendar)
        var seeded = SeededGenerator(seed: 7)
        var reference = SplitMix64(seed: 7)
        let first = UUIDSequence()
        let second = UUIDSequence()
        let a = simulation.phoneAndWatchDay(on: day, using: &seeded, makeUUID: first.next)
        let b = simulation.phoneAndWatchDay(on: day, using: &reference, makeUUID: second.next)
        #expect(a == b)
        #expect(!a.samples.isEmpty)
    }
}
