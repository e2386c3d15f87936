import HTTPTypes
import RuleCheck

/// A request the server answers with an error: an HTTP status and a JSON body
/// `{"error": {"code": "…", "message": "…"}}` (plus `details` for some codes).
///
/// ```json
/// {"error": {"code": "bad_json", "message": "the body is not JSON: line 1, column 9: …"}}
/// ```
///
/// Bad input always gets a 4xx; a 5xx means the server could not do its part (too busy, out of
/// time, or a bug).
struct APIError: Error, Sendable, Hashable {
    let status: Int
    /// A stable machine-readable code: `bad_json`, `bad_request`, `unknown_field`, …
    let code: String
    let message: String
    /// More about the error: the lint output of broken rules, say.
    let details: JSONValue?
    /// The `ETag` of the answer: the form's current version (a 412).
    var etag: Int64?
    /// The `Retry-After` of the answer, in seconds (a 503 of the draft store).
    var retryAfter: Int?

    init(status: Int, code: String, _ message: String, details: JSONValue? = nil) {
        self.status = status
        self.code = code
        self.message = message
        self.details = details
    }

    /// The body of the error response.
    var json: JSONValue {
        var error: JSONObject = ["code": .string(code), "message": .string(message)]
        if let details { error["details"] = details }
        return .object(["error": .object(error)])
    }

    var httpStatus: HTTPResponse.Status { HTTPResponse.Status(code: status) }

    // MARK: - The errors the server gives

    static func badJSON(_ message: String) -> APIError {
        APIError(status: 400, code: "bad_json", "the body is not JSON: \(message)")
    }

    static func badRequest(_ message: String) -> APIError {
        APIError(status: 400, code: "bad_request", message)
    }

    static func notFound(_ path: String) -> APIError {
        APIError(status: 404, code: "not_found", "no endpoint '\(path)'; GET /openapi.yaml lists them")
    }

    static func methodNotAllowed(_ method: String, _ path: String, allowed: [String]) -> APIError {
        APIError(
            status: 405, code: "method_not_allowed",
            "\(method) is not allowed on '\(path)'; allowed: \(allowed.joined(separator: ", "))",
            details: .object(["allowed": .array(allowed.map { .string($0) })]))
    }

    static func unsupportedMediaType(_ type: String, accepted: [String]) -> APIError {
        APIError(
            status: 415, code: "unsupported_media_type",
            "cannot read a body of type '\(type)'; send one of \(accepted.joined(separator: ", "))")
    }

    /// A POST whose body does not say what it is: a web page elsewhere could send it without a preflight.
    static func missingMediaType(accepted: [String]) -> APIError {
        APIError(
            status: 415, code: "unsupported_media_type",
            "the request does not say what its body is; send Content-Type: \(accepted.joined(separator: ", or "))")
    }

    /// DNS rebinding: a page whose name resolves to this machine names itself in `Host`.
    static func hostNotAllowed(_ host: String) -> APIError {
        APIError(
            status: 421, code: "host_not_allowed",
            "this server does not answer for the host '\(host)'; start it with --allowed-host \(AllowedHosts.name(host)) if it should")
    }

    static func originNotAllowed(_ origin: String) -> APIError {
        APIError(
            status: 403, code: "origin_not_allowed",
            "requests from pages of '\(origin)' are not allowed; start the server with --allow-origin \(origin) if they should be")
    }

    static func headersTooLarge(limit: Int) -> APIError {
        APIError(status: 431, code: "headers_too_large", "the request's headers are larger than the limit of \(limit) bytes")
    }

    static func headerTimeout(_ limit: Duration) -> APIError {
        APIError(status: 408, code: "header_timeout", "the request's headers did not arrive within \(limit)")
    }

    /// A request HTTP cannot read: a malformed request line, header or chunk.
    static func unreadableHTTP(_ detail: String) -> APIError {
        APIError(status: 400, code: "bad_request", "the request could not be read as HTTP: \(detail)")
    }

