import Foundation
import HTTPTypes
import HealthCore
import HealthQuery
import HealthRuntime
import Hummingbird
import NIOCore

/// `GET /v1/events?type=…[&type=…]`: observer queries as Server-Sent Events.
///
/// Each event is one batch of changes (added samples and deletions the app may see) of the types, in commit order:
///
/// ```
/// id: 4812
/// event: change
/// data: {"anchor":4812,"added":[…],"deleted":[…]}
/// ```
///
/// The event id is the anchor after the batch. A client that reconnects with `Last-Event-ID: 4812` (or
/// `?lastEventId=4812`) gets every change after it — no gap, no repeat; a new stream without one starts from now.
/// A comment line (`: heartbeat`) goes out when the stream has been quiet for the heartbeat interval. The server
/// keeps at most 64 unsent events per stream: a client that falls further behind is dropped (it reconnects with
/// its last id and loses nothing); writers never wait for readers. At most `maxStreamsPerToken` streams per token.
enum EventRoutes {
    static func add(to group: RouterGroup<ServerContext>, services: ServerServices) {
        group.get("/events") { request, context -> Response in
            let caller = try context.requireCaller()
            let query = Query(request)
            let types = Set(
                try query.sampleTypes())
            guard !types.isEmpty else { throw APIError.badRequest("type is missing (a HealthKit type identifier)") }
            let queryResume = try query.integer("lastEventId", in: 0...Int(Int64.max))
            let resumeText = request.headers[HTTPField.Name("Last-Event-ID")!] ?? queryResume.map(String.init)
            var resume: QueryAnchor?
            if let resumeText {
                guard let value = Int64(resumeText), value >= 0 else {
                    throw APIError.badRequest("Last-Event-ID is not an event id this server gave")
                }
                resume = QueryAnchor(value)
            }
            let key = caller.token.hash
            let ticket: Int
            switch services.streams.acquire(key) {
            case .success(let value): ticket = value
            case .failure(.tooMany):
                var error = APIError(
                    .tooManyRequests, "too-many-streams",
                    "this token holds \(services.limits.maxStreamsPerToken) event streams already")
                error.headers[.retryAfter] = "5"
                throw error
            case .failure(.shuttingDown):
                var error = APIError(.serviceUnavailable, "shutting-down", "the server is shutting down; retry later")
                error.headers[.retryAfter] = "5"
                throw error
            }
            let start: QueryAnchor
            do {
                if let resume { start = resume } else { start = try await caller.store.latestAnchor() }
            } catch {
                services.streams.release(key, ticket: ticket)
                throw error
            }
            let stream = EventStream(
                caller: caller, types: types, anchor: start, settings: services.configuration.events,
                shared: services.sharedChanges, onEnd: { services.streams.release(key, ticket: ticket) },
                registerClose: { close in services.streams.onShutdown(ticket, close) })
            var headers = HTTPFields()
            headers[.contentType] = "text/event-stream"
            headers[.cacheControl] = "no-cache"
            headers[.connection] = "keep-alive"
            return Response(status: .ok, headers: headers, body: ResponseBody(asyncSequence: stream.bytes()))
        }
    }
}

/// One client's event stream: a producer task reads changes from the store whenever the person's change hub says
/// a commit touched the types (or the heartbeat is due) and queues events for the client, at most 64 unsent.
struct EventStream: Sendable {
    let caller: Caller
    let types: Set<SampleType>
    let anchor: QueryAnchor
    let settings: ServerConfiguration.EventSettings
    let shared: SharedChanges
    let onEnd: @Sendable () -> Void
    /// Hands over how to end the stream (the server calls it at shutdown).
    let registerClose: @Sendable (@escaping @Sendable () -> Void) -> Void

    static let buffered = 64

    /// The last event of a stream whose store failed.
    static var unavailable: ByteBuffer {
        ByteBuffer(string: "event: error\ndata: {\"detail\":\"the store is unavailable\"}\n\n")
    }

