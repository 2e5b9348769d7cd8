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
        let scalars = Array(text.unicodeScalars)
        guard let first = scalars.firstIndex(where: { (48...57).contains($0.value) }) else { return nil }
        var index = first
        func number() -> (value: Int, digits: Int)? {
            var value = 0
            var digits = 0
            while index < scalars.count, (48...57).contains(scalars[index].value), digits < 9 {
                value = value * 10 + Int(scalars[index].value - 48)
                digits += 1
                index += 1
            }
            return digits > 0 ? (value, digits) : nil
        }
        guard let hours = number(), index < scalars.count, scalars[index] == ":" else { return nil }
        index += 1
        guard let minutes = number(), minutes.digits == 2, index < scalars.count, scalars[index] == ":" else {
            return nil
        }
        index += 1
        guard let seconds = number(), seconds.digits == 2 else { return nil }
        var fraction = 0.0
        if index < scalars.count, scalars[index] == "." || scalars[index] == "," {
            index += 1
            guard let digits = number() else { return nil }
            fraction = Double(digits.value) / pow(10, Double(digits.digits))
        }
        let rest =
            String(String.UnicodeScalarView(scalars[..<first])) + String(String.UnicodeScalarView(scalars[index...]))
        let marker = rest.lowercased().replacingOccurrences(of: ".", with: "")
        var hour = hours.value
        if marker.contains("pm") || marker.contains("午後") || marker.contains("오후") {
            guard (1...12).contains(hour) else { return nil }
            if hour < 12 { hour += 12 }
        } else if marker.contains("am") || marker.contains("午前") || marker.contains("오전") {
            guard (1...12).contains(hour) else { return nil }
            if hour == 12 { hour = 0 }
        }
        guard hour < 24, minutes.value < 60, seconds.value < 61 else { return nil }
        return Double(hour * 3_600 + minutes.value * 60 + seconds.value) + fraction
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
