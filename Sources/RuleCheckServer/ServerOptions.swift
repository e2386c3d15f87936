import Foundation
public import RuleCheck

/// How a ``RuleServer`` runs: where it listens, the limits it keeps, and the defaults of its forms.
///
/// ```swift
/// var options = ServerOptions()
/// options.port = 0                    // any free port (the server says which once it listens)
/// options.watchInterval = .milliseconds(500)
/// ```
///
/// Every limit has a default that keeps one misbehaving client from taking the server down.
public struct ServerOptions: Sendable {
    /// The address to listen on: loopback by default, so nothing outside the machine can connect.
    public var host = "127.0.0.1"
    /// The port; 0 picks a free one.
    public var port = 8080
    /// Host names (the `Host` header, without its port) answered besides `localhost`, `127.0.0.1`,
    /// `[::1]` and ``host``: a request naming any other host is refused 421 `host_not_allowed`,
    /// which keeps a web page from reaching the server through DNS rebinding. `*` allows any host
    /// (behind a reverse proxy that checks it).
    public var allowedHosts: [String] = []
    /// Origins (`https://app.example.com`) whose pages may call the API from a browser: a request
    /// with another `Origin` than the server's own is refused 403 `origin_not_allowed`, and these
    /// get CORS headers and answers to preflight requests.
    public var allowedOrigins: [String] = []
    /// How long a client may take to send a request's headers, from its first byte (408
    /// `header_timeout`, then the connection is closed): 10 seconds.
    public var headerTimeout: Duration = .seconds(10)
    /// How long a connection may stay open with no request under way: 60 seconds.
    public var idleTimeout: Duration = .seconds(60)
    /// How many connections may be open at once: at the limit, a new connection closes the one idle
    /// longest (or, when every one is busy, is closed itself). Lowered at start to what the open-file
    /// limit allows.
    public var maxConnections = 1024
    /// The largest request head (request line and headers) accepted: 431 `headers_too_large`
    /// beyond. 64 KiB.
    public var maxHeaderBytes = 64 * 1024
    /// The most bytes of answers one connection may have queued for writing — handed to the
    /// connection, not yet taken by its client (a client that pipelines requests and never reads
    /// their answers): past it the connection is closed. 16 MiB (room for the largest report).
    public var maxQueuedAnswerBytes = 16 << 20
    /// The largest request body accepted (413 beyond): 1 MiB.
    public var maxBodyBytes = 1 << 20
    /// How long one request may take before it is answered 503 `time_limit`: 10 seconds.
    public var timeLimit: Duration = .seconds(10)
    /// How many values of one `POST /v1/check` may run a regex into PCRE2's match limit (each a
    /// `regex_limit` finding, each costing a full match limit of work): one more stops the check,
    /// answered 422 `regex_budget`. 1,000; nil: any number (the time limit still bounds it).
    public var maxRegexLimitHits: Int? = 1000
    /// How many server-side forms may be live at once (503 `too_many_forms` beyond): 1,000.
    public var maxForms = 1000
    /// How long a form stays in memory without a request: 30 minutes. With `--store memory` that is
    /// how long it lives (unless ``draftTTL`` says otherwise); with a database, the draft lives on
    /// and is read back at the next request.
    public var formIdleTimeout: Duration = .seconds(30 * 60)
    /// Where the drafts of the forms are kept (`--store`): memory by default.
    public var store: DraftStoreLocation = .memory
    /// How long a draft lives after its last edit (`--draft-ttl`); nil: 30 days in a database,
    /// ``formIdleTimeout`` in memory.
    public var draftTTL: Duration?
    /// Refuse an edit without `If-Match` (428 `if_match_required`).
    public var requireIfMatch = false
    /// The most list items one form may hold, every list together (413 `form_too_large`
    /// beyond): 10,000; nil: no limit.
    public var maxFormItems: Int? = 10_000
    /// The most bytes one form may take — its state, as ``RuleCheck/FormFootprint`` estimates it,
    /// and what the server keeps beside it (413 `form_too_large` beyond): 16 MiB; nil: no limit.
    public var maxFormBytes: Int? = 16 << 20
    /// The most bytes all live forms may take together (503 `forms_memory_full` beyond): 512 MiB;
    /// nil: no limit.
    public var maxTotalFormBytes: Int? = 512 << 20
    /// How many requests are worked on at once, each on a thread of its own: one per core. Every
    /// check is such a job, and every request that makes, changes, shows or explains a form.
    public var maxConcurrentChecks = Cores.count
    /// How many more may wait their turn, in order (503 `busy` beyond): 64 per core. Each holds its
    /// body, so this and ``maxBodyBytes`` bound the memory of the requests under way.
    public var maxWaitingChecks = 64 * Cores.count
    /// How long a job runs in its place before it steps aside — on to a thread of its own, its
    /// place to the next waiting request — so that slow requests cannot hold every place while
    /// quick ones wait: 10 ms; nil: never.
    public var workSlice: Duration? = .milliseconds(10)
    /// How many jobs may be aside at once (beyond, a long job keeps its place): 8 per place.
    public var maxAsideChecks = 8 * Cores.count
    /// Write one JSON line per request to standard error.
    public var accessLog = true
    /// Where access-log lines go instead of standard error (tests).
    var accessLogWrite: (@Sendable (String) -> Void)?
    /// The date `today` means for checks and new forms; nil: the local date at each request.
    public var today: Day?
    /// The locale of messages for checks and new forms that do not name one; nil: the rules'
    /// `defaults.locale`, else `en`.
    public var locale: String?
    /// How often the rules files are looked at for changes; nil: never (they are read once).
    public var watchInterval: Duration?
    /// Serve the preview page at `/` (and its assets).
    public var preview = false
    /// For the preview page: a record to fill the first form with.
    public var initialRecord: JSONObject?

    public init() {}

    /// The list items each form may hold (the form store keeps each to ``maxFormBytes``, counting
    /// what it keeps beside the form too).
    var formBudget: FormBudget { FormBudget(maxItems: maxFormItems) }

    /// How long a draft lives after its last edit, as ``draftTTL`` says.
    var draftLifetime: Duration {
        if let draftTTL { return draftTTL }
        if case .memory = store { return formIdleTimeout }
        return .seconds(30 * 24 * 3600)
    }
}

/// The number of cores, for defaults.
enum Cores {
    static var count: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }
}
