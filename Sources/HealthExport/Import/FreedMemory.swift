#if canImport(Glibc)
/// glibc's `int malloc_trim(size_t pad)` (malloc.h, which the Glibc module does not export).
@_silgen_name("malloc_trim")
private func glibcMallocTrim(_ pad: Int) -> Int32
#endif

/// Hands the C allocator's free pages back to the system between an import's phases.
///
/// The parsing task allocates each sample's small parts (strings, metadata, boxes) in its thread's heap and the
/// writing task frees them; glibc keeps those freed pages for reuse, so after the pipeline about 20 MiB of a
/// five-million-record import's resident memory was free space nobody would use again, carried through the
/// commit and the statistics (BENCHMARKS.md, "An import's memory between its phases"). Releasing it costs
/// milliseconds. Large blocks already go back when freed (`ProcessMemory` in HealthRuntime, decision 0014);
/// this is the rest. It changes no allocator setting, so a library may call it (decision 0016).
enum FreedMemory {
    /// Returns whole free pages of every allocator heap to the system (`malloc_trim(0)`); nothing elsewhere.
    static func release() {
        #if canImport(Glibc)
        _ = glibcMallocTrim(0)
        #endif
    }
}
