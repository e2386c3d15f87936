public import Foundation

/// A temporary directory for one test, removed when the test ends.
public final class Scratch {
    public let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rulecheck-test-\(UUID().uuidString)")

    public init() throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Writes `bytes` to a new file with the extension `ext` and returns its path.
    public func file(_ bytes: Data, _ ext: String) throws -> String {
        let url = directory.appendingPathComponent("\(UUID().uuidString).\(ext)")
        try bytes.write(to: url)
        return url.path
    }

    public func file(_ text: String, _ ext: String) throws -> String {
        try file(Data(text.utf8), ext)
    }

    /// A new empty directory inside this one.
    public func subdirectory() throws -> URL {
        let url = directory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
