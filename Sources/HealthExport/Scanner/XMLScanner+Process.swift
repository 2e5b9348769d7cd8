// The scanning loop: markup dispatch, skipped constructs, start and end tags.

import Foundation

private let lt = UInt8(ascii: "<")
private let gt = UInt8(ascii: ">")
private let slash = UInt8(ascii: "/")
private let equals = UInt8(ascii: "=")
private let newline = UInt8(ascii: "\n")
private let doubleQuote = UInt8(ascii: "\"")
private let singleQuote = UInt8(ascii: "'")
private let ampersand = UInt8(ascii: "&")

/// Whether a byte is XML whitespace.
@inline(__always) private func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
}

/// Whether a byte may be part of a name (lenient: anything but whitespace, markup and quotes).
@inline(__always) private func isNameByte(_ byte: UInt8) -> Bool {
    byte > 0x20 && byte != lt && byte != gt && byte != slash && byte != equals && byte != doubleQuote
        && byte != singleQuote && byte != 0x7F
}

/// Whether a byte may start an element name: a letter, `_`, `:` or a non-ASCII byte.
@inline(__always) private func isNameStart(_ byte: UInt8) -> Bool {
    (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte == UInt8(ascii: "_")
        || byte == UInt8(ascii: ":") || byte >= 0x80
}

/// The index of the first `byte` in `p[from..<to]`, or nil: the C library's `memchr`, which reads many bytes per
/// step (an attribute value is most of a record's bytes).
@inline(__always) private func firstByte(_ byte: UInt8, in p: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int? {
    guard from < to, let start = p.baseAddress, let hit = memchr(start + from, Int32(byte), to - from) else {
        return nil
    }
    return start.distance(to: hit.assumingMemoryBound(to: UInt8.self))
}

/// The result of one construct: consumed up to an index, or the buffer ended inside it.
private enum Step {
    case done(Int)
    case needMore
}

extension XMLScanner {
    /// Scans `p` (the bytes of `data`) and returns how many bytes were consumed.
    mutating func process(
        _ p: UnsafeBufferPointer<UInt8>, _ data: [UInt8], final: Bool, _ handler: Handler
    ) throws(ExportError) -> Int {
        let n = p.count
        var i = 0
        if base == 0, n >= 1, p[0] == 0xEF, n < 2 || p[1] == 0xBB, n < 3 || p[2] == 0xBF {
            // A byte-order mark, or the start of one that the next chunk completes.
            if n >= 3 {
                i = 3
            } else if !final {
                return 0
            }
        }
        while i < n {
            if p[i] != lt {
                let b = p[i]
                if b == newline {
                    line += 1
                    lineStart = base + i + 1
                } else if !isSpace(b), stackEnds.isEmpty {
                    throw strayText(at: base + i)
                }
                i += 1
                continue
            }
            guard i + 1 < n else {
                if final { throw error(.truncated, "the document ends inside a tag", at: base + i) }
                return i
            }
            let step: Step
            switch p[i + 1] {
            case UInt8(ascii: "?"): step = skip(p, from: i + 2, until: "?>")
            case UInt8(ascii: "!"): step = try declaration(p, at: i, final: final)
            case slash: step = try endTag(p, data, at: i, handler)
            default: step = try startTag(p, data, at: i, handler)
            }
            switch step {
            case .done(let next):
                sawMarkup = true
                i = next
            case .needMore:
                if final { throw error(.truncated, "the document ends inside a tag", at: base + i) }
                return i
            }
        }
        return i
    }

    private func strayText(at offset: Int) -> ExportError {
        if rootClosed { return error(.contentAfterRoot, "text after the root element", at: offset) }
        if !sawMarkup { return error(.notXML, "the document does not start with markup", at: offset) }
        return error(.notXML, "text outside the root element", at: offset)
    }

    /// Counts line breaks in `p[from..<to]` and moves the line counters.
    private mutating func countLines(_ p: UnsafeBufferPointer<UInt8>, from: Int, to: Int) {
        var index = from
        while index < to {
            if p[index] == newline {
                line += 1
                lineStart = base + index + 1
            }
            index += 1
        }
    }

    /// Skips to just after `terminator`.
    private mutating func skip(_ p: UnsafeBufferPointer<UInt8>, from: Int, until terminator: StaticString) -> Step {
        guard let end = find(p, from: from, terminator) else { return .needMore }
        countLines(p, from: from, to: end)
        return .done(end + terminator.utf8CodeUnitCount)
    }

    private func find(_ p: UnsafeBufferPointer<UInt8>, from: Int, _ literal: StaticString) -> Int? {
        let count = literal.utf8CodeUnitCount
        return literal.withUTF8Buffer { needle -> Int? in
            var index = from
            let first = needle[0]
            while index + count <= p.count {
                if p[index] == first {
                    var matched = 1
                    while matched < count, p[index + matched] == needle[matched] { matched += 1 }
                    if matched == count { return index }
                }
                index += 1
            }
            return nil
        }
    }

    /// Whether `literal` is at `index`: true, false, or nil when the buffer ends before it can be decided.
    private func hasPrefix(_ p: UnsafeBufferPointer<UInt8>, at index: Int, _ literal: StaticString) -> Bool? {
        literal.withUTF8Buffer { needle -> Bool? in
            for offset in 0..<needle.count {
                guard index + offset < p.count else { return nil }
                if p[index + offset] != needle[offset] { return false }
            }
            return true
        }
    }

    /// `<!--`, `<![CDATA[`, `<!DOCTYPE` or another `<!…>` declaration.
    private mutating func declaration(
        _ p: UnsafeBufferPointer<UInt8>, at i: Int, final: Bool
    ) throws(ExportError)
        -> Step
    {
        switch hasPrefix(p, at: i, "<!--") {
        case .none: return .needMore
        case .some(true): return skip(p, from: i + 4, until: "-->")
        case .some(false): break
        }
        switch hasPrefix(p, at: i, "<![CDATA[") {
        case .none: return .needMore
        case .some(true): return skip(p, from: i + 9, until: "]]>")
        case .some(false): break
        }
        switch hasPrefix(p, at: i, "<!DOCTYPE") {
        case .none: return .needMore
        case .some(true): return doctype(p, from: i + 9)
        case .some(false): return skip(p, from: i + 2, until: ">")
        }
    }

    /// Skips a document type declaration and its internal subset without interpreting it.
    private mutating func doctype(_ p: UnsafeBufferPointer<UInt8>, from start: Int) -> Step {
        var j = start
        let n = p.count
        while j < n, p[j] != UInt8(ascii: "["), p[j] != gt { j += 1 }
        guard j < n else { return .needMore }
        if p[j] == gt {
            countLines(p, from: start, to: j)
            return .done(j + 1)
        }
        j += 1
        while j < n {
            let b = p[j]
            if b == lt, hasPrefix(p, at: j, "<!--") != false {
                guard let end = find(p, from: j + 4, "-->") else { return .needMore }
                j = end + 3
                continue
            }
            if b == UInt8(ascii: "]") {
                var k = j + 1
                while k < n, isSpace(p[k]) { k += 1 }
                guard k < n else { return .needMore }
                if p[k] == gt {
                    countLines(p, from: start, to: k)
                    return .done(k + 1)
                }
            }
            j += 1
        }
        return .needMore
    }

    private mutating func startTag(
        _ p: UnsafeBufferPointer<UInt8>, _ data: [UInt8], at start: Int, _ handler: Handler
    ) throws(ExportError) -> Step {
        let n = p.count
        let tagLine = line
        let tagColumn = base + start - lineStart + 1
        var j = start + 1
        guard isNameStart(p[j]) else { throw error(.malformedTag, "invalid element name", at: base + j) }
        while j < n, isNameByte(p[j]) { j += 1 }
        guard j < n else { return .needMore }
        let nameRange = (start + 1)..<j
        spans.removeAll(keepingCapacity: true)
        var lines = 0
        var lastBreak = -1
        var isEmpty = false
        var recovered = 0
        func fail(_ code: ExportError.Code, _ message: String, at offset: Int) -> ExportError {
            let currentLineStart = lastBreak >= 0 ? base + lastBreak + 1 : lineStart
            return ExportError(code: code, message: message, line: line + lines, column: offset - currentLineStart + 1)
        }
        while true {
            while j < n, isSpace(p[j]) {
                if p[j] == newline {
                    lines += 1
                    lastBreak = j
                }
                j += 1
            }
            guard j < n else { return .needMore }
            let b = p[j]
            if b == gt {
                j += 1
                break
            }
            if b == slash {
                guard j + 1 < n else { return .needMore }
                guard p[j + 1] == gt else { throw fail(.malformedTag, "expected '>' after '/'", at: base + j) }
                isEmpty = true
                j += 2
                break
            }
            guard isNameByte(b) else { throw fail(.malformedTag, "invalid attribute name", at: base + j) }
            let nameStart = j
            while j < n, isNameByte(p[j]) { j += 1 }
            var nameEnd = j
            while j < n, isSpace(p[j]) { j += 1 }
            guard j < n else { return .needMore }
            if p[j] != equals {
                // Legacy attribute names with spaces: words up to "=", then a quoted value.
                guard j > nameEnd else { throw fail(.malformedTag, "attribute without a value", at: base + j) }
                while j < n, p[j] != equals {
                    let c = p[j]
                    if c == lt || c == gt || c == doubleQuote || c == singleQuote || c == newline || c == slash {
                        throw fail(.malformedTag, "attribute without a value", at: base + nameStart)
                    }
                    j += 1
                }
                guard j < n else { return .needMore }
                nameEnd = j
                while isSpace(p[nameEnd - 1]) { nameEnd -= 1 }
                recovered += 1
            }
            j += 1
            while j < n, isSpace(p[j]) {
                if p[j] == newline {
                    lines += 1
                    lastBreak = j
                }
                j += 1
            }
            guard j < n else { return .needMore }
            let quote = p[j]
            guard quote == doubleQuote || quote == singleQuote else {
                throw fail(.malformedTag, "expected a quoted attribute value", at: base + j)
            }
            j += 1
            let valueStart = j
            let linesBeforeValue = lines
            let breakBeforeValue = lastBreak
            // The value ends at its quote; a `<` before it (or before the buffer's end, when the quote is not in it
            // yet) is an unterminated value.
            let close = firstByte(quote, in: p, from: valueStart, to: n)
            if firstByte(lt, in: p, from: valueStart, to: close ?? n) != nil {
                throw fail(.unterminatedAttribute, "attribute value not closed before '<'", at: base + valueStart - 1)
            }
            guard let close else { return .needMore }
            j = close
            var lineBreak = firstByte(newline, in: p, from: valueStart, to: close)
            while let found = lineBreak {
                lines += 1
                lastBreak = found
                lineBreak = firstByte(newline, in: p, from: found + 1, to: close)
            }
            if firstByte(ampersand, in: p, from: valueStart, to: close) != nil,
                let bad = Self.undefinedReference(p, from: valueStart, to: close)
            {
                // Located at the value's start (its line, before any line break inside the value).
                lines = linesBeforeValue
                lastBreak = breakBeforeValue
                throw fail(
                    .undefinedEntity,
                    "an entity reference other than &lt; &gt; &amp; &quot; &apos; or a character reference "
                        + "(\(bad)); a Health export declares no entities", at: base + valueStart)
            }
            spans.append(nameStart)
            spans.append(nameEnd)
            spans.append(valueStart)
            spans.append(j)
            j += 1
        }
        if !isEmpty, stackEnds.count >= maxDepth {
            throw error(.limitExceeded, "elements nested deeper than \(maxDepth)", at: base + start)
        }
        if stackEnds.isEmpty {
            // Located at the tag's start, on its own line: `fail` counts the lines inside the tag.
            if rootClosed { throw error(.contentAfterRoot, "a second root element", at: base + start) }
            rootSeen = true
        }
        line += lines
        if lastBreak >= 0 { lineStart = base + lastBreak + 1 }
        recoveredAttributeNames += recovered
        let storage = data[start..<j]
        try emitStart(
            XMLStartTag(
                line: tagLine, column: tagColumn, isEmptyElement: isEmpty, storage: storage, nameRange: nameRange,
                spans: spans[...]),
            handler)
        if isEmpty {
            try handler(.end(XMLEndTag(line: tagLine, column: tagColumn, nameBytes: data[nameRange])))
            if stackEnds.isEmpty { rootClosed = true }
        } else {
            stackBytes.append(contentsOf: data[nameRange])
            stackEnds.append(stackBytes.count)
        }
        return .done(j)
    }

    /// The first entity reference in `p[from..<to]` that is not `&lt; &gt; &amp; &quot; &apos;`, `&#N;` or `&#xH;`,
    /// as its name for the message (at most 16 bytes, never the value around it), or nil. A reference is `&`, a
    /// name (or `#` and digits) and `;`; an ampersand that starts none (`R & D`) stays literal, as before.
    static func undefinedReference(_ p: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> String? {
        var i = from
        while let next = firstByte(ampersand, in: p, from: i, to: to) {
            i = next
            guard i + 1 < to, isNameStart(p[i + 1]) || p[i + 1] == UInt8(ascii: "#") else {
                i += 1
                continue
            }
            var end = i + 1
            while end < to, p[end] != UInt8(ascii: ";"), p[end] != ampersand, isNameByte(p[end]) {
                end += 1
            }
            guard end < to, p[end] == UInt8(ascii: ";") else {
                i += 1
                continue
            }
            let body = UnsafeBufferPointer(rebasing: p[(i + 1)..<end])
            if !isDefinedReference(body) {
                return "&" + String(decoding: body.prefix(16), as: UTF8.self) + ";"
            }
            i = end + 1
        }
        return nil
    }

    private static func isDefinedReference(_ body: UnsafeBufferPointer<UInt8>) -> Bool {
        if body.first == UInt8(ascii: "#") {
            var digits = body.dropFirst()
            var hex = false
            if digits.first == UInt8(ascii: "x") || digits.first == UInt8(ascii: "X") {
                hex = true
                digits = digits.dropFirst()
            }
            return !digits.isEmpty
                && digits.allSatisfy { byte in
                    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                        || (hex
                            && ((UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
                                || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)))
                }
        }
        // The five predefined entities, compared as bytes (a device description holds a dozen on every record).
        func `is`(_ name: StaticString) -> Bool {
            let expected = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
            for index in 0..<body.count where body[index] != expected[index] { return false }
            return true
        }
        switch body.count {
        case 2: return `is`("lt") || `is`("gt")
        case 3: return `is`("amp")
        case 4: return `is`("quot") || `is`("apos")
        default: return false
        }
    }

    @inline(never)
    private func emitStart(_ tag: XMLStartTag, _ handler: Handler) throws(ExportError) {
        try handler(.start(tag))
    }

    private mutating func endTag(
        _ p: UnsafeBufferPointer<UInt8>, _ data: [UInt8], at start: Int, _ handler: Handler
    ) throws(ExportError) -> Step {
        let n = p.count
        var j = start + 2
        while j < n, isNameByte(p[j]) { j += 1 }
        let nameRange = (start + 2)..<j
        var k = j
        while k < n, isSpace(p[k]) { k += 1 }
        guard k < n else { return .needMore }
        guard p[k] == gt, !nameRange.isEmpty else {
            throw error(.malformedTag, "malformed end tag", at: base + start)
        }
        let name = data[nameRange]
        guard let top = stackEnds.last else {
            throw error(
                .mismatchedTag, "end tag </\(String(decoding: name, as: UTF8.self))> without an open element",
                at: base + start)
        }
        let topStart = stackEnds.count > 1 ? stackEnds[stackEnds.count - 2] : 0
        guard stackBytes[topStart..<top].elementsEqual(name) else {
            let open = String(decoding: stackBytes[topStart..<top], as: UTF8.self)
            throw error(
                .mismatchedTag, "end tag </\(String(decoding: name, as: UTF8.self))> closes <\(open)>", at: base + start
            )
        }
        let endLine = line
        let endColumn = base + start - lineStart + 1
        countLines(p, from: j, to: k)
        stackEnds.removeLast()
        stackBytes.removeSubrange(topStart...)
        if stackEnds.isEmpty { rootClosed = true }
        try handler(.end(XMLEndTag(line: endLine, column: endColumn, nameBytes: name)))
        return .done(k + 1)
    }
}
