import RuleCheck

/// A screen over a paged form, as an app would build one: the current page, one row per visible
/// field on it (its text, whether it is enabled, the errors shown), the Next and Submit buttons.
/// It keeps two copies of the rows: one updated only from each edit's ChangeSet, as a table view
/// reloads only the rows an edit changed, and one rendered afresh from the form; a test checks
/// that they agree.
struct SessionScreen {
    private(set) var form: Form
    /// Rows by path, updated from ChangeSets only.
    private var rows: [String: Row] = [:]
    /// The page shown, updated from ChangeSets only.
    private var page: String?
    /// The paths the last step reloaded.
    private(set) var reloaded: Set<String> = []

    struct Row: Equatable {
        var text: String
        var isVisible: Bool
        var isEnabled: Bool
        var errors: [String]
    }

    init(_ form: Form) {
        self.form = form
        page = form.currentPage?.id
        for path in Self.allPaths(form) { rows[path] = Self.row(path, form) }
    }

    /// Runs one step of the user's session and applies its ChangeSet to the rows.
    mutating func step(_ body: (inout Form) throws -> ChangeSet) rethrows {
        let changes = try body(&form)
        reloaded = []
        var paths = Set(changes.values.keys).union(changes.visible.keys).union(changes.enabled.keys)
        paths.formUnion(changes.shownIssues.keys)
        paths.formUnion(changes.inputs.keys)
        paths.formUnion(changes.items.keys)  // a list's row shows its count
        // A group's row shows its members' summary: it is reloaded with them.
        for path in paths {
            var parent = Substring(path)
            while let dot = parent.lastIndex(of: ".") {
                parent = parent[..<dot]
                paths.insert(String(parent))
            }
        }
        for path in paths {
            rows[path] = Self.row(path, form)
            reloaded.insert(path)
        }
        if let current = changes.pages?.current { page = current }
    }

    /// The screen as the rows updated from ChangeSets show it.
    var shown: String { render(rows: rows, page: page) }

    /// The screen rendered afresh from the form.
    var fresh: String {
        var all: [String: Row] = [:]
        for path in Self.allPaths(form) { all[path] = Self.row(path, form) }
        return render(rows: all, page: form.currentPage?.id)
    }

    private func render(rows: [String: Row], page: String?) -> String {
        guard let page, let state = form.page(page) else { return "(no page)" }
        let number = form.pages.filter(\.isShown).firstIndex { $0.id == page }.map { $0 + 1 } ?? 0
        var lines = [
            "page \(number)/\(form.pageCount) \(state.title)"
                + " · next \(state.isValid ? "on" : "off") · submit \(form.gate("submit").isOpen ? "on" : "off")"
        ]
        for path in form.fields(onPage: page) {
            guard let row = rows[path], row.isVisible else { continue }
            var line = "  \(path): \"\(row.text)\""
            if !row.isEnabled { line += " (disabled)" }
            for error in row.errors { line += "\n    ! \(error)" }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    private static func row(_ path: String, _ form: Form) -> Row {
        let state = form[path]
        return Row(
            text: form.input(path)?.text ?? form.displayText(path), isVisible: state.isVisible,
            isEnabled: state.isEnabled, errors: state.shownIssues.map(\.message))
    }

    private static func allPaths(_ form: Form) -> [String] {
        form.rules.sections.flatMap { form.fields(in: $0.id) }
    }
}
