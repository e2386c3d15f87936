import Foundation
import Hummingbird
import RuleCheck

/// `/v1/forms`: server-side forms driven by edits, answering with ChangeSets.
///
/// Everything that reads a body, builds, changes or describes a form runs on the ``WorkQueue``,
/// under the request's time limit: never on the event loop or Swift's cooperative pool. Each form
/// keeps to its budget (``ServerOptions/maxFormItems``, ``ServerOptions/maxFormBytes``) and the
/// live forms together to ``ServerOptions/maxTotalFormBytes``; a request that would break one is
/// refused whole.
extension RuleServer {
    /// `POST /v1/forms`: a new form — empty, filled from a record, restored from a snapshot, or
    /// from another live form (`from`) under the rules as they are now.
    ///
    /// The form is answered once its draft is written (version 1, the `ETag`).
    func createForm(_ request: Request) async throws -> Response {
        let bytes = try await BodyReading.bytes(of: request, limit: options.maxBodyBytes)
        let body = try await work.run { _ in try Self.creation(bytes) }
        // A form made from another is made from that form's draft as it is now.
        var from: FormSession?
        if let id = try body.string("from") { from = try await current(id) }
        let previous = from
        let made = try await work.run { _ in try self.createForm(body, from: previous) }
        var session = made.session
        let description = made.description
        let now = now()
        session.created = now
        // In memory, the cache is where the forms live, and its limits refuse one; with a database,
        // a form the cache has no room for is read back when asked for.
        if case .memory = options.store {
            try forms.insert(session)
        } else {
            try? forms.insert(session)
        }
        let draft = draft(of: session, now: now)
        do {
            try await stored("create") { () async throws(DraftStoreError) in try await drafts.create(draft) }
        } catch {
            forms.remove(session.id)
            throw error
        }
        return Self.json(.object(description), status: 201, version: session.revision)
    }

    /// The body of `POST /v1/forms`, read strictly.
    private static func creation(_ bytes: [UInt8]) throws -> StrictObject {
        let json =
            bytes.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
            ? JSONValue.object([:]) : try BodyReading.json(bytes)
        let body = try StrictObject(json, in: "the body", keys: ["rules", "today", "locale", "record", "snapshot", "from"])
        let sources = ["record", "snapshot", "from"].filter(body.has)
        guard sources.count <= 1 else {
            throw APIError.badRequest("give at most one of record, snapshot and from, not \(sources.joined(separator: " and "))")
        }
        return body
    }

    /// Makes a form from a request body (on a worker thread): the session, and its description.
    private func createForm(
        _ body: StrictObject, from old: FormSession?
    ) throws -> (session: FormSession, description: JSONObject) {
        var today = try Self.day(body.string("today"), name: "today")
        var locale = try Self.locale(body.string("locale"))
        var rulesName = try body.string("rules")
        var previous: Form?
        if let old {
            rulesName = rulesName ?? old.rulesName
            today = today ?? old.form.today
            locale = locale ?? old.form.locale
            previous = old.form
        }
        let (entry, rules) = try library.resolve(rulesName)
        let day = today ?? options.today ?? .today()
        let language = locale ?? options.locale ?? rules.locale
        let budget = options.formBudget
        var form: Form
        var dropped: [JSONValue] = []
        do {
            if let previous {
                let snapshot = previous.snapshot
                try budget.check(snapshot: snapshot)
                let restored = try Form.restoring(rules, snapshot: snapshot, today: day, locale: language)
                form = restored.form
                dropped = restored.dropped.map(\.json)
                form.carryInteraction(from: previous)
            } else if let snapshot = try body.object("snapshot") {
                let snapshot = try Self.snapshot(snapshot)
                try budget.check(snapshot: snapshot)
                let restored = try Form.restoring(rules, snapshot: snapshot, today: day, locale: language)
                form = restored.form
                dropped = restored.dropped.map(\.json)
            } else if let record = try body.object("record") {
                let filled = try Form.filled(rules, record: record, today: day, locale: language, budget: budget)
                form = filled.form
                dropped = filled.dropped.map { violation in
                    .object([
                        "path": .string(violation.field), "code": .string(violation.code.rawValue),
                        "message": .string(violation.message),
                    ])
                }
            } else {
                form = Form(rules, today: day, locale: language)
            }
        } catch let error as FormError {
            throw APIError.refused(error)
        } catch let error as FormLimitError {
            throw APIError.formTooLarge(error)
        }
        let session = FormSession(id: Draft.newID(), rulesName: entry.name, version: entry.version ?? "", form: form)
        if let maxFormBytes = options.maxFormBytes, session.bytes > maxFormBytes {
            throw APIError.formTooLarge(bytes: session.bytes, limit: maxFormBytes)
        }
        var description = Self.describe(session)
        description["dropped"] = .array(dropped)
        return (session, description)
    }

