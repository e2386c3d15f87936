import Yams

/// Reads a rules file (YAML; JSON is YAML too) into a ``RulesDocument``, collecting every
/// structural error — unknown keys, wrong kinds of values, duplicates — in one pass.
struct RulesFileParser {
    let source: SourceText
    private(set) var diagnostics: [Diagnostic] = []

    init(source: SourceText) {
        self.source = source
    }

    /// Parses `text`; `nil` only when the YAML itself cannot be read.
    mutating func parse(_ text: String) -> RulesDocument? {
        let root: Node?
        do {
            // RuleCheck reads every scalar as text itself: no implicit YAML 1.1 typing (which
            // costs a regex per scalar, in Yams' duplicate-key check too).
            root = try Yams.compose(yaml: text, .basic)
        } catch {
            diagnostics.append(yamlDiagnostic(error))
            return nil
        }
        let start = FileLocation(file: source.name, line: 1, column: 1)
        guard let root else {
            error("the rules file is empty", at: start)
            return nil
        }
        return document(root)
    }

    // MARK: - Document

    private mutating func document(_ node: Node) -> RulesDocument? {
        guard let entries = mapping(node, "the rules file", keys: RulesFileKeys.document) else { return nil }
        var document = RulesDocument(location: location(of: node))
        document.form = entries["form"].flatMap { string($0, "form") }
        document.title = entries["title"].flatMap { string($0, "title")?.value }
        if let version = entries["version"] {
            document.version = integer(version, "version")
        }
        if let defaults = entries["defaults"], let values = mapping(defaults, "defaults", keys: RulesFileKeys.defaults) {
            document.dateFormat = values["date_format"].flatMap { string($0, "date_format") }
            document.hiddenValues = values["hidden_values"].flatMap { string($0, "hidden_values") }
        }
        document.patterns = entries["patterns"].map { namedTexts($0, "patterns") } ?? []
        document.masks = entries["masks"].map { namedTexts($0, "masks") } ?? []
        if let gates = entries["gates"] { document.gates = self.gates(gates) }

        switch (entries["sections"], entries["fields"]) {
        case (let sections?, nil):
            document.sections = sequence(sections, "sections").compactMap { section($0) }
        case (nil, let fields?):
            let fieldList = self.fields(fields, "fields")
            document.sections = [SectionSpec(id: Located(value: "main", location: location(of: fields)),
                                             title: document.title, fields: fieldList, isImplicit: true)]
        case (.some(let sections), .some):
            error("a rules file has either 'sections:' or top-level 'fields:', not both", at: location(of: sections))
        case (nil, nil):
            error("the rules file has no fields: add 'fields:' or 'sections:'", at: document.location)
        }
        return document
    }

    private mutating func namedTexts(_ node: Node, _ what: String) -> [NamedText] {
        guard case .mapping(let mapping) = node else {
            error("'\(what)' must be a mapping of names to text", at: location(of: node))
            return []
        }
        var seen: [String: FileLocation] = [:]
        var result: [NamedText] = []
        for (key, value) in mapping {
            guard let name = string(key, "a name in '\(what)'") else { continue }
            if let first = seen[name.value] {
                error("'\(name.value)' is defined twice in '\(what)' (first on line \(first.line))", at: name.location)
                continue
            }
            seen[name.value] = name.location
            if let text = scalarText(value, "'\(what).\(name.value)'") {
                result.append(NamedText(name: name, text: text))
            }
        }
        return result
    }

    private mutating func gates(_ node: Node) -> [GateSpec] {
        guard case .mapping(let mapping) = node else {
            error("'gates' must be a mapping of gate names to 'all' or a list of fields", at: location(of: node))
            return []
        }
        var result: [GateSpec] = []
        var seen: Set<String> = []
        for (key, value) in mapping {
            guard let name = string(key, "a gate name") else { continue }
            guard seen.insert(name.value).inserted else {
                error("gate '\(name.value)' is defined twice", at: name.location)
                continue
            }
            if case .scalar(let scalar) = value, scalar.string == "all" {
                result.append(GateSpec(name: name, members: .all))
            } else if case .sequence = value {
                result.append(GateSpec(name: name, members: .fields(stringList(value, "the fields of gate '\(name.value)'"))))
            } else {
                error("gate '\(name.value)' must be 'all' or a list of field ids", at: location(of: value))
            }
        }
        return result
    }

    private mutating func section(_ node: Node) -> SectionSpec? {
        guard let entries = mapping(node, "a section", keys: RulesFileKeys.section) else { return nil }
        guard let id = entries["id"].flatMap({ string($0, "id") }) else {
            if entries["id"] == nil { error("a section needs an 'id'", at: location(of: node)) }
            return nil
        }
        let fields = entries["fields"].map { self.fields($0, "fields") } ?? []
        if entries["fields"] == nil { error("section '\(id.value)' has no 'fields'", at: id.location) }
        return SectionSpec(id: id, title: entries["title"].flatMap { string($0, "title")?.value }, fields: fields)
    }

