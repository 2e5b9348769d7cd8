/// Where a string's UTF-8 bytes are: equal addresses mean one shared storage (one reference count to update),
/// different ones separate copies. Nil for a string without contiguous UTF-8 (a bridged one). Tests of what the
/// import's threads share use it.
public func utf8Storage(of string: String) -> UnsafeRawPointer? {
    string.utf8.withContiguousStorageIfAvailable { UnsafeRawPointer($0.baseAddress) } ?? nil
}
