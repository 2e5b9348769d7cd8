/// Checks a request body before it is decoded: nesting depth and string lengths within limits, so a hostile body
/// is an ``InputError`` naming the limit and the byte offset, not a deep recursion or a huge allocation.
public enum JSONBodyShape {
    /// - Throws: ``InputError`` naming the limit and the byte offset.
    public static func check(_ bytes: some Collection<UInt8>, maxDepth: Int, maxString: Int) throws(InputError) {
        // One loop over contiguous memory: generic iteration across modules went byte by byte through a witness
        // table and was a quarter of the server's time on a phone's backfill (decision 0032).
        let contiguous = bytes.withContiguousStorageIfAvailable { buffer in
            Self.scan(buffer, maxDepth: maxDepth, maxString: maxString)
        }
        let problem =
            contiguous
            ?? Array(bytes).withUnsafeBufferPointer { buffer in
                Self.scan(buffer, maxDepth: maxDepth, maxString: maxString)
            }
        if let problem { throw problem }
    }

    /// The check over one buffer: nil when it holds, else the problem.
    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int, maxString: Int) -> InputError? {
        var depth = 0
        var inString = false
        var escaped = false
        var stringLength = 0
        var offset = 0
        while offset < bytes.count {
            let byte = bytes[offset]
            offset += 1
            if inString {
                if escaped {
                    escaped = false
                } else if byte == 0x5C {
                    escaped = true
                } else if byte == 0x22 {
                    inString = false
                    continue
                }
                stringLength += 1
                if stringLength > maxString {
                    return InputError("a string in the body is longer than \(maxString) bytes (at byte \(offset - 1))")
                }
                continue
            }
            switch byte {
            case 0x22:
                inString = true
                stringLength = 0
            case 0x5B, 0x7B:
                depth += 1
                if depth > maxDepth {
                    return InputError("the body is nested deeper than \(maxDepth) levels (at byte \(offset - 1))")
                }
            case 0x5D, 0x7D:
                depth -= 1
            default:
                break
            }
        }
        return nil
    }
}
