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
    /// The largest request body accepted (413 beyond): 1 MiB.
    public var maxBodyBytes = 1 << 20
    /// How long one request may take before it is answered 503 `time_limit`: 10 seconds.
    public var timeLimit: Duration = .seconds(10)
    /// How many server-side forms may be live at once (503 `too_many_forms` beyond): 1,000.
    public var maxForms = 1000
    /// How long a form lives without a request: 30 minutes.
    public var formIdleTimeout: Duration = .seconds(30 * 60)
    /// How many check requests are worked on at once: one per core.
    public var maxConcurrentChecks = Cores.count
    /// How many more may wait their turn, in order (503 `busy` beyond): 64 per core. Each holds its
    /// body, so this and ``maxBodyBytes`` bound the memory of checks.
    public var maxWaitingChecks = 64 * Cores.count
    /// Write one JSON line per request to standard error.
    public var accessLog = true
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
    public var initialRecord: [String: JSONValue]?

    public init() {}
}

/// The number of cores, for defaults.
enum Cores {
    static var count: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }
}
