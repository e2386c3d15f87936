import Foundation
import HTTPTypes
import Hummingbird

/// Which web pages may call the API from a browser. A request whose `Origin` is neither the
/// server's own (the page `preview` serves: the origin names the host the request is sent to) nor
/// one of `--allow-origin` is refused 403 `origin_not_allowed`, whatever its method — so a page
/// elsewhere cannot even send a "simple" request that needs no preflight. An allowed origin gets
/// CORS headers, and its preflight (`OPTIONS` with `Access-Control-Request-Method`) is answered.
///
/// ```swift
/// let origins = CrossOrigin(allowed: ["https://app.example.com"])
/// ```
struct CrossOrigin: Sendable {
    private let allowed: Set<String>

    /// The request headers a preflight may ask for.
    static let allowedHeaders = "Content-Type, X-Request-Id"
    /// How long a browser may keep a preflight's answer: 10 minutes.
    static let maxAge = "600"

    init(allowed: [String]) {
        self.allowed = Set(allowed.map(Self.normalized))
    }

    /// What a request's `Origin` is to the server.
    enum Verdict: Equatable {
        /// No `Origin`, or the server's own page: nothing to add.
        case sameOrigin
        /// An allowed origin: the answer carries CORS headers for it.
        case allowed(String)
    }

    /// - Throws: ``APIError`` `origin_not_allowed` for any other origin (`null` included).
    func verdict(origin: String?, authority: String?) throws(APIError) -> Verdict {
        guard let origin else { return .sameOrigin }
        let normalized = Self.normalized(origin)
        if let authority, let separator = normalized.range(of: "://"),
            normalized[separator.upperBound...] == authority.lowercased()
        {
            return .sameOrigin
        }
        if allowed.contains(normalized) { return .allowed(origin) }
        throw .originNotAllowed(origin)
    }

    /// `HTTPS://App.Example.com/` → `https://app.example.com`.
    static func normalized(_ origin: String) -> String {
        var text = origin.lowercased()
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }

    /// The CORS headers of an answer to an allowed origin.
    static func headers(_ origin: String, into fields: inout HTTPFields) {
        fields[.accessControlAllowOrigin] = origin
        fields[.accessControlExposeHeaders] = RequestID.field.rawName
        fields[.vary] = "Origin"
    }
}

extension RuleServer {
    /// Whether a request is a CORS preflight: `OPTIONS` with `Origin` and `Access-Control-Request-Method`.
    static func isPreflight(_ request: Request) -> Bool {
        request.method == .options && request.headers[.origin] != nil && request.headers[.accessControlRequestMethod] != nil
    }

    /// The answer to an allowed origin's preflight: 204 with the methods the path takes.
    func preflight(_ request: Request) throws(APIError) -> Response {
        let path = request.uri.path
        let methods = endpoints.filter { $0.match(path) != nil }.map(\.method)
        guard !methods.isEmpty else { throw .notFound(path) }
        var response = Response(status: .noContent)
        response.headers[.accessControlAllowMethods] = methods.joined(separator: ", ")
        response.headers[.accessControlAllowHeaders] = CrossOrigin.allowedHeaders
        response.headers[.accessControlMaxAge] = CrossOrigin.maxAge
        return response
    }
}
