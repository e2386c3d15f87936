import ArgumentParser
import Dispatch
import Foundation
import RuleCheck
import RuleCheckBatch
import RuleCheckCommands
import RuleCheckServer

struct Serve: RuleCheckSubcommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve the rules as a JSON API: checks of records, server-side forms.",
        discussion: """
            POST /v1/check checks one record (a JSON object), an array of records, or JSON Lines \
            (application/x-ndjson) and answers what 'check --format json' prints for them; \
            POST /v1/forms and POST /v1/forms/{id}/edits drive a form and answer ChangeSets; \
            GET /v1/rules lists the rule sets; GET /healthz; GET /openapi.yaml describes it all.

            Listens on 127.0.0.1 unless --host says otherwise. Bad requests get a 4xx and a JSON \
            error; one line of JSON per request goes to standard error. SIGINT or SIGTERM stops \
            the server after the requests under way.

            Examples:
              rulecheck serve Rules/osago.yaml Rules/signup.yaml --port 8080
              curl -s 'localhost:8080/v1/check?rules=signup' --json @record.json
            """)

    @OptionGroup var rulesFile: RulesFileArgument

    @Argument(help: "More rules files or JSON Schemas; requests name each by its form id.")
    var moreRules: [String] = []

    @OptionGroup(title: "Reading the rules")
    var rulesSource: RulesSource

    @OptionGroup var server: ServerArguments

    @Flag(help: "Recompile a rules file when it changes (until it compiles again, the last good version serves).")
    var watch = false

    @Option(
        help: ArgumentHelp(
            "Where the forms' drafts are kept: memory (lost when the server stops), sqlite:PATH (or a bare path), or postgres://USER:PASSWORD@HOST:PORT/DATABASE (?host=/socket/dir for a unix socket; several servers may share it).",
            valueName: "STORE"))
    var store = "memory"

    @Option(
        help: ArgumentHelp(
            "How long a draft lives after its last edit: seconds, or a number with s, m, h or d (default: 30d in a database, --form-idle in memory).",
            valueName: "DURATION"))
    var draftTtl: String?

    @Flag(help: "Refuse an edit without If-Match (428 if_match_required).")
    var requireIfMatch = false

    /// Every rules file to serve.
    var rules: [String] { [rulesFile.path] + moreRules }

    mutating func validate() throws {
        moreRules = try rulesFile.claim(moreRules)
        if rulesSource.uiSchema != nil, rules.count > 1 {
            throw ValidationError("--ui goes with one JSON Schema; serve its rules alone")
        }
        try server.validate()
        do {
            try DraftStoreLocation(parsing: store).requireBuilt()
        } catch {
            throw ValidationError(error.message)
        }
        if let draftTtl { _ = try Self.duration(draftTtl, option: "--draft-ttl") }
    }

    /// A duration option: seconds, or a number with `s`, `m`, `h` or `d`.
    static func duration(_ text: String, option: String) throws -> Duration {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600, "d": 86400]
        var number = Substring(text)
        var unit = 1.0
        if let last = text.last, let scale = units[last] {
            number = number.dropLast()
            unit = scale
        }
        guard let value = Double(number), value > 0, value * unit <= 86400 * 3650 else {
            throw ValidationError("\(option) takes a duration such as 30d, 12h, 90m or 2s (at most 10 years), not '\(text)'")
        }
        return .milliseconds(Int64(value * unit * 1000))
    }

    func run(streams: StandardStreams) throws {
        let library = RuleLibrary(files: rules, loader: rulesSource.loader)
        var stderr = StandardError(streams)
        let broken = library.entries.filter { $0.rules == nil }
        for entry in broken { print(entry.errors ?? "\(entry.file): error: does not compile", to: &stderr) }
        for conflict in library.conflicts { print("rulecheck: \(conflict)", to: &stderr) }
        if !broken.isEmpty || !library.conflicts.isEmpty { throw ExitCode(2) }
        for entry in library.entries {
            for warning in entry.findingWarnings { print(warning, to: &stderr) }
            for warning in entry.rules?.warnings ?? [] { print(warning.description, to: &stderr) }
        }
        var options = try server.options(streams: streams)
        options.watchInterval = watch ? .milliseconds(500) : nil
        options.store = try DraftStoreLocation(parsing: store)
        options.draftTTL = try draftTtl.map { try Self.duration($0, option: "--draft-ttl") }
        options.requireIfMatch = requireIfMatch
        let names = library.entries.map(\.name).joined(separator: ", ")
        let drafts: String
        if case .memory = options.store { drafts = "" } else { drafts = ", drafts in \(options.store)" }
        let opening = options
        try ServerRunner.run(open: { try await RuleServer.open(library: library, options: opening) }, streams: streams) {
            url in "rulecheck serve: \(names) at \(url)\(drafts) (Ctrl-C stops)"
        }
    }
}

