import Synchronization

/// The fingerprint of what a ``RuleSet`` was compiled from (``RuleSet/fingerprint``): SHA-256 of
/// the content, so that two rule sets with the same fingerprint give the same answers, and rules
/// that differ in any byte — an included block's too — have another.
///
/// ```swift
/// let rules = try RuleSet(yaml: "fields:\n  - {id: name, required: true}\n")
/// rules.fingerprint   // 64 hex digits
/// ```
///
/// What is hashed, each piece after its length:
/// * a rules file: its bytes, then each file it includes, in the order of their paths relative to
///   the rules file, each as that path and its bytes. The rules file's own name or directory is
///   not hashed: the same rules shipped elsewhere (to a Spark executor) have the same fingerprint;
/// * a JSON Schema: its bytes and its UI schema's (if any), under another tag, so that the same
///   bytes read as a rules file and as a schema differ.
enum RulesFingerprint {
    /// A rules file's fingerprint: its `bytes`, and `includes` (the included files read, by
    /// path as the include expander resolves it from `file`).
    static func rulesFile(_ bytes: [UInt8], includes: [String: SourceText], of file: String) -> String {
        var hash = SHA256()
        piece(Array("rulecheck rules file".utf8), into: &hash)
        piece(bytes, into: &hash)
        let directory = IncludeExpander.resolve("", from: file)
        let prefix = directory.isEmpty ? "" : directory + "/"
        let relative = includes.map { path, source in
            (path: path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path, bytes: source.bytes)
        }
        for include in relative.sorted(by: { $0.path < $1.path }) {
            piece(Array(include.path.utf8), into: &hash)
            piece(include.bytes, into: &hash)
        }
        return hash.hexDigest()
    }

    /// A JSON Schema's fingerprint, with its UI schema.
    static func jsonSchema(_ schema: [UInt8], uiSchema: [UInt8]?) -> String {
        var hash = SHA256()
        piece(Array("rulecheck JSON Schema".utf8), into: &hash)
        piece(schema, into: &hash)
        if let uiSchema { piece(uiSchema, into: &hash) }
        return hash.hexDigest()
    }

    /// A fingerprint hashed when it is first asked for, then kept: most compiles (`lint`, a form,
    /// a server's reload) never read it, and hashing a large rules file costs a noticeable part
    /// of compiling it. It keeps the bytes it hashes until then, and lets them go once hashed.
    final class Deferred: Sendable {
        private enum State {
            case pending(@Sendable () -> String)
            case hashed(String)
        }

        private let state: Mutex<State>

        init(_ compute: @escaping @Sendable () -> String) {
            state = Mutex(.pending(compute))
        }

        /// The fingerprint of rules compiled otherwise: empty.
        static let none = Deferred { "" }

        /// The 64 hex digits (hashed on the first call).
        var value: String {
            state.withLock { state in
                switch state {
                case .hashed(let digest):
                    return digest
                case .pending(let compute):
                    let digest = compute()
                    state = .hashed(digest)
                    return digest
                }
            }
        }
    }

    private static func piece(_ bytes: [UInt8], into hash: inout SHA256) {
        hash.update(UInt64(bytes.count))
        hash.update(bytes)
    }
}
