import Foundation
import HealthCore

// An HRV record's `HeartRateVariabilityMetadataList` as a heartbeat series (HKHeartbeatSeriesSample).
extension ExportRecordMapper {
    static let heartRateVariabilityType = QuantityTypeIdentifier.heartRateVariabilitySDNN.rawValue

    /// Emits the heartbeat series of an HRV record's beat list: each `InstantaneousBeatsPerMinute@time` (a
    /// locale-formatted time of day) placed on the day nearest the record's start, in the start date's offset.
    /// The series spans the record and its beats; the record keeps its beat list as metadata too (the export
    /// writer writes it back from there). A list whose times do not read is a located issue; the record stays.
    mutating func heartbeatSeries(
        of record: QuantitySample, draft: RecordDraft, sourceName: String, deviceKey: String
    ) {
        guard let offset = draft.startOffset else {
            return beatIssue(draft, "its startDate has no UTC offset")
        }
        var instants: [Date] = []
        instants.reserveCapacity(draft.beats.count)
        for entry in draft.beats {
            let time = entry.split(separator: "@", maxSplits: 1).dropFirst().first.map(String.init) ?? ""
            guard let seconds = Self.secondsOfDay(time) else {
                return beatIssue(draft, "a beat's time is not a time of day")
            }
            instants.append(Self.instant(secondsOfDay: seconds, near: record.startDate, offset: offset))
        }
        let start = min(record.startDate, instants.min() ?? record.startDate)
        let end = max(record.endDate, instants.max() ?? record.endDate)
        let beats = instants.map { Heartbeat(timeSinceSeriesStart: $0.timeIntervalSince(start)) }
        var key = KeyHasher()
        key.add(SampleType.heartbeatSeries.identifier)
        key.add(sourceName)
        key.add(draft.header.sourceVersion ?? "")
        key.add(Int(start.timeIntervalSince1970))
        key.add(Int(end.timeIntervalSince1970))
        for entry in draft.beats { key.add(entry) }
        key.add(deviceKey)
        let (uuid, _) = identities.next(forHash: key.value, start: start)
        var series = PayloadSample.heartbeatSeries(
            uuid: uuid, start: start, end: end, beats: beats, device: record.device)
        series.sourceRevision = record.sourceRevision
        emit(.payload(series), line: draft.line)
        summary.heartbeatSeries += 1
    }

    private mutating func beatIssue(_ draft: RecordDraft, _ reason: String) {
        summary.issue(
            "HeartRateVariabilityMetadataList: \(reason); the record is imported without a heartbeat series",
            element: "Record", line: draft.line, column: 0)
    }

    /// Seconds since midnight of a locale-formatted time of day: `7:39:45.58 PM`, `3:10:02,11 AM`, `19:39:45.58`,
    /// `午後7:39:45.58`. Hours, minutes, seconds and an optional fraction after `.` or `,`; a 12-hour marker
    /// (AM/PM, a.m./p.m., 午前/午後, 오전/오후) anywhere around them. Nil for anything else.
    package static func secondsOfDay(_ text: String) -> Double? {
        // Nearly every time is ASCII (`7:39:45.58 PM`): read as bytes, without building a string.
        var text = text
        if let ascii = text.withUTF8({ bytes in bytes.allSatisfy { $0 < 0x80 } ? asciiSecondsOfDay(bytes) : nil }) {
            return ascii
        }
        return unicodeSecondsOfDay(text)
    }

    /// ``secondsOfDay(_:)`` of an ASCII time, or nil when it does not read (the Unicode reading would not read it
    /// either: its markers other than AM/PM are not ASCII).
    static func asciiSecondsOfDay(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        guard let reading = ClockReading(bytes) else { return nil }
        // The text around the numbers, lowercased and without dots, as the Unicode reading builds it.
        var marker: [UInt8] = []
        for range in [0..<reading.start, reading.end..<bytes.count] {
            for byte in bytes[range] where byte != UInt8(ascii: ".") {
                marker.append((65...90).contains(byte) ? byte + 32 : byte)
            }
        }
        func contains(_ a: UInt8, _ b: UInt8) -> Bool {
            marker.indices.dropLast().contains { marker[$0] == a && marker[$0 + 1] == b }
        }
        return reading.secondsOfDay(
            pm: contains(UInt8(ascii: "p"), UInt8(ascii: "m")), am: contains(UInt8(ascii: "a"), UInt8(ascii: "m")))
    }

