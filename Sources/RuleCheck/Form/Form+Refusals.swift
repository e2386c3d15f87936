/// The errors of edits a form refuses, in the form's locale (``Form/locale``): each message is
/// the locale table's `form.<key>` (Messages/Locales), filled in by the form's ``MessageBuilder``,
/// so that `set`, `clear`, typing and edit lines (over HTTP too) speak the form's language.
extension Form {
    /// A ``FormError`` whose message is the locale's `form.<key>` with `parameters` filled in.
    func refusal(_ code: FormError.Code, _ key: String, _ parameters: [String: String]) -> FormError {
        FormError(code, evaluator.messages.formMessage(key, parameters))
    }

    /// No field has that path (and which one it may mean).
    func unknownField(_ path: String) -> FormError {
        let plain = path.replacing(/\[\d+\]/, with: "")
        guard let near = NearMiss.suggestion(for: plain, among: rules.fields.map(\.path)) else {
            return refusal(.unknownField, "unknown_field", ["field": path])
        }
        return refusal(.unknownField, "unknown_field.suggestion", ["field": path, "suggestion": near])
    }

    /// An item index past the end of a list of `count` items (`variant`: `insert`, where an
    /// item cannot be inserted).
    func indexOutOfRange(_ list: String, count: Int, index: Int, variant: String? = nil) -> FormError {
        let messages = evaluator.messages
        return refusal(
            .indexOutOfRange, variant.map { "index_out_of_range." + $0 } ?? "index_out_of_range",
            ["list": list, "count": messages.count(count), "index": messages.count(index)])
    }

    /// A value of `field` that the field does not take (`failure`), as given in code (`value`), as
    /// typed text or as JSON written in an edit (`written`, with `json` true).
    func typeRefusal(_ failure: Failure, _ field: FieldRules, value: String, json: Bool = false, path: String) -> FormError {
        let messages = evaluator.messages
        if case .option = failure {
            return refusal(.notAnOption, json ? "not_an_option.json" : "not_an_option", ["value": value, "field": path])
        }
        let expected =
            if case .type(let expected) = failure { messages.phrase(expected) } else { messages.phrase(.jsonTypes(.all)) }
        return refusal(
            .typeMismatch, json ? "type_mismatch.json" : "type_mismatch.expected", ["value": value, "expected": expected, "field": path])
    }
}
