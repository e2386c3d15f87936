import Prometheus
import Synchronization

/// What `GET /metrics` shows, in the Prometheus text format: kept by swift-prometheus (the
/// Prometheus backend of swift-metrics) in a registry of the server's own, so that servers in one
/// process (tests) keep apart.
///
/// ```swift
/// metrics.answered(route: "/v1/check", status: 200, duration: .milliseconds(3))
/// metrics.exposition(connections: 3, forms: 10, formsMemoryBytes: 0, queuedBytes: 0, heldRequests: 0)   // the text of GET /metrics
/// ```
///
/// Every series is listed in Docs/serve.md ("Metrics"). Labels take few values: `route` is an
/// endpoint's path template (`/v1/forms/{id}`) or `unmatched`, `status` an HTTP status, `reason`
/// an error code of Docs/openapi.yaml or a reason a connection was closed.
final class ServerMetrics: Sendable {
    /// The route label of a request that matched no endpoint.
    static let unmatched = "unmatched"

    /// Why the server closed a connection.
    enum ClosedConnection: String, CaseIterable {
        /// Idle past `--idle-timeout`.
        case idle
        /// Still sending its headers at `--header-timeout`.
        case headerTimeout = "header_timeout"
        /// The connection idle longest, closed to make room at `--max-connections`.
        case evicted
        /// A new connection at `--max-connections` while every connection had a request under way.
        case refused
        /// Its answers were not read: more than the queued-bytes bound waited, or none was taken
        /// for `--idle-timeout`.
        case unread
    }

    private let registry = PrometheusCollectorRegistry()
    private let durations: [String: DurationHistogram]
    private let requestCounters = Mutex<[RequestKey: Counter]>([:])
    private let refusals = Mutex<[String: Counter]>([:])
    private let closedConnections: [ClosedConnection: Counter]
    private let checks: Counter
    private let recordsChecked: Counter
    private let reloads: Counter
    private let formsLive: Gauge
    private let formsMemory: Gauge
    private let connectionsOpen: Gauge
    private let connectionsQueued: Gauge
    private let connectionsHeld: Gauge
    /// Draft store operations (`load`, `create`, `update`, `delete`, `purge`): their durations,
    /// and those that failed.
    private let storeDurations: [String: DurationHistogram]
    private let storeFailures: [String: Counter]
    private let draftConflicts: Counter
    private let draftsPurged: Counter

    /// The draft store operations timed.
    static let storeOperations = ["load", "create", "update", "delete", "purge"]

    private struct RequestKey: Hashable {
        let route: String
        let status: Int
    }

