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
/// **Answers the client does not read.** A client may pipeline hundreds of requests in one packet
/// and never read an answer. The guard counts the bytes of answers handed to the channel and not
/// yet taken by the socket, per connection and in the registry (``ConnectionRegistry/queuedBytes``,
/// in `/metrics`), and passes a request on to Hummingbird only while fewer than
/// ``Settings/maxPipelined`` are unanswered and less than ``Settings/holdQueuedBytes`` is queued:
/// the others wait: as bytes in the ``InboundBytesGate``, and as decoded requests in the guard only
/// as many as one slice of bytes held (at most ``Settings/maxHeldRequests``; more closes the
/// connection), and no more is read from the socket meanwhile — backpressure. A connection with
/// more than ``Settings/maxQueuedBytes`` queued, or whose answers wait unread for
/// ``Settings/idleTimeout``, is closed (`unread`). With the socket's send buffer kept small
/// (``GuardedHTTP1Channel``), what one connection holds is bounded.
///
/// ```
/// socket → InboundBytesGate → HTTP/1 decoder → HTTP1ToHTTPServerCodec → ConnectionGuard → Hummingbird
/// ```
///
/// ``InboundBytesGate`` sits in front of the decoder: it tells the guard when the first byte of a
/// request arrives, which starts the header clock, and gives the decoder the bytes read a slice at
/// a time, only while the guard takes requests (``acceptsBytes``) — so what a pipelining client
/// sent ahead waits as bytes, not as decoded requests. The guard sees each request's head arrive
/// and each answer's end leave.
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
        /// The most bytes of answers one connection may have queued for writing (handed to the
        /// channel, not yet taken by the socket); past it, the connection is closed.
        var maxQueuedBytes = 16 << 20
        /// The most requests passed on to Hummingbird and not answered yet.
        var maxPipelined = 8
        /// While this much of a connection's answers is queued, its next request waits.
        var holdQueuedBytes = 128 << 10
        /// The most requests that may wait in the guard: more closes the connection (`unread`).
        var maxHeldRequests = 1024
        let registry: ConnectionRegistry
        let metrics: ServerMetrics
        /// Where the answers given before routing are logged, as the routed ones are.
        var accessLog: AccessLog?
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
    /// Requests passed on whose answer's end is not written yet.
    private var unanswered = 0
    /// Request parts read and not passed on yet (backpressure), in order, and how many heads.
    private var held = CircularBuffer<HTTPRequestPart>()
    private var heldRequests = 0
    /// A request's head arrived and its end has not.
    private var readingBody = false
    /// The bytes of the body being read still to come, when its head gave a `Content-Length`.
    private var bodyRemaining: Int?
    /// The HTTP decoder failed: it takes no more bytes.
    private var decoderFailed = false
    /// The bytes read and not given to the decoder yet (set up by ``GuardedHTTP1Channel``).
    weak var gate: InboundBytesGate?
    /// An error to answer once the answers under way are written.
    private var pendingError: APIError?
    /// A read was asked for and held back: answers wait to be written, or too many requests are
    /// unanswered.
    private var readHeld = false
    /// Bytes of answers handed to the channel and not yet written to the socket.
    private var queuedBytes = 0
    /// Since when answers wait because the client takes none (the channel is not writable).
    private var unreadSince: NIODeadline?
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
        if queuedBytes > 0 {
            settings.registry.queued(-queuedBytes)
            queuedBytes = 0
        }
        if heldRequests > 0 {
            settings.registry.held(-heldRequests)
            heldRequests = 0
        }
        held.removeAll()
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
        let part = unwrapInboundIn(data)
        switch part {
        case .head(let head):
            readingBody = true
            bodyRemaining = head.headerFields[.transferEncoding] == nil ? head.headerFields[.contentLength].flatMap { Int($0) } : nil
            if phase != .busy {
                phase = .busy
                if let id { settings.registry.busy(id) }
            }
        case .body(let bytes):
            bodyRemaining = bodyRemaining.map { $0 - bytes.readableBytes }
        case .end:
            readingBody = false
            bodyRemaining = nil
            // The end of a body that arrived after its answer: the connection is idle again.
            if phase == .readingHead, unanswered == 0, held.isEmpty { becomeIdle(context) }
        }
        guard held.isEmpty, !(part.isHead && mustHold) else {
            hold(part, context)
            return
        }
        pass(part, context)
    }

    // MARK: - Backpressure

    /// Whether a new request must wait: too many unanswered, or too much of their answers queued.
    private var mustHold: Bool {
        unanswered >= settings.maxPipelined || queuedBytes >= settings.holdQueuedBytes
    }

    /// Whether the decoder may be given more bytes now: nothing waits decoded, and a new request
    /// would be passed on — or the bytes are the rest of a body a request passed on is reading.
    var acceptsBytes: Bool {
        phase != .closed && !decoderFailed && pendingError == nil && held.isEmpty && (readingBody || !mustHold)
    }

    /// How many bytes the decoder may be given at once: the rest of a body whose length is known
    /// (up to 64 KiB at once), else 1 KiB — so that the requests one slice may hold, decoded and
    /// then held back, are a few dozen at most.
    var sliceBytes: Int {
        if readingBody, let bodyRemaining, bodyRemaining > 0 { return min(bodyRemaining, 64 << 10) }
        return 1 << 10
    }

    private func pass(_ part: HTTPRequestPart, _ context: ChannelHandlerContext) {
        if part.isHead { unanswered += 1 }
        context.fireChannelRead(wrapInboundOut(part))
    }

    private func hold(_ part: HTTPRequestPart, _ context: ChannelHandlerContext) {
        if part.isHead {
            heldRequests += 1
            settings.registry.held(1)
            guard heldRequests <= settings.maxHeldRequests else {
                settings.metrics.connectionClosed(.unread)
                close(context)
                return
            }
        }
        held.append(part)
    }

    /// Passes on the requests held, in order, while there is room; then reads again if nothing is
    /// held. Called when an answer ends or queued bytes are taken by the socket.
    private func release(_ context: ChannelHandlerContext) {
        guard phase != .closed else { return }
        var passed = false
        while let part = held.first, !(part.isHead && mustHold) {
            held.removeFirst()
            if part.isHead {
                heldRequests -= 1
                settings.registry.held(-1)
            }
            pass(part, context)
            passed = true
        }
        // Hummingbird's channel takes what was read at the end of a read.
        if passed { context.fireChannelReadComplete() }
        gate?.feed()
        resumeReading(context)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let part = unwrapOutboundIn(data)
        if case .body(let buffer) = part, buffer.readableBytes > 0 {
            queue(buffer.readableBytes, data, promise: promise, context)
        } else {
            context.write(data, promise: promise)
        }
        guard case .end = part, unanswered > 0 else { return }
        unanswered -= 1
        release(context)
        guard unanswered == 0, held.isEmpty, phase == .busy else { return }
        if let pendingError {
            answer(pendingError, context)
        } else {
            becomeIdle(context)
        }
    }

    /// Writes a body part of `count` bytes, counted as queued until the socket takes it; closes the
    /// connection when its queued answers pass ``Settings/maxQueuedBytes``.
    private func queue(_ count: Int, _ data: NIOAny, promise: EventLoopPromise<Void>?, _ context: ChannelHandlerContext) {
        queuedBytes += count
        settings.registry.queued(count)
        let written = promise ?? context.eventLoop.makePromise(of: Void.self)
        written.futureResult.assumeIsolated().whenComplete { [weak self] _ in
            guard let self, self.queuedBytes > 0, let context = self.context else { return }
            let released = min(count, self.queuedBytes)
            self.queuedBytes -= released
            self.settings.registry.queued(-released)
            self.release(context)
        }
        context.write(data, promise: written)
        if queuedBytes > settings.maxQueuedBytes {
            settings.metrics.connectionClosed(.unread)
            close(context)
        }
    }

    /// Reads are held back while requests wait in the guard or answers wait to be written.
    func read(context: ChannelHandlerContext) {
        guard canRead(context) else {
            readHeld = true
            return
        }
        readHeld = false
        context.read()
    }

    private func canRead(_ context: ChannelHandlerContext) -> Bool {
        held.isEmpty && context.channel.isWritable && !mustHold && gate?.isEmpty != false
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable {
            unreadSince = nil
            release(context)
        } else if unreadSince == nil {
            // The client takes no answer: it has until the idle timeout to take one.
            unreadSince = .now()
            arm(context)
        }
        context.fireChannelWritabilityChanged()
    }

    /// Passes on a read held back, once answers are taken and no request waits.
    private func resumeReading(_ context: ChannelHandlerContext) {
        guard readHeld, phase != .closed, canRead(context) else { return }
        readHeld = false
        context.read()
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
        decoderFailed = true
        if readingBody {
            // A body that breaks off: the request reading it answers (400 `bad_request`); one
            // already answered is only closed.
            if unanswered > 0, held.isEmpty {
                context.fireErrorCaught(error)
            } else {
                close(context)
            }
        } else if unanswered > 0 || !held.isEmpty {
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

    /// When the current phase must end, if it must: a busy connection whose answers the client
    /// does not take, at the idle timeout.
    private var deadline: NIODeadline? {
        switch phase {
        case .idle: since + settings.idleTimeout
        case .readingHead: since + settings.headerTimeout
        case .busy: unreadSince.map { $0 + settings.idleTimeout }
        case .closed: nil
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
        case .busy:
            settings.metrics.connectionClosed(.unread)
            close(context)
        case .closed:
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
        let requestID = RequestID.make()
        head.headerFields[RequestID.field] = requestID
        settings.accessLog?.record(refusal: error, requestID: requestID, bytesOut: body.readableBytes)
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

extension HTTPRequestPart {
    /// Whether this is the head of a request (its start).
    fileprivate var isHead: Bool {
        if case .head = self { return true }
        return false
    }
}
