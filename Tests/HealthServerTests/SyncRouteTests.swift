import Foundation
import HTTPTypes
import HealthServer
import OHKZlib
import Testing

/// `/v1/sync`: a device's mirror token sends batches that keep every sample as the phone holds it, applied once per
/// batch id, every refused item named (decision 0031, docs/sync.md).
@Suite("Server: phone sync")
struct SyncRouteTests {
    static let watch =
        #"{"name":"Ana's Apple Watch","bundleIdentifier":"com.apple.health.9F1E","version":"11.2","productType":"Watch7,1","operatingSystemVersion":"11.2.0"}"#
    static let phone =
        #"{"name":"Ana's iPhone","bundleIdentifier":"com.apple.health.5A4D","version":"18.2","productType":"iPhone17,1","operatingSystemVersion":"18.2.1"}"#

    /// A step sample as a mirror sends it.
    static func steps(
        _ uuid: Int, _ value: Double, minute: Int, source: String = phone, length: Int = 10, extra: String = ""
    ) -> String {
        let start = Date(timeIntervalSince1970: 1_748_764_800 + Double(minute) * 60)  // 2025-06-01T08:00:00Z
        let end = start.addingTimeInterval(Double(length) * 60)
        let format = Date.ISO8601FormatStyle()
        return #"{"uuid":"\#(uuidText(uuid))","type":"\#(stepsType)","startDate":"\#(start.formatted(format))","#
            + #""endDate":"\#(end.formatted(format))","quantity":{"value":\#(value),"unit":"count"},"#
            + #""source":\#(source),"device":{"name":"Apple Watch","model":"Watch","manufacturer":"Apple Inc."},"#
            + #""metadata":{"HKTimeZone":"Europe/Paris"}\#(extra)}"#
    }

    static func uuidText(_ n: Int) -> String { String(format: "00000000-0000-4000-8000-%012d", n) }

