import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Process-wide resource limits an executable sets once at start (a composition root).
public enum ProcessLimits {
    /// Raises the soft open-file limit to the hard one (as servers commonly do; Debian's default soft limit is
    /// often 1,024), so the server's connection bound, not the descriptor table, decides how many clients it holds.
    ///
    /// - Returns: The soft limit afterwards (nil when it cannot be read).
    @discardableResult
    public static func raiseOpenFileLimit() -> Int? {
        #if canImport(Glibc)
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return nil }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        return limit.rlim_cur == rlim_t.max ? Int.max : Int(clamping: limit.rlim_cur)
        #else
        return nil
        #endif
    }
}
