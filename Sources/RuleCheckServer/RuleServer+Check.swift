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
        let locale = try Self.locale(routed.query["locale"]) ?? options.locale ?? rules.locale ?? "en"
        let strict: Bool
        switch routed.query["strict"] {
        case nil, "false"?: strict = false
        case "true"?: strict = true
        case let other?: throw APIError.badRequest("query parameter 'strict' must be true or false, not '\(other)'")
        }
        let mediaType = BodyReading.mediaType(of: request) ?? "application/json"
        guard let known = Self.checkMediaTypes.first(where: { $0.type == mediaType }) else {
            throw APIError.unsupportedMediaType(mediaType, accepted: Self.checkMediaTypes.map(\.type))
        }
        var body = try await BodyReading.bytes(of: request, limit: options.maxBodyBytes)
        let format = try known.format ?? Self.jsonRecords(&body)
        let checker = checkers.checker(rules, today: today, locale: locale)
        let records = body
        let check = { @Sendable () throws -> [UInt8] in
            let sink = OutputSink.memory()
            var reader = RecordReader.Options()
            reader.blockSize = max(1, records.count)
            let check = BatchCheck(checker: checker, options: .init(format: format, jobs: 1, strict: strict, reader: reader))
            _ = try check.run(bytes: records, name: "-", format: format, report: ReportFormat.json.report(to: sink))
            return sink.bytes
        }
        // A small body is checked at once (a fraction of a millisecond); a larger one on a worker
        // thread, in turn, so that the time limit can answer while it runs.
        let report = records.count <= Self.inlineCheckBytes ? try check() : try await work.run(check)
        var response = Self.bytes(report, type: "application/json")
        // The language the messages are in: `en` for a locale without built-in messages.
        response.headers[.contentLanguage] = MessageLocale(locale).messages
        return response
    }

    /// Bodies up to this size are checked on the request's own task.
    static let inlineCheckBytes = 16 * 1024

    /// An `application/json` body: one record (an object), made an array of one so that it reads
    /// as a JSON array file with the same lines; or an array of records. Anything else is a 400 —
    /// including JSON that does not parse, which as a file would be a `malformed` finding.
    static func jsonRecords(_ body: inout [UInt8]) throws(APIError) -> RecordFormat {
        let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
        if body.starts(with: byteOrderMark) { body.removeFirst(3) }
        switch try BodyReading.json(body) {
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
