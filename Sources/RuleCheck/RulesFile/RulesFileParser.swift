/// Reads a rules file's tree (``RulesNode``, from YAML or JSON) into a ``RulesDocument``,
/// collecting every structural error — unknown keys, wrong kinds of values, duplicates — in one
/// pass.
struct RulesFileParser {
    /// How deep groups and lists may nest (a field of a group of a group … is at this depth):
    /// reading, compiling and evaluating recurse once per level.
    static let maxFieldDepth = 50

    let source: SourceText
    private(set) var diagnostics: [Diagnostic] = []
    /// How deep the field being read is.
    private var fieldDepth = 0

    init(source: SourceText) {
        self.source = source
    }

    // MARK: - Document

    /// The document of the tree `node`; nil when it is not a mapping.
    mutating func document(_ node: RulesNode) -> RulesDocument? {
        guard let entries = mapping(node, "the rules file", keys: RulesFileKeys.document) else { return nil }
        var document = RulesDocument(location: node.location)
        document.keys = entries.keys
        document.form = entries["form"].flatMap { string($0, "form") }
        document.title = entries["title"].flatMap { string($0, "title")?.value }
        if let version = entries["version"] {
            document.version = integer(version, "version")
        }
        if let defaults = entries["defaults"], let values = mapping(defaults, "defaults", keys: RulesFileKeys.defaults) {
            document.dateFormat = values["date_format"].flatMap { string($0, "date_format") }
            document.hiddenValues = values["hidden_values"].flatMap { string($0, "hidden_values") }
            document.emptyValues = values["empty_values"].flatMap { string($0, "empty_values") }
            document.locale = values["locale"].flatMap { string($0, "locale") }
            document.calendar = values["calendar"].flatMap { string($0, "calendar") }
            document.letters = values["letters"].flatMap { string($0, "letters") }
        }
        document.patterns = entries["patterns"].map { namedTexts($0, "patterns") } ?? []
        document.masks = entries["masks"].map { namedTexts($0, "masks", alternatives: true) } ?? []
        document.maskClasses = entries["mask_classes"].map { maskClasses($0) } ?? []
        document.includes = entries["includes"].map { namedTexts($0, "includes") } ?? []
        document.pages = entries["pages"].flatMap { flag($0, "pages") }
        document.pagePosition = entries["page_position"].flatMap { pagePosition($0) }
        if let gates = entries["gates"] { document.gates = self.gates(gates) }
        if let schema = entries["json_schema"], let key = entries.keys["json_schema"] {
            document.jsonSchema = jsonSchema(schema, key: key)
        }

        switch (entries["sections"], entries["fields"]) {
        case (let sections?, nil):
            if sections.isEmptyList { error(.noFields, "the form has no sections ('sections: []')", at: sections.location) }
            document.sections = sequence(sections, "sections").compactMap { section($0) }
        case (nil, let fields?):
            let fieldList = self.fields(fields, "fields", of: "the form")
            document.sections = [
                SectionSpec(
                    id: Located(value: "main", location: fields.location),
                    title: document.title, fields: fieldList, isImplicit: true)
            ]
        case (.some(let sections), .some):
            error(.sectionsAndFields, "a rules file has either 'sections:' or top-level 'fields:', not both", at: sections.location)
        case (nil, nil):
            // A JSON Schema alone checks records; a form needs fields.
            if entries["json_schema"] == nil {
                error(.noFields, "the rules file has no fields: add 'fields:' or 'sections:'", at: document.location)
            }
        }
        return document
    }

    private mutating func namedTexts(_ node: RulesNode, _ what: String, alternatives: Bool = false) -> [NamedText] {
        guard case .mapping(let mapping) = node.kind else {
            error(.wrongShape, "'\(what)' must be a mapping of names to text", at: node.location)
            return []
        }
        var seen: [String: FileLocation] = [:]
        var result: [NamedText] = []
        for entry in mapping {
            let (key, value) = (entry.key, entry.value)
            guard let name = string(key, "a name in '\(what)'") else { continue }
            if let first = seen[name.value] {
                error(.duplicateName, "'\(name.value)' is defined twice in '\(what)' (first on line \(first.line))", at: name.location)
                continue
            }
            seen[name.value] = name.location
            if alternatives, case .sequence = value.kind {
                let texts = maskAlternatives(value, "'\(what).\(name.value)'")
                if let first = texts.first { result.append(NamedText(name: name, text: first, alternatives: Array(texts.dropFirst()))) }
            } else if let text = scalarText(value, "'\(what).\(name.value)'") {
                result.append(NamedText(name: name, text: text))
            }
        }
        return result
    }

