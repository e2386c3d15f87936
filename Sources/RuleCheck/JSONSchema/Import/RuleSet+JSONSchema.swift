public import Foundation

extension RuleSet {
    /// Compiles a JSON Schema (draft-07, 2019-09 or 2020-12) into a rule set, as an app does with
    /// the schema its server sends at run time. The schema is translated into the same rules a
    /// hand-written rules file holds, so forms, record checks and batch checks behave the same.
    ///
    /// ```swift
    /// let rules = try RuleSet(jsonSchema: schemaData, source: "listing.schema.json")
    /// var form = Form(rules)
    /// ```
    ///
    /// What the rules cannot say exactly is reported as an ``ImportFinding``; use
    /// ``importing(jsonSchema:uiSchema:source:options:)`` to read them, or
    /// ``JSONSchemaImportOptions/strict`` to refuse such a schema. The `x-rulecheck-*` keywords
    /// of ``jsonSchema(draft:)`` are read back exactly.
    ///
    /// - Parameters:
    ///   - jsonSchema: the schema's JSON bytes.
    ///   - uiSchema: a UI schema: an RJSF `uiSchema` (order, titles, read-only, option names;
    ///     presentation keys as ``FieldRules/ui`` hints) or a JSON Forms UI schema (categories as
    ///     sections, controls as order and labels, rules as `visible_if`/`enabled_if`).
    ///   - source: the name used in diagnostics and findings.
    ///   - options: how strictly to import (``JSONSchemaImportOptions/strict`` refuses a schema
    ///     with findings) and what the import assumes.
    /// - Throws: ``RulesError`` when the schema is not JSON, cannot become a form (a `$ref`
    ///   cycle, a root that is not an object), does not compile, or has findings under `strict`.
    public convenience init(
        jsonSchema: Data, uiSchema: Data? = nil, source: String = "schema.json",
        options: JSONSchemaImportOptions = .init()
    ) throws(RulesError) {
        let imported = try RuleSet.importParts(jsonSchema: jsonSchema, uiSchema: uiSchema, source: source, options: options)
        self.init(imported.parts)
    }

    /// Reads and compiles a JSON Schema file; see ``init(jsonSchema:uiSchema:source:options:)``.
    public convenience init(
        jsonSchemaAt url: URL, uiSchemaAt uiURL: URL? = nil,
        options: JSONSchemaImportOptions = .init()
    ) throws(RulesError) {
        let schema = try Self.read(url)
        let ui = try uiURL.map { url throws(RulesError) in try Self.read(url) }
        var options = options
        if let uiURL { options.uiSchemaSource = uiURL.path }
        try self.init(jsonSchema: schema, uiSchema: ui, source: url.path, options: options)
    }

    /// Compiles a JSON Schema and returns the findings with the rule set: what was approximated
    /// or is not checked, each with its JSON pointer.
    ///
    /// ```swift
    /// let (rules, findings) = try RuleSet.importing(jsonSchema: data, source: "schema.json")
    /// for finding in findings { print(finding) }   // schema.json:9:7: /properties/tags/uniqueItems: not supported: …
    /// ```
    public static func importing(
        jsonSchema: Data, uiSchema: Data? = nil, source: String = "schema.json",
        options: JSONSchemaImportOptions = .init()
    ) throws(RulesError) -> (rules: RuleSet, findings: [ImportFinding]) {
        let imported = try importParts(jsonSchema: jsonSchema, uiSchema: uiSchema, source: source, options: options)
        return (RuleSet(imported.parts), imported.findings)
    }

    private static func importParts(
        jsonSchema: Data, uiSchema: Data?, source: String,
        options: JSONSchemaImportOptions
    ) throws(RulesError) -> (parts: Parts, findings: [ImportFinding]) {
        let imported = try JSONSchemaImport.compiled(
            jsonSchema: Array(jsonSchema), uiSchema: uiSchema.map(Array.init),
            source: source, options: options)
        var parts = imported.parts
        let (schemaBytes, uiBytes) = (Array(jsonSchema), uiSchema.map(Array.init))
        parts.fingerprint = RulesFingerprint.Deferred { RulesFingerprint.jsonSchema(schemaBytes, uiSchema: uiBytes) }
        return (parts, imported.findings)
    }

