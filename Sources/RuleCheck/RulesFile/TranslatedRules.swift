/// Rules translated from a form format of another tool (an XLSForm, by the RuleCheckXLSForm
/// library) into a rules file's text, with the place in the source that each line of that text
/// came from. The text compiles as any rules file does — one compiler for every source — and
/// every error and warning of it is reported at its origin (`form.xlsx:12:3: error: survey!C12: …`),
/// not in a text nobody wrote.
public struct TranslatedRules: Sendable {
    /// Where a line of ``text`` came from: a cell's place (its row as the line, its column as the
    /// column) and its name as its tool names it (`survey!C12`).
    public struct Origin: Sendable, Hashable {
        public var location: FileLocation
        public var label: String

        public init(location: FileLocation, label: String) {
            self.location = location
            self.label = label
        }
    }

    /// The rules file (YAML).
    public var text: String
    /// The origin of each line of ``text`` (1-based line numbers) that has one.
    public var origins: [Int: Origin]
    /// What the rules do not say exactly of the source, each at its origin.
    public var findings: [ImportFinding]

    public init(text: String, origins: [Int: Origin], findings: [ImportFinding]) {
        self.text = text
        self.origins = origins
        self.findings = findings
    }

    /// The text compiled, each diagnostic moved to the origin of its line (with the line of the
    /// rules it is about as a note).
    ///
    /// - Parameter source: the name of the source (the workbook) in diagnostics of lines without origin.
    /// - Throws: ``RulesError`` with every error, at their origins.
    public func compiled(source: String) throws(RulesError) -> LoadedRules {
        let name = source + " (as rules)"
        let compiled = RuleSetCompiler.compile(Array(text.utf8), source: name)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let moved = compiled.diagnostics.map { relocated($0, lines: lines, name: name) }
        guard var parts = compiled.parts else {
            throw RulesError(diagnostics: moved, omittedErrors: compiled.omittedErrors)
        }
        parts.warnings = moved.filter { $0.severity == .warning }
        return LoadedRules(rules: RuleSet(parts), findings: findings)
    }

    /// `diagnostic` at the origin of its line, when it is a line of the text and has one.
    public func relocated(_ diagnostic: Diagnostic) -> Diagnostic {
        relocated(diagnostic, lines: text.split(separator: "\n", omittingEmptySubsequences: false), name: nil)
    }

    private func relocated(_ diagnostic: Diagnostic, lines: [Substring], name: String?) -> Diagnostic {
        guard let location = diagnostic.location, name == nil || location.file == name,
            let origin = origins[location.line]
        else { return diagnostic }
        var moved = Diagnostic(diagnostic.severity, diagnostic.code, "\(origin.label): \(diagnostic.message)", at: origin.location)
        moved.notes = diagnostic.notes
        if lines.indices.contains(location.line - 1) {
            let line = lines[location.line - 1].trimmingPrefix(while: { $0 == " " })
            moved.notes.insert(Diagnostic.Note(message: "in the rules made of it: \(line)", location: nil), at: 0)
        }
        return moved
    }
}

/// Reads a form format of another tool into rules: what ``RulesLoader/translator`` holds
/// (RuleCheckXLSForm's `XLSFormTranslator` for XLSForms).
public protocol RulesTranslator: Sendable {
    /// Whether the file at `path` with these bytes is of the translator's format (by its name's
    /// extension or its content), when the loader's format is ``RulesLoader/Format/automatic``.
    func recognises(path: String, bytes: [UInt8]) -> Bool
    /// The rules of the file, or why it cannot be read (named `name` in diagnostics).
    func translate(_ bytes: [UInt8], name: String) throws(RulesError) -> TranslatedRules
}

extension Substring {
    fileprivate func trimmingPrefix(while predicate: (Character) -> Bool) -> Substring {
        self[(firstIndex { !predicate($0) } ?? endIndex)...]
    }
}
