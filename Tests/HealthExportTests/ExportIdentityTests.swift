import Foundation
import HealthCore
import HealthExport
import Testing

/// Content-key UUIDs: deterministic, version 8, led by the start time so that they sort like the samples.
@Suite("Export identities")
struct ExportIdentityTests {
    static func bytes(_ uuid: UUID) -> [UInt8] { withUnsafeBytes(of: uuid.uuid) { Array($0) } }

    static func prefix(_ uuid: UUID) -> UInt64 { bytes(uuid).prefix(6).reduce(0) { $0 << 8 | UInt64($1) } }

    @Test func theFirst48BitsAreTheStartInUnixMilliseconds() {
        let start = Date(timeIntervalSince1970: 1_700_000_000.25)
        let uuid = ExportIdentity.uuid(forKey: "k", start: start)
        #expect(Self.prefix(uuid) == 1_700_000_000_250)
        #expect(ExportIdentity.isExportUUID(uuid))
        #expect(uuid == ExportIdentity.uuid(forKey: "k", start: start), "the same key and start, the same UUID")
        #expect(uuid != ExportIdentity.uuid(forKey: "l", start: start))
        #expect(Self.prefix(ExportIdentity.uuid(forKey: "k", start: Date(timeIntervalSince1970: -5))) == 0)
        #expect(Self.prefix(ExportIdentity.uuid(forKey: "k", start: .distantFuture)) == 64_092_211_200_000)
        let beyond = Date(timeIntervalSince1970: 3e11)  // past what 48 bits of milliseconds hold
        #expect(Self.prefix(ExportIdentity.uuid(forKey: "k", start: beyond)) == (1 << 48) - 1)
        #expect(Self.prefix(ExportIdentity.uuid(forKey: "k")) == 0)
    }

    @Test func laterStartsSortAfterEarlierOnes() {
        let base = Date(timeIntervalSince1970: 1_600_000_000)
        let uuids = (0..<200).map {
            ExportIdentity.uuid(forKey: "key \($0 % 7)", start: base.addingTimeInterval(Double($0)))
        }
        let sorted = uuids.sorted { Self.bytes($0).lexicographicallyPrecedes(Self.bytes($1)) }
        #expect(sorted == uuids, "byte order (SQLite's BLOB order) follows the start")
    }

    @Test func repeatsAndMembersKeepTheirParentsTime() {
        let parent = ExportIdentity.uuid(forKey: "p", start: Date(timeIntervalSince1970: 1_650_000_000))
        let next = ExportIdentity.nextUUID(after: parent)
        let member = ExportIdentity.memberUUID(correlation: parent, index: 1)
        let route = ExportIdentity.routeUUID(workout: parent, index: 0)
        #expect(Set([parent, next, member, route]).count == 4)
        for uuid in [next, member, route] {
            #expect(Self.prefix(uuid) == Self.prefix(parent))
            #expect(ExportIdentity.isExportUUID(uuid))
        }
        #expect(ExportIdentity.nextUUID(after: parent) == next)
    }
}
