/// One finding about a rules file: an error that stops it from compiling, or a warning about a
/// likely mistake.
///
/// ```text
/// osago.yaml:12:17: error: unknown key 'visibel_if'; did you mean 'visible_if'?
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
    public var message: String
    public var location: FileLocation?
    public var notes: [Note]
    /// The source line of ``location`` and a caret under the column, when the text is known.
    public var snippet: String?

    public init(_ severity: Severity, _ message: String, at location: FileLocation?, notes: [Note] = []) {
        self.severity = severity
        self.message = message
        self.location = location
        self.notes = notes
    }

    /// `file:line:column: severity: message`, then the source line with a caret, then the notes.
    public var description: String {
        var text = location.map { "\($0): " } ?? ""
        text += "\(severity.rawValue): \(message)"
        if let snippet { text += "\n" + snippet }
        for note in notes {
            text += "\n" + (note.location.map { "\($0): " } ?? "") + "note: " + note.message
        }
        return text
    }

    /// Adds the source line and caret from `source`.
    mutating func attachSnippet(from source: SourceText) {
        guard let location, location.file == source.name, let line = source.line(location.line) else { return }
        // Keep tabs so the caret lines up under them; everything else becomes a space.
        let pad = line.unicodeScalars.prefix(max(0, location.column - 1)).map { $0 == "\t" ? "\t" : " " }.joined()
        snippet = "    " + line + "\n    " + pad + "^"
    }
}
