import RuleCheck

/// A form's state as a draft keeps it (``Draft/snapshot``): the form's snapshot, its day and
/// locale, which fields were touched or being edited, the text typed into fields (as `type` left
/// it) and its page — a JSON object:
///
/// ```json
/// {"snapshot": {"form": "signup", "fields": {…}, "items": {}}, "today": "2026-11-22",
///  "locale": "en", "touched": ["email"], "editing": [], "inputs": {"phone": {"text": "+7 (916", "caret": 7}},
///  "page": null}
/// ```
///
/// The values are restored through the snapshot path, as `POST /v1/forms` restores a snapshot:
/// under the rules the draft was made with, the same form; under other rules, what no longer fits
/// is dropped, and listed.
enum DraftState {
    /// The state of a form, as JSON text.
    static func text(of form: Form) -> String {
        var touched: [JSONValue] = []
        var editing: [JSONValue] = []
        var inputs: JSONObject = [:]
        for path in FormDescription.paths(form) {
            if let input = form.input(path) {
                inputs[path] = .object(["text": .string(input.text), "caret": .number(Double(input.caret))])
            }
            switch form[path].interaction {
            case .touched: touched.append(.string(path))
            case .editing: editing.append(.string(path))
            case .pristine: break
            }
        }
        let state: JSONValue = .object([
            "snapshot": form.snapshot.json, "today": .string(form.today.iso), "locale": .string(form.locale),
            "touched": .array(touched), "editing": .array(editing), "inputs": .object(inputs),
            "page": form.currentPage.map { .string($0.id) } ?? .null,
        ])
        return JSONWriter.string(state)
    }

    /// The form a draft's state describes, under `rules`, and the snapshot's entries that no
    /// longer fit them (as `dropped` lists them).
    ///
    /// - Throws: ``APIError`` `draft_unreadable` (500) when the stored text is not such a state,
    ///   or is of another form than `rules`.
    static func form(_ text: String, rules: RuleSet) throws(APIError) -> (form: Form, dropped: [JSONValue]) {
        let json: JSONValue
        do {
            json = try BodyReading.json(Array(text.utf8))
        } catch {
            throw .draftUnreadable(error.message)
        }
        guard case .object(let state) = json, let snapshotJSON = state["snapshot"] else {
            throw .draftUnreadable("the stored state has no snapshot")
        }
        let today = state["today"]?.string.flatMap { Day(iso: $0) } ?? .today()
        let locale = state["locale"]?.string
        do {
            let snapshot = try FormSnapshot(json: snapshotJSON)
            let restored = try Form.restoring(rules, snapshot: snapshot, today: today, locale: locale)
            var form = restored.form
            // Typed text (a mask's partial value, a number as written) is typed again: the same
            // text, caret and value under the same rules.
            for (path, input) in state["inputs"]?.object ?? [:] {
                guard let text = input["text"]?.string else { continue }
                _ = try? form.type(path, text: text, caret: input["caret"]?.number.map { Int($0) })
            }
            for path in state["touched"]?.array ?? [] { _ = path.string.map { try? form.blur($0) } }
            for path in state["editing"]?.array ?? [] { _ = path.string.map { try? form.focus($0) } }
            if let page = state["page"]?.string, page != form.currentPage?.id { _ = try? form.goToPage(page) }
            return (form, restored.dropped.map(\.json))
        } catch {
            throw .draftUnreadable(error.message)
        }
    }
}
