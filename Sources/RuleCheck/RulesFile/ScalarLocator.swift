/// Maps an offset inside a scalar's value back to a line and column of the file, so that an error
/// inside an expression points at the right character even in quoted or block scalars (and in
/// JSON strings, which are double-quoted scalars).
///
/// A location costs the length of the value up to the offset, never the length of the line: in
/// a minified JSON rules file every scalar is on the same line.
struct ScalarLocator: Sendable {
    enum Style: Sendable { case plain, singleQuoted, doubleQuoted, block }

    let source: SourceText
    /// The byte offset of ``start`` in the source.
    let startOffset: Int
    /// ``start``'s line and column, 32 bits each, its file the source's: a field has a dozen
    /// scalars, and a ``FileLocation`` of its own made each of them 32 bytes larger.
    private let line: UInt32
    private let column: UInt32
    let style: Style

    /// Where the scalar starts: its first character, opening quote or block indicator.
    var start: FileLocation { FileLocation(file: source.name, line: Int(line), column: Int(column)) }

    /// - Parameters:
    ///   - start: in `source` (its file is `source`'s name).
    ///   - startOffset: the byte offset of `start` in `source`, when the caller knows it.
    init(start: FileLocation, style: Style, source: SourceText, startOffset: Int? = nil) {
        self.source = source
        self.startOffset = startOffset ?? source.offset(of: start)
        self.line = UInt32(clamping: start.line)
        self.column = UInt32(clamping: start.column)
        self.style = style
    }

    /// The file location of the value's scalar at `offset` (0-based, in Unicode scalars).
    func location(of offset: Int) -> FileLocation {
        guard !source.bytes.isEmpty else { return start }
        switch style {
        case .block: return blockLocation(of: offset)
        case .plain: return walk(to: offset, from: startOffset, escapes: .none)
        case .singleQuoted: return walk(to: offset, from: startOffset + 1, escapes: .doubledQuote)
        case .doubleQuoted: return walk(to: offset, from: startOffset + 1, escapes: .backslash)
        }
    }

    private enum Escapes { case none, doubledQuote, backslash }

    /// Walks the raw bytes from `index`, counting value scalars.
    private func walk(to offset: Int, from: Int, escapes: Escapes) -> FileLocation {
        let bytes = source.bytes
        var index = from
        var remaining = offset
        func byte(_ at: Int) -> UInt8? { at < bytes.count ? bytes[at] : nil }
        while remaining > 0, index < bytes.count {
            switch (escapes, bytes[index]) {
            case (_, UInt8(ascii: "\n")), (_, UInt8(ascii: "\r")):
                // The scalar continues on the next line (folded to one space), after indentation.
                index += bytes[index] == UInt8(ascii: "\r") && byte(index + 1) == UInt8(ascii: "\n") ? 2 : 1
                while let next = byte(index), next == UInt8(ascii: " ") || next == UInt8(ascii: "\t") { index += 1 }
            case (.doubledQuote, UInt8(ascii: "'")) where byte(index + 1) == UInt8(ascii: "'"):
                index += 2
            case (.backslash, UInt8(ascii: "\\")) where index + 1 < bytes.count:
                switch bytes[index + 1] {
                case UInt8(ascii: "x"): index += 4
                case UInt8(ascii: "u"):
                    // A JSON surrogate pair (`\uD83D\uDE00`) is one scalar.
                    let isPair =
                        byte(index + 2).map { $0 | 0x20 == UInt8(ascii: "d") } == true
                        && byte(index + 3).map { (UInt8(ascii: "8")...UInt8(ascii: "b")).contains($0 | 0x20) } == true
                        && byte(index + 6) == UInt8(ascii: "\\") && byte(index + 7) == UInt8(ascii: "u")
                    index += isPair ? 12 : 6
                case UInt8(ascii: "U"): index += 10
                default: index += 2
                }
            default:
                index += 1
                while let next = byte(index), next & 0xC0 == 0x80 { index += 1 }
            }
            remaining -= 1
        }
        SourceText.scanned(index - from)
        return source.location(ofOffset: min(index, bytes.count))
    }

    /// Block scalars (`|`, `>`): the value starts on the line after the indicator; each value
    /// line is a file line without its indentation.
    private func blockLocation(of offset: Int) -> FileLocation {
        var line = start.line + 1
        var indent: Int?
        var remaining = offset
        while let text = source.line(line) {
            SourceText.scanned(text.utf8.count)
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
}