    // MARK: - Fields

    private mutating func fields(_ node: Node, _ what: String) -> [FieldSpec] {
        sequence(node, what).compactMap { field($0) }
    }

    private mutating func field(_ node: Node) -> FieldSpec? {
        guard let entries = mapping(node, "a field", keys: RulesFileKeys.field) else { return nil }
        guard let id = entries["id"].flatMap({ string($0, "id") }) else {
            if entries["id"] == nil { error("a field needs an 'id'", at: location(of: node)) }
            return nil
        }
        var field = FieldSpec(id: id, location: location(of: node))
        field.keys = entries.keyLocations
        field.type = entries["type"].flatMap { string($0, "type") }
        field.title = entries["title"].flatMap { string($0, "title")?.value }
        if case .sequence(let items)? = entries["initial"] {
            field.initialList = items.compactMap { scalarText($0, "an initial value") }
        } else {
            field.initial = entries["initial"].flatMap { scalarText($0, "initial") }
        }
        field.required = entries["required"].flatMap { scalarText($0, "required") }
        field.visibleIf = entries["visible_if"].flatMap { scalarText($0, "visible_if") }
        field.enabledIf = entries["enabled_if"].flatMap { scalarText($0, "enabled_if") }
        field.dependsOn = entries["depends_on"].map { stringList($0, "depends_on") } ?? []
        field.value = entries["value"].flatMap { scalarText($0, "value") }
        field.minLength = entries["min_length"].flatMap { integer($0, "min_length") }
        field.maxLength = entries["max_length"].flatMap { integer($0, "max_length") }
        field.pattern = entries["pattern"].flatMap { scalarText($0, "pattern") }
        field.mask = entries["mask"].flatMap { scalarText($0, "mask") }
        field.min = entries["min"].flatMap { scalarText($0, "min") }
        field.max = entries["max"].flatMap { scalarText($0, "max") }
        field.format = entries["format"].flatMap { scalarText($0, "format") }
        field.options = entries["options"].map { options($0) }
        if case .sequence? = entries["options"] { field.optionsWritten = true }
        field.optionsFilter = entries["options_filter"].flatMap { scalarText($0, "options_filter") }
        field.minItems = entries["min_items"].flatMap { integer($0, "min_items") }
        field.maxItems = entries["max_items"].flatMap { integer($0, "max_items") }
        field.checks = entries["checks"].map { sequence($0, "checks").compactMap { check($0) } } ?? []
        field.message = entries["message"].flatMap { message($0, "message") }
        if let messages = entries["messages"] {
            if case .mapping(let mapping) = messages {
                for (key, value) in mapping {
                    if let code = string(key, "a failure code in 'messages'"), let text = message(value, "messages.\(code.value)") {
                        field.messages[code] = text
                    }
                }
            } else {
                error("'messages' must map failure codes (required, pattern, min, …) to messages", at: location(of: messages))
            }
        }
        field.fields = entries["fields"].map { fields($0, "fields") }
        field.display = entries["display"].flatMap { scalarText($0, "display") }
        field.item = entries["item"].map { fields($0, "item") }
        field.itemType = entries["item_type"].flatMap { string($0, "item_type") }
        field.uniqueItems = entries["unique_items"].flatMap { flag($0, "unique_items") }
        field.ui = entries["ui"].map { uiHints($0) } ?? []
        return field
    }

    private mutating func options(_ node: Node) -> [OptionSpec] {
        sequence(node, "options").compactMap { option in
            if case .scalar = option {
                return scalarText(option, "an option").map { OptionSpec(value: $0, location: $0.location) }
            }
            guard case .mapping(let mapping) = option else {
                error("an option must be a value or a mapping with 'value:'", at: location(of: option))
                return nil
            }
            var spec: OptionSpec?
            var title: String?
            var attributes: [(name: Located<String>, value: ScalarText)] = []
            for (key, value) in mapping {
                guard let name = string(key, "an option key") else { continue }
                switch name.value {
                case "value": spec = scalarText(value, "an option value").map { OptionSpec(value: $0, location: name.location) }
                case "title": title = string(value, "an option title")?.value
                default:
                    guard case .scalar = value, let text = scalarText(value, "option attribute '\(name.value)'") else {
                        error("option attribute '\(name.value)' must be a single value", at: location(of: value))
                        continue
                    }
                    attributes.append((name, text))
                }
            }
            guard var spec else {
                error("an option written as a mapping needs 'value:'", at: location(of: option))
                return nil
            }
            spec.title = title
            spec.attributes = attributes
            return spec
        }
    }

