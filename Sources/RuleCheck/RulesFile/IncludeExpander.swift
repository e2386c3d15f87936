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
///
/// Each file is known by two paths: its *name*, which diagnostics show (resolved from the name the
/// main file was given), and its *path*, which the loader reads (resolved from the main file's
/// path). Read from disk, includes stay under the rules' directory (see ``IncludeRoots``), and
/// the main file and every block together hold at most ``RulesLoader/maxBytes`` bytes.
struct IncludeExpander {
    /// Reads an included file by its path (resolved from the including file's path, normalised),
    /// holding it to `limit` bytes: what is left of the cap.
    typealias Loader = @Sendable (_ path: String, _ limit: Int) -> IncludeRead

    let loader: Loader
    /// The cap of the main file and its blocks together, for messages.
    let maxBytes: Int
    /// What is left of ``maxBytes`` for blocks not read yet.
    private var remainingBytes: Int
    private(set) var diagnostics: [Diagnostic] = []
    /// Every block file read from disk: its real path and a digest of its bytes.
    private(set) var files: [RulesInput] = []
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

    /// - Parameters:
    ///   - maxBytes: the cap of the main file and its blocks together.
    ///   - used: the bytes of the main file.
    init(loader: @escaping Loader, maxBytes: Int = RulesLoader.maxBytes, used: Int = 0) {
        self.loader = loader
        self.maxBytes = maxBytes
        remainingBytes = max(0, maxBytes - used)
    }