    /// `GET /v1/forms/{id}`: the form's layout and whole state, as its draft is now.
    func showForm(_ id: String) async throws -> Response {
        let session = try await current(id)
        return try await work.run { _ in Self.json(.object(Self.describe(session)), version: session.revision) }
    }

    /// `DELETE /v1/forms/{id}`: the draft deleted.
    func deleteForm(_ id: String) async throws -> Response {
        guard Draft.isWellFormed(id) else { throw APIError.formNotFound(id) }
        let now = now()
        let deleted = try await stored("delete") { () async throws(DraftStoreError) in try await drafts.delete(id, now: now) }
        forms.remove(id)
        guard deleted else { throw APIError.formNotFound(id) }
        return Response(status: .noContent)
    }

    /// `POST /v1/forms/{id}/edits`: one edit (a JSON object), or several (a JSON array, or JSON
    /// Lines as `application/x-ndjson`) applied in order — the edit lines of `rulecheck replay`,
    /// read by ``FormEdit`` and applied by `Form.apply`, so that each answers the ChangeSet
    /// `replay` prints for the same line.
    ///
    /// A request is all or nothing: when its time runs out, or its edits would take the form past
    /// its budget or the live forms past theirs, none of its edits is kept.
    func edit(_ request: Request, id: String, mediaType: String) async throws -> Response {
        let condition = try IfMatch(request.headers)
        if condition == nil, options.requireIfMatch { throw APIError.preconditionRequired() }
        let bytes = try await BodyReading.bytes(of: request, limit: options.maxBodyBytes)
        return try await formLocks.withLock(id) {
            try await edit(bytes, mediaType: mediaType, id: id, condition: condition)
        }
    }

    /// Applies a request's edits and commits them, holding the form's lock.
    private func edit(_ bytes: [UInt8], mediaType: String, id: String, condition: IfMatch?) async throws -> Response {
        var session = try await cachedOrCurrent(id)
        // The cache may be behind the draft (another server wrote it): read the draft again once,
        // when If-Match names another version or the write finds another first.
        var reread = false
        while true {
            if let condition, !condition.matches(session.revision) {
                guard reread else {
                    session = try await current(id)
                    reread = true
                    continue
                }
                let latest = session
                let description = try await work.run { _ in Self.describe(latest) }
                throw APIError.preconditionFailed(version: latest.revision, current: .object(description))
            }
            let base = session
            let (next, answer) = try await work.run { cancellation in
                try self.edit(bytes, mediaType: mediaType, session: base, cancellation: cancellation)
            }
            // Past the time limit (answered 503 already): nothing is written.
            try Task.checkCancellation()
            if try await commit(next, from: base.revision) {
                return Self.json(.object(answer), version: next.revision)
            }
            guard !reread else { throw APIError.editConflict() }
            session = try await current(id)
            reread = true
        }
    }

    /// Applies a request's edits to a copy of a session (on a worker thread): the session changed,
    /// at the next version, and the answer.
    private func edit(
        _ bytes: [UInt8], mediaType: String, session base: FormSession, cancellation: CancellationFlag
    ) throws -> (FormSession, JSONObject) {
        let (edits, single) = try Self.edits(bytes, mediaType: mediaType)
        let budget = options.formBudget
        var session = base
        let results: [Result<ChangeSet, FormError>]
        do throws(FormLimitError) {
            results = try session.form.apply(edits, budget: budget, cancellation: cancellation)
        } catch {
            // Cancelled: the request is past its time limit, and answered so already.
            if error.kind == .cancelled { throw CancellationError() }
            throw APIError.formTooLarge(error)
        }
        if single, case .failure(let error)? = results.first { throw APIError.refused(error) }
        let metadata = FormDescription.metadata(session.form)
        session.metadata = metadata
        session.revision = base.revision + 1
        if let maxFormBytes = options.maxFormBytes, session.bytes > maxFormBytes, session.bytes > base.bytes {
            throw APIError.formTooLarge(bytes: session.bytes, limit: maxFormBytes)
        }
        if case .memory = options.store { try forms.resize(session) }
        var values: Set<String> = []
        var listsChanged = false
        let answers: [JSONValue] = results.map { result in
            switch result {
            case .success(let changes):
                values.formUnion(changes.values.keys)
                listsChanged = listsChanged || !changes.items.isEmpty
                return .object(["changes": changes.json])
            case .failure(let error):
                return APIError.refused(error).json
            }
        }
        var answer = FormDescription.extras(
            after: session.form, values: values, listsChanged: listsChanged,
            metadata: metadata, before: base.metadata)
        if single, case .object(let result)? = answers.first {
            answer.merge(result) { _, new in new }
        } else {
            answer["results"] = .array(answers)
        }
        // The draft is written under the rules the form has now: a change of rules is told once.
        if let change = session.rulesChange {
            answer["rules_changed"] = change
            session.rulesChange = nil
        }
        return (session, answer)
    }