/// The options `serve` and `preview` share: where to listen, the limits, and the defaults of checks
/// and forms.
struct ServerArguments: ParsableArguments {
    @Option(help: "The address to listen on (127.0.0.1: this machine only).")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on; 0 picks a free one.")
    var port = 8080

    @Option(help: ArgumentHelp("The largest request body accepted, in bytes.", valueName: "BYTES"))
    var maxBody = 1 << 20

    @Option(help: ArgumentHelp("How long one request may take.", valueName: "SECONDS"))
    var timeLimit: Double = 10

    @Option(
        help: ArgumentHelp(
            "How many values of one check may run a regex into its match limit (beyond: 422 regex_budget).", valueName: "COUNT"))
    var maxRegexLimits = 1000

    @Option(help: "How many server-side forms may be live at once.")
    var maxForms = 1000

    @Option(help: ArgumentHelp("How long a form lives without a request.", valueName: "SECONDS"))
    var formIdle: Double = 1800

    @Option(help: "The most list items one form may hold, all its lists together.")
    var maxFormItems = 10_000

    @Option(help: ArgumentHelp("The most memory one form may take (an estimate of its state).", valueName: "BYTES"))
    var maxFormBytes = 16 << 20

    @Option(help: ArgumentHelp("The most memory all live forms may take together.", valueName: "BYTES"))
    var maxTotalFormBytes = 512 << 20

    @Option(help: ArgumentHelp("The date 'today' means (default: the local date at each request).", valueName: "YYYY-MM-DD"))
    var today: String?

    @Option(
        help:
            "The locale of messages when a request names none (default: the rules' defaults.locale, else en): en, ru, fr, de, es, fa, zh-Hans, ar, …; another falls back to English, with a warning."
    )
    var locale: String?

    @Flag(inversion: .prefixedNo, help: "Write one JSON line per request to standard error (default: on for serve, off for preview).")
    var accessLog: Bool?

    @Option(
        name: .customLong("allowed-host"),
        help: ArgumentHelp(
            "A host name requests may name in Host besides localhost, 127.0.0.1, [::1] and --host (repeatable; '*': any).",
            valueName: "NAME"))
    var allowedHosts: [String] = []

    @Option(
        name: .customLong("allow-origin"),
        help: ArgumentHelp("An origin whose web pages may call the API (repeatable), e.g. https://app.example.com.", valueName: "ORIGIN"))
    var allowedOrigins: [String] = []

    @Option(help: ArgumentHelp("How long a client may take to send a request's headers.", valueName: "SECONDS"))
    var headerTimeout: Double = 10

    @Option(help: ArgumentHelp("How long a connection may stay open with no request under way.", valueName: "SECONDS"))
    var idleTimeout: Double = 60

