import Foundation
import Testing
import _RuleCheckTestSupport

/// Every command that reads a rules file takes it either way — as its first argument or with
/// `--rules FILE` — and gives the same answer; both at once is an argument error (exit 2) that
/// names the two files; `--help` shows the rules file the same way in each.
extension CLITests {
    /// A command line that reads `rules`, in both spellings: positional first, then `--rules`.
    func bothSpellings(_ command: [String], _ rules: String, _ rest: [String]) -> [[String]] {
        [command + [rules] + rest, command + ["--rules", rules] + rest]
    }

    /// The commands that read a rules file and answer at once, with arguments that make them print
    /// something that depends on the rules (a broken file's errors for `lint`).
    func rulesCommands() throws -> [(command: [String], rules: String, rest: [String])] {
        let broken = try temporary("fields:\n  - id: a\n    visibel_if: true\n", "yaml")
        let edits = try temporary(#"{"set": "email", "value": "ann@example.com"}"# + "\n", "jsonl")
        return [
            (["check"], "Rules/signup.yaml", ["Rules/samples/signup.jsonl", "--today", "2026-11-22", "--format", "summary"]),
            (["lint"], broken, []),
            (["graph"], "Rules/signup.yaml", ["--format", "mermaid"]),
            (["replay"], "Rules/signup.yaml", [edits, "--today", "2026-11-22"]),
            (["sample"], "Rules/signup.yaml", ["--count", "3", "--seed", "1", "--today", "2026-11-22"]),
            (["schema", "export"], "Rules/listing.yaml", ["--draft", "7"]),
        ]
    }

    @Test func eachCommandReadsTheRulesFileGivenEitherWay() throws {
        for (command, rules, rest) in try rulesCommands() {
            let spellings = bothSpellings(command, rules, rest)
            let positional = try rulecheck(spellings[0])
            let option = try rulecheck(spellings[1])
            #expect(!positional.stdout.isEmpty, "\(spellings[0]): \(positional.stderr)")
            expectEqual(positional.status, option.status, "\(command)")
            expectEqual(positional.stdout, option.stdout, "\(command)")
            expectEqual(positional.stderr, option.stderr, "\(command)")
        }
    }

    @Test func serveAndPreviewReadTheRulesFileGivenEitherWay() throws {
        for arguments in bothSpellings(["serve"], "Rules/signup.yaml", ["--port", "0", "--no-access-log"]) {
            let server = try Server(arguments)
            #expect(server.banner().hasPrefix("rulecheck serve: signup at http://127.0.0.1:"), "\(arguments)")
            expectEqual(server.stop().status, 0, "\(arguments)")
        }
        // After --rules, serve's arguments are further rules files.
        let two = try Server(["serve", "--rules", "Rules/signup.yaml", "Rules/osago.yaml", "--port", "0", "--no-access-log"])
        #expect(two.banner().hasPrefix("rulecheck serve: signup, osago_policy at http://127.0.0.1:"))
        expectEqual(two.stop().status, 0)
        for arguments in bothSpellings(["preview"], "Rules/osago.yaml", ["--port", "0"]) {
            let server = try Server(arguments)
            #expect(server.banner().hasPrefix("rulecheck preview: Rules/osago.yaml at http://127.0.0.1:"), "\(arguments)")
            expectEqual(server.stop(SIGINT).status, 0, "\(arguments)")
        }
    }

    @Test func aRulesFileGivenBothWaysIsAnArgumentError() throws {
        let edits = try temporary(#"{"set": "email", "value": "ann@example.com"}"# + "\n", "jsonl")
        let message =
            "Error: The rules file is given twice: 'Rules/signup.yaml' with --rules and 'Rules/osago.yaml' as an argument; give it one way."
        for arguments in [
            ["lint", "Rules/osago.yaml", "--rules", "Rules/signup.yaml"],
            ["graph", "--rules", "Rules/signup.yaml", "Rules/osago.yaml"],
            ["replay", "--rules", "Rules/signup.yaml", "Rules/osago.yaml", edits],
            ["sample", "Rules/osago.yaml", "--rules", "Rules/signup.yaml", "--count", "1"],
            ["schema", "export", "--rules", "Rules/signup.yaml", "Rules/osago.yaml"],
            ["preview", "--rules", "Rules/signup.yaml", "Rules/osago.yaml", "--port", "0"],
        ] {
            let run = try rulecheck(arguments)
            expectEqual(run.status, 2, "\(arguments)")
            #expect(run.stdout.isEmpty, "\(arguments)")
            #expect(run.stderr.hasPrefix(message + "\nUsage: rulecheck \(arguments[0]) "), "\(arguments): \(run.stderr)")
        }
    }

    @Test func aMissingRulesFileIsAnArgumentError() throws {
        for arguments in [["lint"], ["graph", "--format", "json"], ["sample", "--count", "1"], ["serve"], ["schema", "export"]] {
            let run = try rulecheck(arguments)
            expectEqual(run.status, 2, "\(arguments)")
            #expect(
                run.stderr.hasPrefix("Error: Missing the rules file: give it as the first argument or with --rules FILE.\n"),
                "\(arguments): \(run.stderr)")
        }
        // A command's own arguments are still required after the rules file.
        let check = try rulecheck(["check", "--rules", "Rules/signup.yaml"])
        expectEqual(check.status, 2)
        #expect(check.stderr.hasPrefix("Error: Missing expected argument '<files> ...'\n"), "\(check.stderr)")
        let replay = try rulecheck(["replay", "Rules/signup.yaml"])
        expectEqual(replay.status, 2)
        #expect(replay.stderr.hasPrefix("Error: Missing expected argument '<edits>'\n"), "\(replay.stderr)")
    }

    @Test func helpShowsTheRulesFileAlikeInEveryCommand() throws {
        let argument = "  <rules>                 The rules file (YAML or JSON), or a JSON Schema.\n"
        let option = "  --rules <rules>         The rules file, when not given as the first argument.\n"
        for command in [["check"], ["lint"], ["graph"], ["replay"], ["sample"], ["schema", "export"], ["preview"], ["serve"]] {
            let help = try rulecheck(command + ["--help"])
            expectEqual(help.status, 0)
            #expect(help.stdout.contains(argument), "\(command)")
            #expect(help.stdout.contains(option), "\(command)")
            let usage = help.stdout.split(separator: "\n").first { $0.hasPrefix("USAGE: rulecheck \(command.joined(separator: " ")) ") }
            expectEqual(usage?.contains(" [<rules>]"), true, "\(command): \(usage ?? "no usage line")")
        }
    }
}
