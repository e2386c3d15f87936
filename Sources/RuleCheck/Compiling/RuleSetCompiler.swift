import Patterns

/// Compiles a ``RulesDocument`` into a ``RuleSet``: declares every field with an integer id,
/// compiles patterns, masks and expressions, builds the dependency graph and orders it. Every
/// error is collected, so one run reports them all.
struct RuleSetCompiler {
    /// A field during compilation. Its spec stays where the document holds it (``spec(_:)``):
    /// a copy in every declared field was 2 KB a field, 220 MB at 100,000 fields.
    struct DeclaredField {
        /// Where the spec is: the index in its section's fields, or in its parent's `fields:` or
        /// `item:` (``parent``).
        let specIndex: Int
        /// The group or list whose `fields:` or `item:` holds the spec (nil: its section's).
        let parent: FieldID?
        let id: FieldID
        let path: String
        let type: FieldType
        let section: Int
        let list: FieldID?
        let itemIndex: Int
        let group: FieldID?
        /// Enclosing groups and list, innermost first.
        let containers: [FieldID]
        var members: [FieldID] = []
        var options: [ChoiceOption] = []
        var optionType: ExprType = .text
        var optionAttributeTypes: [String: ExprType] = [:]
        /// Visibility and enabled conditions, own and inherited, with the fields they read.
        var visible: [CompiledCondition] = []
        var enabled: [CompiledCondition] = []
        var dependsOn: [FieldID] = []
        /// A `values` field's type of each value.
        var itemType: FieldType?

        /// The type each value's own rules apply to: a `values` field's item type, else the field's.
        var valueType: FieldType { itemType ?? type }
    }

    /// A field an expression reads, where it is named, and whether it reads it in every item of
    /// its list (an aggregate) rather than in one.
    typealias Reference = (field: FieldID, location: FileLocation, acrossItems: Bool)

    struct CompiledCondition {
        let expr: Expr
        let text: String
        let references: [Reference]

        /// The expression as the field keeps it, under its rules-file key.
        func written(_ key: String) -> WrittenExpression { WrittenExpression(expr: expr, key: key, text: text) }
    }

    let source: SourceText
    var diagnostics: [Diagnostic] = []
    /// Whether the rules' JSON Schema did not compile (``Compiled/schemaFailed``).
    var schemaFailed = false
    /// The errors among ``diagnostics``.
    var errorCount = 0
    var declared: [DeclaredField] = []
    var pathIndex: [String: FieldID] = [:]
    var sectionIDs: [String] = []
    var namedPatterns: [String: (pattern: Pattern, location: FileLocation)] = [:]
    var namedMasks: [String: (mask: Mask, location: FileLocation)] = [:]
    /// The document's `mask_classes:`, compiled: every mask of the file may use them.
    var maskClasses: [Character: MaskCharacterClass] = [:]
    /// The text of each file read (the main one and included ones), for snippets.
    var sources: [String: SourceText] = [:]
    /// For each included file, the include sites that led to it (for notes on its diagnostics).
    var includeChains: [String: [FileLocation]] = [:]
    /// Every name under `patterns:` and `masks:`, compiled or not, for suggestions.
    var declaredNames: Set<String> = []
    var usedNames: Set<String> = []
    var edges: [DependencyEdge] = []
    var dateFormat = DateFormat.iso
    /// `defaults.calendar` and `defaults.letters`.
    var calendar = DateCalendar.gregorian
    var letters = LetterFolding.exact
    /// Each declared field's `letters:` (or the default), read once.
    var fieldLetters: [LetterFolding] = []
    var hiddenValues = HiddenValues.clear
    var emptyValues = EmptyValues.absent
    var summaries: [ScopeResolver.FieldSummary] = []
    /// Each section's fields, taken out of the document: each held until it and its members are
    /// compiled, then let go (``SectionField/compiled``), so that the document shrinks as the
    /// rules grow (at 100,000 fields the specs are about 130 MB).
    var sectionFields: [[SectionField]] = []

