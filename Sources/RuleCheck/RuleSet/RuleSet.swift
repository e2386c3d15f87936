public import Foundation

/// A compiled rules file: typed fields with integer ids, compiled patterns, masks and
/// expressions, and the dependency graph in topological order.
///
/// ```swift
/// let rules = try RuleSet(contentsOf: URL(fileURLWithPath: "Rules/osago.yaml"))
/// var form = Form(rules)
/// let checker = RecordChecker(rules)
/// ```
///
/// A rule set is immutable and may be shared between threads and forms.
public final class RuleSet: Sendable {
    /// The form's identifier (`form:`).
    public let form: String
    public let title: String?
    /// The name of the file it was read from.
    public let source: String
    /// Every field, indexed by ``FieldID/index``: sections' fields depth-first in file order.
    public let fields: [FieldRules]
    public let sections: [SectionRules]
    /// The pages of a paged form (`pages: true`, or `page:` on sections), in order; empty for a
    /// form of one page.
    public let pages: [PageRules]
    /// The form's place in a server's wizard of several forms (`page_position:`); `nil` when
    /// the form is the whole of it.
    public let pagePosition: PagePosition?
    public let gates: [GateRules]
    /// Warnings about likely mistakes (the rules compile anyway).
    public let warnings: [Diagnostic]
    public let hiddenValues: HiddenValues
    /// Whether an empty text or list given is a value (`defaults.empty_values`).
    public let emptyValues: EmptyValues
    public let dateFormat: DateFormat
    /// The locale the rules' own texts are written in (`defaults.locale`: `fa`): the locale of
    /// messages when a command or a request names none, and what the preview's `lang` and
    /// direction follow.
    public let locale: String?
    /// Every edge of the dependency graph.
    public let edges: [DependencyEdge]
    /// SHA-256 of what the rules were compiled from, as 64 hex digits: the rules file's bytes and
    /// every file it includes, or a JSON Schema's and its UI schema's (see ``RulesFingerprint``);
    /// empty for rules compiled otherwise. `rulecheck merge` refuses slices checked with rules of
    /// another fingerprint.
    package var fingerprint: String { deferredFingerprint.value }
    private let deferredFingerprint: RulesFingerprint.Deferred

    /// All fields in topological order: every field after the fields it reads or depends on.
    let order: [FieldID]
    /// Each field's position in ``order``.
    let rank: [Int]
    /// Each field's direct dependents (the `to` of its edges), without duplicates.
    let successors: [[FieldID]]
    /// Each item field's dependents that read it in every item (``DependencyEdge/acrossItems``):
    /// a subset of ``successors``.
    let acrossSuccessors: [[FieldID]]
    /// The gates each field counts towards.
    let gatesOfField: [[Int]]
    let pathIndex: [String: FieldID]
    /// For each group: the fields with a value anywhere inside it (empty for other fields).
    let valueDescendants: [[FieldID]]
    /// For each list field: its position among the lists (`-1` for other fields).
    let listOrdinal: [Int]
    /// The list fields, in file order.
    let lists: [FieldID]
    /// Where each slot lives in the tables of forms and records.
    let layout: SlotLayout
    /// The JSON Schema that decides which records are valid (`json_schema:`, or the schema the
    /// rules were imported from); nil for rules whose own fields decide.
    let recordSchema: RecordSchema?

    /// Whether a JSON Schema decides which records are valid: `json_schema:` in a rules file, or
    /// a schema imported as the rules (not a RuleCheck export, whose keywords mean its rules).
    public var isCheckedByJSONSchema: Bool { recordSchema != nil }

    /// What the compiler produces.
    struct Parts: Sendable {
        var form: String
        var title: String?
        var source: String
        var fields: [FieldRules]
        var sections: [SectionRules]
        var pages: [PageRules] = []
        var pagePosition: PagePosition? = nil
        var gates: [GateRules]
        var warnings: [Diagnostic]
        var hiddenValues: HiddenValues
        var emptyValues: EmptyValues = .absent
        var dateFormat: DateFormat
        var locale: String? = nil
        var edges: [DependencyEdge]
        var order: [FieldID]
        var fingerprint = RulesFingerprint.Deferred.none
        var recordSchema: RecordSchema? = nil
    }