    /// `GET /v1/forms/{id}/explain?field=…`: why the field is as it is.
    func explain(_ id: String, _ routed: Routed) async throws -> Response {
        guard let path = routed.query["field"] else { throw APIError.badRequest("name the field: ?field=doc_number") }
        let session = try await current(id)
        return try await work.run { _ in
            do {
                _ = try session.form.value(.null, for: path)  // an unknown path is a 422, as for an edit
            } catch let error as FormError {
                throw APIError.refused(error)
            }
            let explanation = session.form.explain(path)
            let answer: JSONValue = .object(["explain": explanation.json, "text": .string(explanation.description)])
            return Self.json(answer, version: session.revision)
        }
    }

    /// The edits of a request body, each read strictly by ``FormEdit`` (one bad edit refuses the
    /// whole request, so nothing is applied); `single` when the body is one edit object.
    static func edits(_ bytes: [UInt8], mediaType: String) throws(APIError) -> (edits: [FormEdit], single: Bool) {
        switch mediaType {
        case "application/json":
            switch try BodyReading.json(bytes) {
            case .array(let items):
                guard !items.isEmpty else { throw .badRequest("the body is an empty array: send at least one edit") }
                var edits: [FormEdit] = []
                for (index, item) in items.enumerated() { edits.append(try edit(item, place: "edit \(index + 1): ")) }
                return (edits, false)
            case let value:
                return ([try edit(value, place: "")], true)
            }
        case "application/x-ndjson", "application/jsonl", "application/x-jsonlines":
            var edits: [FormEdit] = []
            for (index, line) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
                let text = Array(line)
                guard !text.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) else { continue }
                let json: JSONValue
                do { json = try BodyReading.json(text) } catch { throw .badJSON("line \(index + 1): \(error.message)") }
                edits.append(try edit(json, place: "line \(index + 1): "))
            }
            guard !edits.isEmpty else { throw .badRequest("the body holds no edit") }
            return (edits, false)
        default:
            throw .unsupportedMediaType(mediaType, accepted: ["application/json", "application/x-ndjson"])
        }
    }

    /// One edit, read as `replay` reads its lines; `place` starts the message of a bad one.
    private static func edit(_ json: JSONValue, place: String) throws(APIError) -> FormEdit {
        do {
            return try FormEdit(json: json)
        } catch {
            throw .badRequest(place + error.message)
        }
    }

    /// A snapshot sent as JSON (as `GET /v1/forms/{id}` … or an app's saved draft).
    static func snapshot(_ object: JSONObject) throws(APIError) -> FormSnapshot {
        do {
            return try FormSnapshot(json: .object(object))
        } catch {
            throw .badRequest("'snapshot' is not a form snapshot ({\"form\": …, \"fields\": {…}, \"items\": {…}}): \(error.message)")
        }
    }

    /// The form as `POST /v1/forms` and `GET /v1/forms/{id}` describe it.
    static func describe(_ session: FormSession) -> JSONObject {
        let locale = MessageLocale(session.form.locale)
        // The page's language is the rules' own (their titles), else the messages'; it runs right
        // to left when either does.
        let rulesLocale = session.form.rules.locale.map(MessageLocale.init)
        let rightToLeft = locale.isRightToLeft || rulesLocale?.isRightToLeft == true
        var description: JSONObject = [
            "id": .string(session.id), "rules": .string(session.rulesName), "version": .string(session.version),
            "today": .string(session.form.today.iso), "locale": .string(session.form.locale),
            "messages_locale": .string(locale.messages), "lang": .string(rulesLocale?.identifier ?? locale.identifier),
            "direction": .string(rightToLeft ? "rtl" : "ltr"),
            "locale_warning": locale.fallbackWarning.map { .string($0) } ?? .null,
            "layout": FormDescription.layout(session.form),
            "state": FormDescription.state(session.form, metadata: session.metadata),
            "snapshot": session.form.snapshot.json,
        ]
        if let change = session.rulesChange { description["rules_changed"] = change }
        return description
    }
}

extension Form {
    /// Gives fields the interaction they had in `previous` (a form of older rules), so that the
    /// issues shown stay shown across a reload, and goes to the page `previous` was on (if it is
    /// still there and has something visible).
    mutating func carryInteraction(from previous: Form) {
        for path in FormDescription.paths(previous) {
            switch previous[path].interaction {
            case .touched: _ = try? blur(path)
            case .editing: _ = try? focus(path)
            case .pristine: break
            }
        }
        if let page = previous.currentPage?.id, page != currentPage?.id { _ = try? goToPage(page) }
    }
}
