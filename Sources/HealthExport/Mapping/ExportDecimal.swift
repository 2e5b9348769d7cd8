/// The number in a record's `value` attribute, parsed as `Double(text)` parses it, with a fast path for the plain
/// decimals the Health app writes (`72`, `0.529`, `-3.25`).
///
/// The fast path is Clinger's: when the digits, read as an integer, are at most 2^53 and there are at most 22 of
/// them after the point, both that integer and the power of ten are exact doubles, and one IEEE division rounds
/// their quotient correctly, so the result is the same double `strtod` gives, bit for bit (the content key hashes
/// the value's bits, so imported UUIDs do not move). Anything else (an exponent, a sign `+`, more digits, `nan`,
/// spaces) goes through `Double(text)`.
enum ExportDecimal {
    /// Powers of ten that are exact doubles: 10^0 … 10^22.
    private static let exactPowers: [Double] = (0...22).map { exponent in
        var power = 1.0
        for _ in 0..<exponent { power *= 10 }
        return power
    }

    /// The number `text` holds, or nil when it is not one (as `Double(text)`).
    static func parse(_ text: String) -> Double? {
        let fast = text.utf8.withContiguousStorageIfAvailable { fastPath($0) } ?? nil
        return fast ?? Double(text)
    }

    /// The fast path's result, or nil when the text is not a plain decimal it takes.
    static func fastPath(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var index = 0
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { index = 1 }
        var mantissa: UInt64 = 0
        var digits = 0
        var integerDigits = 0
        var fractionDigits = 0
        var seenPoint = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ".") {
                guard !seenPoint, integerDigits > 0 else { return nil }
                seenPoint = true
            } else {
                let digit = byte &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                digits += 1
                // 19 digits always fit in a UInt64; the limit below is checked once at the end.
                guard digits <= 19 else { return nil }
                mantissa = mantissa &* 10 &+ UInt64(digit)
                if seenPoint { fractionDigits += 1 } else { integerDigits += 1 }
            }
            index += 1
        }
        guard integerDigits > 0, !seenPoint || fractionDigits > 0, fractionDigits <= 22,
            mantissa <= 1 << 53
        else { return nil }
        let magnitude = Double(mantissa) / exactPowers[fractionDigits]
        return negative ? -magnitude : magnitude
    }
}