    /// A section's field spec while it is needed. A reference, so that letting one go frees it
    /// (an array of specs keeps all their bytes until the whole array goes).
    final class SectionField: Sendable {
        let spec: FieldSpec
        init(_ spec: FieldSpec) { self.spec = spec }

        /// What stands for a field whose spec has been let go: nothing reads it any more.
        static let compiled = SectionField(FieldSpec(id: Located(value: "", location: .whole("")), location: .whole("")))
    }

    init(source: SourceText) {
        self.source = source
    }

    /// Reads and compiles a rules file's bytes (YAML or JSON, see ``RulesFileReader``). The parts
    /// are `nil` when there is any error; the diagnostics hold every error and warning, in file
    /// order, with source snippets. Blocks the file includes are read with `loader` (when nil:
    /// from disk, under the directory of `path`), the file and its blocks holding at most
    /// `maxBytes` together.
    ///
    /// - Parameters:
    ///   - name: the file's name in diagnostics.
    ///   - path: the file's path, that includes are resolved from (`name` when nil).
    static func compile(
        _ bytes: [UInt8], source name: String, path: String? = nil,
        includes loader: IncludeExpander.Loader? = nil, maxBytes: Int = RulesLoader.maxBytes,
        schemaContext: JSONSchemaSpec.Context? = nil
    ) -> Compiled {
        var diagnostics: [Diagnostic] = []
        var files: [RulesInput] = []
        let (sourceText, read) = document(of: bytes, name: name, diagnostics: &diagnostics)
        var document = read
        if let schemaContext { document?.jsonSchema?.context = schemaContext }
        var compiler = RuleSetCompiler(source: sourceText)
        compiler.diagnostics = diagnostics
        if var parsed = document, !parsed.includes.isEmpty || parsed.hasIncludes {
            let loader = loader ?? IncludeExpander.files(under: IncludeRoots(rulesFile: path ?? name))
            var expander = IncludeExpander(loader: loader, maxBytes: maxBytes, used: bytes.count)
            expander.expand(&parsed, file: name, path: path ?? name)
            compiler.diagnostics += expander.diagnostics
            compiler.sources = expander.sources
            compiler.includeChains = expander.chains
            files = expander.files
            document = parsed
        }
        compiler.errorCount = compiler.diagnostics.count { $0.severity == .error }
        // Handed over, not copied: compiling lets go of each field's spec once it is compiled.
        var parts: RuleSet.Parts?
        if let taken = document.take() { parts = compiler.compile(consume taken) }
        let includes = compiler.sources
        parts?.fingerprint = RulesFingerprint.Deferred { RulesFingerprint.rulesFile(bytes, includes: includes, of: name) }
        var compiled = compiler.finished(parts)
        compiled.files = files
        return compiled
    }

    /// The document of a rules file's bytes, its tree let go of as soon as the document is read
    /// (at 100,000 fields the tree is over 100 MB, and compiling needs only the document).
    private static func document(
        of bytes: [UInt8], name: String, diagnostics: inout [Diagnostic]
    ) -> (source: SourceText, document: RulesDocument?) {
        let (source, root) = RulesFileReader.read(bytes, name: name, diagnostics: &diagnostics)
        var parser = RulesFileParser(source: source)
        let document = root.flatMap { parser.document($0) }
        diagnostics += parser.diagnostics
        return (source, document)
    }

    /// Compiles rules-file text (see ``compile(_:source:)-([UInt8],_)``).
    static func compile(_ text: String, source name: String) -> Compiled {
        compile(Array(text.utf8), source: name)
    }

    /// Compiles a document built in memory (an imported JSON Schema); `source` is the text its
    /// locations point into, for snippets.
    static func compile(_ document: RulesDocument, source: SourceText) -> Compiled {
        var compiler = RuleSetCompiler(source: source)
        let parts = compiler.compile(document)
        return compiler.finished(parts)
    }

