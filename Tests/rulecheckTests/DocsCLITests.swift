import Foundation
import Testing
import _RuleCheckTestSupport

/// Every `rulecheck` example of every document — `Docs/*.md` and `README.md` — run with the
/// built `rulecheck`: what it prints and how it exits is what the document shows.
///
/// * A document defines its example files as "`name.ext`:" followed by a fenced block (or by
///   `$ cat name.ext` and its output); the bundled `Rules/` are there too.
/// * In a ```` ```console ```` block, each `$ rulecheck …` runs in a scratch directory. The lines
///   under it are what it printed: its standard error, then its standard output. `$ echo $?`
///   shows the previous command's exit status; without it the status must be 0, or 1 (a check
///   that found errors). `| tail -N` keeps the last N lines of standard output; `< FILE` is
///   standard input; `> FILE` takes standard output (then only standard error is shown);
///   `| PROGRAM …` (`dot`) takes standard output, so nothing is shown and the command must exit 0.
///   `$ gzip -k FILE` and `$ zstd -q FILE` make `FILE.gz` and `FILE.zst` (compressed here, so the
///   tests need neither tool). Commands of other programs (`make`, `curl`, `cd`) are not this
///   test's (Docs/serve.md's `curl` examples run in RuleCheckServerTests).
/// * A block that names `rulecheck` but cannot run here — a long-running `serve` or `preview`, a
///   synopsis of commands on files of one's own (a ```` ```sh ```` block) — carries the visible
///   annotation `<!-- docs-test: not run: REASON -->` on a line before it. The test lists those
///   blocks and expects exactly ``notRun``, so none is left out silently; an unannotated block
///   that names `rulecheck` and cannot run fails.
@Suite("Docs: rulecheck examples", .serialized)
struct DocsCLITests {
    /// Every document with examples: the README and `Docs/*.md`.
    static let documents: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: CLI.root.appendingPathComponent("Docs").path)) ?? []
        return ["README.md"] + names.filter { $0.hasSuffix(".md") }.sorted().map { "Docs/" + $0 }
    }()

    /// How many `rulecheck` commands each document runs (one not listed runs none).
    static let commandsRun: [String: Int] = [
        "README.md": 1, "Docs/cli.md": 27, "Docs/engine.md": 1, "Docs/json-schema.md": 2, "Docs/locales.md": 6,
        "Docs/masks.md": 7, "Docs/rules-format.md": 1, "Docs/scale-out.md": 2, "Docs/xlsform.md": 6,
    ]

    /// The annotated blocks: `document: its first rulecheck command — the annotation's reason`.
    static let notRun: [String] = [
        "README.md: rulecheck lint Rules/osago.yaml — a synopsis: the files (export.csv, edits.jsonl, listing.schema.json …) are the reader's own, and preview and serve run until stopped",
        "Docs/cli.md: rulecheck split export.csv --parts 8 --output slices | — needs GNU parallel and an export of one's own (the split and merge examples above run)",
        "Docs/json-schema.md: rulecheck schema import listing.schema.json --ui listing.ui.json > listing.yaml — a synopsis: the schemas and the export are the reader's own (the Divar section's example runs)",
        "Docs/json-schema.md: rulecheck check --rules workflow.schema.json run.jsonl --format jsonl — an excerpt (the violation's other members are left out)",
        "Docs/preview.md: rulecheck preview Rules/osago.yaml — runs until stopped (Tests/browser drives it)",
        "Docs/rules-format.md: rulecheck lint forms.json — forms.json stands for a generated file of 10,000 fields (HostileRulesTests compiles one)",
        "Docs/scale-out.md: --rules form.yaml --input /data/export.csv --parts 64 --rulecheck .build/release/rulecheck \\ — needs Spark (make spark-test runs it)",
        "Docs/scale-out.md: spark-submit --master 'local[2]' --files form.yaml examples/spark/rulecheck_spark.py --rules form.yaml \\ — needs Spark (make spark-test runs it)",
        "Docs/scale-out.md: rulecheck split export.csv --parts 8 --output slices | — needs GNU parallel and an export of one's own (make spark-test runs the script)",
        "Docs/serve.md: rulecheck serve Rules/osago.yaml Rules/signup.yaml Rules/kasko.yaml --port 8080 --today 2026-11-22 — runs until stopped (the curl examples below run in RuleCheckServerTests)",
        "Docs/serve.md: rulecheck serve Rules/server-driven/listing.schema.json --ui Rules/server-driven/listing.jsonforms.json --port 8080 — runs until stopped",
        "Docs/serve.md: rulecheck serve Rules/osago.yaml --allowed-host rules.example.com --time-limit 5 --max-connections 4096 — runs until stopped",
        "Docs/serve.md: rulecheck serve Rules/signup.yaml --store sqlite:/tmp/rulecheck/drafts.db --no-access-log & — servers in the background killed with -9 (Tests/rulecheckTests/DraftStoreCLITests.swift runs the same, sqliteDraftsSurviveKill9)",
        "Docs/serve.md: rulecheck serve Rules/signup.yaml --port 8081 --store postgres://rulecheck:secret@127.0.0.1:5433/drafts --no-access-log & — needs PostgreSQL and nginx (make store-test runs two rulecheck serve on a PostgreSQL of its own, PostgresStoreServeTests)",
    ]

    static let annotation = "<!-- docs-test: not run: "
    /// Blocks of shell commands: a line naming `rulecheck` in one of them is an example.
    static let shellLanguages: Set<String> = ["sh", "bash", "shell"]

    /// Whether a line of a block that is not run is a `rulecheck` example: in a shell block, a
    /// line naming it; elsewhere (a ```` ```text ```` block) a `$ rulecheck` command, not a usage
    /// synopsis (`rulecheck lint RULES`) or a diagram.
    static func isExample(_ line: Substring, in language: String) -> Bool {
        if shellLanguages.contains(language) { return namesRulecheck(line) }
        return line.hasPrefix("$ ") && namesRulecheck(line)
    }

    /// A fenced block, an example file, or a stray annotation.
    enum Item {
        case file(name: String, lines: ArraySlice<Substring>)
        case block(language: String, lines: ArraySlice<Substring>, notRun: String?)
        case strayAnnotation(line: Int)
    }

    static func text(of document: String) throws -> String {
        try String(contentsOf: CLI.root.appendingPathComponent(document), encoding: .utf8)
    }

    /// The example files and fenced blocks of a document, in order.
    static func items(of text: String) -> [Item] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var items: [Item] = []
        var reason: (String, Int)?
        var index = 0
        while index < lines.count {
            let line = lines[index]
            if line.hasPrefix(annotation), line.hasSuffix(" -->") {
                if let (_, at) = reason { items.append(.strayAnnotation(line: at)) }
                reason = (String(line.dropFirst(annotation.count).dropLast(4)), index + 1)
            } else if line.hasSuffix("`:"), let start = line.dropLast(2).lastIndex(of: "`"),
                let fence = lines[(index + 1)...].prefix(2).firstIndex(where: { $0.hasPrefix("```") })
            {
                // "`people.yaml`:" then a fenced block: an example file.
                let name = String(line[line.index(after: start)..<line.index(line.endIndex, offsetBy: -2)])
                let end = lines[(fence + 1)...].firstIndex { $0 == "```" } ?? lines.endIndex
                items.append(.file(name: name, lines: lines[(fence + 1)..<end]))
                index = end
            } else if line.hasPrefix("```") {
                let end = lines[(index + 1)...].firstIndex { $0 == "```" } ?? lines.endIndex
                items.append(.block(language: String(line.dropFirst(3)), lines: lines[(index + 1)..<end], notRun: reason?.0))
                reason = nil
                index = end
            } else if let (_, at) = reason, !line.allSatisfy(\.isWhitespace) {
                items.append(.strayAnnotation(line: at))
                reason = nil
            }
            index += 1
        }
        if let (_, at) = reason { items.append(.strayAnnotation(line: at)) }
        return items
    }

    /// Whether a line runs `rulecheck` (as a command, or a path ending in it), not merely a name
    /// that starts with it (`rulecheck_spark.py`).
    static func namesRulecheck(_ line: Substring) -> Bool {
        line.ranges(of: "rulecheck").contains { range in
            let before = range.lowerBound == line.startIndex ? " " : line[line.index(before: range.lowerBound)]
            let after = range.upperBound == line.endIndex ? " " : line[range.upperBound]
            return " '\"/(".contains(before) && after.isWhitespace
        }
    }

    struct Step {
        var command: String
        var output: [Substring]
    }

    static func steps(_ lines: ArraySlice<Substring>) -> [Step] {
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

    /// The annotated blocks of a document, as ``notRun`` lists them.
    static func notRunBlocks(of document: String) throws -> [String] {
        try items(of: text(of: document)).compactMap { item in
            guard case .block(let language, let lines, let reason?) = item else { return nil }
            var first = lines.first { isExample($0, in: language) } ?? lines.first ?? ""
            if first.hasPrefix("$ ") { first = first.dropFirst(2) }
            if let comment = first.range(of: " # ") { first = first[..<comment.lowerBound] }
            return "\(document): \(first.trimmingCharacters(in: .whitespaces)) — \(reason)"
        }
    }

    // MARK: - Running

    let scratch: Scratch

    init() throws {
        scratch = try Scratch()
        // Examples that name the bundled rules files.
        try FileManager.default.createSymbolicLink(
            at: scratch.directory.appendingPathComponent("Rules"),
            withDestinationURL: CLI.root.appendingPathComponent("Rules"))
    }

    /// Runs every example of `document` that is not annotated; returns the commands run.
    func runExamples(of document: String) throws -> [String] {
        var run: [String] = []
        for item in Self.items(of: try Self.text(of: document)) {
            switch item {
            case .strayAnnotation(let line):
                Issue.record("\(document):\(line): a docs-test annotation must come right before a fenced block")
            case .file(let name, let lines):
                try write(lines, to: name)
            case .block(_, _, _?):
                continue
            case .block("console", let lines, nil):
                run += try runConsole(lines, in: document)
            case .block(let language, let lines, nil):
                if let line = lines.first(where: { Self.isExample($0, in: language) }) {
                    Issue.record("\(document): '\(line)' is in a block that cannot run; annotate it (\(Self.annotation)REASON -->)")
                }
            }
        }
        return run
    }

    private func runConsole(_ lines: ArraySlice<Substring>, in document: String) throws -> [String] {
        var run: [String] = []
        let steps = Self.steps(lines)
        var status: Int32?
        for (index, step) in steps.enumerated() {
            if step.command == "echo $?" {
                #expect(status.map { "\($0)" } == step.output.first.map(String.init), "\(document): exit status of \(run.last ?? "")")
                status = nil
            } else if step.command.hasPrefix("cat ") {
                try write(step.output[...], to: String(step.command.dropFirst(4)))
            } else if step.command.hasPrefix("gzip -k ") || step.command.hasPrefix("zstd -q ") {
                let name = String(step.command.dropFirst(8))
                let bytes = try [UInt8](Data(contentsOf: scratch.directory.appendingPathComponent(name)))
                let gzip = step.command.hasPrefix("gzip")
                try Data(gzip ? TestCompression.gzip(bytes) : TestCompression.zstd(bytes))
                    .write(to: scratch.directory.appendingPathComponent(name + (gzip ? ".gz" : ".zst")))
            } else if step.command.hasPrefix("rulecheck ") {
                let result = try check(step, in: document)
                run.append(step.command)
                let shown = steps.indices.contains(index + 1) && steps[index + 1].command == "echo $?"
                if !shown {
                    #expect(result == 0 || result == 1, "\(document): $ \(step.command) exits \(result), which the document does not show")
                }
                status = result
            } else if step.command.contains("$(rulecheck ") || step.command.contains("| rulecheck ") {
                Issue.record("\(document): '$ \(step.command)' cannot run here; annotate its block (\(Self.annotation)REASON -->)")
            }
        }
        return run
    }

    private func write(_ lines: ArraySlice<Substring>, to name: String) throws {
        let url = scratch.directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: url)
    }

    /// Runs one `rulecheck …` command and compares what it printed with the shown lines.
    private func check(_ step: Step, in document: String) throws -> Int32 {
        var command = Substring(step.command)
        var tail: Int?
        var consumed = false
        if let pipe = command.range(of: " | tail -") {
            tail = Int(command[pipe.upperBound...])
            command = command[..<pipe.lowerBound]
        } else if let pipe = command.range(of: " | ") {
            consumed = true
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
        let process = CLI.process(Array(Self.words(command).dropFirst()))
        process.currentDirectoryURL = scratch.directory
        try process.run()
        let result = try CLI.finish(process, stdin: input)
        if let output { try result.stdoutBytes.write(to: scratch.directory.appendingPathComponent(output)) }
        var printed: [Substring] = []
        if output == nil && !consumed {
            printed = Self.lines(result.stdout)
            if let tail { printed = Array(printed.suffix(tail)) }
        }
        expectEqual(Self.lines(result.stderr) + printed, step.output, "\(document): $ \(step.command)\n\(result.stderr)")
        if consumed { #expect(result.status == 0, "\(document): $ \(step.command)") }
        return result.status
    }

    static func lines(_ text: String) -> [Substring] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        return lines
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

    @Test(arguments: documents)
    func theExamplesPrintWhatTheDocumentShows(_ document: String) throws {
        let run = try runExamples(of: document)
        expectEqual(run.count, Self.commandsRun[document, default: 0], "\(document) ran \(run)")
    }

    /// The blocks that are not run, listed (in the test's output too) and exactly those expected.
    @Test func theExamplesNotRunAreAnnotatedAndListed() throws {
        let annotated = try Self.documents.flatMap(Self.notRunBlocks)
        for entry in annotated { print("not run: \(entry)") }
        expectEqual(annotated, Self.notRun)
        #expect(Set(Self.commandsRun.keys).isSubset(of: Self.documents))
    }
}
