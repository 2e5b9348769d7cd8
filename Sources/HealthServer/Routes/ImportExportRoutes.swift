import Foundation
import HealthExport
import HealthQuery
import HealthRuntime
import Hummingbird
import Logging
import NIOCore

/// The person's own token moves whole exports in and out.
///
/// - `POST /v1/import` with the Health app's `export.zip` (or `export.xml`) as the body: streamed to a file, never
///   held in memory (at most `maxUploadBytes`), then imported in the background, all or nothing → 202
///   `{"job": id}`; one import at a time per person.
/// - `GET /v1/import/{job}`: `running` with progress, `finished` with the report's counts, or `failed` with the
///   problem.
/// - `GET /v1/export`: the store as the Health app's `export.zip`, streamed.
enum ImportExportRoutes {
    static func add(to group: RouterGroup<ServerContext>, services: ServerServices) {
        group.post("/import") { request, context -> Response in
            let caller = try context.requireCaller()
            guard caller.isOwner else { throw APIError.forbidden("only the person's own token imports exports") }
            guard !services.jobs.isRunning(person: caller.person.name) else {
                throw APIError(.conflict, "import-running", "an import of this person is running; wait for it")
            }
            let id = services.newIdentifier()
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("ohk-upload-\(id)")
            try await receive(request.body, into: file, limit: services.limits.maxUploadBytes)
            services.jobs.start(id, person: caller.person.name, at: services.now)
            let store = caller.store
            let clock = services.configuration.environment.clock
            let jobs = services.jobs
            let logger = context.logger
            Task.detached {
                defer { try? FileManager.default.removeItem(at: file) }
                do {
                    var options = ExportImporter.Options()
                    options.limits = .upload  // a file from a token holder: stricter bounds (ExportFormat.md)
                    let importer = ExportImporter(store: store, clock: clock, options: options)
                    let report = try await importer.importExport(at: file) { progress in
                        jobs.update(id, .running(progress))
                    }
                    jobs.update(id, .finished(report))
                    logger.info("import finished", metadata: ["job": "\(id)", "inserted": "\(report.inserted)"])
                } catch {
                    jobs.update(id, .failed(APIError.from(error)))
                    logger.info("import failed", metadata: ["job": "\(id)"])
                }
            }
            return Requests.json(
                .object(["job": .string(id), "status": .string("running")]), status: .accepted,
                headers: [.location: "/v1/import/\(id)"])
        }

        group.get("/import/:job") { request, context -> Response in
            let caller = try context.requireCaller()
            guard let id = context.parameters.get("job"), let job = services.jobs.job(id, person: caller.person.name)
            else { throw APIError.notFound("no such import job") }
            var document: [String: JSONValue] = ["job": .string(id), "started": .string(APIDates.format(job.started))]
            switch job.state {
            case .running(let progress):
                document["status"] = .string("running")
                if let progress {
                    var object: [String: JSONValue] = [
                        "bytesRead": .number(Double(progress.bytesRead)),
                        "recordsRead": .number(Double(progress.recordsRead)),
                    ]
                    if let total = progress.totalBytes { object["totalBytes"] = .number(Double(total)) }
                    document["progress"] = .object(object)
                }
            case .finished(let report):
                document["status"] = .string("finished")
                document["report"] = .object([
                    "records": .number(Double(report.summary.recordCount)),
                    "inserted": .number(Double(report.inserted)),
                    "alreadyPresent": .number(Double(report.alreadyPresent)),
                    "workouts": .number(Double(report.workouts)),
                    "skipped": .number(Double(report.skipped.values.reduce(0, +))),
                    "issues": .number(Double(report.issueCount)),
                ])
            case .failed(let problem):
                document["status"] = .string("failed")
                document["problem"] = .object(["type": .string(problem.typeURI), "detail": .string(problem.detail)])
            }
            return Requests.json(.object(document))
        }

        group.get("/export") { _, context -> Response in
            let caller = try context.requireCaller()
            guard caller.isOwner else { throw APIError.forbidden("only the person's own token exports the store") }
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "ohk-export-\(services.newIdentifier())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let file = folder.appendingPathComponent("export.zip")
            do {
                _ = try await ExportWriter(
                    store: caller.store, clock: services.configuration.environment.clock,
                    calendar: services.configuration.environment.calendar
                ).write(to: file)
            } catch {
                try? FileManager.default.removeItem(at: folder)
                throw error
            }
            var headers = HTTPFields()
            headers[.contentType] = "application/zip"
            headers[.contentDisposition] = "attachment; filename=\"export.zip\""
            let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? nil
            return Response(
                status: .ok, headers: headers,
                body: ResponseBody(contentLength: size) { writer in
                    defer { try? FileManager.default.removeItem(at: folder) }
                    let handle = try FileHandle(forReadingFrom: file)
                    defer { try? handle.close() }
                    while let chunk = try handle.read(upToCount: 1 << 16), !chunk.isEmpty {
                        try await writer.write(ByteBuffer(bytes: chunk))
                    }
                    try await writer.finish(nil)
                })
        }
    }

    /// Streams a body to a file, at most `limit` bytes (413 beyond; the partial file is removed).
    static func receive(_ body: RequestBody, into file: URL, limit: Int) async throws {
        guard FileManager.default.createFile(atPath: file.path, contents: nil),
            let handle = try? FileHandle(forWritingTo: file)
        else { throw APIError(.serviceUnavailable, "no-space", "the upload cannot be stored") }
        defer { try? handle.close() }
        var received = 0
        do {
            for try await buffer in body {
                received += buffer.readableBytes
                guard received <= limit else {
                    throw APIError(.contentTooLarge, "upload-too-large", "the upload is larger than \(limit) bytes")
                }
                try handle.write(contentsOf: buffer.readableBytesView)
            }
        } catch {
            try? FileManager.default.removeItem(at: file)
            throw error
        }
        guard received > 0 else {
            try? FileManager.default.removeItem(at: file)
            throw APIError.badRequest("the body is empty: send export.zip")
        }
    }
}
