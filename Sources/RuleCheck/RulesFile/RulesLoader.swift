import Foundation

/// Reads rules from disk: a rules file (YAML or JSON) with the blocks it includes, or a JSON
/// Schema with its UI schema. Every command of `rulecheck` that loads rules, and the server,
/// loads them with this, so they all check the same things and give the same errors.
///
/// ```swift
/// let loaded = try RulesLoader().load("Rules/kasko.yaml")
/// let schema = try RulesLoader(uiSchema: "listing.jsonforms.json").load("listing.schema.json")
/// for finding in schema.findings { print(finding) }
/// ```
///
/// What it holds to:
/// * **The size cap.** The rules file and every file it includes hold at most ``maxBytes``
///   together (a UI schema, at most as much again). A regular file is measured before it is read,
///   so a file past the cap costs no memory; a pipe is read up to the cap.
/// * **Includes stay under the rules file's directory** — or under one of ``includeRoots`` —
///   judged by where a path really leads, symbolic links followed. An include elsewhere is an
///   error at the include that quotes nothing of the file, and says the same whether the file
///   exists or not.
/// * **Text is UTF-8**: a byte that is not is an error at its line and column.
public struct RulesLoader: Sendable {
    /// How to read the file named.
    public enum Format: Sendable, CaseIterable {
        /// A JSON object with a `$schema` key is a JSON Schema; anything else is a rules file.
        case automatic
        /// A rules file, YAML or JSON.
        case rules
        /// A JSON Schema.
        case jsonSchema
        /// A form of another tool's format, read by ``RulesLoader/translator`` (an XLSForm, with
        /// RuleCheckXLSForm's translator). Under ``automatic`` the translator is asked whether it
        /// recognises the file.
        case translated
    }

    /// How diagnostics name the files read.
    package enum Naming: Sendable {
        /// As given (the CLI: the user named them).
        case asGiven
        /// As given when the path is relative and stays below the current directory, otherwise
        /// by the file's own name: what a server shows, which must not tell where its files are.
        case withoutDirectories
    }

    /// The most bytes of a rules file and the files it includes, together: a 100,000-field form
    /// is about 15 MB.
    public static let maxBytes = 64 << 20

    public var format: Format
    /// The UI schema of a JSON Schema (an RJSF `uiSchema` or a JSON Forms UI schema), by path.
    public var uiSchema: String?
    /// Directories that includes may lead into besides the rules file's own.
    public var includeRoots: [String]
    /// Schemas a JSON Schema (an imported one, or a rules file's `json_schema:`) may refer to:
    /// files and directories, or `URI=PATH` (nothing is ever fetched; see Docs/json-schema.md).
    public var schemaDocuments: [String] = []
    /// Whether a JSON Schema's `format` keywords are checked.
    public var formats = JSONSchemaImportOptions.Formats.dialectDefault
    /// Reads forms of another tool's format (RuleCheckXLSForm's `XLSFormTranslator`): a file it
    /// recognises, or any file under ``Format/translated``, is translated and its rules compiled.
    public var translator: (any RulesTranslator)?
    package var naming = Naming.asGiven
    /// The cap (``maxBytes``; smaller in tests).
    package var maxBytes = RulesLoader.maxBytes
    /// Refuse a rules file or UI schema that is not a regular file (a FIFO, a device), without
    /// waiting on it: what a server does, which reads its files again whenever they change and
    /// must never block on one. (Included files are regular files always.)
    package var regularFilesOnly = false

    public init(format: Format = .automatic, uiSchema: String? = nil, includeRoots: [String] = []) {
        self.format = format
        self.uiSchema = uiSchema
        self.includeRoots = includeRoots
    }

    /// Reads and compiles the rules at `path` (`-`: standard input).
    ///
    /// - Throws: ``RulesError``: for a file that cannot be read, `FILE: error: cannot read the
    ///   rules file: …`; otherwise every error of the rules, as `lint` prints them.
    public func load(_ path: String) throws(RulesError) -> LoadedRules {
        // The files read are the watchers' (``attempt(_:)``): hashing them is not for a load.
        try attempt(path, digests: false).result.get()
    }

    /// What loading gave, and every file read on the way — also when it failed, so that a
    /// server watching them sees a fix.
    package struct Attempt: Sendable {
        package var result: Result<LoadedRules, RulesError>
        /// The rules file first (its digest nil when it could not be read), then the files it
        /// includes and the UI schema.
        package var files: [RulesInput]
    }

    package func attempt(_ path: String) -> Attempt {
        attempt(path, digests: true)
    }

