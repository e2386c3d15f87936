import Foundation
import RuleCheck
import Testing
import _RuleCheckTestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Includes read from disk stay under the rules file's directory (symbolic links followed), and
/// no diagnostic quotes a file outside it: a rules file from elsewhere must not be able to read
/// `/etc/passwd` and show it in a `lint` report or an HTTP answer.
@Suite("Rules: includes stay under the rules' directory")
struct IncludeConfinementTests {
    /// `secret.txt` in `outside/`, beside the rules' directory `rules/` (with `rules/blocks/`).
    final class Tree {
        static let secret = "root:x:0:0:root:/root:/bin/bash\nsecret-marker-7f3a: hunter2\n"

        let scratch: Scratch
        var base: URL { scratch.directory }
        var rules: URL { base.appendingPathComponent("rules") }
        var outside: URL { base.appendingPathComponent("outside") }
        var secretPath: String { outside.appendingPathComponent("secret.txt").path }

        init() throws {
            scratch = try Scratch()
            for directory in [rules.appendingPathComponent("blocks"), outside] {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            }
            try Data(Self.secret.utf8).write(to: outside.appendingPathComponent("secret.txt"))
            try Data("fields:\n  - id: code\n    type: text\n".utf8).write(to: outside.appendingPathComponent("block.yaml"))
        }

        /// Writes `rules/NAME` and returns its path.
        @discardableResult
        func write(_ name: String, _ text: String) throws -> String {
            let url = rules.appendingPathComponent(name)
            try Data(text.utf8).write(to: url)
            return url.path
        }

        /// `rules/NAME`, a symbolic link to `destination`.
        func link(_ name: String, to destination: String) throws {
            try FileManager.default.createSymbolicLink(atPath: rules.appendingPathComponent(name).path, withDestinationPath: destination)
        }

        /// A main rules file that includes `path` as the block `b`.
        func main(including path: String) throws -> String {
            try write("main.yaml", "form: main\nincludes:\n  b: '\(path)'\nfields:\n  - id: g\n    include: b\n")
        }
    }

    /// The errors of loading the file at `path`, as printed; "" when it compiles.
    static func errors(_ path: String) -> String {
        do {
            _ = try RuleSet(contentsOf: URL(fileURLWithPath: path))
            return ""
        } catch {
            return error.description
        }
    }

    static let outsideMessage = "is outside the rules file's directory"

    @Test func anIncludeOutsideTheDirectoryIsRefusedWithoutQuotingIt() throws {
        let tree = try Tree()
        for include in ["../outside/secret.txt", tree.secretPath, "blocks/../../outside/secret.txt", "/etc/passwd"] {
            let errors = Self.errors(try tree.main(including: include))
            #expect(errors.contains("main.yaml:3:6: error: included file '"), "\(include): \(errors)")
            #expect(errors.contains(Self.outsideMessage), "\(include): \(errors)")
            #expect(!errors.contains("root:x:0:0"), "\(include): \(errors)")
            #expect(!errors.contains("hunter2"), "\(include): \(errors)")
        }
    }

    @Test func aSymbolicLinkInsideThatPointsOutsideIsOutside() throws {
        let tree = try Tree()
        try tree.link("secret.yaml", to: tree.secretPath)
        try tree.link("elsewhere", to: tree.outside.path)
        for include in ["secret.yaml", "elsewhere/secret.txt", "elsewhere/block.yaml"] {
            let errors = Self.errors(try tree.main(including: include))
            #expect(errors.contains(Self.outsideMessage), "\(include): \(errors)")
            #expect(!errors.contains("root:x:0:0") && !errors.contains("hunter2"), "\(include): \(errors)")
        }
    }

    @Test func aMissingFileOutsideIsOutsideToo() throws {
        // The same error whether or not the file exists: the rules cannot probe the disk.
        let tree = try Tree()
        let errors = Self.errors(try tree.main(including: "../outside/none.yaml"))
        #expect(errors.contains(Self.outsideMessage), "\(errors)")
        let inside = Self.errors(try tree.main(including: "blocks/none.yaml"))
        #expect(inside.contains("error: cannot read included file '"), "\(inside)")
        #expect(inside.contains("rules/blocks/none.yaml': No such file or directory"), "\(inside)")
    }

    @Test func includesUnderTheDirectoryWorkAtAnyDepth() throws {
        let tree = try Tree()
        try tree.write("blocks/inner.yaml", "includes:\n  c: ../common.yaml\nfields:\n  - id: c\n    include: c\n")
        try tree.write("common.yaml", "fields:\n  - id: code\n    type: text\n")
        for include in ["blocks/inner.yaml", "./blocks/../blocks/inner.yaml"] {
            let rules = try RuleSet(contentsOf: URL(fileURLWithPath: try tree.main(including: include)))
            #expect(rules.field("g.c.code") != nil, "\(include)")
        }
        // A link inside that leads inside is inside (a block's own includes are relative to
        // where it is named, as paths are).
        try tree.link("alias.yaml", to: "blocks/../common.yaml")
        let linked = try RuleSet(contentsOf: URL(fileURLWithPath: try tree.main(including: "alias.yaml")))
        #expect(linked.field("g.code") != nil)
    }