    /// What compiling gave: the parts, or `nil` when there is any error; the diagnostics in file
    /// order, with at most ``RulesError/shownErrorLimit`` errors (the first found) and every
    /// warning; the number of further errors found.
    struct Compiled {
        var parts: RuleSet.Parts?
        var diagnostics: [Diagnostic]
        var omittedErrors = 0
        /// Whether the rules' JSON Schema (`json_schema:`) is among what did not compile: a
        /// schema error, which no simpler form of the fields mends.
        var schemaFailed = false
        /// The included files read from disk.
        var files: [RulesInput] = []

        /// The error of a file that did not compile.
        var error: RulesError { RulesError(diagnostics: diagnostics, omittedErrors: omittedErrors) }
    }

    /// Whether an error reported now will be shown, so that its did-you-mean is worth looking for:
    /// a suggestion looks through every name, so only the errors shown may look for one (a file
    /// with thousands of unknown names would otherwise take quadratic time).
    var suggests: Bool { errorCount < RulesError.shownErrorLimit }

    private func finished(_ parts: RuleSet.Parts?) -> Compiled {
        let (diagnostics, omitted) = finishedDiagnostics()
        guard !diagnostics.contains(where: { $0.severity == .error }) else {
            return Compiled(parts: nil, diagnostics: diagnostics, omittedErrors: omitted, schemaFailed: schemaFailed)
        }
        var parts = parts
        parts?.warnings = diagnostics.filter { $0.severity == .warning }
        return Compiled(parts: parts, diagnostics: diagnostics)
    }

    /// The diagnostics without repeats, the errors past ``RulesError/shownErrorLimit`` left out
    /// (and counted), with snippets and include notes, in file order.
    private func finishedDiagnostics() -> (diagnostics: [Diagnostic], omittedErrors: Int) {
        var seen = Set<Diagnostic>()
        var errors = 0
        var omitted = 0
        let kept = diagnostics.filter { diagnostic in
            guard seen.insert(diagnostic).inserted else { return false }
            guard diagnostic.severity == .error else { return true }
            errors += 1
            if errors > RulesError.shownErrorLimit { omitted += 1 }
            return errors <= RulesError.shownErrorLimit
        }
        let finished =
            kept
            .map { diagnostic in
                var diagnostic = diagnostic
                diagnostic.attachSnippet(from: diagnostic.location.flatMap { sources[$0.file] } ?? source)
                // In an included file: the includes that led there.
                for site in (diagnostic.location.flatMap { includeChains[$0.file] } ?? []).reversed() {
                    diagnostic.notes.append(Diagnostic.Note(message: "included from here", location: site))
                }
                return diagnostic
            }
            .enumerated()
            .sorted { lhs, rhs in
                switch (lhs.element.location, rhs.element.location) {
                case let (a?, b?) where a != b: a < b
                default: lhs.offset < rhs.offset
                }
            }
            .map(\.element)
        return (finished, omitted)
    }

    // MARK: - The whole document

