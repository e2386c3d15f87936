import Foundation
import RuleCheck
@testable import RuleCheckServer
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The server listening on loopback, spoken to over a real socket.
@Suite("Live server", .timeLimit(.minutes(5)))
struct LiveServerTests {
    @Test func itListensOnLoopbackAndAnswersOverTheWire() async throws {
        var options = ServerOptions()
        options.port = 0
        options.accessLog = false
        options.maxBodyBytes = 100
        let server = RuleServer(library: RuleLibrary(files: [ServerHarness.repository("Rules/signup.yaml")]), options: options)
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let running = Task { try await server.run { continuation.yield($0) } }
        var iterator = ports.makeAsyncIterator()
        let port = try #require(await iterator.next())
        #expect(port > 0)

        let health = try await Loopback.answer(port: port, "GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        #expect(health.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(health.hasSuffix(#"{"broken":0,"forms":0,"rules":1,"status":"ok"}"# + "\n"))

        let large = try await Loopback.answer(
            port: port,
            "POST /v1/check HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                + "Content-Length: 1000\r\nConnection: close\r\n\r\n" + String(repeating: " ", count: 1000))
        #expect(large.hasPrefix("HTTP/1.1 413 "))
        #expect(large.contains(#""code":"body_too_large""#))

        let garbage = try await Loopback.answer(
            port: port,
            "POST /v1/check HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 4\r\n"
                + "Connection: close\r\n\r\n{\"a\"")
        #expect(garbage.hasPrefix("HTTP/1.1 400 "))

        running.cancel()
        _ = await running.result
        #expect(throws: Loopback.Failure.self) { try Loopback.request(port: port, "GET /healthz HTTP/1.1\r\n\r\n") }
    }
}

/// A plain HTTP/1.1 exchange over a TCP socket to 127.0.0.1: the request as written, the answer as read
/// until the server closes the connection.
enum Loopback {
    struct Failure: Error {
        let message: String
    }

    /// ``request(port:_:)`` on a Dispatch thread: a blocking read on one of Swift's cooperative
    /// threads (two, on a two-core machine) would keep the server in this same process from answering.
    static func answer(port: Int, _ text: String) async throws -> String {
        try await Blocking.run { try request(port: port, text) }
    }

    static func request(port: Int, _ text: String) throws -> String {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw Failure(message: "socket") }
        defer { close(descriptor) }
        var timeout = timeval(tv_sec: 60, tv_usec: 0)  // long: a loaded machine (the whole suite) may be slow
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw Failure(message: "connect") }
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { throw Failure(message: "send") }
            sent += count
        }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            answer += buffer[..<count]
        }
        return String(decoding: answer, as: UTF8.self)
    }
}
