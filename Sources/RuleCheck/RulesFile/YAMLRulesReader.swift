import Yams

/// Reads a YAML rules file into a ``RulesNode`` tree: Yams composes the YAML (with its `.basic`
/// resolver: RuleCheck reads every scalar itself), then the tree is copied with aliases expanded
/// and merge keys applied.
///
/// * **Aliases** (`*name`) are expanded, but together they may add at most ``maxAliasNodes``
///   nodes: a few kilobytes of aliases of aliases would otherwise expand to billions of nodes.
///   Past the limit, reading stops with an error at the alias being expanded.
/// * **Merge keys** (`<<: *base`, `<<: [*a, *b]`) copy the entries of the merged mappings that
///   the mapping does not set itself (the first of several merged mappings wins); a merged
///   mapping may merge others in turn. Merged entries keep their own locations.
struct YAMLRulesReader {
    /// The most nodes that aliases may add to a rules file, all aliases together.
    static let maxAliasNodes = 100_000

    let source: SourceText
    private(set) var diagnostics: [Diagnostic] = []
    /// Nodes added by expanding aliases so far.
    private var aliasNodes = 0
    /// How far reading has got, as a byte offset: a node with an anchor that starts before it is
    /// being reached again, through an alias.
    private var position = 0
    /// The alias being expanded (the outermost one, as written in the file).
    private var alias: (name: String, location: FileLocation)?
    /// What stands in Yams' tree for a node already read.
    private let taken = Node.scalar(Node.Scalar(""))

    /// Thrown past ``maxAliasNodes``: the alias being expanded.
    private struct TooManyAliasNodes: Error {
        let name: String
        let location: FileLocation
    }

    init(source: SourceText) {
        self.source = source
    }

    /// The tree, or nil with the reason in ``diagnostics``.
    mutating func read() -> RulesNode? {
        var composed: Node?
        let parser: Yams.Parser
        do {
            parser = try Yams.Parser(yaml: String(decoding: source.bytes, as: UTF8.self), resolver: .basic)
            composed = try parser.singleRoot()
        } catch {
            diagnostics.append(yamlDiagnostic(error))
            return nil
        }
        // Taken out, so that reading it lets go of it (see ``node(_:)``).
        guard let root = composed.take() else {
            diagnostics.append(
                Diagnostic(.error, .emptyFile, "the rules file is empty", at: FileLocation(file: source.name, line: 1, column: 1)))
            return nil
        }
        // Nodes hold their anchors weakly; the parser keeps them alive.
        defer { withExtendedLifetime(parser) {} }
        do throws(TooManyAliasNodes) {
            return try node(consume root)
        } catch {
            diagnostics.append(
                Diagnostic(
                    .error, .yamlAliasLimit,
                    "YAML aliases expand to more than \(Self.maxAliasNodes) nodes (here '*\(error.name)'); "
                        + "aliases of aliases multiply: write the repeated part out, or generate the file",
                    at: error.location))
            return nil
        }
    }

    // MARK: - Nodes

    /// The tree of `yaml`, which is let go of as it is copied: each item and entry is taken out
    /// of its sequence or mapping before it is read, so that Yams' tree shrinks as ours grows
    /// (at 100,000 fields the two together were most of a YAML file's peak memory).
    private mutating func node(_ yaml: consuming Node) throws(TooManyAliasNodes) -> RulesNode {
        let location =
            yaml.mark.map { FileLocation(file: source.name, line: $0.line, column: $0.column) }
            ?? FileLocation(file: source.name, line: 1, column: 1)
        let offset = source.offset(of: location)
        // (Nodes hold their anchors weakly: the anchor is looked at only for a node written before.)
        if alias == nil, offset < position, let anchor = yaml.anchor {
            // Written before where reading is: the anchored node, reached again through an alias.
            alias = (anchor.rawValue, aliasLocation(anchor.rawValue))
            defer { alias = nil }
            return try node(yaml)
        }
        if let alias {
            aliasNodes += 1
            if aliasNodes > Self.maxAliasNodes { throw TooManyAliasNodes(name: alias.name, location: alias.location) }
        } else {
            position = max(position, offset)
        }
        switch yaml {
        case .scalar(let scalar):
            if alias == nil { position = max(position, offset + scalar.string.utf8.count) }
            let text = Self.restoringByteOrderMarks(scalar.string, style: scalar.style, at: offset, in: source.bytes)
            return RulesNode(kind: .scalar(text, Self.style(scalar.style)), location: location, offset: offset)
        case .sequence(var sequence):
            // `yaml` lets go of it, so that the items taken out below are freed once read.
            yaml = taken
            var items: [RulesNode] = []
            items.reserveCapacity(sequence.count)
            for index in sequence.indices {
                let item = sequence[index]
                sequence[index] = taken
                items.append(try node(consume item))
            }
            return RulesNode(kind: .sequence(items), location: location, offset: offset)
        case .mapping(let mapping):
            yaml = taken
            return RulesNode(kind: .mapping(try entries(consume mapping)), location: location, offset: offset)
        case .alias(let alias):
            // Yams' composer resolves aliases; should one come through, it reads as nothing.
            diagnostics.append(Diagnostic(.error, .yamlSyntax, "YAML: unresolved alias '*\(alias.anchor.rawValue)'", at: location))
            return RulesNode(kind: .mapping([]), location: location, offset: offset)
        }
    }

