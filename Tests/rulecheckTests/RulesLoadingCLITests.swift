import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import _RuleCheckTestSupport

/// Every command that loads rules loads them with one loader: includes stay under the rules
/// file's directory (or an `--include-root`), the 64 MiB cap covers the rules and their includes
/// together, and `serve`/`preview` take what `check` takes (a JSON Schema with `--ui`) and refuse
/// what it refuses (`preview` starts to show the errors on its page).
extension CLITests {
    static let secret = "root:x:0:0:root:/root:/bin/bash\nsecret-marker-7f3a: hunter2\n"

    /// `DIR/outside/secret.txt`, `DIR/outside/block.yaml` and `DIR/rules/`; returns DIR.
    func includeTree() throws -> URL {
        let base = try scratch.subdirectory()
        let outside = base.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: base.appendingPathComponent("rules"), withIntermediateDirectories: true)
        try Data(Self.secret.utf8).write(to: outside.appendingPathComponent("secret.txt"))
        try Data("fields:\n  - id: code\n    type: text\n".utf8).write(to: outside.appendingPathComponent("block.yaml"))
        return base
    }

    /// Runs `serve` where it must refuse to start. A server that starts instead is
    /// a failure (not a hang): it is stopped after `seconds`, and nil returned.
    func refusal(_ arguments: [String], seconds: Double = 60) throws -> CLIRun? {
        let process = CLI.process(arguments)
        try process.run()
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        guard !process.isRunning else {
            process.terminate()
            process.waitUntilExit()
            Issue.record("rulecheck \(arguments.joined(separator: " ")) started instead of refusing")
            return nil
        }
        return try CLI.finish(process)
    }

    /// `BASE/rules/main.yaml`, which includes `path` as the group `g`.
    func mainRules(in base: URL, including path: String) throws -> String {
        let main = base.appendingPathComponent("rules/main.yaml")
        try Data("form: main\nincludes:\n  b: '\(path)'\nfields:\n  - id: g\n    include: b\n".utf8).write(to: main)
        return main.path
    }

    @Test func lintAndCheckRefuseAnIncludeOutsideTheRulesDirectoryAndQuoteNothingOfIt() throws {
        let base = try includeTree()
        let input = try temporary("g.code\nx\n", "csv")
        for include in ["../outside/secret.txt", base.appendingPathComponent("outside/secret.txt").path, "/etc/passwd"] {
            let main = try mainRules(in: base, including: include)
            let lint = try rulecheck(["lint", main])
            expectEqual(lint.status, 2, "\(include)")
            #expect(lint.stdout.hasPrefix("\(main):3:6: error: included file '"), "\(include): \(lint.stdout)")
            #expect(lint.stdout.contains("is outside the rules file's directory"), "\(include): \(lint.stdout)")
            let check = try rulecheck(["check", "--rules", main, input])
            #expect(check.status == 2 && check.stdout.isEmpty, "\(include)")
            expectEqual(check.stderr, lint.stdout, "\(include)")
            for output in [lint.stdout, lint.stderr, check.stdout, check.stderr] {
                #expect(!output.contains("root:x:0:0") && !output.contains("hunter2"), "\(include): \(output)")
            }
        }
    }

    @Test func serveAndPreviewNeverSendAFileOutsideTheRulesDirectory() async throws {
        let base = try includeTree()
        for include in ["../outside/secret.txt", "/etc/passwd"] {
            let main = try mainRules(in: base, including: include)
            let serve = try #require(try refusal(["serve", main, "--port", "0"]))
            expectEqual(serve.status, 2)
            #expect(serve.stderr.hasPrefix("main.yaml:3:6: error: included file '\(include)' is outside"), "\(serve.stderr)")
            // preview starts, to show the errors on its page: what it answers quotes nothing of the file.
            let preview = try Server(["preview", main, "--port", "0"])
            let url = try #require(preview.banner().split(separator: " ").first { $0.hasPrefix("http://") }.map(String.init))
            let (rules, _) = try await URLSession.shared.data(from: try #require(URL(string: url + "v1/rules")))
            let form = try await HTTP.post(url + "v1/forms", "{}")
            let check = try await HTTP.post(url + "v1/check", "{}")
            #expect(form.status == 409 && check.status == 409)
            let stopped = preview.stop()
            #expect(stopped.stderr.contains("is outside the rules file's directory"))
            for output in [serve.stdout, serve.stderr, String(decoding: rules, as: UTF8.self), form.text, check.text, stopped.stderr] {
                #expect(!output.contains("root:x:0:0") && !output.contains("hunter2"), "\(include): \(output)")
            }
        }
    }

    @Test func includeRootWidensWhereIncludesMayPointOnEveryCommand() throws {
        let base = try includeTree()
        let main = try mainRules(in: base, including: "../outside/block.yaml")
        let root = ["--include-root", base.path]
        expectEqual(try rulecheck(["lint", main]).status, 2)
        expectEqual(try rulecheck(["lint", main] + root).status, 0)
        let input = try temporary("g.code\nx\n", "csv")
        expectEqual(try rulecheck(["check", "--rules", main, input] + root).status, 0)
        expectEqual(try rulecheck(["graph", main] + root).status, 0)
        expectEqual(try rulecheck(["sample", main, "--count", "1"] + root).status, 0)
        expectEqual(try rulecheck(["schema", "export", main] + root).status, 0)
        expectEqual(try rulecheck(["replay", main, "/dev/null"] + root).status, 0)
        let refused = try #require(try refusal(["serve", main, "--port", "0"]))
        expectEqual(refused.status, 2)
        #expect(refused.stderr.contains("is outside the rules file's directory"), "\(refused.stderr)")
        // preview starts on rules that do not compile (the page shows their errors), and says why on standard error.
        let broken = try Server(["preview", main, "--port", "0"])
        #expect(broken.banner().hasPrefix("rulecheck preview: "))
        let stopped = broken.stop()
        #expect(stopped.stderr.contains("is outside the rules file's directory"), "\(stopped.stderr)")
        for command in ["serve", "preview"] {
            let server = try Server([command, main, "--port", "0", "--no-access-log"] + root)
            #expect(server.banner().hasPrefix("rulecheck \(command): "), "\(command)")
            let (status, stderr) = server.stop()
            #expect(status == 0 && stderr.isEmpty, "\(command): \(stderr)")
        }
    }

    @Test func theCapCoversTheRulesAndWhatTheyIncludeTogether() throws {
        // A 70 MB block, sparse: refused by its size, before anything of it is read.
        let base = try includeTree()
        let big = base.appendingPathComponent("rules/big.yaml")
        try Data("fields:\n  - id: a\n".utf8).write(to: big)
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: 70_000_000)
        try handle.close()
        let main = try mainRules(in: base, including: "big.yaml")
        let lint = try rulecheck(["lint", main])
        expectEqual(lint.status, 2)
        #expect(
            lint.stdout.hasPrefix(
                "\(main):3:6: error: cannot read included file '\(base.path)/rules/big.yaml': the rules file and the files it includes are longer than 67108864 bytes together; it was not read [RC1001]"
            ), "\(lint.stdout)")
    }

    @Test func serveRefusesAndPreviewShowsWhatCheckRefuses() throws {
        let base = try scratch.subdirectory()
        // Not UTF-8 (in a comment, where a lenient reader would not notice).
        let latin1 = base.appendingPathComponent("latin1.yaml")
        try Data("form: latin1\n# caf".utf8 + [0xE9] + Data("\nfields:\n  - id: a\n".utf8)).write(to: latin1)
        // Over 64 MiB (sparse).
        let huge = base.appendingPathComponent("huge.yaml")
        try Data("form: huge\nfields:\n  - id: a\n".utf8).write(to: huge)
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: 70_000_000)
        try handle.close()
        for file in [latin1.path, huge.path] {
            let lint = try rulecheck(["lint", file])
            expectEqual(lint.status, 2)
            // The same error; a server names a file given by its absolute path by its name alone.
            let expected = lint.stdout.replacingOccurrences(of: base.path + "/", with: "")
            if let run = try refusal(["serve", file, "--port", "0"]) {
                expectEqual(run.status, 2, "\(file)")
                expectEqual(run.stdout, "", "\(file)")
                #expect(run.stderr.hasPrefix(expected), "\(file): \(run.stderr) (lint: \(lint.stdout))")
            }
            // preview shows the errors on its page (and standard error) instead of the form.
            let preview = try Server(["preview", file, "--port", "0"])
            #expect(preview.banner().hasPrefix("rulecheck preview: "))
            let stopped = preview.stop()
            #expect(stopped.stderr.hasPrefix(expected), "\(file): \(stopped.stderr) (lint: \(lint.stdout))")
        }
    }

    @Test func serveAndPreviewTakeAJSONSchemaWithItsUISchemaAsCheckDoes() async throws {
        let schema = "Rules/server-driven/listing.schema.json"
        let ui = "Rules/server-driven/listing.jsonforms.json"
        for command in ["serve", "preview"] {
            let server = try Server([command, schema, "--ui", ui, "--port", "0", "--no-access-log", "--today", "2026-11-22"])
            let banner = server.banner()
            #expect(banner.hasPrefix("rulecheck \(command): "), "\(command): \(banner)")
            let url = try #require(banner.split(separator: " ").first { $0.hasPrefix("http://") }.map(String.init))
            let (listed, _) = try await URLSession.shared.data(from: try #require(URL(string: url + "v1/rules")))
            let text = String(decoding: listed, as: UTF8.self)
            #expect(text.contains(#""name":"listing""#), "\(command): \(text)")
            #expect(text.contains(#""status":"ok""#), "\(command): \(text)")
            expectEqual(server.stop().status, 0)
        }
        // One UI schema goes with one JSON Schema.
        let several = try rulecheck(["serve", schema, "Rules/signup.yaml", "--ui", ui, "--port", "0"])
        expectEqual(several.status, 2)
        #expect(several.stderr.hasPrefix("Error: --ui goes with one JSON Schema"), "\(several.stderr)")
        // --ui goes with a JSON Schema only, on serve as on check.
        let refused = try #require(try refusal(["serve", "Rules/signup.yaml", "--ui", ui, "--port", "0"]))
        expectEqual(refused.status, 2)
        #expect(refused.stderr.contains("--ui goes with a JSON Schema"), "\(refused.stderr)")
    }
}
