import Foundation
package import HealthCore

/// Parses the export's stringified `HKDevice` leniently.
///
/// The export writes `<<HKDevice: 0x…>, name:Apple Watch, manufacturer:Apple Inc., model:Watch,
/// hardware:Watch6,1, software:10.1, creation date:…>`. The pointer differs per record and is ignored, as is the
/// creation date; missing fields stay nil and unknown fields are ignored.
///
/// ```swift
/// DeviceDescription.parse("<<HKDevice: 0x1>, name:iPhone, model:iPhone, hardware:iPhone16,1>")?.hardwareVersion
/// // "iPhone16,1"
/// ```
package enum DeviceDescription {
    private static let keys = [
        "name", "manufacturer", "model", "hardware", "firmware", "software", "localIdentifier", "UDIDeviceIdentifier",
        "creation date",
    ]

    private static func set(_ key: String, _ value: String, in device: inout Device) {
        switch key {
        case "name": device.name = value
        case "manufacturer": device.manufacturer = value
        case "model": device.model = value
        case "hardware": device.hardwareVersion = value
        case "firmware": device.firmwareVersion = value
        case "software": device.softwareVersion = value
        case "localIdentifier": device.localIdentifier = value
        case "UDIDeviceIdentifier": device.udiDeviceIdentifier = value
        default: break
        }
    }

    /// The device a description names, or nil when it names no known field.
    package static func parse(_ description: String) -> Device? {
        var body = Substring(description)
        if body.hasPrefix("<<"), let close = body.firstIndex(of: ">") {
            body = body[body.index(after: close)...]
        }
        if body.hasSuffix(">") { body = body.dropLast() }
        var marks: [(range: Range<Substring.Index>, key: String)] = []
        for key in keys {
            var searchStart = body.startIndex
            while let found = body[searchStart...].range(of: key + ":") {
                let before = body[body.startIndex..<found.lowerBound]
                if before.isEmpty || before.hasSuffix(", ") || before.hasSuffix(",") {
                    marks.append((found, key))
                    break
                }
                searchStart = found.upperBound
            }
        }
        guard !marks.isEmpty else { return nil }
        marks.sort { $0.range.lowerBound < $1.range.lowerBound }
        var device = Device()
        for (index, mark) in marks.enumerated() {
            let end = index + 1 < marks.count ? marks[index + 1].range.lowerBound : body.endIndex
            var value = body[mark.range.upperBound..<end]
            if index + 1 < marks.count {
                if value.hasSuffix(", ") {
                    value = value.dropLast(2)
                } else if value.hasSuffix(",") {
                    value = value.dropLast()
                }
            }
            let trimmed = value.trimmingCharacters(in: .whitespaces)
            if !trimmed.isEmpty { set(mark.key, trimmed, in: &device) }
        }
        return device
    }

    /// The description without its per-record pointer (`<<HKDevice: 0x…>, `), for identity keys.
    static func withoutPointer(_ description: String) -> Substring {
        let bytes = description.utf8
        guard bytes.starts(with: "<<".utf8), let close = bytes.firstIndex(of: UInt8(ascii: ">")) else {
            return Substring(description)
        }
        return description[bytes.index(after: close)...]
    }
}
