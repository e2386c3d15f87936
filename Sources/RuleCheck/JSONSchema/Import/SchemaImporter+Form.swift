/// The form-wide `x-rulecheck-*` keywords of the root schema: the form's id, its defaults, its
/// gates and its sections (an export writes them; a server's schema rarely has them).
extension SchemaImporter {
    mutating func formKeywords(_ root: SchemaNode, into document: inout RulesDocument) {
        ownKeywords(of: root, also: ["pages"])
        if let (_, pointer) = root.first("description") {
            ownFinding(.ignored, "the form's description is not kept (a rules file has no form-level text)", at: pointer)
        }
        func string(_ keyword: String) -> Located<String>? {
            guard let (value, pointer) = root.first(keyword) else { return nil }
            guard let text = value.string else {
                ownError("\(keyword) must be a string", at: pointer)
                return nil
            }
            return located(text, at: pointer)
        }
        if let form = string("x-rulecheck-form") { document.form = form }
        document.dateFormat = string("x-rulecheck-date-format")
        document.locale = string("x-rulecheck-locale")
        document.hiddenValues = string("x-rulecheck-hidden-values")
        if emptyValuesPresent {
            // JSON Schema's reading: "" and [] are values, as the server that sent it reads them.
            document.emptyValues = string("x-rulecheck-empty-values") ?? located("present", at: "")
        }
        if let (value, pointer) = root.first("x-rulecheck-gates") { document.gates = gates(value, at: pointer) }
        if let (value, pointer) = root.first("x-rulecheck-sections"), let fields = document.sections.first?.fields {
            if let sections = sections(value, at: pointer, fields: fields) { document.sections = sections }
        }
        if let (value, pointer) = root.first("x-rulecheck-pages") {
            if case .bool(let flag) = value {
                document.pages = located(flag, at: pointer)
            } else {
                ownError("x-rulecheck-pages must be true or false", at: pointer)
            }
        }
        if let (value, pointer) = root.first("x-rulecheck-mask-classes") { document.maskClasses = maskClasses(value, at: pointer) }
        if let (value, pointer) = root.first("pages") { document.pagePosition = pagePosition(value, at: pointer) }
    }

    /// A Divar-style root `pages: {"current": 2, "total": 4}`: the form is page 2 of a server's
    /// wizard of 4 (``PagePosition``). The shape is read here; the compiler checks the numbers
    /// (1 ≤ current ≤ total, and the form's own pages within the total).
    private mutating func pagePosition(_ value: JSONValue, at pointer: String) -> PagePositionSpec? {
        guard let members = value.object else {
            ownError("pages must be an object {\"current\": …, \"total\": …} (the form's page of the server's wizard)", at: pointer)
            return nil
        }
        for key in source.orderedKeys(of: members, at: pointer) where key != "current" && key != "total" {
            ownFinding(
                .unsupported, "pages: '\(key)' is not read (only current and total are)", at: pointer + "/" + SchemaPointer.escape(key))
        }
        var numbers: [Located<Int>] = []
        for key in ["current", "total"] {
            let memberPointer = pointer + "/" + key
            guard let member = members[key] else {
                ownError("pages needs \"\(key)\" (pages: {\"current\": 2, \"total\": 4})", at: pointer)
                return nil
            }
            guard let number = member.integer else {
                ownError(
                    "pages.\(key) must be a whole number, not \(member.kindDescription == "a number" ? "\(member)" : member.kindDescription)",
                    at: memberPointer)
                return nil
            }
            numbers.append(located(number, at: memberPointer))
        }
        return PagePositionSpec(current: numbers[0], total: numbers[1], location: source.location(of: pointer))
    }

