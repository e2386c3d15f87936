/// The text of a rules file, for drawing the source line under a diagnostic.
struct SourceText: Sendable {
    let name: String
    let lines: [Substring]

    init(name: String, text: String) {
        self.name = name
        lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.last == "\r" ? line.dropLast() : line
        }
    }

    /// Line `number` (1-based), without its line break.
    func line(_ number: Int) -> Substring? {
        lines.indices.contains(number - 1) ? lines[number - 1] : nil
    }
}
