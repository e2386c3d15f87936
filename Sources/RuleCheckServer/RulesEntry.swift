public import Foundation
public import RuleCheck

/// One rules file as the server holds it: the last version of it that compiled, and — while the
/// file on disk does not compile — its errors as `rulecheck lint` prints them.
///
/// It is read by ``RulesLoader``, as every command of `rulecheck` reads rules; diagnostics name
/// the files without the directories above them (``shownFile``), so that no answer tells where
/// the server's files are.
public struct RulesEntry: Sendable {
    /// The path as given on the command line.
    public let file: String
    /// The file as answers name it: ``file`` when it is relative and stays below the current
    /// directory, otherwise the file's own name (`osago.yaml` for `/srv/rules/osago.yaml`).
    public let shownFile: String
    /// What requests name it by: the form's id (`form:`), or the file's base name until the file
    /// first compiles.
    public internal(set) var name: String
    /// The last version of the file that compiled; nil while none has.
    public internal(set) var rules: RuleSet?
    /// What importing a JSON Schema approximated or left out, as warning lines (with ``rules``).
    public internal(set) var findingWarnings: [String] = []
    /// The first 16 hex digits of the rules' fingerprint (``RuleSet/fingerprint``, SHA-256 of the
    /// texts ``rules`` was compiled from — the file, the files it includes, a UI schema): it
    /// changes with every change of them that compiles, and is the same for the same texts
    /// wherever they lie.
    public internal(set) var version: String?
    /// When ``rules`` was compiled.
    public internal(set) var loadedAt: Date?
    /// The file's errors (and warnings), one `FILE:LINE:COLUMN: error: … [CODE]` with its source
    /// line and caret each, when the file on disk does not compile now; nil when it does.
    public internal(set) var errors: String?
    /// The codes of ``errors``' diagnostics (`RC2001`), in order; empty when it compiles.
    public internal(set) var errorCodes: [String] = []

    let loader: RulesLoader
    /// The files last read (the rules file first): each with what it looked like then, to notice
    /// a change without reading it, and the digest of its text.
    var inputs: [WatchedInput] = []

    /// A file the rules were read from, as last seen.
    struct WatchedInput {
        let input: RulesInput
        let stamp: FileStamp?
    }

    init(file: String, loader: RulesLoader) {
        self.file = file
        self.loader = loader
        shownFile = loader.name(of: file)
        name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
    }

    /// Reads the files again if any changed, and compiles them if a text did.
    ///
    /// - Returns: whether ``version`` or ``errors`` changed.
    mutating func refresh(now: Date = Date()) -> Bool {
        guard inputs.isEmpty || changed(now: now) else { return false }
        let attempt = loader.attempt(file)
        inputs = attempt.files.map { WatchedInput(input: $0, stamp: FileStamp(path: $0.path)) }
        let before = (version, errors)
        switch attempt.result {
        case .success(let loaded):
            rules = loaded.rules
            findingWarnings = loaded.findingWarnings
            name = loaded.rules.form
            version = String(loaded.rules.fingerprint.prefix(16))
            if before.0 != version { loadedAt = now }
            errors = nil
            errorCodes = []
        case .failure(let error):
            errors = error.description
            errorCodes = error.diagnostics.map(\.code.id)
        }
        return before.0 != version || before.1 != errors
    }

    /// Whether a file read last time holds other text now. Files whose stamp is the same are not
    /// read; a file changed within the same clock tick and size would keep its stamp, so recent
    /// files are read anyway.
    private mutating func changed(now: Date) -> Bool {
        var stamps: [FileStamp?] = []
        var changed = false
        for watched in inputs {
            let stamp = FileStamp(path: watched.input.path)
            stamps.append(stamp)
            let recent = stamp.map { now.timeIntervalSince($0.modified) < 2 } ?? false
            guard stamp != watched.stamp || recent else { continue }
            // Non-blocking and regular files only: a FIFO put in a rules file's place must not
            // hold the reloads forever in open(2) (it reads as changed, and is refused).
            let digest = try? FileBytes.read(watched.input.path, limit: loader.maxBytes, regularOnly: true).get()
            if digest.map({ SHA256.hexDigest(of: $0) }) != watched.input.digest { changed = true }
        }
        if !changed { inputs = zip(inputs, stamps).map { WatchedInput(input: $0.input, stamp: $1) } }
        return changed
    }

    /// The entry as `GET /v1/rules` lists it.
    var json: JSONValue {
        var object: JSONObject = [
            "name": .string(name), "file": .string(shownFile), "status": .string(errors == nil ? "ok" : "error"),
            "version": version.map { .string($0) } ?? .null,
            "errors": errors.map { .string($0) } ?? .null,
            "error_codes": .array(errorCodes.map { .string($0) }),
        ]
        if let rules {
            object["title"] = rules.title.map { .string($0) } ?? .null
            object["fields"] = .number(Double(rules.fields.count))
            object["warnings"] = .array((findingWarnings + rules.warnings.map(\.description)).map { .string($0) })
            let findingCodes = findingWarnings.map { _ in DiagnosticCode.importFinding.id }
            object["warning_codes"] = .array((findingCodes + rules.warnings.map(\.code.id)).map { .string($0) })
        }
        if let loadedAt { object["loaded_at"] = .string(ISO8601DateFormatter().string(from: loadedAt)) }
        return .object(object)
    }
}

/// A file's size, modification time and inode: a change in any means the file may have changed.
struct FileStamp: Hashable {
    let size: UInt64
    let modified: Date
    let inode: UInt64

    init?(path: String) {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
        size = (attributes[.size] as? NSNumber)?.uint64Value ?? 0
        modified = attributes[.modificationDate] as? Date ?? .distantPast
        inode = (attributes[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0
    }
}