    private static func read(_ url: URL) throws(RulesError) -> Data {
        do {
            return try Data(contentsOf: url)
        } catch {
            throw RulesError(diagnostics: [
                Diagnostic(.error, .cannotReadFile, "cannot read '\(url.path)': \(error.localizedDescription)", at: nil)
            ])
        }
    }
}

/// The import step alone: a JSON Schema to a ``RulesDocument`` and findings (for the CLI's
/// printer and for tests), before compiling.
package enum JSONSchemaImport {
    struct Result {
        var document: RulesDocument
        var findings: [ImportFinding]
        var text: SourceText
        /// Where RuleCheck's own keywords are written: a compile error there is the author's.
        var ownLocations: Set<FileLocation> = []
    }

    /// An import compiled: the document that compiled (see ``simplified(_:to:)``), its parts
    /// and the findings.
    struct Compiled {
        var document: RulesDocument
        var parts: RuleSet.Parts
        var findings: [ImportFinding]
    }

    /// How much of the form an import keeps when its rules do not compile as made: the fields
    /// are the form's presentation of a schema whose own evaluation decides validity, so a form
    /// that cannot say everything says less, and records are checked the same.
    enum FormDetail: CaseIterable {
        /// Everything the importer made.
        case full
        /// Without initial values (a schema's `default` is an annotation, not always valid) and
        /// without the form's place in a server's wizard (`pages`).
        case withoutInitials
        /// Fields with their types, titles, options, bounds and messages; no expressions
        /// (conditions, computed values, cross-field checks).
        case plain
        /// No fields: the schema alone.
        case none

        var description: String {
            switch self {
            case .full: "the whole form"
            case .withoutInitials: "without the schema's defaults as initial values and its page position"
            case .plain: "without conditions and checks between fields"
            case .none: "no fields: the schema alone"
            }
        }
    }

    /// Imports and compiles: when the schema decides validity and the rules made do not compile,
    /// the form is simplified (``FormDetail``) until they do, with a finding that says so; an
    /// error of the schema itself (its evaluation's) is never simplified away.
    static func compiled(
        jsonSchema: [UInt8], uiSchema: [UInt8]?, source: String,
        options: JSONSchemaImportOptions
    ) throws(RulesError) -> Compiled {
        let result = try document(jsonSchema: jsonSchema, uiSchema: uiSchema, source: source, options: options)
        var first: RulesError?
        for detail in FormDetail.allCases {
            let document = simplified(result.document, to: detail)
            let compiled = RuleSetCompiler.compile(document, source: result.text)
            if let parts = compiled.parts {
                var findings = result.findings
                // A reference to a schema not given: the records that reach it fail.
                if let schema = document.jsonSchema {
                    for reference in parts.recordSchema?.evaluator.unresolvedReferences ?? [] {
                        findings.append(
                            ImportFinding(
                                .unsupported,
                                "$ref '\(reference.uri)' is a schema that was not given (give it with --schema; nothing is fetched): records that reach it fail",
                                pointer: reference.isInRootDocument ? reference.pointer : "",
                                location: reference.isInRootDocument ? schema.location(of: reference.pointer) : schema.location))
                    }
                }
                let refused = findings.filter { $0.kind != .ignored }
                if options.strict, !refused.isEmpty {
                    throw RulesError(
                        diagnostics: refused.map { finding in
                            var diagnostic = Diagnostic(
                                .error, .unsupportedSchemaFeature,
                                "\(finding.pointer.isEmpty ? "/" : finding.pointer): not supported: \(finding.message)",
                                at: finding.location)
                            diagnostic.attachSnippet(from: result.text)
                            return diagnostic
                        })
                }
                if detail != .full, let reason = first?.diagnostics.first {
                    findings.append(
                        ImportFinding(
                            .ignored,
                            "the form is simplified (\(detail.description)) because its rules did not compile: \(reason.message); records are checked against the schema all the same",
                            pointer: "", location: reason.location ?? FileLocation(file: source, line: 1, column: 1)))
                }
                return Compiled(document: document, parts: parts, findings: findings)
            }
            // A schema the rules do not decide, or an error of the schema's own evaluation: nothing to simplify.
            // An error in RuleCheck's own keywords is the author's to fix: not simplified away either.
            let isOwn = compiled.error.diagnostics.contains { $0.location.map(result.ownLocations.contains) ?? false }
            guard document.jsonSchema != nil, !compiled.schemaFailed, !isOwn else { throw compiled.error }
            if first == nil { first = compiled.error }
        }
        throw first ?? RulesError(diagnostics: [])
    }

    /// The document with less of the form (``FormDetail``).
    static func simplified(_ document: RulesDocument, to detail: FormDetail) -> RulesDocument {
        guard detail != .full else { return document }
        var document = document
        if detail == .none {
            document.sections = []
            document.gates = []
            document.pages = nil
            return document
        }
        document.pagePosition = nil
        func simplify(_ fields: inout [FieldSpec]) {
            for index in fields.indices {
                fields[index].initial = nil
                fields[index].initialList = nil
                fields[index].keys["initial"] = nil
                if detail == .plain {
                    fields[index].visibleIf = nil
                    fields[index].enabledIf = nil
                    fields[index].value = nil
                    fields[index].optionsFilter = nil
                    fields[index].display = nil
                    fields[index].dependsOn = []
                    fields[index].uniqueBy = []
                    if fields[index].required?.text != "true" { fields[index].required = nil }
                    fields[index].checks = []
                    for key in ["visible_if", "enabled_if", "value", "options_filter", "display", "depends_on", "unique_by", "checks"] {
                        fields[index].keys[key] = nil
                    }
                    if fields[index].required == nil { fields[index].keys["required"] = nil }
                }
                if var members = fields[index].fields {
                    simplify(&members)
                    fields[index].fields = members
                }
                if var item = fields[index].item {
                    simplify(&item)
                    fields[index].item = item
                }
            }
        }
        for index in document.sections.indices { simplify(&document.sections[index].fields) }
        return document
    }

    static func document(
        jsonSchema: [UInt8], uiSchema: [UInt8]?, source: String,
        options: JSONSchemaImportOptions
    ) throws(RulesError) -> Result {
        let schema = try SchemaSource(bytes: Self.droppingBOM(jsonSchema), name: source)
        var importer = SchemaImporter(source: schema)
        var options = options
        if options.form == nil { options.form = Self.formName(source) }
        var document = importer.document(options: options)
        if importer.schemaDecides {
            var spec = JSONSchemaSpec(source: schema, placement: .file, location: FileLocation(file: source, line: 1, column: 1))
            spec.context.baseURI = options.baseURI
            spec.context.formats = options.formats
            spec.context.documents = options.parsedDocuments
            for (uri, data) in options.documents.sorted(by: { $0.key < $1.key }) {
                spec.context.documents[uri] = try SchemaSource(bytes: Self.droppingBOM(Array(data)), name: uri).root
            }
            document.jsonSchema = spec
        }
        // The schema's findings in the order of its text (then of their words), whatever order the
        // import met them in: the same bytes on every run. A UI schema's follow, as it gives them.
        var findings = importer.findings.sorted { ($0.location, $0.message) < ($1.location, $1.message) }
        if let uiSchema {
            let ui = try SchemaSource(bytes: Self.droppingBOM(uiSchema), name: options.uiSchemaSource)
            if RJSFUISchema.isJSONForms(ui.root) {
                var applier = JSONFormsUISchema(source: ui)
                applier.exactVisible = importer.exactVisible
                applier.exactEnabled = importer.exactEnabled
                applier.apply(to: &document.sections)
                findings += applier.findings
                // Sections the UI schema makes are its pages too (a stepper, or options.page).
                if !applier.sections.isEmpty {
                    let grouped = document.sections.contains { $0.page != nil }
                    document.pages = applier.isWizard && !grouped ? Located(value: true, location: ui.location(of: "")) : nil
                }
            } else {
                var applier = RJSFUISchema(source: ui)
                applier.exactEnabled = importer.exactEnabled
                applier.apply(to: &document.sections)
                findings += applier.findings
            }
        }
        if !importer.errors.isEmpty { throw RulesError(diagnostics: importer.errors) }
        // Notes about what a form keeps (`ignored`) are no reason to refuse a schema.
        let refused = findings.filter { $0.kind != .ignored }
        if options.strict, !refused.isEmpty {
            throw RulesError(
                diagnostics: refused.map { finding in
                    var diagnostic = Diagnostic(
                        .error, .unsupportedSchemaFeature,
                        "\(finding.pointer.isEmpty ? "/" : finding.pointer): \(finding.kind == .unsupported ? "not supported" : finding.kind.rawValue): \(finding.message)",
                        at: finding.location)
                    diagnostic.attachSnippet(from: schema.text)
                    return diagnostic
                })
        }
        return Result(document: document, findings: findings, text: schema.text, ownLocations: importer.ownLocations)
    }

    /// Prints the imported rules as a YAML (or JSON) rules file, and returns the findings.
    package static func rulesFile(
        jsonSchema: [UInt8], uiSchema: [UInt8]?, source: String, uiSource: String = "uiSchema.json",
        strict: Bool = false, json: Bool = false
    ) throws(RulesError) -> (text: String, findings: [ImportFinding]) {
        try rulesFile(
            jsonSchema: jsonSchema, uiSchema: uiSchema, source: source,
            options: JSONSchemaImportOptions(strict: strict, uiSchemaSource: uiSource), json: json)
    }

    /// Prints the imported rules as a YAML (or JSON) rules file, and returns the findings.
    package static func rulesFile(
        jsonSchema: [UInt8], uiSchema: [UInt8]?, source: String, options: JSONSchemaImportOptions, json: Bool = false
    ) throws(RulesError) -> (text: String, findings: [ImportFinding]) {
        // Compile it too, so that a schema whose rules do not compile is an error here as well,
        // and print the form that compiles.
        let compiled = try compiled(jsonSchema: jsonSchema, uiSchema: uiSchema, source: source, options: options)
        return (json ? compiled.document.json() : compiled.document.yaml(), compiled.findings)
    }

    /// Whether `bytes` look like a JSON Schema rather than a rules file: a JSON object with a
    /// `$schema` key.
    package static func looksLikeJSONSchema(_ bytes: [UInt8]) -> Bool {
        let text = droppingBOM(bytes)
        guard text.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == UInt8(ascii: "{"),
            mayHaveSchemaKey(text),
            let value = try? JSONParser().parse(text)
        else { return false }
        return value["$schema"] != nil
    }

    /// Whether the top-level object of `text` (which starts with `{`) may have the key
    /// `$schema`: one pass over the bytes that builds nothing, so that a rules file written as
    /// JSON is not parsed twice. `false` only when no key of the top-level object is `$schema`
    /// as written; a key with an escape in it may be, and gives `true` (the caller then parses).
    private static func mayHaveSchemaKey(_ text: [UInt8]) -> Bool {
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        var depth = 0
        var keyNext = false
        var index = 0
        while index < text.count {
            let byte = text[index]
            switch byte {
            case quote:
                let start = index + 1
                var end = start
                var escaped = false
                while end < text.count, text[end] != quote {
                    if text[end] == backslash {
                        escaped = true
                        end += 1
                    }
                    end += 1
                }
                if depth == 1, keyNext, escaped || text[start..<min(end, text.count)].elementsEqual("$schema".utf8) {
                    return true
                }
                keyNext = false
                index = end + 1
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                keyNext = depth == 1 && byte == UInt8(ascii: "{")
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
            case UInt8(ascii: ","):
                keyNext = depth == 1
            default:
                break
            }
            index += 1
        }
        return false
    }

    private static func droppingBOM(_ bytes: [UInt8]) -> [UInt8] {
        bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
    }

    /// `listing` for `schemas/listing.schema.json`, made a valid form id.
    private static func formName(_ source: String) -> String {
        let file = source.split(separator: "/").last.map(String.init) ?? source
        let stem = file.split(separator: ".").first.map(String.init) ?? "form"
        let cleaned = String(
            stem.lowercased().unicodeScalars.map { scalar in
                ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) ? Character(scalar) : "_"
            })
        return cleaned.isEmpty ? "form" : cleaned
    }
}
