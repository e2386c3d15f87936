/// A rules file that a tool drafts (`rulecheck infer`), with a comment on each rule saying where
/// it comes from, printed by the one rules-file printer (``RulesYAMLPrinter``) that `schema
/// import` uses too.
///
/// ```swift
/// var age = RulesDraft.Field(id: "age", type: .integer)
/// age.comment = "3 values, 0 empty, 3 distinct"
/// age.rules = [.init(key: "min", value: "18", comment: "the smallest value")]
/// let text = RulesDraft(form: "people", fields: [age]).yaml()
/// ```
///
/// Only the keys a draft needs are here; the text printed parses back into these rules (JSON has
/// no comments: ``json()`` leaves them out).
package struct RulesDraft: Sendable {
    /// The form's id.
    package var form: String
    /// Comment lines printed before everything (without `#`).
    package var comments: [String] = []
    package var fields: [Field]

    package init(form: String, comments: [String] = [], fields: [Field]) {
        self.form = form
        self.comments = comments
        self.fields = fields
    }

    /// A field of the draft.
    package struct Field: Sendable {
        package var id: String
        package var type: FieldType
        /// The comment on the `type:` line: what the field as a whole was inferred from.
        package var comment: String?
        /// `required: true`, with why.
        package var required: Rule?
        /// Further keys with plain values (`min: 18`, `max_length: 20`, `format: dd.MM.yyyy`,
        /// `pattern: …`), in the order printed.
        package var rules: [Rule] = []
        /// A choice's options, in the order printed.
        package var options: [Option]?
        /// A group's members.
        package var fields: [Field]?
        /// A list's item fields.
        package var item: [Field]?
        /// The comment on the `fields:` or `item:` line.
        package var membersComment: String?
        /// A values field's item type.
        package var itemType: FieldType?

        package init(id: String, type: FieldType) {
            self.id = id
            self.type = type
        }
    }

    /// A key and its value as written: `min_length: 3`. Text keys (`pattern`, `mask`, `format`)
    /// are printed quoted, the others plain.
    package struct Rule: Sendable {
        package var key: String
        package var value: String
        package var comment: String?

        package init(key: String, value: String, comment: String? = nil) {
            self.key = key
            self.value = value
            self.comment = comment
        }
    }

    /// An option: its value (text, or a plain number or bool written as such) and a comment.
    package struct Option: Sendable {
        package var value: String
        package var isText: Bool
        package var comment: String?

        package init(value: String, isText: Bool = true, comment: String? = nil) {
            self.value = value
            self.isText = isText
            self.comment = comment
        }
    }

    /// The draft as a YAML rules file, comments included.
    package func yaml() -> String {
        document.yaml()
    }

    /// The draft as a JSON rules file (without the comments, which JSON cannot hold).
    package func json() -> String {
        document.json()
    }

    private var document: RulesDocument {
        let here = FileLocation(file: "<draft>", line: 1, column: 1)
        var document = RulesDocument(location: here)
        document.comments = comments
        document.form = Located(value: form, location: here)
        document.sections = [
            SectionSpec(id: Located(value: "main", location: here), fields: fields.map { $0.spec(at: here) }, isImplicit: true)
        ]
        return document
    }
}

extension RulesDraft.Field {
    fileprivate func spec(at here: FileLocation) -> FieldSpec {
        func text(_ value: String, quoted: Bool) -> ScalarText {
            ScalarText(
                text: value, isQuoted: quoted,
                locator: ScalarLocator(start: here, style: .block, source: SourceText(name: here.file, text: "")))
        }
        var spec = FieldSpec(id: Located(value: id, location: here), location: here)
        spec.type = Located(value: type.rawValue, location: here)
        spec.comments["type"] = comment
        if let required {
            spec.required = text(required.value, quoted: false)
            spec.comments["required"] = required.comment
        }
        // Each key as its declaration reads it from a file (``FieldKey``).
        var parser = RulesFileParser(source: SourceText(name: here.file, text: ""))
        for rule in rules {
            guard let key = FieldKey.named[rule.key] else {
                assertionFailure("a draft writes '\(rule.key)', which is no key of a field")
                continue
            }
            spec.comments[rule.key] = rule.comment
            let node = RulesNode(kind: .scalar(rule.value, key.draftsText ? .singleQuoted : .plain), location: here, offset: 0)
            key.read(&parser, node, &spec)
        }
        assert(parser.diagnostics.isEmpty, "a draft's rules do not read: \(parser.diagnostics)")
        if let options {
            spec.optionsWritten = true
            spec.options = options.map { option in
                var written = OptionSpec(value: text(option.value, quoted: option.isText), location: here)
                written.comment = option.comment
                return written
            }
        }
        if let itemType { spec.itemType = Located(value: itemType.rawValue, location: here) }
        spec.fields = fields?.map { $0.spec(at: here) }
        spec.item = item?.map { $0.spec(at: here) }
        if fields != nil { spec.comments["fields"] = membersComment }
        if item != nil { spec.comments["item"] = membersComment }
        return spec
    }
}