    /// Latency buckets: from a millisecond to the longest time limit worth having.
    static let buckets: [Duration] = [
        .milliseconds(1), .microseconds(2500), .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50),
        .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .milliseconds(2500), .seconds(5),
        .seconds(10), .seconds(30),
    ]

    /// - Parameter routes: the path templates of the endpoints the server answers.
    init(routes: [String]) {
        var durations: [String: DurationHistogram] = [:]
        for route in Set(routes + [Self.unmatched]) {
            durations[route] = registry.makeDurationHistogram(
                descriptor: Self.name("http_request_duration", "seconds", "How long requests took to answer, by route, in seconds"),
                labels: [("route", route)], buckets: Self.buckets)
        }
        self.durations = durations
        var closed: [ClosedConnection: Counter] = [:]
        for reason in ClosedConnection.allCases {
            closed[reason] = registry.makeCounter(
                descriptor: Self.name(
                    "connections_closed", "total",
                    "Connections the server closed, by reason: idle, header_timeout, evicted (at the connection cap), refused, unread (answers not read)"
                ),
                labels: [("reason", reason.rawValue)])
        }
        closedConnections = closed
        checks = registry.makeCounter(descriptor: Self.name("checks", "total", "POST /v1/check requests that were checked"))
        recordsChecked = registry.makeCounter(descriptor: Self.name("records_checked", "total", "Records checked by POST /v1/check"))
        reloads = registry.makeCounter(
            descriptor: Self.name("rules_reloads", "total", "Times a rules file changed and was read again (--watch, preview)"))
        formsLive = registry.makeGauge(descriptor: Self.name("forms", "live", "Server-side forms alive now"))
        formsMemory = registry.makeGauge(
            descriptor: Self.name("forms_memory", "bytes", "Memory the live forms hold, in bytes (their values and items)"))
        var storeDurations: [String: DurationHistogram] = [:]
        var storeFailures: [String: Counter] = [:]
        for operation in Self.storeOperations {
            storeDurations[operation] = registry.makeDurationHistogram(
                descriptor: Self.name(
                    "draft_store_duration", "seconds", "How long draft store operations took, by operation, in seconds"),
                labels: [("operation", operation)], buckets: Self.buckets)
            storeFailures[operation] = registry.makeCounter(
                descriptor: Self.name(
                    "draft_store_failures", "total", "Draft store operations that failed (answered 503 store_unavailable)"),
                labels: [("operation", operation)])
        }
        self.storeDurations = storeDurations
        self.storeFailures = storeFailures
        draftConflicts = registry.makeCounter(
            descriptor: Self.name(
                "draft_conflicts", "total", "Draft writes that found another write first (a compare-and-set on the version)"))
        draftsPurged = registry.makeCounter(descriptor: Self.name("drafts_purged", "total", "Expired drafts deleted"))
        connectionsOpen = registry.makeGauge(descriptor: Self.name("connections", "open", "Connections open now"))
        connectionsQueued = registry.makeGauge(
            descriptor: Self.name(
                "connections_queued", "bytes",
                "Bytes of answers queued for writing that clients have not taken yet, every connection together"))
        connectionsHeld = registry.makeGauge(
            descriptor: Self.name(
                "connections_held", "requests",
                "Requests read that wait for earlier answers on their connection to be taken, every connection together"))
    }

    /// `rulecheck_NAME_UNIT`, with its help text.
    private static func name(_ name: String, _ unit: String, _ help: String) -> MetricNameDescriptor {
        MetricNameDescriptor(namespace: "rulecheck", metricName: name, unitName: unit, helpText: help)
    }

    /// A request answered: counted by route and status, its duration in the route's histogram.
    func answered(route: String, status: Int, duration: Duration) {
        let key = RequestKey(route: route, status: status)
        let counter = requestCounters.withLock { counters in
            if let counter = counters[key] { return counter }
            let counter = registry.makeCounter(
                descriptor: Self.name("http_requests", "total", "Requests answered, by route and HTTP status"),
                labels: [("route", route), ("status", String(status))])
            counters[key] = counter
            return counter
        }
        counter.increment()
        (durations[route] ?? durations[Self.unmatched])?.record(duration)
    }

    /// A request refused with an error: its code (`busy`, `time_limit`, `host_not_allowed`, …).
    func refused(_ code: String) {
        let counter = refusals.withLock { counters in
            if let counter = counters[code] { return counter }
            let counter = registry.makeCounter(
                descriptor: Self.name("requests_refused", "total", "Requests answered with an error, by its code (Docs/openapi.yaml)"),
                labels: [("reason", code)])
            counters[code] = counter
            return counter
        }
        counter.increment()
    }

    /// A check of `records` records.
    func checked(records: Int) {
        checks.increment()
        recordsChecked.increment(by: Int64(records))
    }

    func reloaded() {
        reloads.increment()
    }

    /// A draft store operation: how long it took, and whether it failed.
    func stored(_ operation: String, duration: Duration, failed: Bool) {
        storeDurations[operation]?.record(duration)
        if failed { storeFailures[operation]?.increment() }
    }

    /// A draft write that found another first.
    func conflict() {
        draftConflicts.increment()
    }

    func purged(_ count: Int) {
        draftsPurged.increment(by: Int64(count))
    }

    func connectionClosed(_ reason: ClosedConnection) {
        closedConnections[reason]?.increment()
    }

    /// The text of `GET /metrics`, with the gauges read now.
    func exposition(connections: Int, forms: Int, formsMemoryBytes: Int, queuedBytes: Int, heldRequests: Int) -> [UInt8] {
        connectionsOpen.set(Double(connections))
        connectionsQueued.set(Double(queuedBytes))
        connectionsHeld.set(Double(heldRequests))
        formsLive.set(Double(forms))
        formsMemory.set(Double(formsMemoryBytes))
        var bytes: [UInt8] = []
        registry.emit(into: &bytes)
        return bytes
    }
}
