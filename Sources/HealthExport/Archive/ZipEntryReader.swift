import Foundation
import OHKZlib

/// Reads one zip entry's bytes a chunk at a time, on demand: a pull-based inflater, so a caller decides when the
/// next chunk is made (and can hand each chunk on asynchronously without any thread of its own).
///
/// Deflated entries are inflated with zlib; the CRC-32 (zlib's) and the size are checked when the entry ends.
///
/// ```swift
/// let reader = try ZipEntryReader(url: exportZip, entry: entry, directory: directory)
/// while let chunk = try reader.next() { scanner.feed(chunk) }
/// ```
final class ZipEntryReader {
    private let handle: FileHandle
    private let entry: ZipDirectory.Entry
    private let name: String
    private let chunkSize: Int
    private var remainingInput: UInt64
    private var produced: UInt64 = 0
    private var crc: UInt = 0
    private var finished = false
    private var inflater: Inflater?

    /// Opens an entry for reading.
    ///
    /// - Parameters:
    ///   - url: The archive.
    ///   - entry: The entry, from the archive's ``ZipDirectory``.
    ///   - directory: The archive's directory (to find where the entry's data starts).
    ///   - chunkSize: Bytes produced per ``next()`` at most.
    ///   - buffers: How many output buffers the inflater takes turns with: one when each chunk is released before
    ///     the next is asked for; more when chunks are queued (``ZipEntryPrefetcher`` keeps its queue's depth plus
    ///     two), so that a buffer is free again when its turn comes instead of copied.
    /// - Throws: ``ExportError`` `.io` for an encrypted entry, an unknown compression method or a damaged header.
    init(
        url: URL, entry: ZipDirectory.Entry, directory: ZipDirectory, chunkSize: Int = 1 << 20, buffers: Int = 1
    ) throws {
        name = url.lastPathComponent + "/" + entry.path
        guard entry.flags & 1 == 0 else {
            throw ExportError(code: .io, message: "the entry is encrypted", file: name)
        }
        guard entry.method == 0 || entry.method == 8 else {
            throw ExportError(code: .io, message: "unsupported compression method \(entry.method)", file: name)
        }
        do {
            handle = try FileHandle(forReadingFrom: url)
        } catch {
            throw ExportError(code: .io, message: "cannot open the archive", file: url.lastPathComponent)
        }
        self.entry = entry
        self.chunkSize = max(4_096, chunkSize)
        let offset = try directory.dataOffset(of: entry, handle: handle, name: url.lastPathComponent)
        do { try handle.seek(toOffset: offset) } catch {
            throw ExportError(code: .io, message: "cannot read the archive", file: name)
        }
        remainingInput = entry.compressedSize
        if entry.method == 8 { inflater = try Inflater(name: name, buffers: buffers) }
    }

    deinit {
        try? handle.close()
    }

    /// Bytes produced so far.
    var bytesProduced: UInt64 { produced }

    /// The next chunk of the entry's bytes, or nil at its end (after its checksum and size were verified).
    ///
    /// - Throws: ``ExportError`` `.io` for damaged compressed data or a truncated archive,
    ///   `.checksumMismatch` when the CRC-32 or the size do not match the directory's.
    func next() throws -> Data? {
        if finished { return nil }
        let chunk: Data
        if let inflater {
            chunk = try inflater.inflate(maxOutput: chunkSize) { [self] count in try readInput(count) }
            if chunk.isEmpty {
                guard inflater.isAtEnd else {
                    throw ExportError(code: .io, message: "the compressed data ends early", file: name)
                }
                return try finish()
            }
        } else {
            guard remainingInput > 0 else { return try finish() }
            chunk = try readInput(chunkSize)
        }
        produced += UInt64(chunk.count)
        guard produced <= entry.uncompressedSize else {
            throw ExportError(
                code: .checksumMismatch, message: "the entry inflates to more than its declared size", file: name)
        }
        crc = chunk.withUnsafeBytes { buffer in
            UInt(crc32(uLong(crc), buffer.bindMemory(to: Bytef.self).baseAddress, uInt(buffer.count)))
        }
        return chunk
    }