    /// A mapping's entries, with merge keys applied.
    private mutating func entries(_ mapping: consuming Node.Mapping) throws(TooManyAliasNodes) -> [RulesNode.Entry] {
        var entries: [RulesNode.Entry] = []
        var merged: [RulesNode.Entry] = []
        // A range, not `indices`: a mapping's default indices hold a copy of it, which would keep every entry.
        for index in mapping.startIndex..<mapping.endIndex {
            let (key, value) = mapping[index]
            mapping[index] = (taken, taken)
            let keyNode = try node(key)
            guard case .scalar(let scalar) = key, scalar.string == "<<", scalar.style == .plain || scalar.style == .any else {
                entries.append(RulesNode.Entry(key: keyNode, value: try node(consume value)))
                continue
            }
            let base = try node(consume value)
            let sources = if case .sequence(let list) = base.kind { list } else { [base] }
            for source in sources {
                guard case .mapping(let baseEntries) = source.kind else {
                    diagnostics.append(
                        Diagnostic(
                            .error, .badMergeKey, "a merge key '<<' needs a mapping or a list of mappings, not \(source.kindName)",
                            at: source.location))
                    continue
                }
                merged += baseEntries
            }
        }
        // Merged entries fill in only what the mapping does not set itself; of several merged
        // mappings, the first that sets a key wins. (Most mappings merge nothing: their keys are
        // not hashed.)
        guard !merged.isEmpty else { return entries }
        var present = Set(entries.compactMap { Self.keyText($0.key) })
        for entry in merged {
            guard let key = Self.keyText(entry.key) else {
                entries.append(entry)
                continue
            }
            if present.insert(key).inserted { entries.append(entry) }
        }
        return entries
    }

    private static func keyText(_ key: RulesNode) -> String? {
        if case .scalar(let text, _) = key.kind { return text }
        return nil
    }

    /// `text`, a quoted scalar's as Yams read it, with the U+FEFF it starts with as written.
    /// Yams makes a scalar's `String` through Foundation, which drops one leading U+FEFF (as a
    /// byte order mark) even where the file escapes it (`"\uFEFF"`): an option of a cell holding
    /// only U+FEFF read back empty. The marks the scalar's text begins with — `\uFEFF`,
    /// `\U0000FEFF` (double-quoted) or the character itself — are counted in the file, and those
    /// missing put back. Other scalars, the most by far, are given back as they are.
    static func restoringByteOrderMarks(_ text: String, style: Node.Scalar.Style, at offset: Int, in bytes: [UInt8]) -> String {
        let doubleQuoted = style == .doubleQuoted
        guard doubleQuoted || style == .singleQuoted, offset + 1 < bytes.count,
            bytes[offset] == UInt8(ascii: doubleQuoted ? "\"" : "'"),
            bytes[offset + 1] == UInt8(ascii: "\\") || bytes[offset + 1] == 0xEF
        else { return text }
        var index = offset + 1
        var written = 0
        while index < bytes.count {
            if index + 2 < bytes.count, bytes[index] == 0xEF, bytes[index + 1] == 0xBB, bytes[index + 2] == 0xBF {
                written += 1
                index += 3
                continue
            }
            guard doubleQuoted, index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\") else { break }
            let digits =
                switch bytes[index + 1] {
                case UInt8(ascii: "u"): 4
                case UInt8(ascii: "U"): 8
                default: 0
                }
            guard digits > 0, index + 2 + digits <= bytes.count,
                UInt32(String(decoding: bytes[(index + 2)..<(index + 2 + digits)], as: UTF8.self), radix: 16) == 0xFEFF
            else { break }
            written += 1
            index += 2 + digits
        }
        let kept = text.unicodeScalars.prefix { $0 == "\u{FEFF}" }.count
        guard kept < written else { return text }
        return String(repeating: "\u{FEFF}", count: written - kept) + text
    }

