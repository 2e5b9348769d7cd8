import Foundation
import HealthCore

/// Buffered, escaped XML output to a file, in the Health app's layout (one space of indent per level,
/// attributes in double quotes, `&lt;` `&gt;` `&amp;` `&quot;` escaped, control characters as references).
final class XMLOutput {
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    private let flushSize = 1 << 20
    private(set) var bytesWritten = 0
    let timeZone: TimeZone

    init(handle: FileHandle, timeZone: TimeZone) {
        self.handle = handle
        self.timeZone = timeZone
        buffer.reserveCapacity(flushSize + 4_096)
    }

    /// Appends raw text.
    func raw(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= flushSize { flushBuffer() }
    }

    /// Opens an element: ` <Name a="1" b="2"` at the indent, closed by ``open(_:)`` or ``empty()``.
    func start(_ name: String, indent: Int, _ attributes: [(String, String?)]) {
        buffer.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
        buffer.append(UInt8(ascii: "<"))
        buffer.append(contentsOf: name.utf8)
        for (key, value) in attributes {
            guard let value else { continue }
            buffer.append(UInt8(ascii: " "))
            buffer.append(contentsOf: key.utf8)
            buffer.append(contentsOf: "=\"".utf8)
            escape(value)
            buffer.append(UInt8(ascii: "\""))
        }
    }

    /// Ends a start tag that has children: `>` and a line break.
    func open() {
        buffer.append(contentsOf: ">\n".utf8)
    }

    /// Ends an empty element: `/>` and a line break.
    func empty() {
        buffer.append(contentsOf: "/>\n".utf8)
        if buffer.count >= flushSize { flushBuffer() }
    }

    /// Writes an end tag at the indent.
    func end(_ name: String, indent: Int) {
        buffer.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
        buffer.append(contentsOf: "</".utf8)
        buffer.append(contentsOf: name.utf8)
        buffer.append(contentsOf: ">\n".utf8)
        if buffer.count >= flushSize { flushBuffer() }
    }

    /// An empty element with attributes.
    func element(_ name: String, indent: Int, _ attributes: [(String, String?)]) {
        start(name, indent: indent, attributes)
        empty()
    }

    private func escape(_ value: String) {
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "&"): buffer.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): buffer.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): buffer.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\""): buffer.append(contentsOf: "&quot;".utf8)
            case 0x09, 0x0A, 0x0D: buffer.append(contentsOf: "&#\(byte);".utf8)
            case 0..<0x20: buffer.append(contentsOf: "\u{FFFD}".utf8)
            default: buffer.append(byte)
            }
        }
    }

    /// Writes what is buffered.
    func flushBuffer() {
        guard !buffer.isEmpty else { return }
        handle.write(Data(buffer))
        bytesWritten += buffer.count
        buffer.removeAll(keepingCapacity: true)
    }

    // MARK: - Value formats

    /// A number as the export writes it: integers without a fraction, others in the shortest form that reads
    /// back to the same `Double`.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// `yyyy-MM-dd HH:mm:ss ±hhmm` in the output's time zone (whole seconds, as the export writes them).
    func date(_ date: Date) -> String {
        Self.date(date, in: timeZone)
    }

    static func date(_ date: Date, in timeZone: TimeZone) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let offset = timeZone.secondsFromGMT(for: date)
        let local = seconds + offset
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        let secondOfDay = local - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        let sign = offset < 0 ? "-" : "+"
        let magnitude = abs(offset) / 60
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2)) \(pad(secondOfDay / 3_600, 2)):"
            + "\(pad(secondOfDay % 3_600 / 60, 2)):\(pad(secondOfDay % 60, 2)) \(sign)\(pad(magnitude / 60, 2))"
            + pad(magnitude % 60, 2)
    }

    /// The local (year, month, day, hour, minute) of an instant in a time zone.
    static func local(_ date: Date, in timeZone: TimeZone) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int)
    {
        let local = Int(date.timeIntervalSince1970.rounded(.down)) + timeZone.secondsFromGMT(for: date)
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        let secondOfDay = local - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        return (year, month, day, secondOfDay / 3_600, secondOfDay % 3_600 / 60)
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    /// Howard Hinnant's civil-from-days.
    static func civil(fromDays days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// A metadata value as the export writes it (the importer types it back).
    func metadata(_ value: MetadataValue) -> String {
        switch value {
        case .string(let text): text
        case .number(let number): Self.number(number)
        case .bool(let flag): flag ? "1" : "0"
        case .date(let instant): date(instant)
        case .quantity(let quantity): Self.quantityText(quantity)
        }
    }

    /// `value unit`.
    static func quantityText(_ quantity: Quantity) -> String {
        "\(number(Self.value(quantity))) \(quantity.unit.unitString)"
    }

    /// A quantity's value in its own unit.
    static func value(_ quantity: Quantity) -> Double {
        (try? quantity.doubleValue(for: quantity.unit)) ?? .nan
    }

    /// The device as `HKDevice.description` writes it, without a real pointer.
    static func device(_ device: Device) -> String {
        var fields: [String] = []
        func add(_ key: String, _ value: String?) { if let value { fields.append("\(key):\(value)") } }
        add("name", device.name)
        add("manufacturer", device.manufacturer)
        add("model", device.model)
        add("hardware", device.hardwareVersion)
        add("firmware", device.firmwareVersion)
        add("software", device.softwareVersion)
        add("localIdentifier", device.localIdentifier)
        add("UDIDeviceIdentifier", device.udiDeviceIdentifier)
        return "<<HKDevice: 0x0>, " + fields.joined(separator: ", ") + ">"
    }
}
