/// How the columns of one CSV header name the form-level fields of the rules (not a group, not a
/// list): by path (`household.age`), or under a ``ExportLayout`` as that platform writes it
/// (`household-age`, `household/age`). KoboToolbox exports without the groups in headers by
/// default ("Include groups in headers" unticked), so under `kobo` a bare name (`age`) is the
/// question of that name, when exactly one form-level field has it; a name that questions of
/// several groups share names none.
struct ColumnNames {
    let rules: RuleSet
    let layout: ExportLayout?
    /// Under `kobo`, the field of each last name of a path that the header has as a bare name
    /// and no field has as its whole path; nil where several fields share it.
    private let bareNames: [String: FieldID?]

    init(rules: RuleSet, layout: ExportLayout?, header: [String]) {
        self.rules = rules
        self.layout = layout
        var bareNames: [String: FieldID?] = [:]
        if layout == .kobo {
            // Only names the header holds, so a header that writes the groups costs one lookup
            // per column and no walk over the fields.
            var wanted = Set<String>()
            for name in header where !name.contains("/") && rules.field(name) == nil { wanted.insert(name) }
            for column in header {
                // A bare select_multiple's 0/1 column (`colours/red`) and geopoint part
                // (`_loc_latitude`) name a bare question too.
                if let slash = column.firstIndex(of: "/"), column.lastIndex(of: "/") == slash {
                    wanted.insert(String(column[..<slash]))
                }
                if let (question, _) = ExportLayout.kobo.geopointPart(column), !question.contains("/") { wanted.insert(question) }
            }
            if !wanted.isEmpty {
                for field in rules.fields where field.list == nil && field.type != .group && field.path != field.name {
                    guard wanted.contains(field.name) else { continue }
                    bareNames[field.name] = bareNames[field.name] == nil ? .some(field.id) : .some(nil)
                }
            }
        }
        self.bareNames = bareNames
    }

    /// The form-level field that a column of `name` holds.
    func field(_ name: String) -> FieldRules? {
        let path: String? = if let layout { layout.fieldPath(name) } else { name }
        guard let path else { return nil }
        if let field = rules.field(path), field.list == nil, field.type != .group { return field }
        guard layout == .kobo, let id = bareNames[name] ?? nil else { return nil }
        return rules.fields[id.index]
    }
}
