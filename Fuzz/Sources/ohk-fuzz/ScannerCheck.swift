import Foundation
import HealthExport

/// Everything one scan produced: the events up to the end or the first error, and the scanner's counters.
struct ScanOutcome: Equatable {
    var events: [XMLScanner.Event] = []
    var error: ExportError?
    var bytesConsumed = 0
    var recoveredAttributeNames = 0
}

/// The raw scanner: the whole body in one chunk against the planned chunks, plus the promises of a scan.
enum ScannerCheck {
    /// Scans `body` twice and traps unless both scans agree and the result is well-formed.
    static func run(_ body: [UInt8], plan: ChunkPlan) -> ScanOutcome {
        let whole = scan(body, ranges: body.isEmpty ? [] : [0..<body.count])
        let chunked = scan(body, ranges: plan.ranges)
        if whole != chunked { reportDifference(whole, chunked, plan: plan) }
        checkWellFormed(whole, body)
        checkScanAll(whole, body)
        return whole
    }

    /// Feeds the chunks, alternately as `Data` slices and as array slices, then finishes.
    static func scan(_ body: [UInt8], ranges: [Range<Int>]) -> ScanOutcome {
        let data = Data(body)
        var scanner = XMLScanner()
        var outcome = ScanOutcome()
        var openEmpty: XMLScanner.Event?
        let handler: XMLScanner.Handler = { token in
            checkAccessors(token)
            let event = XMLScanner.Event(token)
            if let start = openEmpty {
                // A self-closing tag is followed at once by its end, at the start tag's position.
                guard case .start(let name, _, let line, let column) = start else { return }
                invariant(event == .end(name: name, line: line, column: column), "self-closing <\(name)> not closed")
                openEmpty = nil
            }
            if case .start(let tag) = token, tag.isEmptyElement { openEmpty = event }
            outcome.events.append(event)
        }
        do throws(ExportError) {
            for (index, range) in ranges.enumerated() {
                if index % 2 == 0 {
                    try scanner.feed(data[range], handler)
                } else {
                    try scanner.feed(body[range], handler)
                }
            }
            try scanner.finish(handler)
            invariant(openEmpty == nil, "a self-closing tag was never closed")
        } catch {
            outcome.error = error
            return outcome
        }
        outcome.bytesConsumed = scanner.bytesConsumed
        outcome.recoveredAttributeNames = scanner.recoveredAttributeNames
        return outcome
    }

    /// The lazy accessors of a start tag agree with its decoded form.
    private static func checkAccessors(_ token: XMLScanner.Token) {
        guard case .start(let tag) = token else { return }
        let name = tag.name
        invariant(tag.nameEquals("Record") == (name == "Record"), "nameEquals disagrees with name")
        let attributes = tag.attributes
        invariant(attributes.count == tag.attributeCount, "attributeCount disagrees with attributes")
        for (index, attribute) in attributes.enumerated() {
            invariant(
                tag.attributeName(at: index, equals: "type") == (attribute.name == "type"),
                "attributeName(at:equals:) disagrees with attributeName(at:)")
        }
        invariant(
            tag.value(of: "type") == attributes.first(where: { $0.name == "type" })?.value,
            "value(of:) disagrees with attributes")
    }

    /// Tags nest, positions move forward, and a successful scan read everything and found one root.
    private static func checkWellFormed(_ outcome: ScanOutcome, _ body: [UInt8]) {
        let lineCount = body.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        var stack: [String] = []
        var previous = (line: 1, column: 1)
        for (index, event) in outcome.events.enumerated() {
            let position: (line: Int, column: Int)
            switch event {
            case .start(let name, _, let line, let column):
                invariant(index == 0 || !stack.isEmpty, "an element after the root closed")
                stack.append(name)
                position = (line, column)
            case .end(let name, let line, let column):
                invariant(stack.popLast() == name, "end tag </\(name)> does not close the open element")
                position = (line, column)
            }
            invariant(position.line >= 1 && position.line <= lineCount && position.column >= 1, "bad position")
            invariant(position >= previous, "positions go backwards at event \(index)")
            previous = position
        }
        if let error = outcome.error {
            invariant(error.line >= 1 && error.line <= lineCount, "error line out of range: \(error)")
            invariant(error.column >= 1 && error.column <= body.count + 1, "error column out of range: \(error)")
            return
        }
        invariant(!outcome.events.isEmpty && stack.isEmpty, "a successful scan without one closed root")
        invariant(outcome.bytesConsumed == body.count, "consumed \(outcome.bytesConsumed) of \(body.count) bytes")
    }

    /// `scanAll` returns the same events, or throws the same error.
    private static func checkScanAll(_ outcome: ScanOutcome, _ body: [UInt8]) {
        do throws(ExportError) {
            let events = try XMLScanner.scanAll(body)
            invariant(outcome.error == nil && events == outcome.events, "scanAll disagrees with feed")
        } catch {
            invariant(outcome.error == error, "scanAll threw \(error), feed \(String(describing: outcome.error))")
        }
    }

    private static func reportDifference(_ whole: ScanOutcome, _ chunked: ScanOutcome, plan: ChunkPlan) {
        let sizes = plan.ranges.prefix(16).map(\.count)
        var message = "chunked scan differs from the whole scan (chunks \(sizes)…)\n"
        let index =
            zip(whole.events, chunked.events).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(whole.events.count, chunked.events.count)
        message += "  events: \(whole.events.count) vs \(chunked.events.count), first difference at \(index)\n"
        if index < whole.events.count { message += "  whole:   \(whole.events[index])\n" }
        if index < chunked.events.count { message += "  chunked: \(chunked.events[index])\n" }
        message += "  error:   \(String(describing: whole.error)) vs \(String(describing: chunked.error))\n"
        message += "  consumed \(whole.bytesConsumed) vs \(chunked.bytesConsumed), recovered names "
        message += "\(whole.recoveredAttributeNames) vs \(chunked.recoveredAttributeNames)"
        invariant(false, message)
    }
}
