/// Applying what the walk of a JSON Forms UI schema found: sections and order, then each
/// control's label, options, hints and rules on its field.
extension JSONFormsUISchema {
    /// Sections and order: each top-level field goes to the section of its first control, in the
    /// order of the controls; a group's members and a list's item fields are ordered the same way.
    mutating func arrange(_ document: inout [SectionSpec]) {
        // The first control of each field or of anything inside it.
        var rank: [String: Int] = [:]
        for (index, placement) in placements.enumerated() {
            var prefix = ""
            for name in placement.path.split(separator: ".") {
                prefix += (prefix.isEmpty ? "" : ".") + name
                if rank[prefix] == nil { rank[prefix] = index }
            }
        }
        func firstRank(_ field: FieldSpec, prefix: String) -> Int? { rank[prefix + field.id.value] }
        for index in document.indices { Self.orderMembers(&document[index].fields, prefix: "", rank: firstRank) }
        let everything = document.flatMap(\.fields)
        let unplaced = everything.filter { firstRank($0, prefix: "") == nil }
        if !unplaced.isEmpty {
            finding(
                .approximated,
                "the UI schema has no control for \(unplaced.map(\.id.value).joined(separator: ", ")); they follow the others (their rules still hold)",
                at: "")
        }
        guard !sections.isEmpty else {
            for index in document.indices { Self.sortTop(&document[index].fields, rank: firstRank) }
            return
        }
        var result = sections.map { section in
            SectionSpec(
                id: Located(value: section.id, location: source.location(of: section.pointer)), title: section.title, fields: [],
                page: section.page)
        }
        var noSection: [FieldSpec] = []
        for field in everything.sorted(by: { (firstRank($0, prefix: "") ?? Int.max) < (firstRank($1, prefix: "") ?? Int.max) }) {
            let placement = firstRank(field, prefix: "").map { placements[$0] }
            if let section = placement?.section { result[section].fields.append(field) } else { noSection.append(field) }
        }
        if !noSection.isEmpty {
            if let last = result.indices.last { result[last].fields += noSection }
        }
        document = result
    }

    private static func sortTop(_ fields: inout [FieldSpec], rank: (FieldSpec, String) -> Int?) {
        fields = fields.enumerated().sorted { lhs, rhs in
            (rank(lhs.element, "") ?? Int.max, lhs.offset) < (rank(rhs.element, "") ?? Int.max, rhs.offset)
        }.map(\.element)
    }

    private static func orderMembers(_ fields: inout [FieldSpec], prefix: String, rank: (FieldSpec, String) -> Int?) {
        for index in fields.indices {
            let path = prefix + fields[index].id.value + "."
            for key in [\FieldSpec.fields, \FieldSpec.item] {
                guard var members = fields[index][keyPath: key] else { continue }
                orderMembers(&members, prefix: path, rank: rank)
                members = members.enumerated().sorted { lhs, rhs in
                    (rank(lhs.element, path) ?? Int.max, lhs.offset) < (rank(rhs.element, path) ?? Int.max, rhs.offset)
                }.map(\.element)
                fields[index][keyPath: key] = members
            }
        }
    }

    /// A control's label, options, hints and rules on its field.
    mutating func decorate(_ document: inout [SectionSpec], _ placement: Placement) {
        let location = source.location(of: placement.pointer)
        let exactVisible = exactVisible.contains(placement.path), exactEnabled = exactEnabled.contains(placement.path)
        Self.update(&document, placement.path) { field in
            switch placement.label {
            case .string(let label)?: field.title = label
            case .object(let label)?: if let text = label["text"]?.string { field.title = text }
            case .bool(false)?: RJSFUISchema.setHint(&field, "label", .bool(false), at: location)
            default: break
            }
            if let options = placement.options?.object?.filter({ $0.key != "detail" }), !options.isEmpty {
                RJSFUISchema.setHint(&field, "options", .object(options), at: location)
            }
            if let group = placement.context.group { RJSFUISchema.setHint(&field, "group", .string(group), at: location) }
            if let row = placement.context.row { RJSFUISchema.setHint(&field, "row", .number(Double(row)), at: location) }
            if !placement.context.visible.isEmpty, !exactVisible {
                field.visibleIf = Self.combined(field.visibleIf, placement.context.visible, at: location)
                field.keys["visible_if"] = location
            }
            if !placement.context.enabled.isEmpty, !exactEnabled {
                field.enabledIf = Self.combined(field.enabledIf, placement.context.enabled, at: location)
                field.keys["enabled_if"] = location
            }
        }
    }

    private static func combined(_ existing: ScalarText?, _ terms: [String], at location: FileLocation) -> ScalarText {
        var all: [String] = []
        for term in (existing.map { [$0.text] } ?? []) + terms where !all.contains(term) { all.append(term) }
        return ScalarText(text: SchemaImporter.balanced(all, "and"), isQuoted: false, locator: SchemaImporter.locator(at: location))
    }

    /// Runs `change` on the field at `path` (`a`, `g.x`, `list.x`).
    private static func update(_ sections: inout [SectionSpec], _ path: String, _ change: (inout FieldSpec) -> Void) {
        let names = path.split(separator: ".").map(String.init)
        for index in sections.indices where update(&sections[index].fields, names[...], change) { return }
    }

    private static func update(_ fields: inout [FieldSpec], _ names: ArraySlice<String>, _ change: (inout FieldSpec) -> Void) -> Bool {
        guard let first = names.first, let index = fields.firstIndex(where: { $0.id.value == first }) else { return false }
        if names.count == 1 {
            change(&fields[index])
            return true
        }
        for key in [\FieldSpec.fields, \FieldSpec.item] {
            guard var members = fields[index][keyPath: key] else { continue }
            if update(&members, names.dropFirst(), change) {
                fields[index][keyPath: key] = members
                return true
            }
        }
        return false
    }

    static func paths(_ fields: [FieldSpec], prefix: String, groupsOnly: Bool = false) -> [String] {
        fields.flatMap { field in
            (groupsOnly && field.fields == nil ? [] : [prefix + field.id.value])
                + paths((field.fields ?? []) + (field.item ?? []), prefix: prefix + field.id.value + ".", groupsOnly: groupsOnly)
        }
    }

    /// A section id from a label: `Price & terms` → `price_terms`.
    static func slug(_ label: String) -> String {
        var result = ""
        for scalar in label.lowercased().unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                result.unicodeScalars.append(scalar)
            } else if !result.isEmpty, !result.hasSuffix("_") {
                result += "_"
            }
        }
        while result.hasSuffix("_") { result.removeLast() }
        if result.isEmpty || ("0"..."9").contains(result.unicodeScalars.first ?? "a") {
            result = "section" + (result.isEmpty ? "" : "_" + result)
        }
        return result
    }

}
