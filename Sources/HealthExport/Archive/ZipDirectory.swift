import Foundation

/// The table of contents of a zip archive, read from its central directory (ZIP64 included): what each entry
/// is called, how it is stored and where its data starts. Reading an entry is ``ZipEntryReader``'s job.
///
/// Only what an export needs is supported: stored and deflated entries, no encryption, one disk. Everything is
/// checked against the file's size, so a damaged or hostile archive is a located ``ExportError``, never a crash
/// or a read outside the file.
struct ZipDirectory {
    /// One entry of the central directory.
    struct Entry: Sendable, Hashable {
        /// The entry's path in the archive, as stored (UTF-8, or CP437 read as Latin-1).
        var path: String
        /// 0 stored, 8 deflated.
        var method: UInt16
        /// The CRC-32 of the uncompressed bytes.
        var crc32: UInt32
        /// Bytes in the archive.
        var compressedSize: UInt64
        /// Bytes once inflated.
        var uncompressedSize: UInt64
        /// Where the entry's local header starts.
        var localHeaderOffset: UInt64
        /// General-purpose flags (bit 0: encrypted).
        var flags: UInt16

        /// A folder (its path ends in `/`).
        var isDirectory: Bool { path.hasSuffix("/") }
    }

    /// The entries, in central-directory order.
    let entries: [Entry]
    /// The archive's size in bytes.
    let fileSize: UInt64

    /// Reads the central directory of the archive behind `handle`.
    ///
    /// - Throws: ``ExportError`` `.io` naming what is wrong (no end-of-directory record, a directory that
    ///   points outside the file, a truncated entry).
    init(handle: FileHandle, name: String) throws {
        let size = try Self.size(handle, name)
        fileSize = size
        let tailLength = min(size, 65_557)
        let tail = try Self.read(handle, at: size - tailLength, count: Int(tailLength), name)
        guard let eocd = Self.lastSignature(0x0605_4B50, in: tail, minimumTail: 22) else {
            throw ExportError(code: .io, message: "not a zip archive (no end of central directory)", file: name)
        }
        var count = UInt64(tail.le16(eocd + 10))
        var directorySize = UInt64(tail.le32(eocd + 12))
        var directoryOffset = UInt64(tail.le32(eocd + 16))
        if count == 0xFFFF || directorySize == 0xFFFF_FFFF || directoryOffset == 0xFFFF_FFFF {
            // ZIP64: the locator sits just before the end record and points at the ZIP64 end record.
            guard eocd >= 20, tail.le32(eocd - 20) == 0x0706_4B50 else {
                throw ExportError(code: .io, message: "a ZIP64 archive without its locator", file: name)
            }
            let recordOffset = tail.le64(eocd - 20 + 8)
            guard recordOffset <= size &- 56 else {
                throw ExportError(code: .io, message: "the ZIP64 end record lies outside the file", file: name)
            }
            let record = try Self.read(handle, at: recordOffset, count: 56, name)
            guard record.le32(0) == 0x0606_4B50 else {
                throw ExportError(code: .io, message: "a damaged ZIP64 end record", file: name)
            }
            count = record.le64(32)
            directorySize = record.le64(40)
            directoryOffset = record.le64(48)
        }
        guard directoryOffset <= size, directorySize <= size - directoryOffset, directorySize < Int.max else {
            throw ExportError(code: .io, message: "the central directory lies outside the file", file: name)
        }
        // Each entry takes at least 46 bytes: a count larger than that is a lie, not an allocation to make.
        guard count <= directorySize / 46 else {
            throw ExportError(code: .io, message: "the central directory's entry count is damaged", file: name)
        }
        let directory = try Self.read(handle, at: directoryOffset, count: Int(directorySize), name)
        var entries: [Entry] = []
        entries.reserveCapacity(Int(count))
        var position = 0
        for _ in 0..<count {
            guard position + 46 <= directory.count, directory.le32(position) == 0x0201_4B50 else {
                throw ExportError(code: .io, message: "a damaged central directory entry", file: name)
            }
            let flags = directory.le16(position + 8)
            let method = directory.le16(position + 10)
            let crc = directory.le32(position + 16)
            var compressed = UInt64(directory.le32(position + 20))
            var uncompressed = UInt64(directory.le32(position + 24))
            let nameLength = Int(directory.le16(position + 28))
            let extraLength = Int(directory.le16(position + 30))
            let commentLength = Int(directory.le16(position + 32))
            var localOffset = UInt64(directory.le32(position + 42))
            let end = position + 46 + nameLength + extraLength + commentLength
            guard end <= directory.count else {
                throw ExportError(code: .io, message: "a truncated central directory entry", file: name)
            }
            let nameBytes = directory[
                (directory.startIndex + position + 46)..<(directory.startIndex + position + 46 + nameLength)]
            let path =
                flags & 0x0800 != 0
                ? String(decoding: nameBytes, as: UTF8.self)
                : (String(bytes: nameBytes, encoding: .utf8) ?? String(bytes: nameBytes, encoding: .isoLatin1) ?? "")
            // The ZIP64 extra field (0x0001) holds, in order, the fields stored as 0xFFFFFFFF.
            var extra = position + 46 + nameLength
            let extraEnd = extra + extraLength
            while extra + 4 <= extraEnd {
                let id = directory.le16(extra)
                let length = Int(directory.le16(extra + 2))
                var field = extra + 4
                let fieldEnd = field + length
                guard fieldEnd <= extraEnd else { break }
                if id == 0x0001 {
                    if uncompressed == 0xFFFF_FFFF, field + 8 <= fieldEnd {
                        uncompressed = directory.le64(field)
                        field += 8
                    }
                    if compressed == 0xFFFF_FFFF, field + 8 <= fieldEnd {
                        compressed = directory.le64(field)
                        field += 8
                    }
                    if localOffset == 0xFFFF_FFFF, field + 8 <= fieldEnd { localOffset = directory.le64(field) }
                }
                extra = fieldEnd
            }
            entries.append(
                Entry(
                    path: path, method: method, crc32: crc, compressedSize: compressed,
                    uncompressedSize: uncompressed, localHeaderOffset: localOffset, flags: flags))
            position = end
        }
        self.entries = entries
    }

