import HTTPTypes
import Hummingbird
import RuleCheck
import RuleCheckBatch

/// `POST /v1/check`: records checked by `rulecheck check`'s own code, reported as
/// `rulecheck check --format json` reports standard input.
extension RuleServer {
    /// The body's media types and how each is read.
    static let checkMediaTypes: [(type: String, format: RecordFormat?)] = [
        ("application/json", nil), ("application/x-ndjson", .jsonl), ("application/jsonl", .jsonl),
        ("application/x-jsonlines", .jsonl), ("text/csv", .csv), ("text/tab-separated-values", .tsv),
    ]

    func check(_ request: Request, _ routed: Routed) async throws -> Response {
        let (_, rules) = try library.resolve(routed.query["rules"])
        let today = try Self.day(routed.query["today"], name: "today") ?? options.today ?? .today()
        let locale = try Self.locale(routed.query["locale"]) ?? options.locale ?? rules.locale
        let strict: Bool
        switch routed.query["strict"] {
        case nil, "false"?: strict = false
        case "true"?: strict = true
        case let other?: throw APIError.badRequest("query parameter 'strict' must be true or false, not '\(other)'")
        }
        let mediaType = routed.mediaType ?? "application/json"
        guard let known = Self.checkMediaTypes.first(where: { $0.type == mediaType }) else {
            throw APIError.unsupportedMediaType(mediaType, accepted: Self.checkMediaTypes.map(\.type))
        }
        let body = try await BodyReading.bytes(of: request, limit: options.maxBodyBytes)
        let checker = checkers.checker(rules, today: today, locale: locale)
        // Every body, however small, is read and checked on a worker thread, in turn: never on the
        // event loop or Swift's cooperative pool, where a slow regex would hold every other
        // request. At the time limit the check stops at its next regex match or record; past
        // `maxRegexLimitHits` values that ran a regex into its limit, it stops with `regex_budget`.
        let metrics = self.metrics
        let report = try await work.run(maxRegexLimitHits: options.maxRegexLimitHits) { cancellation in
            try Self.report(
                of: body, format: known.format, checker: checker, strict: strict, metrics: metrics, cancellation: cancellation)
        }
        var response = Self.bytes(report, type: "application/json")
        // The language the messages are in: `en` for a locale without built-in messages.
        response.headers[.contentLanguage] = MessageLocale(locale ?? "en").messages
        return response
    }

    /// What `rulecheck check --format json` prints for `body` as standard input; `format` nil for
    /// an `application/json` body (a record or an array of records). Counts the check in `metrics`.
    ///
    /// - Throws: ``APIError`` for a JSON body that is not a record or an array of them;
    ///   `CancellationError` once `cancellation` is set.
    static func report(
        of body: [UInt8], format: RecordFormat?, checker: RecordChecker, strict: Bool, metrics: ServerMetrics,
        cancellation: CancellationFlag
    ) throws -> [UInt8] {
        var records = body
        let format = try format ?? jsonRecords(&records)
        let sink = OutputSink.memory()
        var reader = RecordReader.Options()
        reader.blockSize = max(1, records.count)
        let options = BatchCheck.Options(format: format, jobs: 1, strict: strict, reader: reader, cancellation: cancellation)
        let outcome = try BatchCheck(checker: checker, options: options)
            .run(bytes: records, name: "-", format: format, report: ReportFormat.json.report(to: sink))
        metrics.checked(records: outcome.summary.records)
        return sink.bytes
    }

    /// An `application/json` body: one record (an object), made an array of one so that it reads
    /// as a JSON array file with the same lines; or an array of records. Anything else is a 400 —
    /// including JSON that does not parse, which as a file would be a `malformed` finding.
    static func jsonRecords(_ body: inout [UInt8]) throws(APIError) -> RecordFormat {
        let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
        if body.starts(with: byteOrderMark) { body.removeFirst(3) }
        // Read through, not built: the batch checker reads the records again, and only the top matters here.
        switch try BodyReading.jsonTopLevel(body) {
        case .object:
            body = [UInt8(ascii: "[")] + body + [UInt8(ascii: "]")]
            return .json
        case .array:
            return .json
        case let other:
            throw .badRequest(
                "the body must be a record (a JSON object) or an array of records, not \(other.kindDescription); "
                    + "send JSON Lines as application/x-ndjson")
        }
    }

    /// A date parameter (`today`), ISO `YYYY-MM-DD`.
    static func day(_ text: String?, name: String) throws(APIError) -> Day? {
        guard let text else { return nil }
        guard let day = Day(iso: text) else { throw .badRequest("'\(name)' must be a date written YYYY-MM-DD, not '\(text)'") }
        return day
    }

    /// A locale parameter: `en`, `ru`, `pt-BR` (letters, digits, `-` and `_`, at most 35).
    static func locale(_ text: String?) throws(APIError) -> String? {
        guard let text else { return nil }
        let allowed = text.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_")
        }
        guard !text.isEmpty, text.count <= 35, allowed else {
            throw .badRequest("'locale' must be a locale such as en or ru, not '\(text)'")
        }
        return text
    }
}
