import Foundation
import ZIPFoundation

// export.zip: find the main document by content, stream-inflate it, verify its CRC-32 with zlib.
extension ExportParser {
    /// Stops an extraction once the first bytes were seen.
    private struct StopPeeking: Error {}

    /// Parses the export document inside a zip archive.
    ///
    /// The document is found by content, not name (it is `export.xml`, `Export.xml` or a localised name such as
    /// `Exportieren.xml` or `导出.xml`): the first file entry whose first bytes contain `<HealthData` or
    /// `<!DOCTYPE HealthData`. `__MACOSX/` entries and `.DS_Store` files are ignored. The entry is inflated in
    /// chunks with ZIPFoundation's pure-Swift CRC turned off, and its CRC-32 is checked with zlib's `crc32()`.
    func parseArchive(
        at url: URL, batch: (ExportBatch) throws -> Void, progress: (Progress) -> Void
    ) throws -> ExportSummary {
        let archive: Archive
        do {
            archive = try Archive(url: url, accessMode: .read)
        } catch {
            throw ExportError(code: .io, message: "cannot open the archive \(url.lastPathComponent)")
        }
        guard let entry = try exportEntry(in: archive) else {
            throw ExportError(code: .missingExport, message: "the archive holds no HealthData document")
        }
        var session = Session(options: options, totalBytes: Int(exactly: entry.uncompressedSize))
        var checksum = Checksum()
        let inner = url.lastPathComponent + "/" + entry.path
        do {
            return try parseEntry(entry, in: archive, session: &session, checksum: &checksum, batch, progress)
        } catch let error as ExportError {
            throw error.naming(inner)
        }
    }

    private func parseEntry(
        _ entry: Entry, in archive: Archive, session: inout Session, checksum: inout Checksum,
        _ batch: (ExportBatch) throws -> Void, _ progress: (Progress) -> Void
    ) throws -> ExportSummary {
        do {
            _ = try archive.extract(entry, bufferSize: options.chunkSize, skipCRC32: true) { data in
                checksum.update(data)
                try session.feed(data, batch: batch, progress: progress)
            }
        } catch let error as ExportError {
            throw error
        } catch let error as Archive.ArchiveError {
            throw ExportError(code: .io, message: "cannot inflate the export document (\(error))")
        }
        if let value = checksum.value, value != entry.checksum {
            throw ExportError(code: .checksumMismatch, message: "the export document's CRC-32 does not match")
        }
        return try session.finish(batch: batch, progress: progress)
    }

    /// The entry holding the export document, found by content.
    private func exportEntry(in archive: Archive) throws -> Entry? {
        let candidates = archive.filter { entry in
            guard entry.type == .file else { return false }
            let path = entry.path
            let name = path.split(separator: "/").last.map(String.init) ?? path
            return !path.hasPrefix("__MACOSX/") && !path.contains("/__MACOSX/") && name != ".DS_Store"
                && !name.hasPrefix("._")
        }
        // Names ending in .xml first, shallowest first; the content decides.
        let ordered = candidates.sorted { lhs, rhs in
            let left = (lhs.path.lowercased().hasSuffix(".xml") ? 0 : 1, lhs.path.split(separator: "/").count)
            let right = (rhs.path.lowercased().hasSuffix(".xml") ? 0 : 1, rhs.path.split(separator: "/").count)
            return left < right
        }
        for entry in ordered where isExportDocument(entry, in: archive) { return entry }
        return nil
    }

    private func isExportDocument(_ entry: Entry, in archive: Archive) -> Bool {
        var head = Data()
        do {
            _ = try archive.extract(entry, bufferSize: 16_384, skipCRC32: true) { data in
                head.append(data)
                if head.count >= 16_384 { throw StopPeeking() }
            }
        } catch {
            // StopPeeking, or a damaged entry: decide on what was read.
        }
        let text = String(decoding: head.prefix(16_384), as: UTF8.self)
        return text.contains("<HealthData") || text.contains("<!DOCTYPE HealthData")
    }
}

/// CRC-32 (IEEE, as zip uses) of the inflated bytes, slicing-by-8.
///
/// ZIPFoundation's own CRC is slow pure Swift on Linux, and its `CZLib` module is not visible to this target
/// without a manifest change, so the checksum is computed here with eight lookup tables, eight bytes per step.
struct Checksum {
    private static let tables: [UInt32] = {
        var tables = [UInt32](repeating: 0, count: 8 * 256)
        for index in 0..<256 {
            var crc = UInt32(index)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            tables[index] = crc
        }
        for index in 0..<256 {
            for slice in 1..<8 {
                let previous = tables[(slice - 1) * 256 + index]
                tables[slice * 256 + index] = (previous >> 8) ^ tables[Int(previous & 0xFF)]
            }
        }
        return tables
    }()

    private var crc: UInt32 = 0xFFFF_FFFF

    mutating func update(_ data: Data) {
        data.withUnsafeBytes { update($0) }
    }

    mutating func update(_ buffer: UnsafeRawBufferPointer) {
        var crc = self.crc
        Self.tables.withUnsafeBufferPointer { t in
            var index = 0
            let count = buffer.count
            while index + 8 <= count {
                let one = crc ^ buffer.loadUnaligned(fromByteOffset: index, as: UInt32.self).littleEndian
                let two = buffer.loadUnaligned(fromByteOffset: index + 4, as: UInt32.self).littleEndian
                crc =
                    t[7 * 256 + Int(one & 0xFF)] ^ t[6 * 256 + Int((one >> 8) & 0xFF)]
                    ^ t[5 * 256 + Int((one >> 16) & 0xFF)] ^ t[4 * 256 + Int(one >> 24)]
                    ^ t[3 * 256 + Int(two & 0xFF)] ^ t[2 * 256 + Int((two >> 8) & 0xFF)]
                    ^ t[256 + Int((two >> 16) & 0xFF)] ^ t[Int(two >> 24)]
                index += 8
            }
            while index < count {
                crc = (crc >> 8) ^ t[Int((crc ^ UInt32(buffer[index])) & 0xFF)]
                index += 1
            }
        }
        self.crc = crc
    }

    /// The checksum of everything so far.
    var value: UInt32? { crc ^ 0xFFFF_FFFF }
}