    private mutating func check(_ node: Node) -> CheckSpec? {
        guard let entries = mapping(node, "a check", keys: RulesFileKeys.check) else { return nil }
        let written = RulesFileKeys.checkRules.filter { entries[$0] != nil }
        guard written.count == 1, let key = written.first, let value = entries[key] else {
            let rules = RulesFileKeys.checkRules.joined(separator: ", ")
            let problem = written.isEmpty ? "has none" : "has " + written.joined(separator: " and ")
            error("a check needs exactly one of \(rules); this one \(problem)", at: location(of: node))
            return nil
        }
        let rule: CheckSpec.Rule?
        switch key {
        case "pattern": rule = scalarText(value, "pattern").map { .pattern($0) }
        case "mask": rule = scalarText(value, "mask").map { .mask($0) }
        case "min": rule = scalarText(value, "min").map { .min($0) }
        case "max": rule = scalarText(value, "max").map { .max($0) }
        case "min_length": rule = integer(value, "min_length").map { .minLength($0) }
        case "max_length": rule = integer(value, "max_length").map { .maxLength($0) }
        default: rule = scalarText(value, "expr").map { .expr($0) }
        }
        guard let rule else { return nil }
        return CheckSpec(when: entries["when"].flatMap { scalarText($0, "when") }, rule: rule,
                         message: entries["message"].flatMap { message($0, "message") }, location: location(of: node))
    }

    private mutating func message(_ node: Node, _ what: String) -> LocalizedText? {
        switch node {
        case .scalar(let scalar):
            return LocalizedText(scalar.string)
        case .mapping(let mapping):
            var locales: [String: String] = [:]
            for (key, value) in mapping {
                if let locale = string(key, "a locale"), let text = string(value, "the '\(locale.value)' text of \(what)") {
                    locales[locale.value] = text.value
                }
            }
            return LocalizedText(locales: locales)
        default:
            error("\(what) must be text or a mapping of locales to text ({en: …, ru: …})", at: location(of: node))
            return nil
        }
    }

    // MARK: - Building blocks

    /// The entries of a mapping, with merge keys (`<<: *base`) applied and duplicate and
    /// unknown keys reported.
    private struct Entries {
        var values: [String: Node] = [:]
        var keyLocations: [String: FileLocation] = [:]
        subscript(key: String) -> Node? { values[key] }
    }

    private mutating func mapping(_ node: Node, _ what: String, keys allowed: [String]) -> Entries? {
        guard case .mapping(let mapping) = node else {
            error("\(what) must be a mapping (key: value), not \(kindName(node))", at: location(of: node))
            return nil
        }
        var entries = Entries()
        var merged: [(Node, Node)] = []
        for (key, value) in mapping {
            guard case .scalar(let scalar) = key else {
                error("keys must be plain names", at: location(of: key))
                continue
            }
            let name = scalar.string
            if name == "<<" {
                let sources: [Node] = if case .sequence(let list) = value { Array(list) } else { [value] }
                for source in sources {
                    if case .mapping(let base) = source {
                        merged.append(contentsOf: base.map { ($0.key, $0.value) })
                    } else {
                        error("a merge key '<<' needs a mapping or a list of mappings", at: location(of: source))
                    }
                }
                continue
            }
            let keyLocation = location(of: key)
            guard allowed.contains(name) else {
                error("unknown key '\(name)' in \(what)\(NearMiss.didYouMean(name, among: allowed))", at: keyLocation)
                continue
            }
            entries.values[name] = value
            entries.keyLocations[name] = keyLocation
        }
        // Merged keys fill in only what the mapping does not set itself.
        for (key, value) in merged {
            guard case .scalar(let scalar) = key, entries.values[scalar.string] == nil else { continue }
            guard allowed.contains(scalar.string) else {
                error("unknown key '\(scalar.string)' in \(what)\(NearMiss.didYouMean(scalar.string, among: allowed))",
                      at: location(of: key))
                continue
            }
            entries.values[scalar.string] = value
            entries.keyLocations[scalar.string] = location(of: key)
        }
        return entries
    }

    private mutating func sequence(_ node: Node, _ what: String) -> [Node] {
        guard case .sequence(let sequence) = node else {
            error("'\(what)' must be a list (- item), not \(kindName(node))", at: location(of: node))
            return []
        }
        return Array(sequence)
    }

    private mutating func string(_ node: Node, _ what: String) -> Located<String>? {
        guard case .scalar(let scalar) = node else {
            error("\(what) must be a single value, not \(kindName(node))", at: location(of: node))
            return nil
        }
        return Located(value: scalar.string, location: location(of: node))
    }