    private mutating func compile(_ document: consuming RulesDocument) -> RuleSet.Parts? {
        if let version = document.version, version.value != 1 {
            error(
                .unsupportedVersion, "this version of rulecheck reads rules files of version 1, not \(version.value)", at: version.location)
        }
        if let format = document.dateFormat {
            if let parsed = DateFormat(format.value) {
                dateFormat = parsed
            } else {
                error(
                    .invalidDateFormat, "date_format '\(format.value)' needs yyyy, MM (or M) and dd (or d) once each", at: format.location)
            }
        }
        if let hidden = document.hiddenValues {
            if let parsed = HiddenValues(rawValue: hidden.value) {
                hiddenValues = parsed
            } else {
                error(.invalidValue, "hidden_values must be 'clear' or 'keep', not '\(hidden.value)'", at: hidden.location)
            }
        }
        if let empty = document.emptyValues {
            if let parsed = EmptyValues(rawValue: empty.value) {
                emptyValues = parsed
            } else {
                error(.invalidValue, "empty_values must be 'absent' or 'present', not '\(empty.value)'", at: empty.location)
            }
        }
        compileLocaleDefaults(document)
        compileNamedPatterns(document.patterns)
        compileMaskClasses(document.maskClasses)
        compileNamedMasks(document.masks)

        // Growing the list by doubling would copy every declared field again.
        declared.reserveCapacity(document.sections.reduce(0) { $0 + $1.fields.count })
        for index in document.sections.indices {
            sectionFields.append(document.sections[index].fields.map(SectionField.init))
            document.sections[index].fields = []
        }
        for (index, section) in document.sections.enumerated() {
            if let first = sectionIDs.firstIndex(of: section.id.value) {
                let line = document.sections[first].id.location.line
                error(.duplicateSectionID, "duplicate section id '\(section.id.value)' (first on line \(line))", at: section.id.location)
            }
            sectionIDs.append(section.id.value)
            for (position, field) in sectionFields[index].enumerated() {
                declare(field.spec, at: position, section: index, prefix: "", containers: [], list: nil, group: nil)
            }
        }
        compileOptions()
        // The default applies to the fields with text to compare; `letters:` elsewhere is an error of its own.
        fieldLetters = declared.map {
            [.text, .choice, .multiChoice].contains($0.type) ? letters(of: self.spec($0.id, \.letters)) : .exact
        }
        summaries = declared.map { field in
            ScopeResolver.FieldSummary(
                path: field.path, type: field.type, list: field.list,
                exprType: exprType(of: field),
                firstMember: field.members.first.map { self.spec($0, \.id.value) },
                letters: fieldLetters[field.id.index])
        }
        var fields: [FieldRules] = []
        fields.reserveCapacity(declared.count)
        var top = 0
        for index in declared.indices {
            if declared[index].parent == nil { top = index }
            let field = compileField(index)
            lint(field)
            fields.append(field)
            // A section's field comes first, then its members: once the last of them is compiled,
            // nothing reads its spec again.
            if index + 1 == declared.count || declared[index + 1].parent == nil {
                sectionFields[declared[top].section][declared[top].specIndex] = .compiled
            }
        }
        let gates = compileGates(document.gates, document)
        reportUnusedNames(document)

        let order: [FieldID]
        switch DependencyGraph.order(fieldCount: fields.count, edges: edges) {
        case .success(let sorted):
            order = sorted
        case .failure(let cycles):
            for cycle in cycles.cycles { reportCycle(cycle) }
            order = fields.map(\.id)
        }

        let sections = document.sections.enumerated().map { index, section in
            SectionRules(
                id: section.id.value, title: section.title ?? section.id.value,
                fields: declared.indices.filter { declared[$0].section == index && declared[$0].list == nil }.map { declared[$0].id })
        }
        let formName = document.form?.value ?? Self.stem(of: source.name)
        var parts = RuleSet.Parts(
            form: formName, title: document.title, source: source.name, fields: fields,
            sections: sections, gates: gates, warnings: [], hiddenValues: hiddenValues,
            dateFormat: dateFormat, edges: edges, order: order)
        parts.emptyValues = emptyValues
        parts.pages = compilePages(document)
        parts.pagePosition = compilePagePosition(document, ownPages: parts.pages.count)
        parts.locale = compileLocale(document.locale)
        parts.recordSchema = document.jsonSchema.flatMap { compileJSONSchema($0) }
        return parts
    }