    func bytes() -> AsyncStream<ByteBuffer> {
        let (stream, continuation) = AsyncStream<ByteBuffer>.makeStream(
            bufferingPolicy: .bufferingOldest(Self.buffered))
        let notifications = caller.database.hub.notifications(for: types)
        let producer = Task {
            defer {
                continuation.finish()
                onEnd()
            }
            let (wakes, wake) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
            // The newest commit anchor announced (the shared read's target: see SharedChanges).
            let announced = AnchorMark(anchor.value)
            let forwarder = Task {
                for await notification in notifications {
                    announced.raise(to: notification.anchor)
                    wake.yield()
                }
                wake.finish()
            }
            let heartbeat = Task {
                while !Task.isCancelled {
                    try? await Task.sleep(for: .seconds(settings.heartbeat))
                    wake.yield()
                }
            }
            defer {
                forwarder.cancel()
                heartbeat.cancel()
            }
            // Other processes' commits (an `ohk import` into the person's store) wake the stream as well.
            try? await caller.database.watchOtherProcesses()
            var current = anchor
            var quietSince = ContinuousClock.now
            // Commits before the hub subscription were never announced: the store's anchor now is the first
            // target, so a resumed stream's shared read covers everything up to it (a read another stream started
            // earlier at the same anchor, and that ended before those commits, is not joined).
            guard let latest = try? await caller.store.latestAnchor() else {
                _ = send(Self.unavailable, to: continuation)
                return
            }
            announced.raise(to: latest.value)
            wake.yield()  // catch up at once when resuming
            for await _ in wakes {
                if Task.isCancelled { return }
                do {
                    var sent = false
                    while true {
                        let key = SharedChanges.Key(
                            person: caller.person.name, app: caller.identity.bundleIdentifier,
                            types: types.map(\.identifier).sorted(), anchor: current.value,
                            limit: settings.changesPerEvent, target: announced.value)
                        let store = caller.store
                        let (from, limit, types) = (current, settings.changesPerEvent, types)
                        let batch = try await shared.changes(key) {
                            try await store.anchoredChanges(of: types, anchor: from, limit: limit)
                        }
                        current = batch.newAnchor
                        if !batch.added.isEmpty || !batch.deleted.isEmpty {
                            guard send(Self.event(batch), to: continuation) else { return }
                            sent = true
                        }
                        if !batch.hasMore { break }
                    }
                    if sent {
                        quietSince = .now
                    } else if ContinuousClock.now - quietSince >= .seconds(settings.heartbeat) {
                        guard send(ByteBuffer(string: ": heartbeat\n\n"), to: continuation) else { return }
                        quietSince = .now
                    }
                } catch {
                    _ = send(
                        ByteBuffer(string: "event: error\ndata: {\"detail\":\"the store is unavailable\"}\n\n"),
                        to: continuation)
                    return
                }
            }
        }
        continuation.onTermination = { _ in producer.cancel() }
        registerClose { continuation.finish() }
        // An opening comment, so clients see the stream is open before the first change.
        continuation.yield(ByteBuffer(string: ": stream open\n\n"))
        return stream
    }

    /// Queues an event; false when the client is too far behind (the stream ends then).
    private func send(_ buffer: ByteBuffer, to continuation: AsyncStream<ByteBuffer>.Continuation) -> Bool {
        if case .enqueued = continuation.yield(buffer) { return true }
        return false
    }

    static func event(_ batch: AnchoredResult) -> ByteBuffer {
        let data = ChangeRoutes.document(batch).encoded()
        var text = "id: \(batch.newAnchor.value)\nevent: change\ndata: "
        text += String(decoding: data, as: UTF8.self)
        text += "\n\n"
        return ByteBuffer(string: text)
    }
}

/// The newest anchor a stream has been told of.
final class AnchorMark: Sendable {
    private let mark: Locked<Int64>
    init(_ value: Int64) { mark = Locked(value) }
    var value: Int64 { mark.withLock { $0 } }
    func raise(to value: Int64) { mark.withLock { $0 = max($0, value) } }
}
