import HealthSimulation
import Testing

@Suite struct SplitMix64Tests {
    @Test("seed 0 gives SplitMix64's published sequence, so a seed means the same data on every platform")
    func publishedSequence() {
        var rng = SplitMix64(seed: 0)
        #expect(rng.next() == 0xE220_A839_7B1D_CDAF)
        #expect(rng.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(rng.next() == 0x06C4_5D18_8009_454F)
    }

    @Test(arguments: [0, 42, 0xDEAD_BEEF] as [UInt64])
    func mappedValuesStayInRange(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        for _ in 0..<1_000 {
            let unit = rng.nextUnit()
            #expect(unit >= 0 && unit < 1)
            #expect((-3...3).contains(rng.nextInt(in: -3...3)))
        }
        var produced = SplitMix64(seed: seed)
        #expect(Set((0..<64).map { _ in produced.next() }).count == 64)
    }
}