    private static func stem(of path: String) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        return file.split(separator: ".").first.map(String.init) ?? file
    }

    // MARK: - Named patterns and masks

    private mutating func compileNamedPatterns(_ patterns: [NamedText]) {
        for named in patterns {
            declaredNames.insert("pattern:" + named.name.value)
            if let pattern = compilePattern(named.text) {
                namedPatterns[named.name.value] = (pattern, named.name.location)
            }
        }
    }

    private mutating func compileNamedMasks(_ masks: [NamedText]) {
        for named in masks {
            declaredNames.insert("mask:" + named.name.value)
            if let mask = compileMask(named.text, alternatives: named.alternatives) {
                namedMasks[named.name.value] = (mask, named.name.location)
            }
        }
    }

    /// An inline regex, or `@name` for a named one.
    mutating func pattern(_ text: ScalarText) -> Pattern? {
        if let name = Self.reference(text.text) {
            usedNames.insert("pattern:" + name)
            if let named = namedPatterns[name] { return named.pattern }
            if declaredNames.contains("pattern:" + name) { return nil }  // its own error is reported
            let suggestion = NearMiss.didYouMean(name, among: names(prefixed: "pattern:"))
            error(
                .unknownPattern, "unknown pattern '@\(name)'\(suggestion) (to match a literal '@', write '\\@\(name)')", at: text.location)
            return nil
        }
        return compilePattern(text)
    }

    /// An inline mask (with its alternatives), or `@name` for a named one.
    mutating func mask(_ text: ScalarText, alternatives: [ScalarText] = []) -> Mask? {
        if let name = Self.reference(text.text) {
            if let alternative = alternatives.first {
                error(.unknownMask, "a named mask '@\(name)' has no alternatives here; list them under 'masks:'", at: alternative.location)
            }
            usedNames.insert("mask:" + name)
            if let named = namedMasks[name] { return named.mask }
            if declaredNames.contains("mask:" + name) { return nil }
            let suggestion = NearMiss.didYouMean(name, among: names(prefixed: "mask:"))
            error(.unknownMask, "unknown mask '@\(name)'\(suggestion)", at: text.location)
            return nil
        }
        return compileMask(text, alternatives: alternatives)
    }

    private mutating func compilePattern(_ text: ScalarText) -> Pattern? {
        do {
            return try PatternCache.shared.pattern(text.text)
        } catch {
            self.error(.invalidRegex, "invalid regex: \(error.message)", at: text.location(of: error.offset ?? 0))
            return nil
        }
    }

    private mutating func compileMask(_ text: ScalarText, alternatives: [ScalarText]) -> Mask? {
        let texts = [text] + alternatives
        do {
            return try Mask(alternatives: texts.map(\.text), classes: maskClasses)
        } catch {
            let failed = texts.first { $0.text == error.mask } ?? text
            self.error(.invalidMask, error.description, at: failed.location(of: error.offset))
            return nil
        }
    }

    private func names(prefixed prefix: String) -> [String] {
        declaredNames.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }.sorted()
    }

    /// The name in `@name`, if the text is exactly a reference.
    private static func reference(_ text: String) -> String? {
        guard text.first == "@" else { return nil }
        let name = text.dropFirst()
        return Self.isIdentifier(name) ? String(name) : nil
    }

    /// `[A-Za-z_][A-Za-z0-9_]*`: ids such as `birth_date` and, as servers and exports name
    /// things, `birthDate`.
    static func isIdentifier<S: StringProtocol>(_ text: S) -> Bool {
        let letter = { (scalar: Unicode.Scalar) in ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) }
        guard let first = text.unicodeScalars.first, first == "_" || letter(first) else { return false }
        return text.unicodeScalars.allSatisfy { $0 == "_" || letter($0) || ("0"..."9").contains($0) }
    }

    private mutating func reportUnusedNames(_ document: RulesDocument) {
        for named in document.patterns
        where !usedNames.contains("pattern:" + named.name.value) && namedPatterns[named.name.value] != nil {
            warning(.unusedPattern, "pattern '\(named.name.value)' is never used", at: named.name.location)
        }
        for named in document.masks
        where !usedNames.contains("mask:" + named.name.value) && namedMasks[named.name.value] != nil {
            warning(.unusedMask, "mask '\(named.name.value)' is never used", at: named.name.location)
        }
    }

    // MARK: - Gates

    /// A gate names fields; a name that is no field's may be a page's id (`page:`) or a
    /// section's, for every field on it.
    private mutating func compileGates(_ gates: [GateSpec], _ document: RulesDocument) -> [GateRules] {
        var pageSections: [String: Set<Int>] = [:]
        for (index, section) in document.sections.enumerated() {
            pageSections[section.id.value, default: []].insert(index)
            if let page = section.page { pageSections[page.value, default: []].insert(index) }
        }
        return gates.map { gate in
            switch gate.members {
            case .all:
                return GateRules(name: gate.name.value, members: declared.map(\.id))
            case .fields(let names):
                var members: [FieldID] = []
                for name in names {
                    if pathIndex[name.value] == nil, let sections = pageSections[name.value] {
                        // A page (or section) by id: every field on it, as it is valid.
                        // (Indices, not fields: filtering copied every declared field.)
                        members += declared.indices.filter { sections.contains(declared[$0].section) && declared[$0].list == nil }
                            .flatMap { subtree(declared[$0].id) }
                        continue
                    }
                    guard let id = pathIndex[name.value] else {
                        let suggestion = suggests ? NearMiss.didYouMean(name.value, among: pathIndex.keys.sorted()) : ""
                        error(
                            .unknownField, "gate '\(gate.name.value)' names unknown field '\(name.value)'\(suggestion)", at: name.location)
                        continue
                    }
                    guard declared[id.index].list == nil else {
                        error(
                            .listItemScope,
                            "gate '\(gate.name.value)' cannot name '\(name.value)', a field of each list item; name the list",
                            at: name.location)
                        continue
                    }
                    members.append(contentsOf: subtree(id))
                }
                var seen = Set<FieldID>()
                return GateRules(name: gate.name.value, members: members.filter { seen.insert($0).inserted })
            }
        }
    }

    /// A field and, for a group or list, everything inside it (the items of a list inside a
    /// list's item too).
    func subtree(_ id: FieldID) -> [FieldID] {
        [id]
            + declared[id.index].members.flatMap { member in
                declared[id.index].type == .list && declared[member.index].type != .list ? [member] : subtree(member)
            }
    }

    // MARK: - Diagnostics

    mutating func error(
        _ code: DiagnosticCode, _ message: String, at location: FileLocation?, notes: [Diagnostic.Note] = []
    ) {
        diagnostics.append(Diagnostic(.error, code, message, at: location, notes: notes))
        errorCount += 1
    }

    mutating func warning(_ code: DiagnosticCode, _ message: String, at location: FileLocation?) {
        diagnostics.append(Diagnostic(.warning, code, message, at: location))
    }

    private mutating func reportCycle(_ cycle: DependencyGraph.Cycle) {
        guard let first = cycle.edges.first else { return }
        let names = cycle.edges.map { declared[$0.from.index].path } + [declared[first.from.index].path]
        let notes = cycle.edges.map { edge in
            Diagnostic.Note(
                message: "\(declared[edge.from.index].path) → \(declared[edge.to.index].path): "
                    + edgeDescription(edge),
                location: edge.location)
        }
        error(.dependencyCycle, "dependency cycle: " + names.joined(separator: " → "), at: first.location, notes: notes)
    }

    private func edgeDescription(_ edge: DependencyEdge) -> String {
        let to = declared[edge.to.index].path, from = declared[edge.from.index].path
        return switch edge.kind {
        case .dependsOn: "\(to) depends_on \(from)"
        case .visibility: "the visible_if of \(to) names \(from)"
        case .enabled: "the enabled_if of \(to) names \(from)"
        case .required: "the required of \(to) names \(from)"
        case .value: "the value of \(to) names \(from)"
        case .check: "a check of \(to) names \(from)"
        case .options: "the options_filter of \(to) names \(from)"
        }
    }
}
