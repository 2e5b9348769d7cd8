import Foundation
import HealthCore
import HealthSimulation
import HealthStorage
import Testing

@testable import HealthStorageSQLite

/// The heartbeat payload written directly is the encoder's, byte for byte (the store's bytes do not depend on
/// which one wrote them, decision 0018).
@Suite struct HeartbeatPayloadJSONTests {
    static func encoder(_ beats: [Heartbeat]) throws -> Data {
        try StoredJSON.encoder().encode(PayloadSample.Payload.heartbeats(beats))
    }

    @Test func edgeValuesAreWrittenAsTheEncoderWritesThem() throws {
        let times: [Double] = [
            0, -0.0, 1, 0.1, 0.5999999046325684, 1e-5, 1e-7, 2.5e-5, 1e15, 1e16, 1e21, 123_456_789_012_345_678,
            .leastNonzeroMagnitude, .greatestFiniteMagnitude, -3.5, 138, 12_345.678, 0.001, 59.99999999999999,
        ]
        let beats = times.enumerated().map { Heartbeat(timeSinceSeriesStart: $1, precededByGap: $0 % 3 == 1) }
        #expect(try HeartbeatPayloadJSON.encode(beats) == (try Self.encoder(beats)))
        #expect(try HeartbeatPayloadJSON.encode([]) == (try Self.encoder([])))
        for beat in beats {
            #expect(try HeartbeatPayloadJSON.encode([beat]) == (try Self.encoder([beat])), "\(beat)")
        }
    }

    @Test func randomSeriesAreWrittenAsTheEncoderWritesThem() throws {
        var random = SplitMix64(seed: 17)
        for _ in 0..<200 {
            let count = Int.random(in: 0...300, using: &random)
            var time = 0.0
            let beats = (0..<count).map { _ in
                time += Double.random(in: 0.3...1.7, using: &random)
                // Whole seconds, float-rounded values as the watch records them, and any bit pattern.
                let value: Double
                switch Int.random(in: 0..<4, using: &random) {
                case 0: value = time.rounded()
                case 1: value = Double(Float(time))
                case 2: value = Double(bitPattern: random.next() & 0x7FEF_FFFF_FFFF_FFFF)
                default: value = time
                }
                return Heartbeat(timeSinceSeriesStart: value, precededByGap: Bool.random(using: &random))
            }
            #expect(try HeartbeatPayloadJSON.encode(beats) == (try Self.encoder(beats)))
        }
    }

    @Test func aTimeThatIsNotFiniteIsRefusedAsTheEncoderRefusesIt() {
        let beats = [Heartbeat(timeSinceSeriesStart: 1), Heartbeat(timeSinceSeriesStart: .nan)]
        #expect(throws: EncodingError.self) { try HeartbeatPayloadJSON.encode(beats) }
        #expect(throws: EncodingError.self) {
            try HeartbeatPayloadJSON.encode([Heartbeat(timeSinceSeriesStart: .infinity)])
        }
    }
}
