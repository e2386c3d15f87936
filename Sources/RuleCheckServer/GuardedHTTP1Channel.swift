import HummingbirdCore
import Logging
import NIOCore

/// Hummingbird's HTTP/1 channel with a ``ConnectionGuard`` on every connection: the server's
/// timeouts, connection cap and JSON answers to unreadable requests.
///
/// ```swift
/// let server = HTTPServerBuilder { responder in GuardedHTTP1Channel(responder: responder, settings: settings) }
/// ```
struct GuardedHTTP1Channel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value

    let responder: HTTPChannelHandler.Responder
    let settings: ConnectionGuard.Settings

    /// The socket's send buffer: what the kernel holds of a connection's answers before the
    /// channel stops being writable. Left to itself, Linux grows it to 4 MB a connection for a
    /// client that does not read (`tcp_wmem`); kept small, the guard's backpressure starts early.
    static let sendBufferBytes = 128 * 1024

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let connection = ConnectionGuard(settings: settings)
        do {
            try channel.syncOptions?.setOption(ChannelOptions.socketOption(.so_sndbuf), value: Self.sendBufferBytes)
            let gate = InboundBytesGate(connection)
            connection.gate = gate
            try channel.pipeline.syncOperations.addHandler(gate, position: .first)
        } catch {
            return channel.eventLoop.makeFailedFuture(error)
        }
        let bound = NIOLoopBound(connection, eventLoop: channel.eventLoop)
        let configuration = HTTP1Channel.Configuration(
            additionalChannelHandlers: [bound.value],
            idleTimeout: nil,  // the guard's: it also bounds the time a request's head may take
            httpDecoderConfiguration: .init(maxHeaderFieldSize: settings.maxHeaderBytes, maxHeaderListSize: settings.maxHeaderBytes))
        return HTTP1Channel(responder: responder, configuration: configuration).setup(channel: channel, logger: logger)
    }

    func handle(value: Value, logger: Logger) async {
        await HTTP1Channel(responder: responder).handle(value: value, logger: logger)
    }
}
