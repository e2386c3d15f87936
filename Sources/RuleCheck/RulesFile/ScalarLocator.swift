/// Maps an offset inside a YAML scalar's value back to a line and column of the file, so that
/// an error inside an expression points at the right character even in quoted or block scalars.
struct ScalarLocator: Sendable {
    enum Style: Sendable { case plain, singleQuoted, doubleQuoted, block }

    /// Where the scalar starts: its first character, opening quote or block indicator.
    let start: FileLocation
    let style: Style
    let source: SourceText

    /// The file location of the value's scalar at `offset` (0-based, in Unicode scalars).
    func location(of offset: Int) -> FileLocation {
        switch style {
        case .block: blockLocation(of: offset)
        case .plain: walk(to: offset, from: start.column, escapes: .none)
        case .singleQuoted: walk(to: offset, from: start.column + 1, escapes: .doubledQuote)
        case .doubleQuoted: walk(to: offset, from: start.column + 1, escapes: .backslash)
        }
    }

    private enum Escapes { case none, doubledQuote, backslash }

    /// Walks the raw text from `column` on the start line, counting value scalars.
    private func walk(to offset: Int, from column: Int, escapes: Escapes) -> FileLocation {
        var line = start.line
        var raw = rawScalars(line: line)
        var index = column - 1
        var remaining = offset
        while remaining > 0 {
            if index >= raw.count {
                // The scalar continues on the next line (folded to one space), after indentation.
                line += 1
                raw = rawScalars(line: line)
                if raw.isEmpty && source.line(line) == nil { break }
                index = raw.firstIndex { $0 != " " && $0 != "\t" } ?? 0
                remaining -= 1
                continue
            }
            switch (escapes, raw[index]) {
            case (.doubledQuote, "'") where index + 1 < raw.count && raw[index + 1] == "'":
                index += 2
            case (.backslash, "\\") where index + 1 < raw.count:
                switch raw[index + 1] {
                case "x": index += 4
                case "u": index += 6
                case "U": index += 10
                default: index += 2
                }
            default:
                index += 1
            }
            remaining -= 1
        }
        return FileLocation(file: start.file, line: line, column: index + 1)
    }

    /// Block scalars (`|`, `>`): the value starts on the line after the indicator; each value
    /// line is a file line without its indentation.
    private func blockLocation(of offset: Int) -> FileLocation {
        var line = start.line + 1
        var indent: Int?
        var remaining = offset
        while let text = source.line(line) {
            let raw = Array(text.unicodeScalars)
            let leading = raw.prefix { $0 == " " }.count
            if leading == raw.count {  // blank line: one line break in the value
                if remaining == 0, let indent { return FileLocation(file: start.file, line: line, column: indent + 1) }
                remaining -= 1
                line += 1
                continue
            }
            let lineIndent = indent ?? leading
            indent = lineIndent
            let length = raw.count - lineIndent
            if remaining <= length {
                return FileLocation(file: start.file, line: line, column: lineIndent + remaining + 1)
            }
            remaining -= length + 1
            line += 1
        }
        return start
    }

    private func rawScalars(line: Int) -> [Unicode.Scalar] {
        source.line(line).map { Array($0.unicodeScalars) } ?? []
    }
}