    /// Replaces every `include:` field of `document` (read from `path`, named `file` in
    /// diagnostics) by a group of the block's fields, and merges the blocks' named patterns,
    /// masks and classes into the document.
    mutating func expand(_ document: inout RulesDocument, file: String, path: String? = nil) {
        var names = NamedBlocks()
        expand(&document, file: IncludedFile(name: file, path: path ?? file, location: nil), stack: [file], chain: [], names: &names)
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

    /// A file's name in diagnostics, its path to read, and where the including file names it.
    private struct IncludedFile {
        var name: String
        var path: String
        var location: FileLocation?
    }

    private mutating func expand(
        _ document: inout RulesDocument, file: IncludedFile, stack: [String],
        chain: [FileLocation], names: inout NamedBlocks
    ) {
        var includes: [String: IncludedFile] = [:]
        for named in document.includes {
            includes[named.name.value] = IncludedFile(
                name: Self.resolve(named.text.text, from: file.name), path: Self.resolve(named.text.text, from: file.path),
                location: named.text.location)
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
        _ spec: FieldSpec, includes: [String: IncludedFile],
        file: IncludedFile, stack: [String], chain: [FileLocation], names: inout NamedBlocks,
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
        includes: [String: IncludedFile], stack: [String],
        chain: [FileLocation], names: inout NamedBlocks,
        document: inout RulesDocument
    ) -> [FieldSpec]? {
        if let type = spec.type, type.value != "group" {
            error(
                .includeFieldShape, "a field with 'include' is a group of the block's fields; its type cannot be '\(type.value)'",
                at: type.location)
        }
        if spec.fields != nil {
            error(.includeFieldShape, "a field with 'include' takes its fields from the block; remove 'fields:'", at: include.location)
        }
        guard let included = includes[include.value] else {
            let suggestion = NearMiss.didYouMean(include.value, among: includes.keys.sorted())
            error(.unknownInclude, "unknown include '\(include.value)'\(suggestion); name it under 'includes:'", at: include.location)
            return nil
        }
        if let start = stack.firstIndex(of: included.name) {
            let cycle = (stack[start...] + [included.name]).joined(separator: " → ")
            error(.includeCycle, "include cycle: \(cycle)", at: include.location)
            return nil
        }
        guard stack.count <= Self.maxDepth else {
            error(.includeLimit, "includes nest more than \(Self.maxDepth) deep here", at: include.location)
            return nil
        }
        let site = chain + [include.location]
        guard var block = block(included, site: site) else { return nil }
        expand(&block, file: included, stack: stack + [included.name], chain: site, names: &names)
        let fields = block.sections.first?.fields ?? []
        instantiated += Self.count(fields)
        guard instantiated <= Self.maxFields else {
            error(.includeLimit, "includes make more than \(Self.maxFields) fields; stopped here", at: include.location)
            return nil
        }
        return fields
    }

    /// The block file `file`, parsed; its problems reported with the include chain. A file that
    /// cannot be read, or may not be, is an error at its path under `includes:`, once; nothing of
    /// it is quoted.
    private mutating func block(_ file: IncludedFile, site: [FileLocation]) -> RulesDocument? {
        let path = file.name
        if let cached = blocks[path] { return cached }
        if chains[path] == nil { chains[path] = site }
        let bytes: [UInt8]
        switch loader(file.path, remainingBytes) {
        case .bytes(let read, let real) where read.count <= remainingBytes:
            bytes = read
            remainingBytes -= read.count
            if let real { files.append(RulesInput(path: real, digest: SHA256.hexDigest(of: read))) }
        case .bytes, .tooLong:
            return refuse(
                file, .cannotReadFile, "cannot read included file '\(path)': \(Self.tooLong(maxBytes)); it was not read", site: site)
        case .unreadable(let reason):
            return refuse(file, .cannotReadFile, "cannot read included file '\(path)': \(reason)", site: site)
        case .outside:
            return refuse(
                file, .includeOutside,
                "included file '\(path)' is outside the rules file's directory: an include must lead (links followed) "
                    + "to a file under it, or under an --include-root; it was not read",
                site: site)
        }
        let (source, root) = RulesFileReader.read(bytes, name: path, diagnostics: &diagnostics)
        sources[path] = source
        var parser = RulesFileParser(source: source)
        let document = root.flatMap { parser.document($0) }
        diagnostics += parser.diagnostics
        var checked = document
        if let block = document {
            if let sectioned = block.sections.first, !sectioned.isImplicit {
                error(.includedFileShape, "an included file has top-level 'fields:', not 'sections:'", at: sectioned.id.location)
                checked = nil
            }
            for (key, location) in block.documentOnlyKeys {
                error(.includedFileShape, "'\(key)' belongs to the including rules file, not to an included one", at: location)
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
        error(.includeRedefinition, "\(what) '\(name.value)' is defined otherwise at \(firstName.location)", at: name.location)
    }

    /// An error at the path of a block that was not read (or at the include, for a path given
    /// without a place); the block counts as broken.
    private mutating func refuse(
        _ file: IncludedFile, _ code: DiagnosticCode, _ message: String, site: [FileLocation]
    ) -> RulesDocument? {
        error(code, message, at: file.location ?? site.last)
        blocks[file.name] = .some(nil)
        return nil
    }

    /// Why a block past the cap was not read.
    static func tooLong(_ maxBytes: Int) -> String {
        "the rules file and the files it includes are longer than \(maxBytes) bytes together"
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

    private mutating func error(_ code: DiagnosticCode, _ message: String, at location: FileLocation?) {
        diagnostics.append(Diagnostic(.error, code, message, at: location))
    }
}

extension IncludeExpander {
    /// Reads included files from disk, only under `roots`: each path is resolved (symbolic links
    /// followed) and the real path opened, so that what was judged is what is read; a file's
    /// size is checked against the cap before anything of it is read.
    static func files(under roots: IncludeRoots) -> Loader {
        { path, limit in
            switch roots.locate(path) {
            case .outside: return .outside
            case .missing(let reason): return .unreadable(reason)
            case .inside(let real):
                switch FileBytes.read(real, limit: limit, regularOnly: true, noFollow: true) {
                case .success(let bytes): return .bytes(bytes, file: real)
                case .failure(.tooLong): return .tooLong
                case .failure(let failure): return .unreadable(failure.description)
                }
            }
        }
    }
}

extension RulesDocument {
    /// Whether any field anywhere has `include:` (a file may include without `includes:` only by
    /// mistake, which the expander then reports).
    var hasIncludes: Bool {
        // Lists of fields, not fields: a field is large, and copying each one into a list
        // cost 2% of compiling a 10,000-field file.
        var pending = sections.map(\.fields)
        while let fields = pending.popLast() {
            for index in fields.indices {
                if fields[index].include != nil { return true }
                if let inner = fields[index].fields { pending.append(inner) }
                if let item = fields[index].item { pending.append(item) }
            }
        }
        return false
    }
}