    init(_ parts: Parts) {
        form = parts.form
        title = parts.title
        source = parts.source
        fields = parts.fields
        sections = parts.sections
        pages = parts.pages
        pagePosition = parts.pagePosition
        gates = parts.gates
        warnings = parts.warnings
        hiddenValues = parts.hiddenValues
        emptyValues = parts.emptyValues
        dateFormat = parts.dateFormat
        locale = parts.locale
        edges = parts.edges
        order = parts.order
        deferredFingerprint = parts.fingerprint
        recordSchema = parts.recordSchema
        let count = parts.fields.count
        var rank = [Int](repeating: 0, count: count)
        for (position, field) in parts.order.enumerated() { rank[field.index] = position }
        self.rank = rank
        var successors = [[FieldID]](repeating: [], count: count)
        var seen = Set<Int>()
        for edge in parts.edges {
            if seen.insert(edge.from.index &* count &+ edge.to.index).inserted {
                successors[edge.from.index].append(edge.to)
            }
        }
        self.successors = successors.map { $0.sorted { rank[$0.index] < rank[$1.index] } }
        var acrossSuccessors = [[FieldID]](repeating: [], count: count)
        for edge in parts.edges where edge.acrossItems && !acrossSuccessors[edge.from.index].contains(edge.to) {
            acrossSuccessors[edge.from.index].append(edge.to)
        }
        self.acrossSuccessors = acrossSuccessors
        var gatesOfField = [[Int]](repeating: [], count: count)
        for (index, gate) in parts.gates.enumerated() {
            for member in gate.members { gatesOfField[member.index].append(index) }
        }
        self.gatesOfField = gatesOfField
        pathIndex = Dictionary(parts.fields.map { ($0.path, $0.id) }, uniquingKeysWith: { first, _ in first })
        var valueDescendants = [[FieldID]](repeating: [], count: count)
        for field in parts.fields.reversed() where field.type == .group {
            valueDescendants[field.id.index] = field.members.flatMap { member in
                parts.fields[member.index].type == .group ? valueDescendants[member.index] : [member]
            }.filter { parts.fields[$0.index].type.holdsValue }
        }
        self.valueDescendants = valueDescendants
        let lists = parts.fields.filter { $0.type == .list }.map(\.id)
        var listOrdinal = [Int](repeating: -1, count: count)
        for (ordinal, list) in lists.enumerated() { listOrdinal[list.index] = ordinal }
        self.lists = lists
        self.listOrdinal = listOrdinal
        layout = SlotLayout(fields: parts.fields, listOrdinal: listOrdinal)
    }

    /// Compiles rules from YAML (or JSON) text.
    ///
    /// - Parameters:
    ///   - text: the rules file's text.
    ///   - source: the name used in diagnostics, such as `osago.yaml`; a name ending in `.json`,
    ///     or text that starts with `{` under a name without `.yaml` or `.yml`, is read as JSON.
    /// - Throws: ``RulesError`` with every error in the file.
    public convenience init(yaml text: String, source: String = "rules.yaml") throws(RulesError) {
        try self.init(bytes: Array(text.utf8), source: source)
    }

    /// Compiles rules whose included blocks are given as text, by path relative to the rules
    /// file's directory (`blocks/address.yaml`) — for rules bundled with an app, and tests.
    ///
    /// ```swift
    /// let rules = try RuleSet(yaml: policy, source: "policy.yaml", includes: ["blocks/address.yaml": address])
    /// ```
    ///
    /// - Throws: ``RulesError`` with every error, those in included blocks too.
    public convenience init(yaml text: String, source: String = "rules.yaml", includes: [String: String]) throws(RulesError) {
        let blocks = Dictionary(includes.map { (IncludeExpander.normalise($0.key), $0.value) }, uniquingKeysWith: { first, _ in first })
        // The expander resolves paths from the rules file's own path: look them up without its directory.
        let directory = IncludeExpander.resolve("", from: source)
        try self.init(
            bytes: Array(text.utf8), source: source,
            loader: { path, _ in
                guard let text = blocks[path] ?? (directory.isEmpty ? nil : blocks[String(path.dropFirst(directory.count + 1))]) else {
                    return .unreadable("no text was given for it")
                }
                return .bytes(Array(text.utf8), file: nil)
            })
    }

