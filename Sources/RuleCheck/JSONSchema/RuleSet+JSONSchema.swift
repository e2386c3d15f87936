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
        let imported = try JSONSchemaImport.document(
            jsonSchema: Array(jsonSchema), uiSchema: uiSchema.map(Array.init),
            source: source, options: options)
        let compiled = RuleSetCompiler.compile(imported.document, source: imported.text)
        guard var parts = compiled.parts else { throw compiled.error }
        let (schemaBytes, uiBytes) = (Array(jsonSchema), uiSchema.map(Array.init))
        parts.fingerprint = RulesFingerprint.Deferred { RulesFingerprint.jsonSchema(schemaBytes, uiSchema: uiBytes) }
        return (parts, imported.findings)
    }

    private static func read(_ url: URL) throws(RulesError) -> Data {
        do {
            return try Data(contentsOf: url)
        } catch {
            throw RulesError(diagnostics: [Diagnostic(.error, "cannot read '\(url.path)': \(error.localizedDescription)", at: nil)])
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
        var findings = importer.findings
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
        if options.strict, !findings.isEmpty {
            throw RulesError(
                diagnostics: findings.map { finding in
                    var diagnostic = Diagnostic(
                        .error,
                        "\(finding.pointer.isEmpty ? "/" : finding.pointer): \(finding.kind == .unsupported ? "not supported" : finding.kind.rawValue): \(finding.message)",
                        at: finding.location)
                    diagnostic.attachSnippet(from: schema.text)
                    return diagnostic
                })
        }
        return Result(document: document, findings: findings, text: schema.text)
    }

    /// Prints the imported rules as a YAML (or JSON) rules file, and returns the findings.
    package static func rulesFile(
        jsonSchema: [UInt8], uiSchema: [UInt8]?, source: String, uiSource: String = "uiSchema.json",
        strict: Bool = false, json: Bool = false
    ) throws(RulesError) -> (text: String, findings: [ImportFinding]) {
        let result = try document(
            jsonSchema: jsonSchema, uiSchema: uiSchema, source: source,
            options: JSONSchemaImportOptions(strict: strict, uiSchemaSource: uiSource))
        // Compile it too, so that a schema whose rules do not compile is an error here as well.
        let compiled = RuleSetCompiler.compile(result.document, source: result.text)
        if compiled.parts == nil { throw compiled.error }
        return (json ? result.document.json() : result.document.yaml(), result.findings)
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