    private static func style(_ style: Node.Scalar.Style) -> ScalarLocator.Style {
        switch style {
        case .singleQuoted: .singleQuoted
        case .doubleQuoted: .doubleQuoted
        case .literal, .folded: .block
        case .plain, .any: .plain
        }
    }

    /// Where `*name` is written: the first such alias from where reading is.
    private mutating func aliasLocation(_ name: String) -> FileLocation {
        let bytes = source.bytes
        let written = [UInt8(ascii: "*")] + Array(name.utf8)
        var index = position
        while index + written.count <= bytes.count {
            if bytes[index] == UInt8(ascii: "*"), bytes[index..<(index + written.count)].elementsEqual(written) {
                let after = index + written.count
                // An anchor's name runs to a space, a line break or a flow indicator.
                if after == bytes.count || [0x20, 0x09, 0x0A, 0x0D, 0x2C, 0x5D, 0x7D].contains(bytes[after]) {
                    position = index + 1
                    return source.location(ofOffset: index)
                }
            }
            index += 1
        }
        return source.location(ofOffset: position)
    }

    // MARK: - Errors of the YAML itself

    private func yamlDiagnostic(_ error: any Error) -> Diagnostic {
        func at(_ mark: Mark) -> FileLocation {
            FileLocation(file: source.name, line: mark.line, column: mark.column)
        }
        func describe(_ context: YamlError.Context?, _ problem: String) -> String {
            guard let context else { return problem }
            return "\(problem) (\(context.text) that starts on line \(context.mark.line))"
        }
        switch error as? YamlError {
        case .scanner(let context, let problem, let mark, _):
            return Diagnostic(.error, .yamlSyntax, "YAML: " + describe(context, problem), at: at(mark))
        case .parser(let context, let problem, let mark, _):
            return Diagnostic(.error, .yamlSyntax, "YAML: " + describe(context, problem), at: at(mark))
        case .composer(let context, let problem, let mark, _):
            return Diagnostic(.error, .yamlSyntax, "YAML: " + describe(context, problem), at: at(mark))
        case .duplicatedKeysInMapping(let duplicates, let context):
            // Yams marks the key's first occurrence; the mistake to fix is the repeat below it.
            let key = duplicates.first ?? ""
            let first = at(context.mark)
            let repeat_ = Self.repeatedKey(key, after: first, in: source) ?? first
            return Diagnostic(.error, .duplicateKey, "duplicate key '\(key)' (first on line \(first.line))", at: repeat_)
        case .reader(let problem, let offset, _, _):
            return Diagnostic(.error, .yamlSyntax, "YAML: " + problem, at: source.location(ofOffset: offset ?? 0))
        default:
            return Diagnostic(.error, .yamlSyntax, "YAML: \(error)", at: FileLocation(file: source.name, line: 1, column: 1))
        }
    }

    /// The next line after `first` where `key:` starts at the same column.
    private static func repeatedKey(_ key: String, after first: FileLocation, in source: SourceText) -> FileLocation? {
        var line = first.line + 1
        while let text = source.line(line) {
            let scalars = Array(text.unicodeScalars)
            if scalars.count >= first.column - 1 + key.unicodeScalars.count + 1 {
                let rest = String(String.UnicodeScalarView(scalars[(first.column - 1)...]))
                let indent = scalars.prefix(first.column - 1).allSatisfy { $0 == " " || $0 == "-" }
                if indent && (rest.hasPrefix(key + ":") || rest.hasPrefix("'\(key)':") || rest.hasPrefix("\"\(key)\":")) {
                    return FileLocation(file: first.file, line: line, column: first.column)
                }
            }
            line += 1
        }
        return nil
    }
}
