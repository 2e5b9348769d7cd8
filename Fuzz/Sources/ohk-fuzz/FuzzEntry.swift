// The libFuzzer entry point: one input, every check. Built only by scripts/fuzz (see Fuzz/README.md).
import Foundation

/// Called by libFuzzer once per input. The first byte chooses how the rest is split into chunks (``ChunkPlan``);
/// the rest is the document. Returns 0; a failed check aborts, which libFuzzer reports with the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    // Once per process: the optimised build must take the one-pass reader, or ParserCheck's on/off comparison is moot.
    invariant(OnePassCheck.passed, "the one-pass reader check did not pass")
    let input = UnsafeBufferPointer(start: data, count: size)
    guard let header = input.first else { return 0 }
    let body = Array(input.dropFirst())
    let plan = ChunkPlan(header: header, count: body.count)
    let scan = ScannerCheck.run(body, plan: plan)
    ParserCheck.run(body, plan: plan, scan: scan)
    UnitCheck.run(body)
    RequestInputCheck.run(body)
    SideFileCheck.run(body)
    return 0
}