    @Option(help: "How many connections may be open at once (at the limit, the one idle longest is closed).")
    var maxConnections = 1024

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0…65535") }
        guard maxBody >= 1 else { throw ValidationError("--max-body must be 1 or more") }
        guard timeLimit > 0, timeLimit <= 86400 else { throw ValidationError("--time-limit must be more than 0 and at most 86400 seconds") }
        guard maxRegexLimits >= 0 else { throw ValidationError("--max-regex-limits must be 0 or more") }
        guard maxForms >= 1 else { throw ValidationError("--max-forms must be 1 or more") }
        guard formIdle > 0, formIdle <= 86400 * 365 else { throw ValidationError("--form-idle must be more than 0 seconds") }
        guard headerTimeout > 0, headerTimeout <= 3600 else {
            throw ValidationError("--header-timeout must be more than 0 and at most 3600 seconds")
        }
        guard idleTimeout > 0, idleTimeout <= 86400 else {
            throw ValidationError("--idle-timeout must be more than 0 and at most 86400 seconds")
        }
        guard maxConnections >= 1 else { throw ValidationError("--max-connections must be 1 or more") }
        for origin in allowedOrigins {
            let parts = origin.components(separatedBy: "://")
            guard parts.count == 2, ["http", "https"].contains(parts[0]), !parts[1].isEmpty, !parts[1].contains("/") else {
                throw ValidationError(
                    "--allow-origin takes an origin such as https://app.example.com (a scheme and a host, no path), not '\(origin)'")
            }
        }
        guard maxFormItems >= 0 else { throw ValidationError("--max-form-items must be 0 or more") }
        guard maxFormBytes >= 1 else { throw ValidationError("--max-form-bytes must be 1 or more") }
        guard maxTotalFormBytes >= maxFormBytes else {
            throw ValidationError("--max-total-form-bytes must be at least --max-form-bytes (\(maxFormBytes))")
        }
    }

    func options(streams: StandardStreams) throws -> ServerOptions {
        var options = ServerOptions()
        options.host = host
        options.port = port
        options.maxBodyBytes = maxBody
        options.timeLimit = .milliseconds(Int64(timeLimit * 1000))
        options.maxRegexLimitHits = maxRegexLimits
        options.maxForms = maxForms
        options.formIdleTimeout = .milliseconds(Int64(formIdle * 1000))
        options.maxFormItems = maxFormItems
        options.maxFormBytes = maxFormBytes
        options.maxTotalFormBytes = maxTotalFormBytes
        options.today = try today.map { _ in try Today.parse(today) }
        if let locale { MessagesLocale.warnIfFallback(locale, streams: streams) }
        options.locale = locale
        options.accessLog = accessLog ?? true
        options.allowedHosts = allowedHosts
        options.allowedOrigins = allowedOrigins
        options.headerTimeout = .milliseconds(Int64(headerTimeout * 1000))
        options.idleTimeout = .milliseconds(Int64(idleTimeout * 1000))
        options.maxConnections = maxConnections
        return options
    }
}

/// Runs a server from a synchronous command until it is stopped (SIGINT, SIGTERM).
enum ServerRunner {
    /// - Parameters:
    ///   - streams: where the banner and a failure are printed (the server's access log goes to
    ///     the process's standard error).
    ///   - banner: the line printed on standard output once the server listens, given its URL.
    static func run(_ server: RuleServer, streams: StandardStreams, banner: @escaping @Sendable (String) -> String) throws {
        try run(open: { server }, streams: streams, banner: banner)
    }

    /// Opens the server first (its draft store: a failure to is printed, exit status 3), then runs it.
    static func run(
        open: @escaping @Sendable () async throws -> RuleServer, streams: StandardStreams,
        banner: @escaping @Sendable (String) -> String
    ) throws {
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        Task {
            do {
                let server = try await open()
                let host = server.options.host.contains(":") ? "[\(server.options.host)]" : server.options.host
                try await server.run { port in
                    // Unbuffered: a script waiting for the URL gets it at once.
                    var line = banner("http://\(host):\(port)/") + "\n"
                    line.withUTF8 { bytes in _ = SystemWrite.all(UnsafeRawBufferPointer(bytes), to: streams.output) }
                }
            } catch {
                outcome.set("\(error)")
            }
            done.signal()
        }
        done.wait()
        if let failure = outcome.get() {
            var stderr = StandardError(streams)
            print("rulecheck: the server stopped: \(failure)", to: &stderr)
            throw ExitCode(3)
        }
    }

    /// The error a server stopped with, handed from its task to the waiting thread.
    private final class Outcome: @unchecked Sendable {
        private let lock = NSLock()
        private var failure: String?

        func set(_ text: String) { lock.withLock { failure = text } }
        func get() -> String? { lock.withLock { failure } }
    }
}