    /// ``attempt(_:)``; without `digests`, the rules file's digest in ``Attempt/files`` is not
    /// computed (nil): hashing a large rules file costs a noticeable part of compiling it.
    private func attempt(_ path: String, digests: Bool) -> Attempt {
        let shown = name(of: path)
        let bytes: [UInt8]
        switch Self.readRulesFile(path, name: shown, limit: maxBytes, regularOnly: regularFilesOnly) {
        case .success(let read): bytes = read
        case .failure(let error): return Attempt(result: .failure(error), files: [RulesInput(path: path, digest: nil)])
        }
        var files = [RulesInput(path: path, digest: digests ? SHA256.hexDigest(of: bytes) : nil)]
        var context = JSONSchemaSpec.Context()
        context.formats = formats
        context.baseURI = path == "-" ? nil : SchemaDocuments.fileURL(path)
        switch SchemaDocuments.read(schemaDocuments, limit: maxBytes) {
        case .success(let documents): context.documents = documents
        case .failure(let error): return Attempt(result: .failure(error), files: files)
        }
        let result: Result<LoadedRules, RulesError>
        if format == .translated || (format == .automatic && translator?.recognises(path: path, bytes: bytes) == true) {
            result = translate(bytes, name: shown)
        } else if format == .jsonSchema || (format == .automatic && JSONSchemaImport.looksLikeJSONSchema(bytes)) {
            result = importSchema(bytes, name: shown, context: context, files: &files)
        } else if let uiSchema {
            result = .failure(
                Self.fileError(name(of: uiSchema), .unsupportedInput, "--ui goes with a JSON Schema, and '\(shown)' is a rules file"))
        } else {
            result = compileRules(bytes, path: path, name: shown, context: context, files: &files)
        }
        return Attempt(result: result, files: files)
    }

    private func compileRules(
        _ bytes: [UInt8], path: String, name: String, context: JSONSchemaSpec.Context, files: inout [RulesInput]
    ) -> Result<LoadedRules, RulesError> {
        let roots: IncludeRoots
        do {
            roots = try IncludeRoots(rulesFile: path, extra: includeRoots)
        } catch {
            return .failure(Self.fileError(error.path, .cannotReadFile, "cannot use it as an include root: \(error.reason)"))
        }
        let compiled = RuleSetCompiler.compile(
            bytes, source: name, path: path, includes: IncludeExpander.files(under: roots), maxBytes: maxBytes,
            schemaContext: context)
        files += compiled.files
        guard let parts = compiled.parts else { return .failure(compiled.error) }
        return .success(LoadedRules(rules: RuleSet(parts), findings: []))
    }

    private func translate(_ bytes: [UInt8], name shown: String) -> Result<LoadedRules, RulesError> {
        guard let translator else {
            return .failure(
                Self.fileError(shown, .unsupportedInput, "no translator reads this format here (an XLSForm needs RuleCheckXLSForm)"))
        }
        if let uiSchema {
            return .failure(
                Self.fileError(name(of: uiSchema), .unsupportedInput, "--ui goes with a JSON Schema, and '\(shown)' is not one"))
        }
        do {
            return .success(try translator.translate(bytes, name: shown).compiled(source: shown))
        } catch {
            return .failure(error)
        }
    }

    private func importSchema(
        _ bytes: [UInt8], name shown: String, context: JSONSchemaSpec.Context, files: inout [RulesInput]
    ) -> Result<LoadedRules, RulesError> {
        var ui: [UInt8]?
        if let uiSchema {
            switch FileBytes.read(uiSchema, limit: maxBytes, regularOnly: regularFilesOnly) {
            case .success(let read):
                ui = read
                files.append(RulesInput(path: uiSchema, digest: SHA256.hexDigest(of: read)))
            case .failure(let failure):
                files.append(RulesInput(path: uiSchema, digest: nil))
                return .failure(Self.fileError(name(of: uiSchema), .cannotReadFile, "cannot read the UI schema: \(failure)"))
            }
        }
        do {
            let imported = try RuleSet.importing(
                jsonSchema: Data(bytes), uiSchema: ui.map { Data($0) }, source: shown,
                options: {
                    var options = JSONSchemaImportOptions(
                        uiSchemaSource: uiSchema.map(name(of:)) ?? "uiSchema.json", formats: context.formats,
                        baseURI: context.baseURI)
                    options.parsedDocuments = context.documents
                    return options
                }())
            return .success(LoadedRules(rules: imported.rules, findings: imported.findings))
        } catch {
            return .failure(error)
        }
    }

    /// The bytes of the rules file at `path`, named `name` in the error when it cannot be read.
    static func readRulesFile(_ path: String, name: String, limit: Int, regularOnly: Bool = false) -> Result<[UInt8], RulesError> {
        FileBytes.read(path, limit: limit, regularOnly: regularOnly).mapError {
            fileError(name, .cannotReadFile, "cannot read the rules file: \($0)")
        }
    }

    /// The name diagnostics give the file at `path` (see ``Naming``).
    package func name(of path: String) -> String {
        switch naming {
        case .asGiven: return path
        case .withoutDirectories: return Self.nameWithoutDirectories(path)
        }
    }

    /// `path` when it is relative and stays below the current directory (`Rules/osago.yaml`),
    /// otherwise the file's own name (`osago.yaml` for `/srv/rules/osago.yaml`).
    package static func nameWithoutDirectories(_ path: String) -> String {
        let parts = path.split(separator: "/")
        if !path.hasPrefix("/"), !parts.contains("..") { return path }
        return parts.last.map(String.init) ?? "rules"
    }

    /// An error about a whole file: `FILE: error: MESSAGE`.
    static func fileError(_ file: String, _ code: DiagnosticCode, _ message: String) -> RulesError {
        RulesError(diagnostics: [Diagnostic(.error, code, message, at: .whole(file))])
    }
}