    private func readInput(_ count: Int) throws -> Data {
        let wanted = Int(min(UInt64(count), remainingInput))
        guard wanted > 0 else { return Data() }
        let data: Data
        do { data = try handle.read(upToCount: wanted) ?? Data() } catch {
            throw ExportError(code: .io, message: "cannot read the archive", file: name)
        }
        guard !data.isEmpty else { throw ExportError(code: .io, message: "the archive is truncated", file: name) }
        remainingInput -= UInt64(data.count)
        return data
    }

    private func finish() throws -> Data? {
        finished = true
        guard produced == entry.uncompressedSize else {
            throw ExportError(code: .checksumMismatch, message: "the entry's size does not match", file: name)
        }
        guard UInt32(truncatingIfNeeded: crc) == entry.crc32 else {
            throw ExportError(
                code: .checksumMismatch, message: "the export document's CRC-32 does not match", file: name)
        }
        return nil
    }
}

/// zlib's raw inflate, fed on demand.
private final class Inflater {
    private var stream = z_stream()
    private var input = Data()
    private var inputOffset = 0
    private(set) var isAtEnd = false
    private let name: String
    /// The output buffers, reused in turn from chunk to chunk: a chunk is handed out as a slice of one, and writing
    /// into it again copies it only if that chunk is still held (a fresh 1 MiB buffer per chunk cost a page fault
    /// per 4 KiB, about 10 % of a parse).
    private var buffers: [Data]
    /// The buffer the next chunk is written into.
    private var turn = 0

    init(name: String, buffers: Int) throws {
        self.name = name
        self.buffers = Array(repeating: Data(), count: max(1, buffers))
        let status = inflateInit2_(&stream, -MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else {
            throw ExportError(code: .io, message: "cannot start inflating (zlib \(status))", file: name)
        }
    }

    deinit {
        inflateEnd(&stream)
    }

    /// Up to `maxOutput` inflated bytes; empty at the end of the stream (or when input ran out).
    func inflate(maxOutput: Int, read: (Int) throws -> Data) throws -> Data {
        let slot = turn
        turn = (turn + 1) % buffers.count
        if buffers[slot].count != maxOutput { buffers[slot] = Data(count: maxOutput) }
        var output = Data()
        swap(&output, &buffers[slot])
        defer { swap(&output, &buffers[slot]) }
        var produced = 0
        while produced < maxOutput, !isAtEnd {
            if inputOffset >= input.count {
                input = try read(1 << 16)
                inputOffset = 0
                if input.isEmpty { break }
            }
            let status: Int32 = input.withUnsafeBytes { inputBuffer in
                output.withUnsafeMutableBytes { outputBuffer in
                    guard let source = inputBuffer.bindMemory(to: Bytef.self).baseAddress,
                        let destination = outputBuffer.bindMemory(to: Bytef.self).baseAddress
                    else { return Z_STREAM_ERROR }
                    stream.next_in = UnsafeMutablePointer(mutating: source + inputOffset)
                    stream.avail_in = uInt(input.count - inputOffset)
                    stream.next_out = destination + produced
                    stream.avail_out = uInt(maxOutput - produced)
                    let status = OHKZlib.inflate(&stream, Z_NO_FLUSH)
                    inputOffset = input.count - Int(stream.avail_in)
                    produced = maxOutput - Int(stream.avail_out)
                    return status
                }
            }
            switch status {
            case Z_OK, Z_BUF_ERROR: continue
            case Z_STREAM_END: isAtEnd = true
            default:
                throw ExportError(code: .io, message: "the compressed data is damaged (zlib \(status))", file: name)
            }
        }
        return output.prefix(produced)
    }
}
