import Hummingbird
import RuleCheck

/// One endpoint of the API: a method and a path template, as `Docs/openapi.yaml` lists them.
struct Endpoint: Hashable, Sendable {
    let method: String
    /// `/v1/forms/{id}/edits`: a `{name}` segment matches any one segment.
    let path: String
    /// The query parameters it takes; any other is a 400.
    let query: Set<String>
    /// Only `rulecheck preview` serves it (the page and its assets).
    let previewOnly: Bool
    /// The media types its body may have (`Content-Type`, without parameters); a request with
    /// another, or none, is a 415. Empty: it takes no body.
    let mediaTypes: [String]
    /// ``path`` split at its slashes.
    private let segments: [Segment]

    init(_ method: String, _ path: String, query: Set<String> = [], mediaTypes: [String] = [], previewOnly: Bool = false) {
        self.method = method
        self.path = path
        self.query = query
        self.mediaTypes = mediaTypes
        self.previewOnly = previewOnly
        segments = path.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            segment.hasPrefix("{") && segment.hasSuffix("}")
                ? .parameter(String(segment.dropFirst().dropLast())) : .literal(String(segment))
        }
    }

    /// The types of JSON Lines, which the check and the edits take besides JSON.
    static let jsonLines = ["application/x-ndjson", "application/jsonl", "application/x-jsonlines"]

    static let all: [Endpoint] = [
        Endpoint("GET", "/", previewOnly: true),
        Endpoint("GET", "/assets/{name}", previewOnly: true),
        Endpoint("GET", "/healthz"),
        Endpoint("GET", "/metrics"),
        Endpoint("GET", "/openapi.yaml"),
        Endpoint("GET", "/v1/rules"),
        Endpoint("POST", "/v1/check", query: ["rules", "today", "locale", "strict"], mediaTypes: RuleServer.checkMediaTypes.map(\.type)),
        Endpoint("POST", "/v1/forms", mediaTypes: ["application/json"]),
        Endpoint("GET", "/v1/forms/{id}"),
        Endpoint("DELETE", "/v1/forms/{id}"),
        Endpoint("POST", "/v1/forms/{id}/edits", mediaTypes: ["application/json"] + jsonLines),
        Endpoint("GET", "/v1/forms/{id}/explain", query: ["field"]),
    ]

    /// The template's segments between its slashes, split once: a `{name}` segment matches any
    /// one non-empty segment of a path.
    private enum Segment: Hashable, Sendable {
        case literal(String)
        case parameter(String)
    }

    /// The values of the template's `{name}` segments if `path` matches it (empty for a template
    /// without any). Reads the path's bytes in place: every request is matched against every
    /// endpoint, so this allocates nothing unless the template has a parameter.
    func match(_ path: String) -> [String: String]? {
        var parameters: [String: String] = [:]
        var rest = path.utf8[...]
        for (index, segment) in segments.enumerated() {
            let end = rest.firstIndex(of: UInt8(ascii: "/")) ?? rest.endIndex
            let actual = rest[..<end]
            switch segment {
            case .literal(let text):
                guard actual.elementsEqual(text.utf8) else { return nil }
            case .parameter(let name):
                guard !actual.isEmpty else { return nil }
                parameters[name] = String(Substring(actual))
            }
            if index == segments.count - 1 {
                guard end == rest.endIndex else { return nil }
            } else {
                guard end != rest.endIndex else { return nil }
                rest = rest[rest.index(after: end)...]
            }
        }
        return parameters
    }

    /// Refuses a body of a type the endpoint does not read — or of no stated type, which is how a
    /// page elsewhere sends a cross-origin request without a preflight. Returns the body's media
    /// type (nil for an endpoint that takes no body), so that its handler need not read it again.
    func checkMediaType(of request: Request) throws(APIError) -> String? {
        guard !mediaTypes.isEmpty else { return nil }
        guard let type = BodyReading.mediaType(of: request) else { throw .missingMediaType(accepted: mediaTypes) }
        guard mediaTypes.contains(type) else { throw .unsupportedMediaType(type, accepted: mediaTypes) }
        return type
    }
}