    static func batch(_ id: String, samples: [String], deleted: [Int] = [], anchor: String? = nil) -> String {
        let deletions = deleted.map { #"{"uuid":"\#(uuidText($0))","type":"\#(stepsType)"}"# }
        let phoneAnchor = anchor.map { #","phoneAnchor":"\#($0)""# } ?? ""
        return #"{"batch":"\#(id)","type":"\#(stepsType)","samples":[\#(samples.joined(separator: ","))],"#
            + #""deleted":[\#(deletions.joined(separator: ","))]\#(phoneAnchor)}"#
    }

    @Test("a batch keeps each sample as sent; the same batch again is applied once and gets the same reply")
    func idempotentBatch() async throws {
        let server = try await TestServer.make()
        try await server.run { client in
            let phone = server.token("phone")
            let body = Self.batch(
                "steps-1", samples: [Self.steps(1, 120, minute: 0), Self.steps(2, 100, minute: 0, source: Self.watch)],
                anchor: "A1")
            let first = try await client.send(.post, "/v1/sync/batches", token: phone, json: body)
            #expect(first.status == 200, "\(first.text)")
            #expect(first.json?["inserted"]?.number == 2)
            #expect(first.json?["duplicates"]?.number == 0)
            #expect(first.json?["anchor"]?.number == 2)
            #expect(first.json?["phoneAnchor"]?.string == "A1")
            // The reply was lost; the phone sends the batch again.
            let again = try await client.send(.post, "/v1/sync/batches", token: phone, json: body)
            #expect(again.status == 200)
            #expect(again.text == first.text, "a retried batch gets the reply it got the first time")

            // Read back by the person: source revision, device and metadata as the phone had them.
            let owner = server.token("owner")
            let listed = try await client.send(.get, "/v1/samples?type=\(stepsType)", token: owner)
            #expect(listed.json?["samples"]?.array.count == 2, "nothing was stored twice")
            let watch = try await client.send(.get, "/v1/samples/\(Self.uuidText(2))", token: owner)
            #expect(watch.json?["source"]?["bundleIdentifier"]?.string == "com.apple.health.9F1E")
            #expect(watch.json?["source"]?["productType"]?.string == "Watch7,1")
            #expect(watch.json?["source"]?["operatingSystemVersion"]?.string == "11.2.0")
            #expect(watch.json?["source"]?["version"]?.string == "11.2")
            #expect(watch.json?["device"]?["manufacturer"]?.string == "Apple Inc.")
            #expect(watch.json?["metadata"]?["HKTimeZone"]?.string == "Europe/Paris")
            let sum = try await client.send(
                .get,
                "/v1/statistics?type=\(stepsType)&start=2025-06-01T00:00:00Z&end=2025-06-02T00:00:00Z&options=sum",
                token: owner)
            // The Watch comes first in the default order (docs/healthkit-semantics.md): its 100, not 220 or 120.
            let merged = sum.json?["statistics"]?["sum"]?.number
            #expect(merged == 100, "merged by source priority, not added (220): \(sum.text.prefix(300))")

            // A new batch with the same samples is duplicates, not an error; the status adds it up.
            let resent = try await client.send(
                .post, "/v1/sync/batches", token: phone,
                json: Self.batch("steps-2", samples: [Self.steps(1, 120, minute: 0)], anchor: "A2"))
            #expect(resent.json?["inserted"]?.number == 0)
            #expect(resent.json?["duplicates"]?.number == 1)
            let status = try await client.send(.get, "/v1/sync/status", token: phone)
            #expect(status.status == 200)
            #expect(status.json?["device"]?.string == "anas-iphone")
            let steps = status.json?["types"]?.array.first { $0["type"]?.string == stepsType }
            #expect(steps?["phoneAnchor"]?.string == "A2")
            #expect(steps?["lastBatch"]?.string == "steps-2")
            #expect(steps?["inserted"]?.number == 2)
            #expect(steps?["duplicates"]?.number == 1)
            #expect(steps?["batches"]?.number == 2, "the retried batch was not counted again")
        }
    }

    @Test("invalid items are reported by index with a reason; the valid ones commit; conflicts are never overwritten")
    func perItemOutcome() async throws {
        let server = try await TestServer.make()
        try await server.run { client in
            let phone = server.token("phone")
            let stored = try await client.send(
                .post, "/v1/sync/batches", token: phone,
                json: Self.batch("b-1", samples: [Self.steps(1, 50, minute: 0)]))
            #expect(stored.json?["inserted"]?.number == 1)
            let reversed =
                #"{"uuid":"\#(Self.uuidText(5))","type":"\#(stepsType)","startDate":"2025-06-01T09:00:00Z","#
                + #""endDate":"2025-06-01T08:00:00Z","quantity":{"value":5,"unit":"count"},"source":\#(Self.phone)}"#
            let noUUID =
                #"{"type":"\#(stepsType)","startDate":"2025-06-01T09:00:00Z","quantity":{"value":5,"unit":"count"},"#
                + #""source":\#(Self.phone)}"#
            let items = [
                Self.steps(2, 10, minute: 20),  // 0: valid
                Self.steps(1, 51, minute: 0),  // 1: the stored UUID with other content: a conflict
                Self.steps(3, 10, minute: 30).replacingOccurrences(of: #""unit":"count""#, with: #""unit":"parsecs""#),
                noUUID,  // 3: no uuid
                reversed,  // 4: end before start
                "42",  // 5: not a sample at all
                Self.steps(6, 10, minute: 40).replacingOccurrences(
                    of: stepsType, with: "HKQuantityTypeIdentifierHeartRate"),
                Self.steps(7, 10, minute: 50).replacingOccurrences(of: #","source":\#(Self.phone)"#, with: ""),
                Self.steps(8, 10, minute: 60),  // 8: valid
            ]
            let answer = try await client.send(
                .post, "/v1/sync/batches", token: phone, json: Self.batch("b-2", samples: items, deleted: [1, 99]))
            #expect(answer.status == 200, "\(answer.text)")
            #expect(answer.json?["inserted"]?.number == 2)
            #expect(answer.json?["rejected"]?.number == 6)
            #expect(answer.json?["conflicts"]?.array.map { $0["index"]?.number } == [1])
            let problems = answer.json?["problems"]?.array ?? []
            #expect(problems.map { $0["index"]?.number ?? -1 } == [2, 3, 4, 5, 6, 7])
            #expect(problems.allSatisfy { $0["list"]?.string == "samples" && $0["problem"]?.string?.isEmpty == false })
            #expect(problems[0]["problem"]?.string?.contains("unit") == true, "\(problems[0])")
            #expect(problems[1]["problem"]?.string?.contains("uuid") == true, "\(problems[1])")
            #expect(problems[5]["problem"]?.string?.contains("source") == true, "\(problems[5])")
            // The deletion of the conflicting sample's UUID applies (the phone deleted it); 99 was never stored.
            #expect(answer.json?["deleted"]?.number == 1)
            #expect(answer.json?["alreadyDeleted"]?.number == 1)
            let owner = server.token("owner")
            let listed = try await client.send(.get, "/v1/samples?type=\(stepsType)", token: owner)
            let values = listed.json?["samples"]?.array.compactMap { $0["quantity"]?["value"]?.number }.sorted()
            #expect(values == [10, 10], "the two valid items, and the stored sample deleted (never overwritten by 51)")
            let status = try await client.send(.get, "/v1/sync/status", token: phone)
            let steps = status.json?["types"]?.array.first
            #expect(steps?["rejected"]?.number == 6)
            #expect(steps?["lastProblem"]?.string?.hasPrefix("samples[2]") == true, "\(status.text)")
        }
    }

    @Test("a correlation keeps its members' UUIDs; a member without one is that item's problem, not the batch's")
    func correlations() async throws {
        let server = try await TestServer.make()
        try await server.run { client in
            let pressure = "HKCorrelationTypeIdentifierBloodPressure"
            func member(_ uuid: Int?, _ type: String, _ value: Int) -> String {
                let id = uuid.map { #""uuid":"\#(Self.uuidText($0))","# } ?? ""
                return #"{\#(id)"type":"\#(type)","startDate":"2025-06-01T08:00:00Z","#
                    + #""quantity":{"value":\#(value),"unit":"mmHg"}}"#
            }
            func correlation(_ uuid: Int, members: [String]) -> String {
                #"{"uuid":"\#(Self.uuidText(uuid))","type":"\#(pressure)","startDate":"2025-06-01T08:00:00Z","#
                    + #""source":\#(Self.phone),"objects":[\#(members.joined(separator: ","))]}"#
            }
            let systolic = "HKQuantityTypeIdentifierBloodPressureSystolic"
            let diastolic = "HKQuantityTypeIdentifierBloodPressureDiastolic"
            let body =
                #"{"batch":"bp-1","type":"\#(pressure)","samples":["#
                + correlation(10, members: [member(11, systolic, 120), member(12, diastolic, 80)]) + ","
                + correlation(20, members: [member(nil, systolic, 121), member(22, diastolic, 81)]) + "]}"
            let answer = try await client.send(.post, "/v1/sync/batches", token: server.token("phone"), json: body)
            #expect(answer.status == 200, "\(answer.text)")
            #expect(answer.json?["inserted"]?.number == 1)
            #expect(answer.json?["problems"]?.array.map { $0["index"]?.number } == [1])
            #expect(answer.json?["problems"]?.array.first?["problem"]?.string?.contains("objects[0].uuid") == true)
            let member = try await client.send(
                .get, "/v1/samples/\(Self.uuidText(11))", token: server.token("owner"))
            #expect(member.json?["quantity"]?["value"]?.number == 120, "a member keeps its UUID: \(member.text)")
        }
    }

    @Test("a malformed body is a 400 that changes nothing; too many items or bytes a 413 naming the limit")
    func malformedChangesNothing() async throws {
        let server = try await TestServer.make { $0.limits.maxSyncBatchItems = 3 }
        try await server.run { client in
            let phone = server.token("phone")
            let good = [Self.steps(1, 10, minute: 0)]
            let malformed = [
                "not json",
                #"{"type":"\#(stepsType)","samples":[\#(good[0])]}"#,  // no batch id
                Self.batch("bad id!", samples: good),
                Self.batch("b", samples: good).replacingOccurrences(
                    of: stepsType + #"","samples"#, with: #"nope","samples"#),
                #"{"batch":"b","type":"\#(stepsType)","samples":[\#(good[0])],"deleted":[{"uuid":"x","type":"\#(stepsType)"}]}"#,
                #"{"batch":"b","type":"\#(stepsType)","samples":{"a":1}}"#,
                #"{"batch":"b","type":"\#(stepsType)","samples":[\#(good[0])],"device":"someone-else"}"#,
                #"{"batch":null,"type":"\#(stepsType)"}"#,
            ]
            // The body's reader (not Codable: decision 0032) names the field as the decoder did, without its value.
            let details = [
                "the body is not JSON (not a value at byte 0)", "batch is missing", nil, nil,
                "deleted[0].uuid is not a UUID", "samples must be an array", nil, "batch must be a string, not null",
            ]
            for (body, detail) in zip(malformed, details) {
                let answer = try await client.send(.post, "/v1/sync/batches", token: phone, json: body)
                #expect(answer.status == 400, "\(body.prefix(60)) → \(answer.status) \(answer.text.prefix(200))")
                #expect(answer.contentType == "application/problem+json")
                if let detail { #expect(answer.json?["detail"]?.string == detail, "\(answer.text)") }
            }
            let tooMany = try await client.send(
                .post, "/v1/sync/batches", token: phone,
                json: Self.batch("b", samples: (1...3).map { Self.steps($0, 1, minute: $0) }, deleted: [9]))
            #expect(tooMany.status == 413)
            #expect(tooMany.json?["detail"]?.string?.contains("at most 3") == true, "\(tooMany.text)")
            let status = try await client.send(.get, "/v1/sync/status", token: phone)
            #expect(status.json?["types"]?.array.isEmpty == true, "no batch was recorded")
            let listed = try await client.send(.get, "/v1/samples?type=\(stepsType)", token: server.token("owner"))
            #expect(listed.json?["samples"]?.array.isEmpty == true, "nothing was stored")
            // A sample of the wrong shape is its item's problem, named as the decoder named it.
            let mistyped = try await client.send(
                .post, "/v1/sync/batches", token: phone,
                json: Self.batch(
                    "typed", samples: [good[0].replacingOccurrences(of: #""value":10.0"#, with: #""value":"ten""#)]))
            #expect(mistyped.status == 200, "\(mistyped.text)")
            #expect(
                mistyped.json?["problems"]?.array.first?["problem"]?.string
                    == "samples[0].quantity.value must be a number",
                "\(mistyped.text)")
        }
    }

    @Test("gzip bodies are inflated within the bound; a damaged one is a 400, a bomb a 413")
    func gzipBodies() async throws {
        let server = try await TestServer.make { $0.limits.maxSyncBodyBytes = 64 << 10 }
        try await server.run { client in
            let phone = server.token("phone")
            let body = Self.batch("z-1", samples: (1...20).map { Self.steps($0, 1, minute: $0) })
            let gzip: HTTPFields = [.contentEncoding: "gzip", .contentType: "application/json"]
            let packed = try Gzip.compress(Array(body.utf8))
            #expect(packed.count < body.utf8.count / 3)
            let answer = try await client.send(.post, "/v1/sync/batches", token: phone, body: packed, headers: gzip)
            #expect(answer.status == 200, "\(answer.text)")
            #expect(answer.json?["inserted"]?.number == 20)
            let damaged = try await client.send(
                .post, "/v1/sync/batches", token: phone, body: Array(packed.prefix(packed.count / 2)), headers: gzip)
            #expect(damaged.status == 400)
            // 1 MiB of spaces inside a JSON string: 1 KiB compressed, 16 times the bound inflated.
            let bomb = try Gzip.compress(
                Array(#"{"batch":"z-2","x":""#.utf8) + [UInt8](repeating: 0x20, count: 1 << 20))
            let refused = try await client.send(.post, "/v1/sync/batches", token: phone, body: bomb, headers: gzip)
            #expect(refused.status == 413, "\(refused.text)")
            let other = try await client.send(
                .post, "/v1/sync/batches", token: phone, body: packed,
                headers: [.contentEncoding: "br", .contentType: "application/json"])
            #expect(other.status == 415)
        }
    }

    @Test("a mirror token reaches only /v1/sync, only its person, and not after revocation; apps keep their source")
    func mirrorTokenBounds() async throws {
        let server = try await TestServer.make()
        try await server.run { client in
            let body = Self.batch("x-1", samples: [Self.steps(1, 10, minute: 0)])
            for token in ["owner", "stepsApp", "writer", "benOwner"] {
                let answer = try await client.send(.post, "/v1/sync/batches", token: server.token(token), json: body)
                #expect(answer.status == 403, "\(token) synced")
            }
            #expect(
                try await client.send(.post, "/v1/sync/batches", token: server.token("oldPhone"), json: body).status
                    == 401)
            let phone = server.token("phone")
            for path in ["/v1/samples?type=\(stepsType)", "/v1/changes?type=\(stepsType)", "/v1/sources", "/v1/export"]
            {
                #expect(try await client.send(.get, path, token: phone).status == 403, "\(path)")
            }
            #expect(
                try await client.send(
                    .post, "/v1/samples", token: phone, json: #"{"samples":[\#(stepsJSON(1, minute: 0))]}"#
                ).status == 403)
            // Ben's phone writes into Ben's store, never Ana's.
            #expect(
                try await client.send(.post, "/v1/sync/batches", token: server.token("benPhone"), json: body).status
                    == 200)
            let anas = try await client.send(.get, "/v1/samples?type=\(stepsType)", token: server.token("owner"))
            #expect(anas.json?["samples"]?.array.isEmpty == true)
            // An app's samples are its own, whatever source it claims.
            let claimed = Self.steps(5, 10, minute: 0)
            let saved = try await client.send(
                .post, "/v1/samples", token: server.token("stepsApp"), json: #"{"samples":[\#(claimed)]}"#)
            #expect(saved.status == 201, "\(saved.text)")
            let read = try await client.send(.get, "/v1/samples/\(Self.uuidText(5))", token: server.token("owner"))
            #expect(read.json?["source"]?["bundleIdentifier"]?.string == "com.example.steps")
        }
    }
}

/// gzip for the tests' request bodies.
enum Gzip {
    struct Failed: Error {}

    static func compress(_ bytes: [UInt8]) throws -> [UInt8] {
        var stream = z_stream()
        guard
            deflateInit2_(
                &stream, Z_BEST_COMPRESSION, Z_DEFLATED, MAX_WBITS + 16, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
                Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { throw Failed() }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))) + 64)
        let written: Int = bytes.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = out.baseAddress
                stream.avail_out = uInt(out.count)
                guard deflate(&stream, Z_FINISH) == Z_STREAM_END else { return -1 }
                return out.count - Int(stream.avail_out)
            }
        }
        guard written >= 0 else { throw Failed() }
        return Array(output.prefix(written))
    }
}
