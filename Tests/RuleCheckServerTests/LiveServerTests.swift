import Foundation
import RuleCheck
@testable import RuleCheckServer
import Testing
import _RuleCheckTestSupport

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
        let connection: RawConnection
        do {
            connection = try RawConnection(port: port)
        } catch {
            throw Failure(message: "\(error)")
        }
        guard connection.send(text) else { throw Failure(message: "send") }
        return connection.readToEnd().text
    }
}