    static func bodyTooLarge(limit: Int) -> APIError {
        APIError(status: 413, code: "body_too_large", "the body is larger than the limit of \(limit) bytes")
    }

    static func formNotFound(_ id: String) -> APIError {
        APIError(status: 404, code: "form_not_found", "no form '\(id)' (forms expire after a while unused)")
    }

    /// An edit whose `If-Match` is not the form's version: another edit came first. The details
    /// hold the form as it is now, the `ETag` its version.
    static func preconditionFailed(version: Int64, current: JSONValue) -> APIError {
        var error = APIError(
            status: 412, code: "version_mismatch",
            "the form changed since the version If-Match names; it is at version \(version) now (details.current), "
                + "nothing of the request is kept",
            details: .object(["current": current]))
        error.etag = version
        return error
    }

    /// An edit without `If-Match` on a server started with `--require-if-match`.
    static func preconditionRequired() -> APIError {
        APIError(
            status: 428, code: "if_match_required",
            "send If-Match with the form's ETag (this server requires it on edits); GET the form for it")
    }

    static func badIfMatch(_ value: String) -> APIError {
        APIError(status: 400, code: "bad_request", "If-Match '\(value)' is not an ETag of a form (\"3\", or *)")
    }

    /// Two edits of one form at once, and this one lost again after it was applied anew.
    static func editConflict() -> APIError {
        var error = APIError(
            status: 409, code: "edit_conflict",
            "other edits of this form came at the same time, twice; nothing of the request is kept, send it again")
        error.retryAfter = 1
        return error
    }

    /// The draft store could not be read or written: the database is down, slow or full.
    static func storeUnavailable() -> APIError {
        var error = APIError(
            status: 503, code: "store_unavailable",
            "the server cannot reach its draft store now; nothing of the request is kept, try again shortly")
        error.retryAfter = 2
        return error
    }

    /// A stored draft this server cannot read back.
    static func draftUnreadable(_ detail: String) -> APIError {
        APIError(status: 500, code: "draft_unreadable", "the stored draft cannot be read: \(detail)")
    }

    static func tooManyForms(limit: Int) -> APIError {
        APIError(
            status: 503, code: "too_many_forms",
            "the server holds its limit of \(limit) live forms; delete one or try again later")
    }

    /// A form that would hold more than `--max-form-items` list items.
    static func formTooLarge(_ error: FormLimitError) -> APIError {
        APIError(status: 413, code: "form_too_large", error.message + "; nothing of the request is kept")
    }

    /// A form that would take more than `--max-form-bytes`.
    static func formTooLarge(bytes: Int, limit: Int) -> APIError {
        APIError(
            status: 413, code: "form_too_large",
            "the form would hold about \(bytes) bytes; its limit is \(limit); nothing of the request is kept")
    }

    static func formsMemoryFull(limit: Int) -> APIError {
        APIError(
            status: 503, code: "forms_memory_full",
            "the live forms hold the server's limit of \(limit) bytes; delete a form or try again later")
    }

    static func timeLimit(_ limit: Duration) -> APIError {
        APIError(status: 503, code: "time_limit", "the request took longer than its limit of \(limit)")
    }

    /// A request whose values ran their regexes into PCRE2's match limit more than `limit` times
    /// (`--max-regex-limits`): the rest of its regex work is not done.
    static func regexBudget(limit: Int) -> APIError {
        APIError(
            status: 422, code: "regex_budget",
            "more than \(limit) values of the request ran a regex into its match limit; "
                + "the check stopped there (send fewer records at a time, or fix the pattern)")
    }

    static func busy() -> APIError {
        APIError(status: 503, code: "busy", "the server is checking as many requests as it can; try again shortly")
    }

    /// An edit the form refuses: unknown field, computed field, wrong type, …
    static func refused(_ error: FormError) -> APIError {
        APIError(status: 422, code: error.code.description, error.message)
    }
}
