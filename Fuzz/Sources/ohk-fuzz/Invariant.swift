import Foundation

/// Aborts with `message` on stderr when `condition` is false, so libFuzzer saves the input as a crash.
func invariant(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if condition() { return }
    FileHandle.standardError.write(Data("ohk-fuzz: invariant failed: \(message())\n".utf8))
    abort()
}
