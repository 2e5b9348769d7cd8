import Foundation
import HealthExport
import HealthQuery
import HealthRuntime
import Hummingbird
import Logging
import NIOCore

/// The person's own token moves whole exports in and out.
///
/// - `POST /v1/import` with the Health app's `export.zip` (or `export.xml`) as the body: streamed to a file of its
///   own private folder (``UploadArea``), never held in memory (at most `maxUploadBytes`, and all uploads on disk
///   together at most `maxUploadSpace`: 503 with Retry-After beyond), then imported in the background, all or
///   nothing → 202 `{"job": id}`. One import at a time per person, taken before the body is read (409 at once for a
///   second). A bare `export.xml` is the document alone: no side file is read beside it.
/// - `GET /v1/import/{job}`: `running` with progress, `finished` with the report's counts, or `failed` with the
///   problem.
/// - `GET /v1/export`: the store as the Health app's `export.zip`, streamed.
enum ImportExportRoutes {
    static func add(to group: RouterGroup<ServerContext>, services: ServerServices) {
        group.post("/import") { request, context in try await upload(request, context, services) }
        group.get("/import/:job") { _, context in try status(context, services) }
        group.get("/export") { _, context in try await export(context, services) }
    }

    /// `POST /v1/import`.
    static func upload(
        _ request: Request, _ context: ServerContext, _ services: ServerServices
    ) async throws
        -> Response
    {
        let caller = try context.requireCaller()
        guard caller.isOwner else { throw APIError.forbidden("only the person's own token imports exports") }
        let id = services.newIdentifier()
        guard services.jobs.reserve(id, person: caller.person.name, at: services.now) else {
            throw APIError(.conflict, "import-running", "an import of this person is running; wait for it")
        }
        let area = services.uploads
        let folder: URL
        let received: Int
        do {
            if let length = request.headers[.contentLength].flatMap(Int.init) {
                guard length <= services.limits.maxUploadBytes else {
                    throw APIError(
                        .contentTooLarge, "upload-too-large",
                        "the upload is larger than \(services.limits.maxUploadBytes) bytes")
                }
                try area.ensureRoom(for: length)
            }
            folder = try area.makeJobFolder(id)
            do {
                received = try await receive(
                    request.body, into: folder.appendingPathComponent("upload"), area: area,
                    limit: services.limits.maxUploadBytes)
            } catch {
                area.release(folder, bytes: 0)
                throw error
            }
        } catch {
            services.jobs.cancel(id)
            throw error
        }
        services.jobs.update(id, .running(nil))
        let store = caller.store
        let clock = services.configuration.environment.clock
        let jobs = services.jobs
        let logger = context.logger
        Task.detached {
            defer { area.release(folder, bytes: received) }
            do {
                var options = ExportImporter.Options()
                options.limits = .upload  // a file from a token holder: stricter bounds (ExportFormat.md)
                options.readsSideFilesBesideDocument = false  // an upload is the document alone
                let importer = ExportImporter(store: store, clock: clock, options: options)
                let report = try await importer.importExport(at: folder.appendingPathComponent("upload")) {
                    progress in jobs.update(id, .running(progress))
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

    /// `GET /v1/import/{job}`.
    static func status(_ context: ServerContext, _ services: ServerServices) throws -> Response {
        let caller = try context.requireCaller()
        guard let id = context.parameters.get("job"), let job = services.jobs.job(id, person: caller.person.name)
        else { throw APIError.notFound("no such import job") }
        var document: [String: JSONValue] = ["job": .string(id), "started": .string(APIDates.format(job.started))]
        switch job.state {
        case .receiving:
            document["status"] = .string("running")
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

    /// `GET /v1/export`: written into a private folder of the upload area (its size counted against the area's
    /// room until it is streamed: 503 with Retry-After when it does not fit), streamed, then removed.
    static func export(_ context: ServerContext, _ services: ServerServices) async throws -> Response {
        let caller = try context.requireCaller()
        guard caller.isOwner else { throw APIError.forbidden("only the person's own token exports the store") }
        let area = services.uploads
        let folder = try area.makeJobFolder("export-" + services.newIdentifier())
        let file = folder.appendingPathComponent("export.zip")
        do {
            _ = try await ExportWriter(
                store: caller.store, clock: services.configuration.environment.clock,
                calendar: services.configuration.environment.calendar
            ).write(to: file)
        } catch {
            area.release(folder, bytes: 0)
            throw error
        }
        var headers = HTTPFields()
        headers[.contentType] = "application/zip"
        headers[.contentDisposition] = "attachment; filename=\"export.zip\""
        let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? nil
        // The archive counts against the uploads' room while it waits to be streamed.
        do { try area.take(size ?? 0) } catch {
            area.release(folder, bytes: 0)
            throw error
        }
        return Response(
            status: .ok, headers: headers,
            body: ResponseBody(contentLength: size) { writer in
                defer { area.release(folder, bytes: size ?? 0) }
                let handle = try FileHandle(forReadingFrom: file)
                defer { try? handle.close() }
                while let chunk = try handle.read(upToCount: 1 << 16), !chunk.isEmpty {
                    try await writer.write(ByteBuffer(bytes: chunk))
                }
                try await writer.finish(nil)
            })
    }

    /// Streams a body to a file, at most `limit` bytes (413 beyond) and within the area's room (503 beyond); the
    /// partial file is removed on failure. Returns the bytes received (held in the area until released).
    static func receive(_ body: RequestBody, into file: URL, area: UploadArea, limit: Int) async throws -> Int {
        guard FileManager.default.createFile(atPath: file.path, contents: nil, attributes: [.posixPermissions: 0o600]),
            let handle = try? FileHandle(forWritingTo: file)
        else {
            var error = APIError(.serviceUnavailable, "no-space", "the upload cannot be stored")
            error.headers[.retryAfter] = "60"
            throw error
        }
        defer { try? handle.close() }
        var received = 0
        do {
            for try await buffer in body {
                guard received + buffer.readableBytes <= limit else {
                    throw APIError(.contentTooLarge, "upload-too-large", "the upload is larger than \(limit) bytes")
                }
                try area.take(buffer.readableBytes)
                received += buffer.readableBytes
                try handle.write(contentsOf: buffer.readableBytesView)
            }
        } catch {
            area.release(file, bytes: received)
            throw error
        }
        guard received > 0 else {
            area.release(file, bytes: 0)
            throw APIError.badRequest("the body is empty: send export.zip")
        }
        return received
    }
}
