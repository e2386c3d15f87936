import NIOCore

/// In front of the HTTP decoder, the bytes a connection read: it tells the connection's
/// ``ConnectionGuard`` when bytes arrive (which starts the clock of a request's head) and gives
/// them to the decoder a slice at a time (``ConnectionGuard/sliceBytes``), only while the guard
/// takes more (``ConnectionGuard/acceptsBytes``).
///
/// A client may pipeline hundreds of requests in one packet. Given to the decoder at once, every
/// one of them is decoded and waits as a request (~1.3 KB each); kept here, the ones not wanted yet
/// wait as the bytes they came as (~50 bytes each), and the guard reads nothing more from the
/// socket until they are given on (``isEmpty``).
final class InboundBytesGate: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let connection: ConnectionGuard
    /// Bytes read and not yet given to the decoder.
    private var pending: ByteBuffer?
    /// A feed is under way (the decoder's requests may make the guard ask for another).
    private var feeding = false
    private var context: ChannelHandlerContext?

    init(_ connection: ConnectionGuard) {
        self.connection = connection
    }

    /// Whether every byte read was given to the decoder.
    var isEmpty: Bool { pending == nil }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
        pending = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        connection.bytesArrived()
        var bytes = unwrapInboundIn(data)
        guard bytes.readableBytes > 0 else { return }
        if pending == nil {
            pending = bytes
        } else {
            pending?.writeBuffer(&bytes)
        }
        feed(context, endingRead: false)
    }

    /// Gives the decoder what it may take now, then ends the read (the guard asks: answers were
    /// taken, a request may be passed on).
    func feed() {
        guard let context else { return }
        feed(context, endingRead: true)
    }

    private func feed(_ context: ChannelHandlerContext, endingRead: Bool) {
        guard !feeding else { return }
        feeding = true
        defer { feeding = false }
        var fed = false
        while var bytes = pending, connection.acceptsBytes,
            let slice = bytes.readSlice(length: min(bytes.readableBytes, connection.sliceBytes))
        {
            pending = bytes.readableBytes > 0 ? bytes : nil
            context.fireChannelRead(wrapInboundOut(slice))
            fed = true
        }
        // Hummingbird's channel takes what was read at the end of a read.
        if endingRead, fed { context.fireChannelReadComplete() }
    }
}