    private mutating func gates(_ node: RulesNode) -> [GateSpec] {
        guard case .mapping(let mapping) = node.kind else {
            error(.wrongShape, "'gates' must be a mapping of gate names to 'all' or a list of fields", at: node.location)
            return []
        }
        var result: [GateSpec] = []
        var seen: Set<String> = []
        for entry in mapping {
            let (key, value) = (entry.key, entry.value)
            guard let name = string(key, "a gate name") else { continue }
            guard seen.insert(name.value).inserted else {
                error(.duplicateName, "gate '\(name.value)' is defined twice", at: name.location)
                continue
            }
            if case .scalar("all", _) = value.kind {
                result.append(GateSpec(name: name, members: .all))
            } else if case .sequence = value.kind {
                result.append(GateSpec(name: name, members: .fields(stringList(value, "the fields of gate '\(name.value)'"))))
            } else {
                error(.wrongShape, "gate '\(name.value)' must be 'all' or a list of field ids", at: value.location)
            }
        }
        return result
    }

    private mutating func section(_ node: RulesNode) -> SectionSpec? {
        guard let entries = mapping(node, "a section", keys: RulesFileKeys.section) else { return nil }
        guard let id = entries["id"].flatMap({ string($0, "id") }) else {
            if entries["id"] == nil { error(.missingID, "a section needs an 'id'", at: node.location) }
            return nil
        }
        let fields = entries["fields"].map { self.fields($0, "fields", of: "section '\(id.value)'") } ?? []
        if entries["fields"] == nil { error(.noFields, "section '\(id.value)' has no 'fields'", at: id.location) }
        var section = SectionSpec(id: id, title: entries["title"].flatMap { string($0, "title")?.value }, fields: fields)
        section.page = entries["page"].flatMap { string($0, "page") }
        return section
    }

    // MARK: - Fields

    /// The fields of `owner` (the form, a section, a group, a list's item) under key `key`.
    mutating func fields(_ node: RulesNode, _ key: String, of owner: String) -> [FieldSpec] {
        if node.isEmptyList {
            error(.noFields, "\(owner) has no fields ('\(key): []')", at: node.location)
        }
        guard fieldDepth < Self.maxFieldDepth else {
            error(.nestingTooDeep, "groups and lists nest more than \(Self.maxFieldDepth) levels deep here", at: node.location)
            return []
        }
        fieldDepth += 1
        defer { fieldDepth -= 1 }
        // A field is large: a list grown by doubling would hold up to twice the fields' size.
        let nodes = sequence(node, key)
        var fields: [FieldSpec] = []
        fields.reserveCapacity(nodes.count)
        for node in nodes {
            if let field = field(node) { fields.append(field) }
        }
        return fields
    }

    private mutating func field(_ node: RulesNode) -> FieldSpec? {
        guard let entries = mapping(node, "a field", keys: RulesFileKeys.field) else { return nil }
        guard let id = entries["id"].flatMap({ string($0, "id") }) else {
            if entries["id"] == nil { error(.missingID, "a field needs an 'id'", at: node.location) }
            return nil
        }
        var field = FieldSpec(id: id, location: node.location)
        field.keys = entries.keys
        // Each key as its declaration reads it, in the order the file writes them.
        for (name, value) in zip(entries.names, entries.values) where name != "id" {
            FieldKey.named[name]?.read(&self, value, &field)
        }
        return field
    }

    /// `checks:`: a list of checks.
    mutating func checks(_ node: RulesNode) -> [CheckSpec] {
        sequence(node, "checks").compactMap { check($0) }
    }

    /// `messages:`: failure codes (`required`, `pattern`, `min`, …) mapped to messages.
    mutating func messages(_ node: RulesNode) -> [Located<String>: LocalizedText] {
        guard case .mapping(let mapping) = node.kind else {
            error(.wrongShape, "'messages' must map failure codes (required, pattern, min, …) to messages", at: node.location)
            return [:]
        }
        var messages: [Located<String>: LocalizedText] = [:]
        for entry in mapping {
            let (key, value) = (entry.key, entry.value)
            if let code = string(key, "a failure code in 'messages'"), let text = message(value, "messages.\(code.value)") {
                messages[code] = text
            }
        }
        return messages
    }