    /// ``secondsOfDay(_:)`` read scalar by scalar (for times with non-ASCII markers: 午後, 오후…).
    package static func unicodeSecondsOfDay(_ text: String) -> Double? {
        let scalars = Array(text.unicodeScalars)
        guard let reading = ClockReading(scalars.map(\.value)) else { return nil }
        let rest =
            String(String.UnicodeScalarView(scalars[..<reading.start]))
            + String(String.UnicodeScalarView(scalars[reading.end...]))
        let marker = rest.lowercased().replacingOccurrences(of: ".", with: "")
        return reading.secondsOfDay(
            pm: marker.contains("pm") || marker.contains("午後") || marker.contains("오후"),
            am: marker.contains("am") || marker.contains("午前") || marker.contains("오전"))
    }

    /// The instant with a time of day (in a UTC offset) nearest to `reference`.
    static func instant(secondsOfDay: Double, near reference: Date, offset: Int) -> Date {
        let local = reference.timeIntervalSince1970 + Double(offset)
        let midnight = (local / 86_400).rounded(.down) * 86_400
        let candidates = [-86_400.0, 0, 86_400].map { midnight + $0 + secondsOfDay - Double(offset) }
        let best = candidates.min {
            abs($0 - reference.timeIntervalSince1970) < abs($1 - reference.timeIntervalSince1970)
        }
        return Date(timeIntervalSince1970: best ?? local)
    }
}

/// The numbers of a time of day — hours, two-digit minutes and seconds, an optional fraction after `.` or `,` —
/// read from code units or scalar values, with where they start and end (the 12-hour marker is around them).
struct ClockReading {
    var hour: Int
    var minutes: Int
    var seconds: Int
    var fraction: Double
    /// The index of the first digit, and the index after the last one read.
    var start: Int
    var end: Int

    /// Reads the first run of digits in `values` on; nil when it is not `H:MM:SS[.F]`.
    init?<Values: RandomAccessCollection>(_ values: Values) where Values.Element: BinaryInteger, Values.Index == Int {
        func isDigit(_ value: Values.Element) -> Bool { value >= 48 && value <= 57 }
        guard let first = values.firstIndex(where: isDigit) else { return nil }
        var index = first
        func number() -> (value: Int, digits: Int)? {
            var value = 0
            var digits = 0
            while index < values.endIndex, isDigit(values[index]), digits < 9 {
                value = value * 10 + Int(values[index] - 48)
                digits += 1
                index += 1
            }
            return digits > 0 ? (value, digits) : nil
        }
        let colon: Values.Element = 58
        guard let hours = number(), index < values.endIndex, values[index] == colon else { return nil }
        index += 1
        guard let minutes = number(), minutes.digits == 2, index < values.endIndex, values[index] == colon else {
            return nil
        }
        index += 1
        guard let seconds = number(), seconds.digits == 2 else { return nil }
        var fraction = 0.0
        if index < values.endIndex, values[index] == 46 || values[index] == 44 {  // `.` or `,`
            index += 1
            guard let digits = number() else { return nil }
            fraction = Double(digits.value) / pow(10, Double(digits.digits))
        }
        self.init(
            hour: hours.value, minutes: minutes.value, seconds: seconds.value, fraction: fraction, start: first,
            end: index)
    }

    init(hour: Int, minutes: Int, seconds: Int, fraction: Double, start: Int, end: Int) {
        self.hour = hour
        self.minutes = minutes
        self.seconds = seconds
        self.fraction = fraction
        self.start = start
        self.end = end
    }

    /// Seconds since midnight under a 12-hour marker (PM wins when both appear), or nil when out of range.
    func secondsOfDay(pm: Bool, am: Bool) -> Double? {
        var hour = hour
        if pm {
            guard (1...12).contains(hour) else { return nil }
            if hour < 12 { hour += 12 }
        } else if am {
            guard (1...12).contains(hour) else { return nil }
            if hour == 12 { hour = 0 }
        }
        guard hour < 24, minutes < 60, seconds < 61 else { return nil }
        return Double(hour * 3_600 + minutes * 60 + seconds) + fraction
    }
}
