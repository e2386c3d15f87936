/// Messages a property's schema writes per keyword: ajv-errors' `errorMessage` (one text, or a
/// text per keyword) and a Divar-style `errors` (a text, or texts per locale, per keyword). Both
/// map a keyword to the failure code it gives (``KeywordMessages``), so `rulecheck check` prints
/// the schema's message for that failure; `errors` is read after `errorMessage` and wins.
extension SchemaImporter {
    enum MessageDialect {
        case ajvErrors, divar

        var keyword: String { self == .ajvErrors ? "errorMessage" : "errors" }
    }

    mutating func messages(_ spec: inout FieldSpec, _ node: SchemaNode, path: String) {
        if let (value, pointer) = node.first("errorMessage") {
            keywordMessages(&spec, node, value, at: pointer, path: path, dialect: .ajvErrors)
        }
        if let (value, pointer) = node.first("errors") {
            keywordMessages(&spec, node, value, at: pointer, path: path, dialect: .divar)
        }
    }

    /// The message a schema writes for `keyword` of a check made from it (`exclusiveMinimum`, a
    /// searching `pattern`, …): Divar's `errors` first, then ajv-errors' `errorMessage`.
    mutating func keywordMessage(_ node: SchemaNode, _ keyword: String) -> LocalizedText? {
        if let (errors, pointer) = node.first("errors"), let value = errors[keyword] {
            return divarMessage(value, at: pointer + "/" + SchemaPointer.escape(keyword), report: false)
        }
        return node.first("errorMessage")?.value[keyword]?.string.map(LocalizedText.init)
    }

    private mutating func keywordMessages(
        _ spec: inout FieldSpec, _ node: SchemaNode, _ value: JSONValue, at pointer: String, path: String, dialect: MessageDialect
    ) {
        if dialect == .ajvErrors, let message = value.string {
            spec.message = LocalizedText(message)
            spec.keys["message"] = source.location(of: pointer)
            return
        }
        guard let members = value.object else {
            switch dialect {
            case .ajvErrors: ownError("errorMessage must be a string or an object", at: pointer)
            case .divar: ownError("errors must be an object of keyword → message ({\"required\": \"…\"})", at: pointer)
            }
            return
        }
        // A pattern that became the field's pattern (^…$, or a format) has the field's message;
        // other patterns and the exclusive bounds are checks, with their own (see checkSpec).
        let patternKeyword = spec.pattern == nil ? nil : patternKeywords[path]
        for key in source.orderedKeys(of: members, at: pointer) {
            let keyPointer = pointer + "/" + SchemaPointer.escape(key)
            guard let member = members[key] else { continue }
            if dialect == .divar && !KeywordMessages.keywords.contains(key) {
                ownFinding(
                    .unsupported,
                    "errors names '\(key)', which is not a keyword a value can fail; its message is not used\(NearMiss.didYouMean(key, among: KeywordMessages.keywords.sorted()))",
                    at: keyPointer)
                continue
            }
            let message: LocalizedText
            switch dialect {
            case .ajvErrors:
                guard let text = member.string else {
                    if key != "required" { ownFinding(.unsupported, "errorMessage '\(key)' must be a string", at: keyPointer) }
                    continue
                }
                message = LocalizedText(text)
            case .divar:
                guard let localized = divarMessage(member, at: keyPointer, report: true) else { continue }
                message = localized
            }
            let code = KeywordMessages.codeOfKeyword[key]
            // `errors` names the property's own keywords: one it does not have gives no failure.
            if dialect == .divar, key != "required", key != "type", !node.has(key), !(code == "option" && spec.options != nil) {
                ownFinding(
                    .unsupported, "errors for '\(key)' has no matching rule (the property has no '\(key)'); its message is not used",
                    at: keyPointer)
                continue
            }
            if dialect == .ajvErrors && key == "_" {
                spec.message = message
            } else if key == patternKeyword {
                spec.messages[located("pattern", at: keyPointer)] = message
            } else if let code, code != "option" || spec.options != nil {
                spec.messages[located(code, at: keyPointer)] = message
            } else if !KeywordMessages.checkKeywords.contains(key), !(code == "option" && spec.type?.value == "bool") {
                ownFinding(.unsupported, "\(dialect.keyword) for '\(key)' has no matching rule", at: keyPointer)
            }
        }
    }

    /// A Divar-style message: text, or texts per locale (`{"fa": "…", "en": "…"}`).
    private mutating func divarMessage(_ value: JSONValue, at pointer: String, report: Bool) -> LocalizedText? {
        if let text = value.string { return LocalizedText(text) }
        if let members = value.object, !members.isEmpty, members.values.allSatisfy({ $0.string != nil }) {
            return LocalizedText(locales: members.compactMapValues(\.string))
        }
        if report {
            ownFinding(
                .unsupported, "a message in errors must be text or an object of locales to text ({\"fa\": …, \"en\": …})", at: pointer)
        }
        return nil
    }
}
