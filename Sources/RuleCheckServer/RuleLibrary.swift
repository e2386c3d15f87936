public import RuleCheck
import Synchronization

/// The rules files a server was started with, each compiled, and recompiled when it changes.
///
/// ```swift
/// let library = RuleLibrary(files: ["Rules/osago.yaml"])
/// library.entries[0].errors       // nil: it compiles
/// library.refresh()               // after an edit of the file: recompiled
/// ```
///
/// Requests name a rule set by its form id (`form:`); with one file loaded the name may be left out.
/// While a file does not compile, requests get the last version that did, and its errors are in
/// ``RulesEntry/errors``.
///
/// Files are read by ``RulesLoader``, as `rulecheck check` reads them: a rules file with its
/// includes (which stay under its directory or the loader's include roots), or a JSON Schema with
/// the loader's UI schema. Diagnostics name a file without the directories above it.
public final class RuleLibrary: Sendable {
    private let state: Mutex<[RulesEntry]>

    /// Reads and compiles every file (a file that does not compile is kept, with its errors).
    public init(files: [String], loader: RulesLoader = RulesLoader()) {
        var loader = loader
        loader.naming = .withoutDirectories
        // Read again at every change (--watch, preview): a FIFO or a device is refused at once,
        // never waited on, and the last rules that compiled are kept.
        loader.regularFilesOnly = true
        var entries = files.map { RulesEntry(file: $0, loader: loader) }
        for index in entries.indices { _ = entries[index].refresh() }
        state = Mutex(entries)
    }

    /// Every file, in the order given.
    public var entries: [RulesEntry] { state.withLock { $0 } }

    /// Problems that stop a server from starting: two files with one form id.
    public var conflicts: [String] {
        let names = entries.map(\.name)
        return Set(names.filter { name in names.filter { $0 == name }.count > 1 }).sorted().map { name in
            let files = entries.filter { $0.name == name }.map(\.file).joined(separator: ", ")
            return "several rules files define the form '\(name)': \(files); requests could not tell them apart"
        }
    }

    /// Reads every file that changed and recompiles it.
    ///
    /// - Returns: whether any rule set's version or errors changed.
    @discardableResult
    public func refresh() -> Bool {
        // Read and compile outside the lock: requests go on with the current rules meanwhile.
        var entries = self.entries
        var changed = false
        for index in entries.indices where entries[index].refresh() { changed = true }
        guard changed else { return false }
        state.withLock { current in
            for entry in entries {
                if let index = current.firstIndex(where: { $0.file == entry.file }) { current[index] = entry }
            }
        }
        return true
    }

    /// The rule set a request names (or the only one), with its entry.
    ///
    /// - Throws: ``APIError``: 400 when several are loaded and none is named, 404 for an unknown
    ///   name, 409 when the file has never compiled.
    func resolve(_ name: String?) throws(APIError) -> (entry: RulesEntry, rules: RuleSet) {
        let entries = self.entries
        let entry: RulesEntry
        if let name {
            guard let found = entries.first(where: { $0.name == name }) else {
                throw APIError(
                    status: 404, code: "unknown_rules",
                    "no rules named '\(name)'; loaded: \(entries.map(\.name).joined(separator: ", "))")
            }
            entry = found
        } else {
            guard entries.count == 1, let only = entries.first else {
                throw .badRequest("several rule sets are loaded (\(entries.map(\.name).joined(separator: ", "))); name one with 'rules'")
            }
            entry = only
        }
        guard let rules = entry.rules else { throw Self.broken(entry) }
        return (entry, rules)
    }

    static func broken(_ entry: RulesEntry) -> APIError {
        APIError(
            status: 409, code: "rules_broken", "the rules file '\(entry.shownFile)' does not compile",
            details: .string(entry.errors ?? ""))
    }
}
