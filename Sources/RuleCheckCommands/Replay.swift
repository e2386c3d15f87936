import ArgumentParser
import RuleCheck
import RuleCheckBatch

struct Replay: RuleCheckSubcommand {
    static let configuration = CommandConfiguration(
        abstract: "Apply edits (JSON Lines) to a form and print one ChangeSet per edit.",
        discussion: """
            Each line of EDITS is one edit, a JSON object. Values: {"set": "doc_type", "value": \
            "passport"}, {"clear": F}, {"suggest": F, "value": V} (only while the user has not \
            edited F), {"reset": true}. Lists: {"append": L}, {"insert": L, "index": i}, \
            {"remove": L, "index": i}, {"move": L, "from": i, "to": j}; their fields are named \
            drivers[0].full_name. What the user does besides: {"focus": F}, {"blur": F}, \
            {"touch_all": true} (submit: every issue shows), {"type": F, "text": T, "caret": n} \
            (typing through the field's mask; the caret in UTF-16 code units), {"page": "next"} \
            ("previous", or a page's id). Data from a server: {"options": F, "values": [...]}, \
            {"external_issues": F, "messages": [...]}. A saved draft: {"restore": SNAPSHOT}. Dates \
            are ISO text.

            For each edit one line is printed as soon as the edit is read: the ChangeSet as JSON \
            (keys sorted, only what changed), or {"error": "line N: …"} for an edit that cannot be \
            applied — a line that is not JSON, an unknown key, a missing value, a line over 1 MiB \
            — which changes nothing; replay goes on and exits 1 at the end.
            """)

    @OptionGroup var rulesFile: RulesFileArgument

    @OptionGroup(title: "Reading the rules")
    var rulesSource: RulesSource

    @Argument(help: "Edits, one JSON object per line; '-' reads standard input.")
    var edits: String?

    @Flag(help: "Recompute the whole form after every edit instead of incrementally (same output, slower).")
    var full = false

    @Option(help: ArgumentHelp("After the last edit, print why FIELD is as it is (a final JSON line).", valueName: "FIELD"))
    var explain: String?

    @Option(help: ArgumentHelp("The date 'today' means (default: the local date).", valueName: "YYYY-MM-DD"))
    var today: String?

    @OptionGroup
    var messages: MessagesLocale

    /// The longest edit line read; a longer one is an error and is skipped.
    static let maxLineLength = 1 << 20

    mutating func validate() throws {
        let arguments = try rulesFile.claim(edits.map { [$0] } ?? [], atMost: 1)
        guard let first = arguments.first else { throw ValidationError("Missing expected argument '<edits>'") }
        edits = first
    }

    func run(streams: StandardStreams) throws {
        guard let edits else { throw ValidationError("Missing expected argument '<edits>'") }
        let ruleSet = try RulesFile.load(rulesFile.path, loader: rulesSource.loader, streams: streams)
        let day = try Today.parse(today)
        var form = Form(ruleSet, today: day, locale: messages.checked(for: ruleSet, streams: streams))
        if full { form.evaluationMode = .full }
        var stderr = StandardError(streams)
        let lines: LineReader
        do throws(InputError) {
            lines = LineReader(try FileByteSource(path: edits), maxLength: Self.maxLineLength)
        } catch {
            print("rulecheck: cannot read '\(VisibleText.escaped(edits))': \(error.message)", to: &stderr)
            throw ExitCode(3)
        }
        let output = OutputSink(descriptor: streams.output)
        var number = 0
        var failed = false
        // Each edit is applied and printed as it is read; the output is flushed whenever the input
        // pauses, so a program driving replay through a pipe gets each answer at once.
        while let line = try next(lines, of: edits, output: output, streams: streams) {
            number += 1
            let printed: JSONValue
            switch line {
            case .tooLong:
                printed = .object(["error": .string("line \(number): longer than \(Self.maxLineLength) bytes; skipped")])
            case .text(let bytes):
                guard bytes.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }) else { continue }
                printed = Self.apply(bytes, line: number, to: &form)
            }
            if case .object(let object) = printed, object["error"] != nil { failed = true }
            try output.write(JSONWriter.string(printed) + "\n")
        }
        if let explain {
            try output.write(JSONWriter.string(.object(["explain": form.explain(explain).json])) + "\n")
        }
        try output.flush()
        if failed { throw ExitCode(1) }
    }

    /// The next edit line; a read error prints what was answered so far, then exits with status 3.
    private func next(_ lines: LineReader, of edits: String, output: OutputSink, streams: StandardStreams) throws -> LineReader.Line? {
        do {
            return try lines.next(beforeWaiting: { try output.flush() })
        } catch let error as InputError {
            try output.flush()
            var stderr = StandardError(streams)
            print("rulecheck: cannot read '\(VisibleText.escaped(edits))': \(error.message)", to: &stderr)
            throw ExitCode(3)
        }
    }

    /// The ChangeSet of the edit on `line`, or `{"error": "line N: …"}`.
    private static func apply(_ bytes: [UInt8], line: Int, to form: inout Form) -> JSONValue {
        do {
            let edit = try FormEdit(json: try JSONParser().parse(bytes))
            return try form.apply(edit).json
        } catch let error as JSONParseError {
            return .object(["error": .string("line \(line): not JSON: \(error.message)")])
        } catch {
            return .object(["error": .string("line \(line): \(error)")])
        }
    }
}
