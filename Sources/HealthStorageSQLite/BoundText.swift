/// A string's UTF-8 bytes in memory of its own, bound to a statement without SQLite copying them
/// (`SQLITE_STATIC`).
///
/// The writer keeps one per distinct unit (``LastRow``), so a run of rows binds the same
/// bytes again instead of SQLite allocating and freeing a copy of each text per row. Whoever binds one keeps it
/// alive until the statement has stepped and its bindings are cleared (``DirectStatement/run()``).
final class BoundText {
    let bytes: UnsafeMutableBufferPointer<UInt8>
    /// The number of bytes (the buffer has at least one, so its address is never nil).
    let count: Int

    init(_ string: String) {
        let utf8 = string.utf8
        bytes = .allocate(capacity: max(1, utf8.count))
        _ = bytes.initialize(from: utf8)
        count = utf8.count
    }

    deinit {
        bytes.deallocate()
    }
}