    /// Compiles a rules file's bytes: YAML, or JSON when `source` ends in `.json` (or, under a
    /// name without `.yaml` or `.yml`, when the text starts with `{`). Bytes that are not UTF-8
    /// are an error at their line and column. Blocks it includes are read from disk, from under
    /// the directory of `source` only (see ``RulesLoader``).
    ///
    /// ```swift
    /// let rules = try RuleSet(bytes: Array(data), source: "signup.json")
    /// ```
    ///
    /// - Parameters:
    ///   - bytes: the rules file's bytes (UTF-8).
    ///   - source: the name used in diagnostics.
    /// - Throws: ``RulesError`` with every error in the file.
    public convenience init(bytes: [UInt8], source: String) throws(RulesError) {
        try self.init(bytes: bytes, source: source, loader: nil)
    }

    private convenience init(bytes: [UInt8], source: String, loader: IncludeExpander.Loader?) throws(RulesError) {
        let compiled = RuleSetCompiler.compile(bytes, source: source, includes: loader)
        guard let parts = compiled.parts else { throw compiled.error }
        self.init(parts)
    }

    /// Reads and compiles a rules file (YAML, or JSON for a `.json` file) as ``RulesLoader``
    /// reads one: its includes stay under its directory, and it and its includes hold at most
    /// ``RulesLoader/maxBytes`` together.
    ///
    /// - Throws: ``RulesError`` (also when the file cannot be read:
    ///   `FILE: error: cannot read the rules file: …`).
    public convenience init(contentsOf url: URL) throws(RulesError) {
        let bytes = try RulesLoader.readRulesFile(url.path, name: url.path, limit: RulesLoader.maxBytes).get()
        try self.init(bytes: bytes, source: url.path)
    }

    /// The field at `path` (`doc_number`, `insurant.birth_date`, `drivers.birth_date`), compared
    /// code point for code point, as JSON compares keys: "K" written as U+212A KELVIN SIGN, which
    /// Swift's strings hold equal to "K", names no field.
    public func field(_ path: String) -> FieldRules? {
        guard let id = pathIndex[path] else { return nil }
        let field = fields[id.index]
        return JSONKey(field.path) == JSONKey(path) ? field : nil
    }

    /// The path of one instance of a field: `doc_number`, or for an item field the item's
    /// `drivers[2].birth_date`.
    func path(of field: FieldRules, item: Int) -> String {
        guard let list = field.list else { return field.path }
        // Written into one allocation: interpolation or appending cost several times more, and
        // a path is made for every slot an edit changes.
        var listPath = fields[list.index].path
        var fieldPath = field.path
        var index = String(item)
        return listPath.withUTF8 { prefix in
            fieldPath.withUTF8 { whole in
                index.withUTF8 { digits in
                    let rest = UnsafeBufferPointer(rebasing: whole[min(prefix.count, whole.count)...])
                    return String(unsafeUninitializedCapacity: prefix.count + digits.count + 2 + rest.count) { buffer in
                        var end = 0
                        func put(_ bytes: UnsafeBufferPointer<UInt8>) {
                            end += UnsafeMutableBufferPointer(rebasing: buffer[end...]).initialize(fromContentsOf: bytes)
                        }
                        put(prefix)
                        withUnsafeBytes(of: UInt8(ascii: "[")) { put($0.assumingMemoryBound(to: UInt8.self)) }
                        put(digits)
                        withUnsafeBytes(of: UInt8(ascii: "]")) { put($0.assumingMemoryBound(to: UInt8.self)) }
                        put(rest)
                        return end
                    }
                }
            }
        }
    }

}

/// A section (page) of the form.
public struct SectionRules: Sendable {
    public let id: String
    public let title: String
    /// The section's fields in display order, depth-first (a group before its members).
    public let fields: [FieldID]
}

/// A page of a paged form: one or more sections shown together, one step of a wizard.
public struct PageRules: Sendable {
    public let id: String
    /// The title of its first section.
    public let title: String
    /// Its sections, as indices into ``RuleSet/sections``, in order.
    public let sections: [Int]
}

/// A gate: a named set of fields that must all be valid for an action (a button).
public struct GateRules: Sendable {
    public let name: String
    /// Every field the gate covers, members of named groups and lists included.
    public let members: [FieldID]
}
