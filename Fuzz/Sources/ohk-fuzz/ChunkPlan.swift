/// How an input's body is cut into chunks, chosen by its first byte so that libFuzzer explores chunk boundaries.
///
/// Header `0xxxxxxx`: chunks of a fixed size, 1–128 bytes. Header `1sssslll`: chunks of varying sizes,
/// 1…(2 << lll) bytes, drawn from a small generator seeded with the header. The batch size for the parser
/// (1–8 items) comes from the header too, so batch boundaries move with it.
struct ChunkPlan {
    /// The chunks' ranges in the body, in order, covering it exactly.
    let ranges: [Range<Int>]
    /// The chunk size when every chunk has the same size (the last may be shorter), else nil.
    let fixedSize: Int?
    /// Items per parser batch.
    let batchSize: Int

    init(header: UInt8, count: Int) {
        var ranges: [Range<Int>] = []
        var start = 0
        if header & 0x80 == 0 {
            let size = Int(header) + 1
            fixedSize = size
            while start < count {
                ranges.append(start..<min(count, start + size))
                start += size
            }
        } else {
            fixedSize = nil
            let limit = 2 << Int(header & 0x07)
            var state = UInt32(header) &* 0x9E37_79B9 | 1
            while start < count {
                state ^= state << 13
                state ^= state >> 17
                state ^= state << 5
                let size = 1 + Int(state % UInt32(limit))
                ranges.append(start..<min(count, start + size))
                start += size
            }
        }
        self.ranges = ranges
        self.batchSize = 1 + Int((header >> 3) & 0x07)
    }
}
