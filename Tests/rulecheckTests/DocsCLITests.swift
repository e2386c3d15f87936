import Foundation
import Testing
import _RuleCheckTestSupport

/// The `$ rulecheck …` examples of the docs, run with the built `rulecheck`: what they print and
/// how they exit is what the docs show.
///
/// A document defines its example files as "`name.ext`:" followed by a fenced block (or by
/// `$ cat name.ext` and its output); `$ echo $?` checks the previous command's exit status;
/// `| tail -N` keeps the last N lines; `< FILE` is standard input and `> FILE` takes standard
/// output (then nothing is shown); `$ gzip -k FILE` and `$ zstd -q FILE` make `FILE.gz` and
/// `FILE.zst` (compressed here, so the tests need neither tool). Commands piped into other
/// programs are not run.
@Suite("Docs: rulecheck examples", .serialized)
struct DocsCLITests {
    let scratch: Scratch

    init() throws {
        scratch = try Scratch()
        // Examples that name the bundled rules files.
        try FileManager.default.createSymbolicLink(
            at: scratch.directory.appendingPathComponent("Rules"),
            withDestinationURL: CLI.root.appendingPathComponent("Rules"))
    }

    struct Step {
        var command: String
        var output: [Substring]
    }

    /// Runs every console block of `document`; returns the commands that were run.
    @discardableResult
    func runExamples(of document: String) throws -> [String] {
        let text = try String(contentsOf: CLI.root.appendingPathComponent("Docs").appendingPathComponent(document), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var run: [String] = []
        var status: Int32?
        var index = 0
        while index < lines.count {
            let line = lines[index]
            // "`people.yaml`:" then a fenced block: an example file.
            if line.hasSuffix("`:"), let start = line.dropLast(2).lastIndex(of: "`"),
                let fence = lines[(index + 1)...].prefix(2).firstIndex(where: { $0.hasPrefix("```") })
            {
                let name = String(line[line.index(after: start)..<line.index(line.endIndex, offsetBy: -2)])
                let end = lines[(fence + 1)...].firstIndex { $0 == "```" } ?? lines.endIndex
                try write(lines[(fence + 1)..<end], to: name)
                index = end
            } else if line == "```console" {
                let end = lines[(index + 1)...].firstIndex { $0 == "```" } ?? lines.endIndex
                for step in steps(lines[(index + 1)..<end]) {
                    if step.command == "echo $?" {
                        #expect(
                            status.map { "\($0)" } == step.output.first.map(String.init), "\(document): exit status of \(run.last ?? "")")
                    } else if step.command.hasPrefix("cat ") {
                        try write(step.output[...], to: String(step.command.dropFirst(4)))
                    } else if step.command.hasPrefix("gzip -k ") || step.command.hasPrefix("zstd -q ") {
                        let name = String(step.command.dropFirst(8))
                        let bytes = try [UInt8](Data(contentsOf: scratch.directory.appendingPathComponent(name)))
                        let gzip = step.command.hasPrefix("gzip")
                        try Data(gzip ? TestCompression.gzip(bytes) : TestCompression.zstd(bytes))
                            .write(to: scratch.directory.appendingPathComponent(name + (gzip ? ".gz" : ".zst")))
                        run.append(step.command)
                    } else if step.command.hasPrefix("rulecheck "), !step.command.contains("| dot") {
                        status = try check(step, in: document)
                        run.append(step.command)
                    }
                }
                index = end
            }
            index += 1
        }
        return run
    }

    private func write(_ lines: ArraySlice<Substring>, to name: String) throws {
        let url = scratch.directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: url)
    }

    private func steps(_ lines: ArraySlice<Substring>) -> [Step] {
        var steps: [Step] = []
        for line in lines {
            if line.hasPrefix("$ ") {
                steps.append(Step(command: String(line.dropFirst(2)), output: []))
            } else if !steps.isEmpty {
                steps[steps.count - 1].output.append(line)
            }
        }
        return steps
    }

    /// Runs one `rulecheck …` command and compares its standard output with the shown lines.
    private func check(_ step: Step, in document: String) throws -> Int32 {
        var command = Substring(step.command)
        var tail: Int?
        if let pipe = command.range(of: " | tail -") {
            tail = Int(command[pipe.upperBound...])
            command = command[..<pipe.lowerBound]
        }
        var output: String?
        if let redirect = command.range(of: " > ") {
            output = String(command[redirect.upperBound...])
            command = command[..<redirect.lowerBound]
        }
        var input: Data?
        if let redirect = command.range(of: " < ") {
            input = try Data(contentsOf: scratch.directory.appendingPathComponent(String(command[redirect.upperBound...])))
            command = command[..<redirect.lowerBound]
        }
        let arguments = Array(Self.words(command).dropFirst())
        let process = CLI.process(arguments)
        process.currentDirectoryURL = scratch.directory
        try process.run()
        let result = try CLI.finish(process, stdin: input)
        if let output {
            try result.stdoutBytes.write(to: scratch.directory.appendingPathComponent(output))
            #expect(step.output.isEmpty, "\(document): $ \(step.command) shows output that goes to \(output)")
            return result.status
        }
        var printed = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        if printed.last == "" { printed.removeLast() }
        if let tail { printed = Array(printed.suffix(tail)) }
        #expect(printed == step.output, "\(document): $ \(step.command)\n\(result.stderr)")
        return result.status
    }

    /// Splits a command line into words: spaces separate, single quotes quote.
    static func words(_ line: Substring) -> [String] {
        var words: [String] = []
        var current: String?
        var quoted = false
        for character in line {
            if character == "'" {
                quoted.toggle()
                current = current ?? ""
            } else if character == " " && !quoted {
                if let word = current { words.append(word) }
                current = nil
            } else {
                current = (current ?? "") + String(character)
            }
        }
        if let current { words.append(current) }
        return words
    }

    @Test func theCLIGuide() throws {
        let run = try runExamples(of: "cli.md")
        #expect(run.count == 28)
    }

    @Test func theLocalesGuide() throws {
        let run = try runExamples(of: "locales.md")
        #expect(run.count == 3)
    }

    @Test func theScaleOutGuide() throws {
        let run = try runExamples(of: "scale-out.md")
        #expect(run.count == 2)
    }

    @Test func theReplayExampleOfTheEngineGuide() throws {
        let run = try runExamples(of: "engine.md")
        #expect(run == ["rulecheck replay Rules/signup.yaml signup-edits.jsonl --today 2026-11-22 --explain code"])
    }

    @Test func theMaskGuide() throws {
        let run = try runExamples(of: "masks.md")
        #expect(run.count == 7)
    }

    @Test func theJSONSchemaGuide() throws {
        let run = try runExamples(of: "json-schema.md")
        #expect(run.count == 1)
    }
}
