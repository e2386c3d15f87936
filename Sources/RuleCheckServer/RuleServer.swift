import Hummingbird
import HummingbirdCore
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
/// Every answer is JSON (the page, its assets and the metrics aside); errors are
/// `{"error": {"code": …, "message": …}}` with a 4xx status for bad input. The endpoints are
/// described in `Docs/openapi.yaml`, which `GET /openapi.yaml` serves.
public final class RuleServer: Sendable {
    public let library: RuleLibrary
    public let options: ServerOptions
    /// The forms in memory: a cache of ``drafts``.
    let forms: FormStore
    /// Where the forms' drafts are kept: what an answer to a client has been written to.
    let drafts: any DraftStore
    /// The edits of one form in this process take turns.
    let formLocks = FormLocks()
    let work: WorkQueue
    let checkers = CheckerCache()
    /// Cancels requests past ``ServerOptions/timeLimit`` (reading the body stops, a check under
    /// way is no longer waited for): they are answered 503 `time_limit`.
    let deadlines = Deadlines()
    let accessLog: AccessLog?
    /// The open connections, at most ``ServerOptions/maxConnections``.
    let connections: ConnectionRegistry
    let hosts: AllowedHosts
    let origins: CrossOrigin
    let metrics: ServerMetrics
    /// The endpoints this server answers (the preview's page and assets only in a preview).
    let endpoints: [Endpoint]

    /// A server whose drafts are in memory (whatever ``ServerOptions/store`` says: ``open(library:options:)``
    /// opens that one).
    public convenience init(library: RuleLibrary, options: ServerOptions) {
        var options = options
        options.store = .memory
        self.init(library: library, options: options, drafts: MemoryDraftStore())
    }