    /// `{"R": {"chars": "АВЕКМНОРСТУХ", "case": "upper"}, "D": "0-9"}`: the masks' classes.
    private mutating func maskClasses(_ value: JSONValue, at pointer: String) -> [NamedClass] {
        guard let members = value.object else {
            ownError("x-rulecheck-mask-classes must map one-character names to classes", at: pointer)
            return []
        }
        var classes: [NamedClass] = []
        for name in source.orderedKeys(of: members, at: pointer) {
            let classPointer = pointer + "/" + SchemaPointer.escape(name)
            switch members[name] {
            case .string(let characters)?:
                classes.append(
                    NamedClass(name: located(name, at: classPointer), characters: text(characters, at: classPointer, quoted: true)))
            case .object(let spec)? where spec["chars"]?.string != nil && Set(spec.keys).isSubset(of: ["chars", "case"]):
                let letterCase = spec["case"].map { value in located(value.string ?? "", at: classPointer + "/case") }
                classes.append(
                    NamedClass(
                        name: located(name, at: classPointer),
                        characters: text(spec["chars"]?.string ?? "", at: classPointer + "/chars", quoted: true),
                        letterCase: letterCase))
            default:
                ownError(
                    "mask class '\(name)' must be its characters, or {\"chars\": …, \"case\": \"upper\" | \"lower\"}", at: classPointer)
            }
        }
        return classes
    }

    /// `{"submit": "all", "calculate": ["region", "vehicle"]}`.
    private mutating func gates(_ value: JSONValue, at pointer: String) -> [GateSpec] {
        guard let members = value.object else {
            ownError("x-rulecheck-gates must map gate names to \"all\" or arrays of field paths", at: pointer)
            return []
        }
        var gates: [GateSpec] = []
        for name in source.orderedKeys(of: members, at: pointer) {
            let gatePointer = pointer + "/" + SchemaPointer.escape(name)
            switch members[name] {
            case .string("all")?:
                gates.append(GateSpec(name: located(name, at: gatePointer), members: .all))
            case .array(let paths)? where paths.allSatisfy({ $0.string != nil }):
                gates.append(
                    GateSpec(
                        name: located(name, at: gatePointer),
                        members: .fields(
                            paths.enumerated().compactMap { index, path in
                                path.string.map { located($0, at: gatePointer + "/\(index)") }
                            })))
            default:
                ownError("gate '\(name)' must be \"all\" or an array of field paths", at: gatePointer)
            }
        }
        return gates
    }

    /// `[{"id": "vehicle", "title": "Vehicle", "fields": ["vin", "plate"]}, …]`: the top-level
    /// fields dealt into sections; a field no section names goes to the last one (reported).
    private mutating func sections(_ value: JSONValue, at pointer: String, fields: [FieldSpec]) -> [SectionSpec]? {
        guard let items = value.array, !items.isEmpty else {
            ownError("x-rulecheck-sections must be a non-empty array of sections", at: pointer)
            return nil
        }
        var sections: [SectionSpec] = []
        var placed = Set<String>()
        for (index, item) in items.enumerated() {
            let itemPointer = pointer + "/\(index)"
            guard let id = item["id"]?.string, let names = item["fields"]?.array?.compactMap(\.string) else {
                ownError("a section needs an \"id\" and \"fields\" (an array of property names)", at: itemPointer)
                return nil
            }
            var members: [FieldSpec] = []
            for name in names {
                guard let field = fields.first(where: { $0.id.value == name }), placed.insert(name).inserted else {
                    ownFinding(
                        .unsupported, "section '\(id)' names '\(name)', which is not a field here (or is in another section)",
                        at: itemPointer)
                    continue
                }
                members.append(field)
            }
            let page = item["page"]?.string.map { located($0, at: itemPointer + "/page") }
            sections.append(SectionSpec(id: located(id, at: itemPointer), title: item["title"]?.string, fields: members, page: page))
        }
        let rest = fields.filter { !placed.contains($0.id.value) }
        if !rest.isEmpty {
            ownFinding(
                .approximated, "no section names \(rest.map(\.id.value).joined(separator: ", ")); they go to the last section", at: pointer)
            sections[sections.count - 1].fields += rest
        }
        return sections
    }
}