    @Test func anIncludeRootWidensWhereIncludesMayPoint() throws {
        let tree = try Tree()
        let main = try tree.main(including: "../outside/block.yaml")
        #expect(Self.errors(main).contains(Self.outsideMessage))
        let loaded = try RulesLoader(includeRoots: [tree.base.path]).load(main)
        #expect(loaded.rules.field("g.code") != nil)
        // Not further: the root is a directory, and /etc is not under it.
        let passwd = try tree.main(including: "/etc/passwd")
        #expect(throws: RulesError.self) { try RulesLoader(includeRoots: [tree.base.path]).load(passwd) }
    }

    @Test func anIncludedFileThatIsNotUTF8IsAnErrorAtItsLine() throws {
        let tree = try Tree()
        try Data("fields:\n  - id: caf\u{E9}".utf8.dropLast(2) + [0xE9, 0x0A]).write(
            to: tree.rules.appendingPathComponent("blocks/latin1.yaml"))
        let errors = Self.errors(try tree.main(including: "blocks/latin1.yaml"))
        #expect(errors.contains("rules/blocks/latin1.yaml:2:12: error: the rules file is not UTF-8 text"), "\(errors)")
    }

    /// A block of 70 MB (a sparse file: nothing of it is on disk, and nothing of it may be read).
    @Test func theSizeCapCoversTheRulesAndTheirIncludesTogether() throws {
        let tree = try Tree()
        let big = tree.rules.appendingPathComponent("blocks/big.yaml")
        try Data("fields:\n  - id: a\n".utf8).write(to: big)
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: 70_000_000)
        try handle.close()
        let errors = Self.errors(try tree.main(including: "blocks/big.yaml"))
        #expect(errors.contains("main.yaml:3:"), "\(errors)")
        #expect(
            errors.contains(
                "blocks/big.yaml': the rules file and the files it includes are longer than 67108864 bytes together; it was not read"),
            "\(errors)")
    }

    @Test func theCapCountsEveryFileReadAndIsCheckedBeforeReading() throws {
        let tree = try Tree()
        try tree.write("blocks/a.yaml", "fields:\n  - id: a\n    type: text\n" + String(repeating: "#", count: 350) + "\n")
        try tree.write("blocks/b.yaml", "fields:\n  - id: b\n    type: text\n" + String(repeating: "#", count: 350) + "\n")
        let main = try tree.write(
            "main.yaml",
            "form: main\nincludes:\n  a: blocks/a.yaml\n  b: blocks/b.yaml\nfields:\n  - id: x\n    include: a\n  - id: y\n    include: b\n"
        )
        var loader = RulesLoader()
        loader.maxBytes = 800
        // Each file alone is under the cap; the main file and both blocks are not.
        let error = #expect(throws: RulesError.self) { try loader.load(main) }
        #expect(
            error?.errors.map(\.description) == [
                "\(main):4:6: error: cannot read included file '\(tree.rules.path)/blocks/b.yaml': the rules file and the files it includes are longer than 800 bytes together; it was not read [RC1001]\n      b: blocks/b.yaml\n         ^"
            ])
        loader.maxBytes = 1_000
        #expect(try loader.load(main).rules.field("y.b") != nil)
    }

    @Test func anIncludeThatIsNotARegularFileIsRefusedWithoutWaiting() throws {
        let tree = try Tree()
        let fifo = tree.rules.appendingPathComponent("blocks/pipe.yaml").path
        try #require(mkfifo(fifo, 0o600) == 0)
        let errors = Self.errors(try tree.main(including: "blocks/pipe.yaml"))
        #expect(errors.contains("blocks/pipe.yaml': it is not a regular file"), "\(errors)")
        let directory = Self.errors(try tree.main(including: "blocks"))
        #expect(directory.contains("rules/blocks': Is a directory"), "\(directory)")
    }

    @Test func anIncludeRootThatIsNotADirectoryIsAnError() throws {
        let tree = try Tree()
        let main = try tree.main(including: "blocks/none.yaml")
        let missing = tree.base.appendingPathComponent("none").path
        let error = #expect(throws: RulesError.self) { try RulesLoader(includeRoots: [missing]).load(main) }
        #expect(error?.description == "\(missing): error: cannot use it as an include root: No such file or directory [RC1001]")
        let file = #expect(throws: RulesError.self) { try RulesLoader(includeRoots: [tree.secretPath]).load(main) }
        #expect(file?.description == "\(tree.secretPath): error: cannot use it as an include root: Not a directory [RC1001]")
    }

    /// A JSON Schema names other files only in `$ref`, and those are never read (only `--schema`
    /// gives documents): the warning names the reference as resolved, nothing of the file.
    @Test func aSchemaRefToAnotherFileIsNeverRead() throws {
        let tree = try Tree()
        for ref in ["../outside/secret.txt", tree.secretPath, "file://\(tree.secretPath)", "secret.txt#/a"] {
            let schema = try tree.write(
                "schema.json",
                #"{"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object", "properties": {"a": {"$ref": "\#(ref)"}}}"#)
            let loaded = try RulesLoader().load(schema)
            let text = loaded.findingWarnings.joined(separator: "\n")
            #expect(text.contains("is a schema that was not given (give it with --schema; nothing is fetched)"), "\(text)")
            #expect(!text.contains("root:x:0:0") && !text.contains("hunter2"), "\(text)")
        }
    }
}