    /// A server over the draft store ``ServerOptions/store`` names, opened (and its table created)
    /// first.
    ///
    /// - Throws: ``DraftStoreError`` when the store cannot be opened.
    public static func open(library: RuleLibrary, options: ServerOptions) async throws -> RuleServer {
        try options.store.requireBuilt()
        let drafts: any DraftStore
        switch options.store {
        case .memory: drafts = MemoryDraftStore()
        case .sqlite(let path): drafts = try await SQLiteDraftStore.open(path: path)
        case .postgres(let url):
            #if Postgres
            // Half the time limit, at most 5 s: a database that is down is answered 503 in time.
            drafts = try await PostgresDraftStore.open(url: url, timeout: min(options.timeLimit / 2, .seconds(5)))
            #else
            // requireBuilt() has thrown above, with what to build.
            throw DraftStoreError("--store \((try? PostgresURL(url))?.shown ?? "postgres://…"): no PostgreSQL draft store in this build")
            #endif
        }
        return RuleServer(library: library, options: options, drafts: drafts)
    }

    package init(library: RuleLibrary, options: ServerOptions, drafts: any DraftStore) {
        self.library = library
        self.options = options
        self.drafts = drafts
        forms = FormStore(
            limit: options.maxForms, idleTimeout: options.formIdleTimeout, maxFormBytes: options.maxFormBytes,
            maxBytes: options.maxTotalFormBytes)
        work = WorkQueue(
            limit: options.maxConcurrentChecks, maxWaiting: options.maxWaitingChecks, slice: options.workSlice,
            maxAside: options.maxAsideChecks)
        accessLog = options.accessLog ? AccessLog(write: options.accessLogWrite ?? AccessLog.standardError) : nil
        connections = ConnectionRegistry(limit: options.maxConnections)
        hosts = AllowedHosts(listening: options.host, allowed: options.allowedHosts)
        origins = CrossOrigin(allowed: options.allowedOrigins)
        metrics = ServerMetrics(routes: Endpoint.all.map(\.path))
        endpoints = Endpoint.all.filter { options.preview || !$0.previewOnly }
    }

    /// Listens until SIGINT or SIGTERM, then finishes the requests under way and returns.
    ///
    /// Raises the process's soft limit of open files toward the hard one first, and keeps the
    /// connection cap below it (a warning on standard error says when it lowers the cap).
    ///
    /// - Parameter onReady: called once the server listens, with its port.
    public func run(onReady: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        var logger = Logger(label: "rulecheck")
        logger.logLevel = .warning
        if let files = FileDescriptorLimit.raise() {
            let room = max(16, Int(clamping: files.soft) - FileDescriptorLimit.reserve)
            if room < options.maxConnections {
                connections.limit = room
                logger.warning(
                    "--max-connections lowered to \(room): the open-file limit is \(files.soft) (raise it with ulimit -n)")
            }
        }
        let settings = ConnectionGuard.Settings(
            headerTimeout: .nanoseconds(Self.nanoseconds(options.headerTimeout)),
            idleTimeout: .nanoseconds(Self.nanoseconds(options.idleTimeout)),
            maxHeaderBytes: options.maxHeaderBytes, maxQueuedBytes: options.maxQueuedAnswerBytes, registry: connections,
            metrics: metrics, accessLog: accessLog)
        let app = Application(
            responder: Responder(server: self),
            server: HTTPServerBuilder { responder in GuardedHTTP1Channel(responder: responder, settings: settings) },
            configuration: ApplicationConfiguration(
                address: .hostname(options.host, port: options.port),
                serverName: "rulecheck"),
            services: [Housekeeping(server: self)],
            onServerRunning: { channel in await onReady(channel.localAddress?.port ?? 0) },
            logger: logger)
        do {
            try await app.runService()
        } catch {
            await drafts.close()
            throw error
        }
        await drafts.close()
    }

    /// Answers one request: its host and origin checked, routed, within the time limit, errors as
    /// JSON, with its request id, counted and logged.
    func respond(to request: Request) async -> Response {
        let start = ContinuousClock.now
        var route = ServerMetrics.unmatched
        var cors: CrossOrigin.Verdict = .sameOrigin
        var response: Response
        do {
            try checkHost(request)
            cors = try origins.verdict(origin: request.headers[.origin], authority: request.head.authority)
            if Self.isPreflight(request) {
                response = try preflight(request)
            } else {
                var matched = try match(request)
                route = matched.endpoint.path
                matched.mediaType = try matched.endpoint.checkMediaType(of: request)
                let routed = matched
                response = try await deadlines.run(within: options.timeLimit) { try await self.route(request, routed) }
            }
        } catch let error as APIError {
            response = Self.json(error.json, status: error.status)
            if let allowed = error.details?["allowed"]?.array {
                response.headers[.allow] = allowed.compactMap(\.string).joined(separator: ", ")
            }
            if let etag = error.etag { response.headers[.eTag] = Self.etag(etag) }
            if let seconds = error.retryAfter { response.headers[.retryAfter] = String(seconds) }
            metrics.refused(error.code)
        } catch {
            response = Self.json(APIError(status: 500, code: "internal", "the server failed: \(error)").json, status: 500)
            metrics.refused("internal")
        }
        if case .allowed(let origin) = cors { CrossOrigin.headers(origin, into: &response.headers) }
        response.headers[RequestID.field] = RequestID.of(request)
        let duration = ContinuousClock.now - start
        metrics.answered(route: route, status: Int(response.status.code), duration: duration)
        accessLog?.record(request: request, response: response, duration: duration)
        return response
    }

    /// A JSON response.
    static func json(_ value: JSONValue, status: Int = 200) -> Response {
        bytes(Array((JSONWriter.string(value) + "\n").utf8), type: "application/json", status: status)
    }

    static func bytes(_ bytes: [UInt8], type: String, status: Int = 200) -> Response {
        Self.bytes(ByteBuffer(bytes: bytes), type: type, status: status)
    }

    /// An answer of `buffer`'s bytes, shared with it (a fixed file: no copy per answer).
    static func bytes(_ buffer: ByteBuffer, type: String, status: Int = 200) -> Response {
        Response(
            status: HTTPResponse.Status(code: status), headers: [.contentType: type],
            body: ResponseBody(byteBuffer: buffer))
    }

    static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds.multipliedReportingOverflow(by: 1_000_000_000).overflow
            ? .max : seconds * 1_000_000_000 + attoseconds / 1_000_000_000
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
        let metrics = server.metrics
        // Reading and compiling a file is blocking work: on a thread of its own, one at a time.
        let queue = WorkQueue(limit: 1)
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                if watch, (try? await queue.run { server.reloadRules() }) == true { metrics.reloaded() }
                forms.purge()
                await server.purgeDrafts()
            }
        }
    }
}
