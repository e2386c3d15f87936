import Dispatch
import Foundation
import RuleCheck
@testable import RuleCheckServer

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP connection to 127.0.0.1 held open by a test: it sends what it is told, when it is told, and
/// reads what comes back — for what a browser never does (headers sent a line at a time, a
/// connection left idle, a malformed chunk).
final class RawConnection: @unchecked Sendable {  // used by one test at a time
    let descriptor: Int32

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Connects; reads wait at most `readTimeout` seconds (a test that waits for the server to close
    /// the connection gives up then, rather than hanging). Long, because with the whole suite running
    /// on two cores the server's answers can wait seconds for a thread.
    ///
    /// `receiveBuffer`: the socket's receive buffer, set before it connects (small: a client that
    /// takes little of what the server sends).
    init(port: Int, readTimeout: Int = 60, receiveBuffer: Int32? = nil) throws {
        #if canImport(Glibc)
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        var timeout = timeval(tv_sec: readTimeout, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        if var receiveBuffer {
            setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &receiveBuffer, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(descriptor)
            throw Failure(description: "connect: errno \(errno)")
        }
    }

    deinit { close(descriptor) }

    /// Sends all of `text`; false when the server has closed the connection.
    @discardableResult
    func send(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            #if canImport(Glibc)
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            #else
            let count = bytes[sent...].withUnsafeBytes { Darwin.send(descriptor, $0.baseAddress, $0.count, 0) }
            #endif
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }

    /// What the server sends until it closes the connection; `closed` is false when the read
    /// timeout passed first.
    func readToEnd() -> (text: String, closed: Bool) {
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count == 0 { return (String(decoding: answer, as: UTF8.self), true) }
            if count < 0 { return (String(decoding: answer, as: UTF8.self), errno == ECONNRESET) }
            answer += buffer[..<count]
        }
    }

    /// ``readToEnd()`` on a thread of its own: a blocking read on Swift's cooperative threads (two,
    /// on a two-core machine) would keep the server in the same process from answering.
    func read() async -> (text: String, closed: Bool) {
        await Blocking.run { self.readToEnd() }
    }

    /// Whether the server has closed the connection, looking without waiting.
    var isClosedByServer: Bool {
        var probe = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&probe, 1, 0) > 0 else { return false }
        var byte: UInt8 = 0
        let count = recv(descriptor, &byte, 1, Int32(MSG_PEEK))
        return count == 0 || (count < 0 && errno == ECONNRESET)
    }
}

/// A ``RuleServer`` listening on a free loopback port for one test.
struct LiveServer {
    let server: RuleServer
    let port: Int
    private let running: Task<Void, any Error>

    static func start(
        _ file: String = "Rules/signup.yaml", configure: (inout ServerOptions) -> Void = { _ in }
    ) async throws -> LiveServer {
        var options = ServerOptions()
        options.port = 0
        options.accessLog = false
        options.today = Day(iso: "2026-11-22")
        configure(&options)
        let server = RuleServer(library: RuleLibrary(files: [ServerHarness.repository(file)]), options: options)
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let running = Task { try await server.run { continuation.yield($0) } }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { throw RawConnection.Failure(description: "the server did not start") }
        return LiveServer(server: server, port: port, running: running)
    }

    private init(server: RuleServer, port: Int, running: Task<Void, any Error>) {
        self.server = server
        self.port = port
        self.running = running
    }

    /// One request on a connection of its own, answered and closed (on a thread of its own).
    func request(_ text: String) async throws -> String {
        let port = port
        return try await Blocking.run { try Loopback.request(port: port, text) }
    }

    func stop() async {
        running.cancel()
        _ = await running.result
    }
}

/// Blocking work (socket reads) on a Dispatch thread rather than a cooperative one.
enum Blocking {
    static func run<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
        }
    }

    static func run<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: work()) }
        }
    }
}
