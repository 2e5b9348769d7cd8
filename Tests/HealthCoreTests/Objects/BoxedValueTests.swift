import Foundation
import HealthCore
import Testing

/// `Device` and `SourceRevision` keep their properties in a shared box (decision 0015). They must still behave as
/// plain values: a copy is independent, equality and hashing are by properties, and the JSON form is unchanged.
@Suite("Device and SourceRevision are values")
struct BoxedValueTests {
    private let watch = Device(
        name: "Apple Watch", manufacturer: "Apple Inc.", model: "Watch", hardwareVersion: "Watch6,1",
        softwareVersion: "10.1")

    @Test func settingAPropertyChangesOnlyThatCopy() {
        var copy = watch
        copy.softwareVersion = "10.2"
        copy.udiDeviceIdentifier = "(01)00"
        #expect(watch.softwareVersion == "10.1" && watch.udiDeviceIdentifier == nil)
        #expect(copy.softwareVersion == "10.2" && copy.udiDeviceIdentifier == "(01)00")
        #expect(copy.name == "Apple Watch" && copy.hardwareVersion == "Watch6,1")
        #expect(copy != watch)
        copy.softwareVersion = "10.1"
        copy.udiDeviceIdentifier = nil
        #expect(copy == watch)
        #expect(copy.hashValue == watch.hashValue)
    }

    @Test func devicesBuiltApartAreEqualByTheirProperties() {
        let again = Device(
            name: "Apple Watch", manufacturer: "Apple Inc.", model: "Watch", hardwareVersion: "Watch6,1",
            softwareVersion: "10.1")
        #expect(again == watch)
        #expect(Set([again, watch]).count == 1)
        #expect(Device(name: "Apple Watch") != Device(name: "Apple Watch", model: ""))
        for key in Device.PropertyKey.allCases {
            var changed = watch
            switch key {
            case .name: changed.name = "x"
            case .manufacturer: changed.manufacturer = "x"
            case .model: changed.model = "x"
            case .hardwareVersion: changed.hardwareVersion = "x"
            case .firmwareVersion: changed.firmwareVersion = "x"
            case .softwareVersion: changed.softwareVersion = "x"
            case .localIdentifier: changed.localIdentifier = "x"
            case .udiDeviceIdentifier: changed.udiDeviceIdentifier = "x"
            }
            #expect(changed != watch, "\(key)")
            #expect(changed[key] == "x", "\(key)")
        }
    }

    @Test func theJSONFormIsAFlatObjectWithoutNils() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(watch), as: UTF8.self)
        #expect(
            json
                == #"{"hardwareVersion":"Watch6,1","manufacturer":"Apple Inc.","model":"Watch","name":"Apple Watch","softwareVersion":"10.1"}"#
        )
        #expect(try JSONDecoder().decode(Device.self, from: Data(json.utf8)) == watch)
        #expect(try JSONDecoder().decode(Device.self, from: Data("{}".utf8)) == Device())

        let revision = SourceRevision(
            source: Source(name: "Ana’s Apple Watch", bundleIdentifier: "com.apple.health.1"), version: "10.1",
            productType: "Watch6,1")
        let revisionJSON = String(decoding: try encoder.encode(revision), as: UTF8.self)
        #expect(
            revisionJSON
                == #"{"productType":"Watch6,1","source":{"bundleIdentifier":"com.apple.health.1","name":"Ana’s Apple Watch"},"version":"10.1"}"#
        )
        #expect(try JSONDecoder().decode(SourceRevision.self, from: Data(revisionJSON.utf8)) == revision)
    }

    @Test func aRevisionCopyIsIndependent() {
        let revision = SourceRevision(source: Source(name: "A", bundleIdentifier: "a"), version: "1")
        var copy = revision
        copy.version = "2"
        copy.source.name = "B"
        #expect(revision.version == "1" && revision.source.name == "A")
        #expect(copy.version == "2" && copy.source.name == "B")
        #expect(copy != revision)
        #expect(String(describing: revision).contains("version: Optional(\"1\")"))
    }
}
