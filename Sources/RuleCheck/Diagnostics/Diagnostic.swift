/// One finding about a rules file: an error that stops it from compiling, or a warning about a
/// likely mistake.
///
/// ```text
/// osago.yaml:12:17: error: unknown key 'visibel_if'; did you mean 'visible_if'? [RC2001]
///       visibel_if: doc_type != null
///       ^
/// ```
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Hashable, Sendable, Comparable {
        case error, warning, note

        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            lhs.rank < rhs.rank
        }

        private var rank: Int {
            switch self {
            case .error: 0
            case .warning: 1
            case .note: 2
            }
        }
    }

    /// A secondary location that helps explain the diagnostic (e.g. each edge of a cycle).
    public struct Note: Hashable, Sendable {
        public var message: String
        public var location: FileLocation?
    }

    public var severity: Severity
    /// The kind of problem: stable across releases, and documented in `Docs/diagnostics.md`.
    public var code: DiagnosticCode
    public var message: String
    public var location: FileLocation?
    public var notes: [Note]
    /// The source line of ``location`` and a caret under the column, when the text is known.
    public var snippet: String?

    public init(
        _ severity: Severity, _ code: DiagnosticCode, _ message: String, at location: FileLocation?, notes: [Note] = []
    ) {
        self.severity = severity
        self.code = code
        self.message = message
        self.location = location
        self.notes = notes
    }

    /// `file:line:column: severity: message [code]`, then the source line with a caret, then the notes.
    ///
    /// Control characters (from a file name, or quoted from the file into a message) are shown as
    /// escapes (`\u{1B}`, see `VisibleText`), so printing a diagnostic never drives a terminal.
    public var description: String {
        var text = VisibleText.escaped((location.map { "\($0): " } ?? "") + "\(severity.rawValue): \(message) [\(code.id)]")
        if let snippet { text += "\n" + snippet }
        for note in notes {
            text += "\n" + VisibleText.escaped((note.location.map { "\($0): " } ?? "") + "note: " + note.message)
        }
        return text
    }

    /// Adds the source line and a caret from `source`: at most 100 characters of the line around
    /// the column (`…` where it goes on), control characters escaped, the caret under the column.
    mutating func attachSnippet(from source: SourceText) {
        guard let location, location.file == source.name,
            let (excerpt, pad) = source.excerpt(line: location.line, column: location.column)
        else { return }
        snippet = "    " + excerpt + "\n    " + pad + "^"
    }
}
