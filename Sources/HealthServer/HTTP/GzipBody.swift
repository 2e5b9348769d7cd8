import Foundation
import NIOCore
import OHKZlib

/// Request bodies sent with `Content-Encoding: gzip`, inflated within a bound (a small body that inflates past it
/// is refused as soon as the bound is passed, never inflated whole: a gzip bomb costs the bound, not memory).
enum GzipBody {
    /// Why a body could not be inflated.
    enum Failure: Error {
        /// It inflates to more than the bound.
        case tooLarge
        /// It is not gzip data, or it is damaged or cut short.
        case damaged
    }

    /// The inflated bytes of a gzip stream (one member, as HTTP clients send).
    /// - Throws: ``Failure``.
    static func inflate(_ compressed: ByteBuffer, maxBytes: Int) throws(Failure) -> [UInt8] {
        var stream = z_stream()
        // 15 + 16: a gzip header and trailer around deflate data with a 32 KiB window.
        guard inflateInit2_(&stream, MAX_WBITS + 16, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw .damaged
        }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let input = Array(compressed.readableBytesView)
        var status: Int32 = Z_OK
        var fed = 0
        repeat {
            let result: (status: Int32, produced: Int, consumed: Int) = input.withUnsafeBufferPointer { source in
                chunk.withUnsafeMutableBufferPointer { destination in
                    stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress.map { $0 + fed })
                    stream.avail_in = uInt(input.count - fed)
                    stream.next_out = destination.baseAddress
                    stream.avail_out = uInt(destination.count)
                    let status = OHKZlib.inflate(&stream, Z_NO_FLUSH)
                    return (status, destination.count - Int(stream.avail_out), input.count - fed - Int(stream.avail_in))
                }
            }
            status = result.status
            fed += result.consumed
            guard status == Z_OK || status == Z_STREAM_END else { throw .damaged }
            if output.count + result.produced > maxBytes { throw .tooLarge }
            output.append(contentsOf: chunk.prefix(result.produced))
            if status == Z_OK, result.produced == 0, fed >= input.count { throw .damaged }
        } while status != Z_STREAM_END
        return output
    }
}
