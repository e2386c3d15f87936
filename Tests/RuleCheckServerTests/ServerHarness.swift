import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import RuleCheck
@testable import RuleCheckServer
import _RuleCheckTestSupport

/// A server over rules files, answering requests handed to it directly (no socket), as
/// Hummingbird hands them over.
struct ServerHarness {
    static let root = Repository.root

    /// The path of a file of the repository (`Rules/osago.yaml`).
    static func repository(_ path: String) -> String { root.appendingPathComponent(path).path }

    let server: RuleServer

    /// A server over the given files, answering for 2026-11-22 in English unless `configure` says otherwise.
    ///
    /// Its time limit is ten minutes, not ten seconds: the deadline ticker runs on a thread of its
    /// own, so it fires on time even while synchronous tests elsewhere in the process hold Swift's
    /// cooperative pool (under `make test`, for more than ten seconds at times) — and a request
    /// that cannot get a thread of that pool meanwhile is not what these tests are about. Tests of
    /// the time limit set their own.
    init(files: [String], configure: (inout ServerOptions) -> Void = { _ in }) {
        server = RuleServer(library: RuleLibrary(files: files), options: Self.options(configure))
    }

    /// A server keeping its drafts in `drafts` (`options.store` says which kind it is).
    init(files: [String], drafts: any DraftStore, configure: (inout ServerOptions) -> Void = { _ in }) {
        server = RuleServer(library: RuleLibrary(files: files), options: Self.options(configure), drafts: drafts)
    }

    private static func options(_ configure: (inout ServerOptions) -> Void) -> ServerOptions {
        var options = ServerOptions()
        options.today = Day(iso: "2026-11-22")
        options.timeLimit = .seconds(600)
        options.accessLog = false
        configure(&options)
        return options
    }

    /// What the server answered.
    struct Answer {
        let status: Int
        let headers: HTTPFields
        let bytes: [UInt8]

        var text: String { String(decoding: bytes, as: UTF8.self) }

        /// The body as JSON (a test failure, not a crash, when it is not).
        var json: JSONValue {
            (try? JSONParser().parse(bytes)) ?? .string("not JSON: \(text)")
        }

        /// The error code of an error answer.
        var errorCode: String? { json["error"]?["code"]?.string }
    }

    /// Sends a request as a client on this machine would (`Host: localhost` unless `authority` says
    /// otherwise; nil: no `Host` at all).
    func send(
        _ method: HTTPRequest.Method, _ path: String, body: [UInt8]? = nil, type: String? = "application/json",
        headers extra: HTTPFields = [:], authority: String? = "localhost"
    ) async throws -> Answer {
        var fields = extra
        if let body {
            if let type { fields[.contentType] = type }
            if fields[.contentLength] == nil { fields[.contentLength] = String(body.count) }
        }
        let head = HTTPRequest(method: method, scheme: "http", authority: authority, path: path, headerFields: fields)
        let request = Request(head: head, body: RequestBody(buffer: ByteBuffer(bytes: body ?? [])))
        return try await Self.read(await server.respond(to: request))
    }

    func send(_ method: HTTPRequest.Method, _ path: String, json: JSONValue) async throws -> Answer {
        try await send(method, path, body: Array(JSONWriter.string(json).utf8))
    }

    func send(_ method: HTTPRequest.Method, _ path: String, text: String, type: String = "application/json") async throws -> Answer {
        try await send(method, path, body: Array(text.utf8), type: type)
    }

    /// A request whose body arrives as `stream` yields it.
    func send(_ method: HTTPRequest.Method, _ path: String, streaming body: RequestBody) async throws -> Answer {
        let head = HTTPRequest(
            method: method, scheme: "http", authority: "localhost", path: path,
            headerFields: [.contentType: "application/json"])
        return try await Self.read(await server.respond(to: Request(head: head, body: body)))
    }

    static func read(_ response: Response) async throws -> Answer {
        let collector = Collector()
        try await response.body.write(Collector.Writer(collector: collector))
        return Answer(status: Int(response.status.code), headers: response.headers, bytes: collector.bytes)
    }

    /// A form made by `POST /v1/forms` with `body`: its id and the answer.
    func newForm(_ body: JSONValue = .object([:])) async throws -> (id: String, answer: Answer) {
        let answer = try await send(.post, "/v1/forms", json: body)
        return (answer.json["id"]?.string ?? "", answer)
    }

    /// One edit of a form.
    func edit(_ id: String, _ edit: String) async throws -> Answer {
        try await send(.post, "/v1/forms/\(id)/edits", text: edit)
    }
}

/// Collects a response body.
final class Collector: @unchecked Sendable {
    var bytes: [UInt8] = []

    struct Writer: ResponseBodyWriter {
        let collector: Collector

        mutating func write(_ buffer: ByteBuffer) async throws {
            collector.bytes += buffer.readableBytesView
        }

        consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }
}

/// A directory of temporary files, removed with the value.
final class TemporaryDirectory {
    let scratch: Scratch
    var url: URL { scratch.directory }

    init() throws {
        scratch = try Scratch()
    }

    /// Writes a file and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let file = url.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return file.path
    }
}
