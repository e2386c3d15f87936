import HTTPTypes
import Hummingbird
import Synchronization

/// The request id: the client's `X-Request-Id` when it gives a usable one (1–200 printable ASCII
/// characters), otherwise one made here (32 hex digits: a random prefix per process and a count). Every answer carries it back in
/// `X-Request-Id`, and the access log has it as `request_id`, so that a client, a reverse proxy and
/// the server's log can name the same request.
///
/// ```swift
/// let id = RequestID.of(request)     // "4bf92f3577b34da6a3ce929d0e0e4736", or the client's
/// response.headers[RequestID.field] = id
/// ```
enum RequestID {
    static let field = HTTPField.Name("X-Request-Id")!

    /// The longest id taken from a client.
    static let maxLength = 200

    /// The client's id if it is usable, else a new one.
    static func of(_ request: Request) -> String {
        if let given = request.headers[field], given.utf8.count <= maxLength, !given.isEmpty,
            given.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F })
        {
            return given
        }
        return make()
    }

    /// A new id: 64 random bits chosen once per process, then a count — unique without a system
    /// call per request.
    static func make() -> String {
        hex(prefix) + hex(counter.add(1, ordering: .relaxed).newValue)
    }

    private static let prefix = UInt64.random(in: .min ... .max)
    private static let counter = Atomic<UInt64>(0)

    private static func hex(_ value: UInt64) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var bytes = [UInt8](repeating: 0, count: 16)
        var bits = value
        for index in stride(from: 15, through: 0, by: -1) {
            bytes[index] = digits[Int(bits & 0xF)]
            bits >>= 4
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
