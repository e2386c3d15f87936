import Hummingbird
import HTTPTypes
import Logging
import NIOCore
import RuleCheck
import ServiceLifecycle

/// The HTTP server of `rulecheck serve` and `rulecheck preview`: the rules' checks and forms as a
/// JSON API, and for the preview, a page that draws the form.
///
/// ```swift
/// let server = RuleServer(library: RuleLibrary(files: ["Rules/osago.yaml"]), options: ServerOptions())
/// try await server.run { port in print("listening on \(port)") }   // until SIGINT or SIGTERM
/// ```
///
/// Every answer is JSON (the page and its assets aside); errors are
/// `{"error": {"code": …, "message": …}}` with a 4xx status for bad input. The endpoints are
/// described in `Docs/openapi.yaml`, which `GET /openapi.yaml` serves.
public final class RuleServer: Sendable {
    public let library: RuleLibrary
    public let options: ServerOptions
    let forms: FormStore
    let work: WorkQueue
    let checkers = CheckerCache()
    /// Cancels requests past ``ServerOptions/timeLimit`` (reading the body stops, a check under
    /// way is no longer waited for): they are answered 503 `time_limit`.
    let deadlines = Deadlines()
    let accessLog: AccessLog?

    public init(library: RuleLibrary, options: ServerOptions) {
        self.library = library
        self.options = options
        forms = FormStore(
            limit: options.maxForms, idleTimeout: options.formIdleTimeout, maxFormBytes: options.maxFormBytes,
            maxBytes: options.maxTotalFormBytes)
        work = WorkQueue(limit: options.maxConcurrentChecks, maxWaiting: options.maxWaitingChecks)
        accessLog = options.accessLog ? AccessLog() : nil
    }

    /// Listens until SIGINT or SIGTERM, then finishes the requests under way and returns.
    ///
    /// - Parameter onReady: called once the server listens, with its port.
    public func run(onReady: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        var logger = Logger(label: "rulecheck")
        logger.logLevel = .warning
        let app = Application(
            responder: Responder(server: self),
            configuration: ApplicationConfiguration(
                address: .hostname(options.host, port: options.port),
                serverName: "rulecheck"),
            services: [Housekeeping(server: self)],
            onServerRunning: { channel in await onReady(channel.localAddress?.port ?? 0) },
            logger: logger)
        try await app.runService()
    }

    /// Answers one request: routed, within the time limit, errors as JSON, logged.
    func respond(to request: Request) async -> Response {
        let start = ContinuousClock.now
        var response: Response
        do {
            response = try await deadlines.run(within: options.timeLimit) { try await self.route(request) }
        } catch let error as APIError {
            response = Self.json(error.json, status: error.status)
            if let allowed = error.details?["allowed"]?.array {
                response.headers[.allow] = allowed.compactMap(\.string).joined(separator: ", ")
            }
        } catch {
            response = Self.json(APIError(status: 500, code: "internal", "the server failed: \(error)").json, status: 500)
        }
        accessLog?.record(request: request, response: response, duration: .now - start)
        return response
    }

    /// A JSON response.
    static func json(_ value: JSONValue, status: Int = 200) -> Response {
        bytes(Array((JSONWriter.string(value) + "\n").utf8), type: "application/json", status: status)
    }

    static func bytes(_ bytes: [UInt8], type: String, status: Int = 200) -> Response {
        var buffer = ByteBuffer()
        buffer.writeBytes(bytes)
        return Response(
            status: HTTPResponse.Status(code: status), headers: [.contentType: type],
            body: ResponseBody(byteBuffer: buffer))
    }
}

/// Hands Hummingbird's requests to the server.
struct Responder: HTTPResponder {
    let server: RuleServer

    func respond(to request: Request, context: BasicRequestContext) async throws -> Response {
        await server.respond(to: request)
    }
}

/// Runs beside the server: looks at the rules files for changes and drops forms idle too long.
struct Housekeeping: Service {
    let server: RuleServer

    func run() async throws {
        let interval = server.options.watchInterval ?? .seconds(30)
        let watch = server.options.watchInterval != nil
        let forms = server.forms
        // Reading and compiling a file is blocking work: on a thread of its own, one at a time.
        let queue = WorkQueue(limit: 1)
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                if watch { _ = try? await queue.run { server.reloadRules() } }
                forms.purge()
            }
        }
    }
}
