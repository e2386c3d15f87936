import Dispatch
import Foundation
import RuleCheck
@testable import RuleCheckServer
import _RuleCheckTestSupport

extension RawConnection {
    /// ``RawConnection/readToEnd()`` on a thread of its own: a blocking read on Swift's cooperative
    /// threads (two, on a two-core machine) would keep the server in the same process from answering.
    func read() async -> (text: String, closed: Bool) {
        await Blocking.run { self.readToEnd() }
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
