import Foundation
import HealthCore
import Testing

@testable import HealthQuery

/// An app's stored answers are the same bytes for the same answers (sets written sorted), and read back equal.
@Suite struct AuthorizationRecordCodingTests {
    static let identifiers = (0..<12).map { "HKQuantityTypeIdentifierExample\(String(format: "%02d", $0))" }

    @Test func setsAreWrittenSortedAndReadBack() throws {
        var record = AuthorizationRecord()
        record.shareGranted = Set(Self.identifiers.reversed())
        record.readGranted = Set(Self.identifiers.prefix(7))
        record.readDenied = Set(Self.identifiers.suffix(5))
        let data = try JSONEncoder().encode(record)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: [String]])
        #expect(object["shareGranted"] == Self.identifiers, "12 identifiers, sorted")
        #expect(object["readGranted"] == Array(Self.identifiers.prefix(7)))
        #expect(object["readDenied"] == Array(Self.identifiers.suffix(5)))
        #expect(object["shareDenied"] == [])
        #expect(try JSONDecoder().decode(AuthorizationRecord.self, from: data) == record)
    }
}
