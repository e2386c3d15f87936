import Foundation

/// Composed forms: a rules file names reusable blocks (`includes: {address: blocks/address.yaml}`)
/// and instantiates one under a prefix with a field `- id: home_address, include: address`: the
/// field becomes a group whose members are the block's fields, so that `home_address.street` and
/// `work_address.street` are two fields of one definition. Names in a block's expressions resolve
/// inside the instance first (a group's scope), then in the form.
///
/// A block file is a rules file with top-level `fields:` and, if it needs them, `patterns:`,
/// `masks:`, `mask_classes:` and `includes:` of its own; those names join the including file's
/// (the same name must mean the same thing). Paths are relative to the including file. Diagnostics
/// point into the block file, with a note for each include on the way to it; a cycle of includes
/// is an error at the include that closes it.
struct IncludeExpander {
    /// Reads an included file by its path (relative to the main file's directory, normalised);
    /// `nil` when it cannot be read.
    typealias Loader = @Sendable (String) -> String?

    let loader: Loader
    private(set) var diagnostics: [Diagnostic] = []
    /// The text of every file read, for snippets.
    private(set) var sources: [String: SourceText] = [:]
    /// For each included file, the include sites that led to it first (outermost first).
    private(set) var chains: [String: [FileLocation]] = [:]
    /// Parsed block files, by path (`nil`: unreadable or broken, already reported).
    private var blocks: [String: RulesDocument?] = [:]
    /// How many fields includes have made, against ``maxFields``.
    private var instantiated = 0

    /// Includes nest at most this deep.
    static let maxDepth = 16
    /// Includes may make at most this many fields in all (a block of blocks grows fast).
    static let maxFields = 100_000

    init(loader: @escaping Loader) {
        self.loader = loader
    }

    /// Replaces every `include:` field of `document` (read from `file`) by a group of the block's
    /// fields, and merges the blocks' named patterns, masks and classes into the document.
    mutating func expand(_ document: inout RulesDocument, file: String) {
        var names = NamedBlocks()
        expand(&document, file: file, stack: [file], chain: [], names: &names)
        document.patterns = names.patterns.values.sorted { $0.name.location < $1.name.location }
        document.masks = names.masks.values.sorted { $0.name.location < $1.name.location }
        document.maskClasses = names.classes.values.sorted { $0.name.location < $1.name.location }
    }

    /// What `expand` has merged so far: named patterns, masks and classes from every file.
    private struct NamedBlocks {
        var patterns: [String: NamedText] = [:]
        var masks: [String: NamedText] = [:]
        var classes: [String: NamedClass] = [:]
    }

    private mutating func expand(
        _ document: inout RulesDocument, file: String, stack: [String],
        chain: [FileLocation], names: inout NamedBlocks
    ) {
        var includes: [String: (path: String, location: FileLocation)] = [:]
        for named in document.includes {
            includes[named.name.value] = (Self.resolve(named.text.text, from: file), named.text.location)
        }
        collect(document, into: &names)
        for section in document.sections.indices {
            document.sections[section].fields = document.sections[section].fields.map { spec in
                expand(spec, includes: includes, file: file, stack: stack, chain: chain, names: &names, document: &document)
            }
        }
    }

    /// `spec` with its own include (and its members') expanded.
    private mutating func expand(
        _ spec: FieldSpec, includes: [String: (path: String, location: FileLocation)],
        file: String, stack: [String], chain: [FileLocation], names: inout NamedBlocks,
        document: inout RulesDocument
    ) -> FieldSpec {
        var spec = spec
        spec.includedFrom = chain
        if let include = spec.include {
            // After an error the field is an empty group, so that it causes no more errors.
            spec.fields =
                instantiate(
                    include, of: spec, includes: includes, stack: stack, chain: chain, names: &names,
                    document: &document) ?? []
            if spec.type == nil { spec.type = Located(value: "group", location: include.location) }
            return spec
        }
        spec.fields = spec.fields?.map {
            expand($0, includes: includes, file: file, stack: stack, chain: chain, names: &names, document: &document)
        }
        spec.item = spec.item?.map {
            expand($0, includes: includes, file: file, stack: stack, chain: chain, names: &names, document: &document)
        }
        return spec
    }