/// A request matched to its endpoint: path parameters and query parameters (checked).
struct Routed {
    let endpoint: Endpoint
    let parameters: [String: String]
    let query: [String: String]
    /// The body's media type, once ``Endpoint/checkMediaType(of:)`` has accepted it.
    var mediaType: String?

    subscript(parameter name: String) -> String { parameters[name] ?? "" }
}

extension RuleServer {
    /// Finds the endpoint of a request: 404 for an unknown path, 405 for a method the path does not take.
    func match(_ request: Request) throws(APIError) -> Routed {
        let path = request.uri.path
        let method = request.method.rawValue
        var found: (endpoint: Endpoint, parameters: [String: String])?
        for endpoint in endpoints where endpoint.method == method {
            if let parameters = endpoint.match(path) {
                found = (endpoint, parameters)
                break
            }
        }
        guard let (endpoint, parameters) = found else {
            let allowed = endpoints.filter { $0.match(path) != nil }.map(\.method)
            guard !allowed.isEmpty else { throw .notFound(path) }
            throw .methodNotAllowed(method, path, allowed: allowed)
        }
        var query: [String: String] = [:]
        for (key, value) in request.uri.queryParameters {
            guard endpoint.query.contains(String(key)) else {
                let known = endpoint.query.isEmpty ? "it takes none" : "it takes \(endpoint.query.sorted().joined(separator: ", "))"
                throw .badRequest("unknown query parameter '\(key)' for \(method) \(endpoint.path); \(known)")
            }
            guard query[String(key)] == nil else { throw .badRequest("query parameter '\(key)' is given twice") }
            query[String(key)] = String(value)
        }
        return Routed(endpoint: endpoint, parameters: parameters, query: query)
    }

    /// Routes a request matched to its endpoint to its handler.
    func route(_ request: Request, _ routed: Routed) async throws -> Response {
        switch (routed.endpoint.method, routed.endpoint.path) {
        case ("GET", "/"): return page()
        case ("GET", "/assets/{name}"): return try asset(routed[parameter: "name"])
        case ("GET", "/openapi.yaml"): return Self.bytes(PreviewAssets.openAPI, type: "application/yaml")
        case ("GET", "/healthz"): return health()
        case ("GET", "/metrics"): return metricsText()
        case ("GET", "/v1/rules"): return Self.json(.object(["rules": .array(library.entries.map(\.json))]))
        case ("POST", "/v1/check"): return try await check(request, routed)
        case ("POST", "/v1/forms"): return try await createForm(request)
        case ("GET", "/v1/forms/{id}"): return try await showForm(routed[parameter: "id"])
        case ("DELETE", "/v1/forms/{id}"): return try await deleteForm(routed[parameter: "id"])
        case ("POST", "/v1/forms/{id}/edits"):
            return try await edit(request, id: routed[parameter: "id"], mediaType: routed.mediaType ?? "application/json")
        case ("GET", "/v1/forms/{id}/explain"): return try await explain(routed[parameter: "id"], routed)
        default: throw APIError.notFound(request.uri.path)
        }
    }

    /// `GET /metrics`: the Prometheus text format.
    private func metricsText() -> Response {
        let text = metrics.exposition(
            connections: connections.count, forms: forms.count, formsMemoryBytes: forms.bytesInUse,
            queuedBytes: connections.queuedBytes, heldRequests: connections.heldRequests)
        return Self.bytes(text, type: "text/plain; version=0.0.4; charset=utf-8")
    }

    private func health() -> Response {
        let entries = library.entries
        return Self.json(
            .object([
                "status": .string("ok"), "rules": .number(Double(entries.count)),
                "broken": .number(Double(entries.filter { $0.errors != nil }.count)), "forms": .number(Double(forms.count)),
            ]))
    }
}
