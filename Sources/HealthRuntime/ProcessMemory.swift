import HealthStorageSQLite

#if canImport(Glibc)
/// glibc's `int mallopt(int param, int value)` (malloc.h, which the Glibc module does not export).
@_silgen_name("mallopt")
private func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32

/// malloc.h's `M_MMAP_THRESHOLD`.
private let mmapThresholdParameter: Int32 = -3
#endif

/// Process-wide settings of the C allocator and of SQLite's, applied once by an executable's `main` (a composition
/// root).
public enum ProcessMemory {
    /// The size from which glibc's `malloc` maps a block of its own and unmaps it when freed: 256 KiB.
    public static let mappedBlockThreshold: Int32 = 256 << 10

    /// Makes large blocks come from, and go back to, the system: an import's batch arrays (about a megabyte
    /// each) are freed on one thread after being filled on another, and glibc's default raises its mapping
    /// threshold after the first such free, so later batches land in per-thread heaps that keep the freed space.
    /// Fixing the threshold kept a five-million-record import 18 MiB lower (82 against 100 MiB peak) in the
    /// same time, within the machine's noise (docs/decisions/0014-fixed-mmap-threshold.md, BENCHMARKS.md).
    ///
    /// - Returns: Whether the allocator took the setting (always false where the C library is not glibc).
    @discardableResult
    public static func returnLargeBlocksToTheSystem() -> Bool {
        #if canImport(Glibc)
        return glibcMallopt(mmapThresholdParameter, mappedBlockThreshold) == 1
        #else
        return false
        #endif
    }

    /// Stops SQLite counting the memory it allocates, which it does under one global lock per allocation and free:
    /// the medium import's writing stage took 0.91× the time without (decision 0017). Call it before the process
    /// opens its first store; SQLite refuses it afterwards.
    ///
    /// - Returns: Whether SQLite took the setting (false once SQLite is initialized).
    @discardableResult
    public static func stopCountingSQLiteMemory() -> Bool {
        SQLiteProcessSettings.turnOffMemoryStatistics()
    }
}
