public import Foundation
public import RuleCheck

/// One rules file as the server holds it: the last version of it that compiled, and — while the
/// file on disk does not compile — its errors as `rulecheck lint` prints them.
public struct RulesEntry: Sendable {
    /// The path as given on the command line.
    public let file: String
    /// What requests name it by: the form's id (`form:`), or the file's base name until the file
    /// first compiles.
    public internal(set) var name: String
    /// The last version of the file that compiled; nil while none has.
    public internal(set) var rules: RuleSet?
    /// A hash of the text ``rules`` was compiled from (16 hex digits): it changes with every
    /// change of the file that compiles.
    public internal(set) var version: String?
    /// When ``rules`` was compiled.
    public internal(set) var loadedAt: Date?
    /// The file's errors (and warnings), one `FILE:LINE:COLUMN: error: …` with its source line and
    /// caret each, when the file on disk does not compile now; nil when it does.
    public internal(set) var errors: String?

    /// What the file looked like when last read, to notice a change without reading it.
    var stamp: FileStamp?
    /// The hash of the text last read, good or not.
    var textHash: UInt64?

    init(file: String) {
        self.file = file
        name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
    }

    /// Reads the file again if it changed, and compiles it if its text did.
    ///
    /// - Returns: whether ``version`` or ``errors`` changed.
    mutating func refresh(now: Date = Date()) -> Bool {
        let stamp = FileStamp(path: file)
        // A change within the same clock tick and size would keep the stamp: read recent files anyway.
        let recent = stamp.map { now.timeIntervalSince($0.modified) < 2 } ?? false
        guard stamp == nil || stamp != self.stamp || recent else { return false }
        self.stamp = stamp
        guard let data = FileManager.default.contents(atPath: file) else {
            let message = "\(file): error: cannot read the rules file"
            defer { errors = message; textHash = nil }
            return errors != message
        }
        let hash = FNV1a.hash(data)
        guard hash != textHash else { return false }
        textHash = hash
        do {
            let compiled = try RuleSet(yaml: String(decoding: data, as: UTF8.self), source: file)
            rules = compiled
            name = compiled.form
            version = FNV1a.hex(hash)
            loadedAt = now
            errors = nil
        } catch {
            errors = error.description
        }
        return true
    }

    /// The entry as `GET /v1/rules` lists it.
    var json: JSONValue {
        var object: [String: JSONValue] = [
            "name": .string(name), "file": .string(file), "status": .string(errors == nil ? "ok" : "error"),
            "version": version.map { .string($0) } ?? .null,
            "errors": errors.map { .string($0) } ?? .null,
        ]
        if let rules {
            object["title"] = rules.title.map { .string($0) } ?? .null
            object["fields"] = .number(Double(rules.fields.count))
            object["warnings"] = .array(rules.warnings.map { .string($0.description) })
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

/// The 64-bit FNV-1a hash: a rules file's version.
enum FNV1a {
    static func hash(_ data: Data) -> UInt64 {
        data.reduce(0xcbf2_9ce4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01b3 }
    }

    static func hex(_ hash: UInt64) -> String {
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
