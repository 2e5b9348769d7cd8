import HealthRuntime
import Testing

/// The allocator setting `ohk` applies at start (decision 0014).
@Suite struct ProcessMemoryTests {
    @Test func glibcTakesTheFixedMappingThreshold() {
        #if canImport(Glibc)
        #expect(ProcessMemory.returnLargeBlocksToTheSystem())
        #else
        #expect(!ProcessMemory.returnLargeBlocksToTheSystem())
        #endif
    }
}
