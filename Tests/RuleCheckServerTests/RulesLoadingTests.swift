import Foundation
import HTTPTypes
import RuleCheck
@testable import RuleCheckServer
import Testing
import _RuleCheckTestSupport

/// The server loads rules as the CLI does (one loader), and nothing it answers quotes a file the
/// rules may not read or shows where the server's files are.
@Suite("Server: loading rules")
struct RulesLoadingTests {
    static let secret = "root:x:0:0:root:/root:/bin/bash\nsecret-marker-7f3a: hunter2\n"

    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(at: directory.url.appendingPathComponent("rules"), withIntermediateDirectories: true)
        try directory.write("secret.txt", Self.secret)
    }

    /// Whether any text the server answered quotes the secret.
    static func quotesTheSecret(_ answer: ServerHarness.Answer) -> Bool {
        answer.text.contains("root:x:0:0") || answer.text.contains("hunter2")
    }

    @Test func anIncludeOutsideTheRulesDirectoryIsNeverQuotedOverHTTP() async throws {
        for include in ["../secret.txt", directory.url.appendingPathComponent("secret.txt").path, "/etc/passwd"] {
            let file = try directory.write(
                "rules/main.yaml", "form: main\nincludes:\n  s: '\(include)'\nfields:\n  - id: g\n    include: s\n")
            let harness = ServerHarness(files: [file])
            let entry = try #require(harness.server.library.entries.first)
            let errors = try #require(entry.errors, "\(include)")
            #expect(errors.hasPrefix("main.yaml:3:6: error: included file '"), "\(include): \(errors)")
            #expect(errors.contains("is outside the rules file's directory"), "\(include): \(errors)")

            let listed = try await harness.send(.get, "/v1/rules")
            expectEqual(listed.status, 200)
            expectEqual(listed.json["rules"]?[0]?["status"], "error")
            #expect(!Self.quotesTheSecret(listed), "\(include): \(listed.text)")

            let (_, created) = try await harness.newForm()
            expectEqual(created.status, 409)
            expectEqual(created.errorCode, "rules_broken")
            expectEqual(created.json["error"]?["details"]?.string?.contains("is outside the rules file's directory"), true)
            #expect(!Self.quotesTheSecret(created), "\(include): \(created.text)")

            let checked = try await harness.send(.post, "/v1/check", text: "{}")
            expectEqual(checked.status, 409)
            #expect(!Self.quotesTheSecret(checked), "\(include): \(checked.text)")
        }
    }

    @Test func rulesShowsTheFileAsNamedNeverItsAbsolutePath() async throws {
        let file = try directory.write("rules/people.yaml", peopleRules + "\n  - id: nick\n    type: txt\n")
        let harness = ServerHarness(files: [file])
        let listed = try await harness.send(.get, "/v1/rules")
        expectEqual(listed.json["rules"]?[0]?["file"], "people.yaml")
        expectEqual(listed.json["rules"]?[0]?["errors"]?.string?.hasPrefix("people.yaml:22:11: error: unknown type 'txt'"), true)
        #expect(!listed.text.contains(directory.url.path), "\(listed.text)")
        let (_, created) = try await harness.newForm()
        expectEqual(created.status, 409)
        #expect(!created.text.contains(directory.url.path), "\(created.text)")
        expectEqual(created.json["error"]?["message"], "the rules file 'people.yaml' does not compile")
    }

    @Test func aRulesFileThatIsNotUTF8DoesNotCompile() throws {
        let file = directory.url.appendingPathComponent("rules/latin1.yaml")
        try Data("form: latin1\n# caf".utf8 + [0xE9] + Data("\nfields:\n  - id: a\n".utf8)).write(to: file)
        let library = RuleLibrary(files: [file.path])
        let entry = try #require(library.entries.first)
        #expect(entry.rules == nil)
        expectEqual(
            entry.errors?.hasPrefix("latin1.yaml:2:6: error: the rules file is not UTF-8 text: byte 0xE9 here is not UTF-8"), true)
    }

    @Test func aRulesFileOverTheCapIsNotRead() throws {
        let file = directory.url.appendingPathComponent("rules/huge.yaml")
        try Data("form: huge\nfields:\n  - id: a\n".utf8).write(to: file)
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 70_000_000)
        try handle.close()
        let library = RuleLibrary(files: [file.path])
        expectEqual(
            library.entries.first?.errors, "huge.yaml: error: cannot read the rules file: it is longer than 67108864 bytes [RC1001]")
    }

    @Test func aJSONSchemaServesAsCheckReadsIt() async throws {
        let schema = ServerHarness.repository("Rules/server-driven/listing.schema.json")
        let ui = ServerHarness.repository("Rules/server-driven/listing.jsonforms.json")
        let library = RuleLibrary(files: [schema], loader: RulesLoader(uiSchema: ui))
        let entry = try #require(library.entries.first)
        expectEqual(entry.errors, nil)
        expectEqual(entry.name, "listing")
        let expected = try RulesLoader(uiSchema: ui).load(schema).rules
        expectEqual(entry.rules?.sections.map(\.id), expected.sections.map(\.id))
        expectEqual(entry.rules?.fields.map(\.path), expected.fields.map(\.path))
    }

    @Test func anIncludedFileThatChangesIsReloaded() throws {
        try directory.write("rules/block.yaml", "fields:\n  - id: a\n    type: text\n")
        let file = try directory.write("rules/main.yaml", "form: main\nincludes:\n  b: block.yaml\nfields:\n  - id: g\n    include: b\n")
        let library = RuleLibrary(files: [file])
        #expect(library.entries.first?.rules?.field("g.a") != nil)
        try directory.write("rules/block.yaml", "fields:\n  - id: a\n    type: text\n  - id: b\n    type: text\n")
        #expect(library.refresh())
        #expect(library.entries.first?.rules?.field("g.b") != nil)
        try directory.write("rules/block.yaml", "fields:\n  - id: a\n    type: txt\n")
        #expect(library.refresh())
        expectEqual(library.entries.first?.errors?.hasPrefix("block.yaml:3:11: error: unknown type 'txt'"), true)
    }
}
