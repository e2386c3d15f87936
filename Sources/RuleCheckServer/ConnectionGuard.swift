import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1
import RuleCheck

/// One connection's guard, in its channel's pipeline between the HTTP codec and Hummingbird:
/// it counts the connection in the server's ``ConnectionRegistry``, closes it when it stays idle
/// past ``Settings/idleTimeout`` or takes longer than ``Settings/headerTimeout`` to send a
/// request's head (a slowloris client, answered 408 `header_timeout`), and answers a request HTTP
/// cannot read — malformed, or with headers over the limit — with the documented JSON error
/// (400 `bad_request`, 431 `headers_too_large`) rather than Hummingbird's empty 400.
///
/// ```
/// socket → RequestStartWatcher → HTTP/1 decoder → HTTP1ToHTTPServerCodec → ConnectionGuard → Hummingbird
/// ```
///
/// ``RequestStartWatcher`` sits in front of the decoder and tells the guard when the first byte of
/// a request arrives, which starts the header clock; the guard sees each request's head arrive and
/// each answer's end leave.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// What every connection of a server is held to.
    struct Settings: Sendable {
        var headerTimeout: TimeAmount
        var idleTimeout: TimeAmount
        var maxHeaderBytes: Int
        let registry: ConnectionRegistry
        let metrics: ServerMetrics
    }

    private enum Phase {
        /// No request under way, no byte of the next one yet.
        case idle
        /// The first bytes of a request arrived, its head is not complete.
        case readingHead
        /// A request's head arrived and its answer is not written yet.
        case busy
        case closed
    }

    let settings: Settings
    private var phase = Phase.idle
    /// Requests whose head arrived and whose answer's end is not written yet.
    private var unanswered = 0
    /// A request's head arrived and its end has not.
    private var readingBody = false
    /// An error to answer once the answers under way are written.
    private var pendingError: APIError?
    /// One timer per connection, never cancelled on the way: when it fires it looks at the phase
    /// and its deadline, and acts or waits again — so a request costs a clock read, not a timer.
    private var timer: Scheduled<Void>?
    private var timerAt: NIODeadline?
    /// When the current phase started.
    private var since = NIODeadline.now()
    private var id: Int?
    private var context: ChannelHandlerContext?

    init(settings: Settings) {
        self.settings = settings
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        if context.channel.isActive { opened(context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        finished()
        self.context = nil
    }

    func channelActive(context: ChannelHandlerContext) {
        opened(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        finished()
        context.fireChannelInactive()
    }

    private func opened(_ context: ChannelHandlerContext) {
        guard id == nil, phase != .closed else { return }
        let channel = context.channel
        let metrics = settings.metrics
        switch settings.registry.open(close: {
            metrics.connectionClosed(.evicted)
            channel.close(promise: nil)
        }) {
        case .admitted(let id, _):
            self.id = id
            becomeIdle(context)
        case .refused:
            phase = .closed
            metrics.connectionClosed(.refused)
            context.close(promise: nil)
        }
    }

    private func finished() {
        timer?.cancel()
        timer = nil
        phase = .closed
        if let id { settings.registry.closed(id) }
        id = nil
    }

    /// The first bytes of a request (or of anything) arrived: its head has until the header timeout.
    func bytesArrived() {
        // The rest of a body already answered (a 413, say) is not the start of a request.
        guard phase == .idle, !readingBody, let context else { return }
        phase = .readingHead
        since = .now()
        arm(context)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            unanswered += 1
            readingBody = true
            if phase != .busy {
                phase = .busy
                if let id { settings.registry.busy(id) }
            }
        case .body:
            break
        case .end:
            readingBody = false
            // The end of a body that arrived after its answer: the connection is idle again.
            if phase == .readingHead, unanswered == 0 { becomeIdle(context) }
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard case .end = unwrapOutboundIn(data), unanswered > 0 else {
            context.write(data, promise: promise)
            return
        }
        unanswered -= 1
        context.write(data, promise: promise)
        guard unanswered == 0, phase == .busy else { return }
        if let pendingError {
            answer(pendingError, context)
        } else {
            becomeIdle(context)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        let refusal: APIError
        switch error {
        case let error as HTTPParserError:
            refusal = error == .headerOverflow ? .headersTooLarge(limit: settings.maxHeaderBytes) : .unreadableHTTP("\(error)")
        case let error as HTTP1TypeConversionError:
            refusal = .unreadableHTTP("\(error)")
        default:
            context.fireErrorCaught(error)
            return
        }
        if readingBody {
            // A body that breaks off: the request reading it answers (400 `bad_request`); one
            // already answered is only closed.
            if unanswered > 0 {
                context.fireErrorCaught(error)
            } else {
                close(context)
            }
        } else if unanswered > 0 {
            pendingError = refusal
        } else {
            answer(refusal, context)
        }
    }

    private func becomeIdle(_ context: ChannelHandlerContext) {
        guard phase != .closed else { return }
        phase = .idle
        since = .now()
        if let id { settings.registry.idle(id) }
        arm(context)
    }

    /// When the current phase must end, if it must.
    private var deadline: NIODeadline? {
        switch phase {
        case .idle: since + settings.idleTimeout
        case .readingHead: since + settings.headerTimeout
        case .busy, .closed: nil
        }
    }

    /// Makes sure the timer fires by the current phase's deadline.
    private func arm(_ context: ChannelHandlerContext) {
        guard let deadline else { return }
        if let timerAt, timerAt <= deadline { return }
        timer?.cancel()
        timerAt = deadline
        timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) { [weak self] in self?.fired() }
    }

    private func fired() {
        timer = nil
        timerAt = nil
        guard let context, let deadline else { return }
        guard NIODeadline.now() >= deadline else {
            arm(context)
            return
        }
        switch phase {
        case .idle:
            settings.metrics.connectionClosed(.idle)
            close(context)
        case .readingHead:
            settings.metrics.connectionClosed(.headerTimeout)
            answer(.headerTimeout(Duration.nanoseconds(settings.headerTimeout.nanoseconds)), context)
        case .busy, .closed:
            break
        }
    }

    /// Writes `error` as the server's JSON error answer, then closes the connection.
    private func answer(_ error: APIError, _ context: ChannelHandlerContext) {
        guard phase != .closed else { return }
        phase = .closed
        timer?.cancel()
        timer = nil
        settings.metrics.refused(error.code)
        settings.metrics.answered(route: ServerMetrics.unmatched, status: error.status, duration: .zero)
        let body = ByteBuffer(string: JSONWriter.string(error.json) + "\n")
        var head = HTTPResponse(status: error.httpStatus)
        head.headerFields[.contentType] = "application/json"
        head.headerFields[.contentLength] = String(body.readableBytes)
        head.headerFields[.connection] = "close"
        head.headerFields[RequestID.field] = RequestID.make()
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(body)), promise: nil)
        let written = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: written)
        let channel = context.channel
        written.futureResult.whenComplete { _ in channel.close(promise: nil) }
    }

    private func close(_ context: ChannelHandlerContext) {
        guard phase != .closed else { return }
        phase = .closed
        timer?.cancel()
        timer = nil
        context.close(promise: nil)
    }
}

/// In front of the HTTP decoder: tells the connection's ``ConnectionGuard`` when bytes arrive, which
/// starts the clock of a request's head.
final class RequestStartWatcher: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let connection: ConnectionGuard

    init(_ connection: ConnectionGuard) {
        self.connection = connection
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        connection.bytesArrived()
        context.fireChannelRead(data)
    }
}