    /// Where an entry's data starts, read from its local header and checked against the file.
    func dataOffset(of entry: Entry, handle: FileHandle, name: String) throws -> UInt64 {
        guard entry.localHeaderOffset <= fileSize &- 30 else {
            throw ExportError(code: .io, message: "\(entry.path): its local header lies outside the file", file: name)
        }
        let header = try Self.read(handle, at: entry.localHeaderOffset, count: 30, name)
        guard header.le32(0) == 0x0403_4B50 else {
            throw ExportError(code: .io, message: "\(entry.path): a damaged local header", file: name)
        }
        let offset = entry.localHeaderOffset + 30 + UInt64(header.le16(26)) + UInt64(header.le16(28))
        guard offset <= fileSize, entry.compressedSize <= fileSize - offset else {
            throw ExportError(code: .io, message: "\(entry.path): its data runs past the end of the file", file: name)
        }
        return offset
    }

    // MARK: Reading

    private static func size(_ handle: FileHandle, _ name: String) throws -> UInt64 {
        do { return try handle.seekToEnd() } catch {
            throw ExportError(code: .io, message: "cannot read the archive", file: name)
        }
    }

    static func read(_ handle: FileHandle, at offset: UInt64, count: Int, _ name: String) throws -> Data {
        do {
            try handle.seek(toOffset: offset)
            let data = try handle.read(upToCount: count) ?? Data()
            guard data.count == count else { throw CocoaError(.fileReadCorruptFile) }
            return data
        } catch {
            throw ExportError(code: .io, message: "the archive is truncated", file: name)
        }
    }

    /// The offset of the last occurrence of a 4-byte little-endian signature with at least `minimumTail` bytes
    /// from it to the end.
    private static func lastSignature(_ signature: UInt32, in data: Data, minimumTail: Int) -> Int? {
        guard data.count >= minimumTail else { return nil }
        var position = data.count - minimumTail
        while position >= 0 {
            if data.le32(position) == signature { return position }
            position -= 1
        }
        return nil
    }
}

extension Data {
    /// A little-endian UInt16 at a position relative to the start.
    fileprivate func le16(_ position: Int) -> UInt16 {
        let base = startIndex + position
        return UInt16(self[base]) | UInt16(self[base + 1]) << 8
    }

    /// A little-endian UInt32 at a position relative to the start.
    fileprivate func le32(_ position: Int) -> UInt32 {
        UInt32(le16(position)) | UInt32(le16(position + 2)) << 16
    }

    /// A little-endian UInt64 at a position relative to the start.
    fileprivate func le64(_ position: Int) -> UInt64 {
        UInt64(le32(position)) | UInt64(le32(position + 4)) << 32
    }
}