    /// `titles:`: locales (`fa`, `pt-BR`) mapped to the title in each.
    mutating func titles(_ node: RulesNode) -> [String: String] {
        guard case .mapping(let mapping) = node.kind else {
            error(.wrongShape, "'titles' must map locales to the title in each ({fa: …, fr: …})", at: node.location)
            return [:]
        }
        var titles: [String: String] = [:]
        for entry in mapping {
            if let locale = string(entry.key, "a locale in 'titles'"),
                let text = string(entry.value, "the '\(locale.value)' title")
            {
                titles[locale.value] = text.value
            }
        }
        return titles
    }

    mutating func options(_ node: RulesNode) -> [OptionSpec] {
        sequence(node, "options").compactMap { option in
            if case .scalar = option.kind {
                return scalarText(option, "an option").map { OptionSpec(value: $0, location: $0.location) }
            }
            guard case .mapping(let mapping) = option.kind else {
                error(.wrongShape, "an option must be a value or a mapping with 'value:'", at: option.location)
                return nil
            }
            var spec: OptionSpec?
            var title: String?
            var attributes: [(name: Located<String>, value: ScalarText)] = []
            for entry in mapping {
                let (key, value) = (entry.key, entry.value)
                guard let name = string(key, "an option key") else { continue }
                switch name.value {
                case "value": spec = scalarText(value, "an option value").map { OptionSpec(value: $0, location: name.location) }
                case "title": title = string(value, "an option title")?.value
                default:
                    guard case .scalar = value.kind, let text = scalarText(value, "option attribute '\(name.value)'") else {
                        error(.wrongShape, "option attribute '\(name.value)' must be a single value", at: value.location)
                        continue
                    }
                    attributes.append((name, text))
                }
            }
            guard var spec else {
                error(.missingKey, "an option written as a mapping needs 'value:'", at: option.location)
                return nil
            }
            spec.title = title
            spec.attributes = attributes
            return spec
        }
    }

    private mutating func check(_ node: RulesNode) -> CheckSpec? {
        guard let entries = mapping(node, "a check", keys: RulesFileKeys.check) else { return nil }
        let written = RulesFileKeys.checkRules.filter { entries[$0] != nil }
        guard written.count == 1, let key = written.first, let value = entries[key] else {
            let rules = RulesFileKeys.checkRules.joined(separator: ", ")
            let problem = written.isEmpty ? "has none" : "has " + written.joined(separator: " and ")
            error(.checkRuleCount, "a check needs exactly one of \(rules); this one \(problem)", at: node.location)
            return nil
        }
        guard let (rule, alternatives) = valueRule(key, value) else { return nil }
        return CheckSpec(
            when: entries["when"].flatMap { scalarText($0, "when") }, rule: rule, maskAlternatives: alternatives,
            message: entries["message"].flatMap { message($0, "message") }, location: node.location)
    }

    /// One value rule, a field's own key or a check's (`key` is one of
    /// ``RulesFileKeys/checkRules``), with a mask's further alternatives; nil after an error.
    mutating func valueRule(_ key: String, _ value: RulesNode) -> (CheckSpec.Rule, [ScalarText])? {
        switch key {
        case "pattern": return scalarText(value, "pattern").map { (.pattern($0), []) }
        case "mask":
            guard case .sequence = value.kind else { return scalarText(value, "mask").map { (.mask($0), []) } }
            let texts = maskAlternatives(value, "mask")
            return texts.first.map { (.mask($0), Array(texts.dropFirst())) }
        case "min": return scalarText(value, "min").map { (.min($0), []) }
        case "max": return scalarText(value, "max").map { (.max($0), []) }
        case "min_length": return integer(value, "min_length").map { (.minLength($0), []) }
        case "max_length": return integer(value, "max_length").map { (.maxLength($0), []) }
        default: return scalarText(value, "expr").map { (.expr($0), []) }
        }
    }

    mutating func message(_ node: RulesNode, _ what: String) -> LocalizedText? {
        switch node.kind {
        case .scalar(let text, _):
            return LocalizedText(text)
        case .mapping(let mapping):
            var locales: [String: String] = [:]
            for entry in mapping {
                let (key, value) = (entry.key, entry.value)
                if let locale = string(key, "a locale"), let text = string(value, "the '\(locale.value)' text of \(what)") {
                    locales[locale.value] = text.value
                }
            }
            return LocalizedText(locales: locales)
        default:
            error(.wrongShape, "\(what) must be text or a mapping of locales to text ({en: …, ru: …})", at: node.location)
            return nil
        }
    }

    // MARK: - Building blocks

