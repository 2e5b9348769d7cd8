import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The process's open-file limit, which bounds how many connections the server may hold: each is a descriptor,
/// and the stores, the registry and the webhook client need some too.
enum OpenFileLimit {
    /// Descriptors kept for everything but connections.
    static let reserved = 256

    /// The most connections this process can hold: its soft open-file limit less ``reserved`` (at least 64).
    static func connectionCeiling() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1_024 - reserved }
        let soft = limit.rlim_cur == rlim_t.max ? Int.max : Int(clamping: limit.rlim_cur)
        return max(64, soft - reserved)
    }
}
