import Foundation
import NIOCore
import NIOHTTPTypes

/// Watches one connection for the client's slowness: the head of each request must arrive within the header
/// timeout (the idle timeout between requests once authenticated), and its body must keep a minimum pace; the
/// connection is closed otherwise. While the server is answering (a long statistics query, an event stream) no
/// timer runs: only waiting for the client is bounded. It also admits the connection to the registry when it
/// opens (which may refuse it) and removes it when it closes.
final class ConnectionGuardHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private enum Phase {
        /// Waiting for a request's head.
        case waitingForHead
        /// Reading a request's body.
        case readingBody
        /// The request is in; the server answers.
        case answering
    }

    private let settings: ConnectionSettings
    private let registry: ConnectionRegistry
    private var phase = Phase.waitingForHead
    private var timer: Scheduled<Void>?
    private var bodyBytesInWindow = 0
    /// Requests whose head came in and whose answer has not ended (more than one only when a client pipelines).
    private var unanswered = 0
    private var admitted = false

    init(settings: ConnectionSettings, registry: ConnectionRegistry) {
        self.settings = settings
        self.registry = registry
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { admit(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        admit(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        cancelTimer()
        if admitted { registry.closed(ObjectIdentifier(context.channel)) }
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        cancelTimer()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            unanswered += 1
            if unanswered == 1 { registry.busy(ObjectIdentifier(context.channel), true) }
            phase = .readingBody
            bodyBytesInWindow = 0
            schedule(context, after: settings.bodyTimeout)
        case .body(let buffer):
            bodyBytesInWindow += buffer.readableBytes
        case .end:
            if unanswered == 0 {
                // Answered before the body was in (a refused token): the next head is awaited now.
                phase = .waitingForHead
                waitForHead(context)
            } else {
                phase = .answering
                cancelTimer()
            }
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            unanswered = max(0, unanswered - 1)
            if unanswered == 0 { registry.busy(ObjectIdentifier(context.channel), false) }
            if unanswered == 0, phase == .answering {
                phase = .waitingForHead
                waitForHead(context)
            }
        }
        context.write(data, promise: promise)
    }

    private func admit(_ context: ChannelHandlerContext) {
        guard !admitted else { return }
        admitted = true
        let channel = context.channel
        let address = channel.remoteAddress?.ipAddress ?? "unknown"
        let admission = registry.admit(ObjectIdentifier(channel), address: address) {
            channel.close(promise: nil)
        }
        guard admission == .admitted else {
            admitted = false
            context.close(promise: nil)
            return
        }
        waitForHead(context)
    }

    /// The wait for the next head: the idle timeout once the connection has authenticated, else the header timeout.
    private func waitForHead(_ context: ChannelHandlerContext) {
        let authenticated = registry.isAuthenticated(ObjectIdentifier(context.channel))
        schedule(context, after: authenticated ? settings.idleTimeout : settings.headerTimeout)
    }

    private func schedule(_ context: ChannelHandlerContext, after seconds: TimeInterval) {
        cancelTimer()
        let loopBound = NIOLoopBound(self, eventLoop: context.eventLoop)
        let contextBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        timer = context.eventLoop.scheduleTask(in: .milliseconds(Int64(max(0.001, seconds) * 1_000))) {
            loopBound.value.timerFired(contextBound.value)
        }
    }

    private func timerFired(_ context: ChannelHandlerContext) {
        timer = nil
        switch phase {
        case .waitingForHead:
            context.close(promise: nil)
        case .readingBody:
            let needed = Double(settings.minimumBodyRate) * settings.bodyTimeout
            guard Double(bodyBytesInWindow) >= needed else {
                context.close(promise: nil)
                return
            }
            bodyBytesInWindow = 0
            schedule(context, after: settings.bodyTimeout)
        case .answering:
            break
        }
    }

    private func cancelTimer() {
        timer?.cancel()
        timer = nil
    }
}
