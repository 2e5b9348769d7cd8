import Foundation
import HealthCore
import HealthStorage
import HealthTesting
import Testing

@testable import HealthQuery

/// Nights from sleep samples: filed under the wake-up day, every interval counted once across sources.
@Suite struct SleepNightsTests {
    static let calendar = Fixtures.calendar("Asia/Tokyo")
    static let evening = Fixtures.date(2025, 6, 1, 23, in: calendar)  // 23:00 on June 1, Tokyo

    static func sample(
        _ value: CategoryValueSleepAnalysis, _ from: Double, _ to: Double, source: String
    )
        -> CategorySample
    {
        let number = UInt64(from * 100) << 24 | UInt64(to * 100) << 8 | UInt64(value.rawValue * 16 + source.count)
        return CategorySample(
            uuid: UUIDSequence.uuid(number),
            type: .sleepAnalysis, value: value.rawValue, start: evening.addingTimeInterval(from * 3_600),
            end: evening.addingTimeInterval(to * 3_600),
            sourceRevision: SourceRevision(source: Source(name: source, bundleIdentifier: "com.example.\(source)")))
    }

    @Test func overlappingSourcesMergeByPriorityAndTheNightIsTheWakeUpDay() throws {
        let samples = [
            Self.sample(.inBed, 0, 8, source: "phone"),  // 23:00–07:00
            Self.sample(.inBed, 0.5, 7.5, source: "otherapp"),  // inside the phone's: adds nothing
            Self.sample(.asleepCore, 0.5, 3, source: "watch"),
            Self.sample(.asleepDeep, 3, 4, source: "watch"),
            Self.sample(.awake, 4, 4.5, source: "watch"),
            Self.sample(.asleepREM, 4.5, 6, source: "watch"),
            Self.sample(.asleepUnspecified, 2, 7, source: "otherapp"),  // the watch holds 2–6: only 6–7 is left
            Self.sample(.awake, 6.5, 7.5, source: "otherapp"),  // its own asleep holds 6.5–7: 7–7.5 is left
        ]
        // The watch first, then the other app (a person's order, or the default: Apple devices before apps).
        let order = SourceOrder(["com.example.watch", "com.example.otherapp", "com.example.phone"])
        let nights = SleepNights.nights(from: samples, calendar: Self.calendar, order: order)
        #expect(nights.count == 1)
        let night = try #require(nights.first)
        #expect(night.day.description == "2025-06-02")
        #expect(night.inBed == 8 * 3_600)
        #expect(night.core == 2.5 * 3_600 && night.deep == 3_600 && night.rem == 1.5 * 3_600)
        #expect(night.unspecified == 3_600)
        #expect(night.asleep == 6 * 3_600, "core + deep + REM + unspecified, each instant once")
        #expect(night.awake == 3_600, "the watch's 04:00–04:30 and the app's 06:30 (07:00)–07:30")
        #expect(night.inBedStart == Self.evening && night.inBedEnd == Self.evening.addingTimeInterval(8 * 3_600))

        // The other way round, the app's unspecified asleep wins 2–7 and the watch keeps only what is left.
        let appFirst = SleepNights.nights(
            from: samples, calendar: Self.calendar,
            order: SourceOrder(["com.example.otherapp", "com.example.watch", "com.example.phone"]))
        #expect(appFirst.first?.unspecified == 5.0 * 3_600)
        #expect(appFirst.first?.core == 1.5 * 3_600 && appFirst.first?.deep == 0.0 && appFirst.first?.rem == 0.0)
        #expect(appFirst.first?.asleep == 6.5 * 3_600)
    }

    @Test func aGapOfMoreThanThreeHoursStartsAnotherRunAndANapJoinsItsDay() {
        let samples = [
            Self.sample(.asleepCore, 0, 7, source: "watch"),  // the night: ends 06:00 June 2
            Self.sample(.asleepCore, 14, 15, source: "watch"),  // a nap 13:00–14:00 June 2: same wake-up day
            Self.sample(.inBed, 24, 31, source: "phone"),  // the next night: ends June 3
        ]
        let nights = SleepNights.nights(from: samples, calendar: Self.calendar)
        #expect(nights.map(\.day.description) == ["2025-06-02", "2025-06-03"])
        #expect(nights.first?.asleep == 8.0 * 3_600, "the night's 7 h and the nap's hour")
        #expect(
            nights.last?.asleep == 0.0 && nights.last?.inBed == 7.0 * 3_600, "a phone-only night: in bed, no stages")
    }
}