    /// The fields of the block `include` names, read (once) and expanded in turn; `nil` after an
    /// error.
    private mutating func instantiate(
        _ include: Located<String>, of spec: FieldSpec,
        includes: [String: (path: String, location: FileLocation)], stack: [String],
        chain: [FileLocation], names: inout NamedBlocks,
        document: inout RulesDocument
    ) -> [FieldSpec]? {
        if let type = spec.type, type.value != "group" {
            error("a field with 'include' is a group of the block's fields; its type cannot be '\(type.value)'", at: type.location)
        }
        if spec.fields != nil {
            error("a field with 'include' takes its fields from the block; remove 'fields:'", at: include.location)
        }
        guard let (path, _) = includes[include.value] else {
            let suggestion = NearMiss.didYouMean(include.value, among: includes.keys.sorted())
            error("unknown include '\(include.value)'\(suggestion); name it under 'includes:'", at: include.location)
            return nil
        }
        if let start = stack.firstIndex(of: path) {
            let cycle = (stack[start...] + [path]).joined(separator: " → ")
            error("include cycle: \(cycle)", at: include.location)
            return nil
        }
        guard stack.count <= Self.maxDepth else {
            error("includes nest more than \(Self.maxDepth) deep here", at: include.location)
            return nil
        }
        let site = chain + [include.location]
        guard var block = block(at: path, site: site) else { return nil }
        expand(&block, file: path, stack: stack + [path], chain: site, names: &names)
        let fields = block.sections.first?.fields ?? []
        instantiated += Self.count(fields)
        guard instantiated <= Self.maxFields else {
            error("includes make more than \(Self.maxFields) fields; stopped here", at: include.location)
            return nil
        }
        return fields
    }

    /// The block file at `path`, parsed; its problems reported with the include chain.
    private mutating func block(at path: String, site: [FileLocation]) -> RulesDocument? {
        if let cached = blocks[path] { return cached }
        if chains[path] == nil { chains[path] = site }
        guard let text = loader(path) else {
            error("cannot read included file '\(path)'", at: site.last)
            blocks[path] = .some(nil)
            return nil
        }
        let (source, root) = RulesFileReader.read(Array(text.utf8), name: path, diagnostics: &diagnostics)
        sources[path] = source
        var parser = RulesFileParser(source: source)
        let document = root.flatMap { parser.document($0) }
        diagnostics += parser.diagnostics
        var checked = document
        if let block = document {
            if let sectioned = block.sections.first, !sectioned.isImplicit {
                error("an included file has top-level 'fields:', not 'sections:'", at: sectioned.id.location)
                checked = nil
            }
            for (key, location) in block.documentOnlyKeys {
                error("'\(key)' belongs to the including rules file, not to an included one", at: location)
            }
        }
        blocks[path] = .some(checked)
        return checked
    }

    /// Adds a document's named patterns, masks and classes to those seen; the same name must
    /// be written the same way everywhere.
    private mutating func collect(_ document: RulesDocument, into names: inout NamedBlocks) {
        for named in document.patterns {
            check(named.name, named.text.text, against: names.patterns[named.name.value].map { ($0.name, $0.text.text) }, "pattern")
        }
        for named in document.masks {
            check(named.name, named.notation, against: names.masks[named.name.value].map { ($0.name, $0.notation) }, "mask")
        }
        for named in document.maskClasses {
            check(named.name, named.description, against: names.classes[named.name.value].map { ($0.name, $0.description) }, "mask class")
        }
        for named in document.patterns where names.patterns[named.name.value] == nil { names.patterns[named.name.value] = named }
        for named in document.masks where names.masks[named.name.value] == nil { names.masks[named.name.value] = named }
        for named in document.maskClasses where names.classes[named.name.value] == nil { names.classes[named.name.value] = named }
    }

    private mutating func check(
        _ name: Located<String>, _ text: String, against first: (Located<String>, String)?,
        _ what: String
    ) {
        guard let (firstName, firstText) = first, firstName.location != name.location, firstText != text else { return }
        error("\(what) '\(name.value)' is defined otherwise at \(firstName.location)", at: name.location)
    }

    // MARK: - Paths

    /// `path` as written in `file` (relative to its directory), normalised.
    static func resolve(_ path: String, from file: String) -> String {
        if path.hasPrefix("/") { return normalise(path) }
        let directory = file.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        return normalise(directory.isEmpty ? path : directory + "/" + path)
    }

    /// Without `.` and with `x/..` collapsed.
    static func normalise(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: false) {
            switch part {
            case ".": continue
            case "..":
                if let last = parts.last, last != "..", !last.isEmpty { parts.removeLast() } else { parts.append(part) }
            case "" where !parts.isEmpty: continue
            default: parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }

    /// How many field specs `fields` holds, members and items included.
    private static func count(_ fields: [FieldSpec]) -> Int {
        var total = 0
        var pending = fields
        while let field = pending.popLast() {
            total += 1
            pending += field.fields ?? []
            pending += field.item ?? []
        }
        return total
    }

    private mutating func error(_ message: String, at location: FileLocation?) {
        diagnostics.append(Diagnostic(.error, message, at: location))
    }
}

extension IncludeExpander {
    /// Reads included files from disk, relative to the directory of the rules file `main` (the
    /// current directory for a name without one).
    static func files(besides main: String) -> Loader {
        { path in
            guard let data = FileManager.default.contents(atPath: path) else { return nil }
            return String(data: data, encoding: .utf8)
        }
    }
}

extension RulesDocument {
    /// Whether any field anywhere has `include:` (a file may include without `includes:` only by
    /// mistake, which the expander then reports).
    var hasIncludes: Bool {
        var pending = sections.flatMap(\.fields)
        while let field = pending.popLast() {
            if field.include != nil { return true }
            pending += field.fields ?? []
            pending += field.item ?? []
        }
        return false
    }
}
