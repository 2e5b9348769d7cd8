import Foundation
import HealthCore

extension MergedSlots {
    /// The storage setting that keeps the slots of a computation between processes (a new engine version
    /// changes the prefix, so slots from an older algorithm are never read).
    static func settingKey(for computation: StatisticsComputation) -> String {
        let order = computation.sourceOrder.bundleIdentifiers.joined(separator: ",")
        return "statistics.slots.v1|\(computation.typeIdentifier.rawValue)|\(computation.options.rawValue)|\(order)"
    }

    private static let magic: UInt32 = 0x4F48_4B53  // "OHKS"

    /// The slots as bytes: magic, anchor, first slot, count, the sums, then one bit per slot for presence.
    func encoded() -> Data {
        var data = Data()
        data.reserveCapacity(28 + sums.count * 8 + sums.count / 8 + 1)
        func append<T: FixedWidthInteger>(_ value: T) {
            withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
        }
        append(Self.magic)
        append(anchor)
        append(Int64(first))
        append(Int64(sums.count))
        for sum in sums { append(sum.bitPattern) }
        var byte: UInt8 = 0
        for (index, flag) in present.enumerated() {
            if flag { byte |= 1 << UInt8(index % 8) }
            if index % 8 == 7 {
                data.append(byte)
                byte = 0
            }
        }
        if present.count % 8 != 0 { data.append(byte) }
        return data
    }

    /// Slots from ``encoded()``, or nil for bytes that are not exactly that (then they are rebuilt).
    init?(encoded data: Data) {
        let decoded: (Int64, Int64, [Double], [Bool])? = data.withUnsafeBytes { raw in
            func integer<T: FixedWidthInteger>(_: T.Type, at offset: Int) -> T {
                T(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: T.self))
            }
            guard raw.count >= 28, integer(UInt32.self, at: 0) == Self.magic else { return nil }
            let anchor = integer(Int64.self, at: 4)
            let first = integer(Int64.self, at: 12)
            let count = integer(Int64.self, at: 20)
            guard count >= 0, count < 1 << 40, abs(first) < 1 << 50 else { return nil }
            let slots = Int(count)
            guard raw.count == 28 + slots * 8 + (slots + 7) / 8 else { return nil }
            let sums = [Double](unsafeUninitializedCapacity: slots) { buffer, initialized in
                for index in 0..<slots {
                    buffer[index] = Double(bitPattern: integer(UInt64.self, at: 28 + index * 8))
                }
                initialized = slots
            }
            let flags = 28 + slots * 8
            let present = [Bool](unsafeUninitializedCapacity: slots) { buffer, initialized in
                for index in 0..<slots {
                    buffer[index] = raw[flags + index / 8] & (1 << UInt8(index % 8)) != 0
                }
                initialized = slots
            }
            return (anchor, first, sums, present)
        }
        guard let (anchor, first, sums, present) = decoded else { return nil }
        self.init(anchor: anchor)
        self.first = Int(first)
        self.sums = sums
        self.present = present
        self.isSaved = true
    }
}