    /// The entries of a mapping by key, with unknown and repeated keys reported (YAML's merge
    /// keys are applied by ``YAMLRulesReader``; JSON objects may repeat a key). A mapping has a
    /// handful of keys: a list is faster than a dictionary here.
    struct Entries {
        var names: [String] = []
        var values: [RulesNode] = []
        var keys = KeyLocations()

        subscript(key: String) -> RulesNode? {
            KeyLocations.index(of: key, in: names).map { values[$0] }
        }
    }

    mutating func mapping(_ node: RulesNode, _ what: String, keys allowed: RulesFileKeys.Names) -> Entries? {
        guard case .mapping(let mapping) = node.kind else {
            error(.wrongShape, "\(what) must be a mapping (key: value), not \(node.kindName)", at: node.location)
            return nil
        }
        var entries = Entries()
        entries.names.reserveCapacity(mapping.count)
        entries.values.reserveCapacity(mapping.count)
        for entry in mapping {
            guard case .scalar(let name, _) = entry.key.kind else {
                error(.wrongShape, "keys must be plain names", at: entry.key.location)
                continue
            }
            let keyLocation = entry.key.location
            if let first = entries.keys[name] {
                error(.duplicateKey, "duplicate key '\(name)' (first on line \(first.line))", at: keyLocation)
                continue
            }
            guard allowed.contains(name) else {
                error(.unknownKey, "unknown key '\(name)' in \(what)\(NearMiss.didYouMean(name, among: allowed.list))", at: keyLocation)
                continue
            }
            entries.names.append(name)
            entries.values.append(entry.value)
            entries.keys[name] = keyLocation
        }
        return entries
    }

    private mutating func sequence(_ node: RulesNode, _ what: String) -> [RulesNode] {
        guard case .sequence(let sequence) = node.kind else {
            error(.wrongShape, "'\(what)' must be a list (- item), not \(node.kindName)", at: node.location)
            return []
        }
        return sequence
    }

    mutating func string(_ node: RulesNode, _ what: String) -> Located<String>? {
        guard case .scalar(let text, _) = node.kind else {
            error(.wrongShape, "\(what) must be a single value, not \(node.kindName)", at: node.location)
            return nil
        }
        return Located(value: text, location: node.location)
    }

    mutating func scalarText(_ node: RulesNode, _ what: String) -> ScalarText? {
        guard case .scalar(let text, let style) = node.kind else {
            error(.wrongShape, "\(what) must be a single value, not \(node.kindName)", at: node.location)
            return nil
        }
        let locator = ScalarLocator(start: node.location, style: style, source: source, startOffset: node.offset)
        return ScalarText(text: text, isQuoted: style != .plain, locator: locator)
    }

    mutating func integer(_ node: RulesNode, _ what: String) -> Located<Int>? {
        guard let text = string(node, what) else { return nil }
        guard let value = Int(text.value), value >= 0 else {
            error(.invalidValue, "\(what) must be a whole number ≥ 0, not '\(text.value)'", at: text.location)
            return nil
        }
        return Located(value: value, location: text.location)
    }

    /// `page_position: {current: 2, total: 4}`: both whole numbers (their bounds are the compiler's).
    private mutating func pagePosition(_ node: RulesNode) -> PagePositionSpec? {
        guard let entries = mapping(node, "page_position", keys: RulesFileKeys.pagePosition) else { return nil }
        guard let currentNode = entries["current"], let totalNode = entries["total"] else {
            error(.missingKey, "page_position needs both 'current' and 'total' ({current: 2, total: 4})", at: node.location)
            return nil
        }
        guard let current = integer(currentNode, "page_position.current"), let total = integer(totalNode, "page_position.total")
        else { return nil }
        return PagePositionSpec(current: current, total: total, location: node.location)
    }

    /// `true` or `false`, exactly.
    mutating func flag(_ node: RulesNode, _ what: String) -> Located<Bool>? {
        guard let text = string(node, what) else { return nil }
        switch text.value {
        case "true": return Located(value: true, location: text.location)
        case "false": return Located(value: false, location: text.location)
        default:
            error(.invalidValue, "\(what) must be true or false, not '\(text.value)'", at: text.location)
            return nil
        }
    }

    mutating func stringList(_ node: RulesNode, _ what: String) -> [Located<String>] {
        if case .scalar = node.kind { return string(node, what).map { [$0] } ?? [] }
        return sequence(node, what).compactMap { string($0, "an entry of \(what)") }
    }

    mutating func error(_ code: DiagnosticCode, _ message: String, at location: FileLocation) {
        diagnostics.append(Diagnostic(.error, code, message, at: location))
    }
}
