/// How the columns of one CSV header name the form-level fields of the rules (not a group, not a
/// list): by path (`household.age`), or under a ``ExportLayout`` as that platform writes it
/// (`household-age`, `household/age`). KoboToolbox exports without the groups in headers by
/// default ("Include groups in headers" unticked), so under `kobo` a bare name (`age`) is the
/// question of that name, when exactly one form-level field has it; a name that questions of
/// several groups share names none.
struct ColumnNames {
    let rules: RuleSet
    let layout: ExportLayout?
    /// Under `kobo`, the field of each name that a form-level field in a group has (`age` of
    /// `household.age`); nil where several such fields share it. Made once per header.
    private let bareNames: [String: FieldID?]

    init(rules: RuleSet, layout: ExportLayout?) {
        self.rules = rules
        self.layout = layout
        var bareNames: [String: FieldID?] = [:]
        if layout == .kobo {
            for field in rules.fields where field.list == nil && field.type != .group && field.path != field.name {
                bareNames[field.name] = bareNames[field.name] == nil ? .some(field.id) : .some(nil)
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