    private mutating func scalarText(_ node: Node, _ what: String) -> ScalarText? {
        guard case .scalar(let scalar) = node else {
            error("\(what) must be a single value, not \(kindName(node))", at: location(of: node))
            return nil
        }
        let style: ScalarLocator.Style = switch scalar.style {
        case .singleQuoted: .singleQuoted
        case .doubleQuoted: .doubleQuoted
        case .literal, .folded: .block
        case .plain, .any: .plain
        }
        let locator = ScalarLocator(start: location(of: node), style: style, source: source)
        return ScalarText(text: scalar.string, isQuoted: style != .plain, locator: locator)
    }

    private mutating func integer(_ node: Node, _ what: String) -> Located<Int>? {
        guard let text = string(node, what) else { return nil }
        guard let value = Int(text.value), value >= 0 else {
            error("\(what) must be a whole number ≥ 0, not '\(text.value)'", at: text.location)
            return nil
        }
        return Located(value: value, location: text.location)
    }

    /// `true` or `false`, exactly.
    private mutating func flag(_ node: Node, _ what: String) -> Located<Bool>? {
        guard let text = string(node, what) else { return nil }
        switch text.value {
        case "true": return Located(value: true, location: text.location)
        case "false": return Located(value: false, location: text.location)
        default:
            error("\(what) must be true or false, not '\(text.value)'", at: text.location)
            return nil
        }
    }

    private mutating func stringList(_ node: Node, _ what: String) -> [Located<String>] {
        if case .scalar = node { return string(node, what).map { [$0] } ?? [] }
        return sequence(node, what).compactMap { string($0, "an entry of \(what)") }
    }

    private func kindName(_ node: Node) -> String {
        switch node {
        case .scalar: "a single value"
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .alias: "an alias"
        }
    }

    func location(of node: Node) -> FileLocation {
        guard let mark = node.mark else { return FileLocation(file: source.name, line: 1, column: 1) }
        return FileLocation(file: source.name, line: mark.line, column: mark.column)
    }

    mutating func error(_ message: String, at location: FileLocation) {
        diagnostics.append(Diagnostic(.error, message, at: location))
    }

    private func yamlDiagnostic(_ error: any Error) -> Diagnostic {
        func at(_ mark: Mark) -> FileLocation {
            FileLocation(file: source.name, line: mark.line, column: mark.column)
        }
        func describe(_ context: YamlError.Context?, _ problem: String) -> String {
            guard let context else { return problem }
            return "\(problem) (\(context.text) that starts on line \(context.mark.line))"
        }
        switch error as? YamlError {
        case .scanner(let context, let problem, let mark, _):
            return Diagnostic(.error, "YAML: " + describe(context, problem), at: at(mark))
        case .parser(let context, let problem, let mark, _):
            return Diagnostic(.error, "YAML: " + describe(context, problem), at: at(mark))
        case .composer(let context, let problem, let mark, _):
            return Diagnostic(.error, "YAML: " + describe(context, problem), at: at(mark))
        case .duplicatedKeysInMapping(let duplicates, let context):
            // Yams marks the key's first occurrence; the mistake to fix is the repeat below it.
            let key = duplicates.first ?? ""
            let first = at(context.mark)
            let repeat_ = Self.repeatedKey(key, after: first, in: source) ?? first
            return Diagnostic(.error, "duplicate key '\(key)' (first on line \(first.line))", at: repeat_)
        case .reader(let problem, let offset, _, _):
            let line = offset.map { Self.line(ofOffset: $0, in: source) } ?? 1
            return Diagnostic(.error, "YAML: " + problem, at: FileLocation(file: source.name, line: line, column: 1))
        default:
            return Diagnostic(.error, "YAML: \(error)", at: FileLocation(file: source.name, line: 1, column: 1))
        }
    }

    /// The next line after `first` where `key:` starts at the same column.
    private static func repeatedKey(_ key: String, after first: FileLocation, in source: SourceText) -> FileLocation? {
        var line = first.line + 1
        while let text = source.line(line) {
            let scalars = Array(text.unicodeScalars)
            if scalars.count >= first.column - 1 + key.unicodeScalars.count + 1 {
                let rest = String(String.UnicodeScalarView(scalars[(first.column - 1)...]))
                let indent = scalars.prefix(first.column - 1).allSatisfy { $0 == " " || $0 == "-" }
                if indent && (rest.hasPrefix(key + ":") || rest.hasPrefix("'\(key)':") || rest.hasPrefix("\"\(key)\":")) {
                    return FileLocation(file: first.file, line: line, column: first.column)
                }
            }
            line += 1
        }
        return nil
    }

    private static func line(ofOffset offset: Int, in source: SourceText) -> Int {
        var remaining = offset
        for (index, line) in source.lines.enumerated() {
            remaining -= line.utf8.count + 1
            if remaining < 0 { return index + 1 }
        }
        return max(1, source.lines.count)
    }
}
