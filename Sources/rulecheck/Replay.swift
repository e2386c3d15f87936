import ArgumentParser
import Foundation
import RuleCheck

struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Apply edits (JSON Lines) to a form and print one ChangeSet per edit.",
        discussion: """
            Each line of EDITS is one edit: {"set": "doc_type", "value": "passport"}, \
            {"clear": "x"}, {"suggest": "engine_power", "value": 150}, {"append": "drivers"}, \
            {"insert": "drivers", "index": 0}, {"remove": "drivers", "index": 0}, \
            {"move": "drivers", "from": 1, "to": 0}, {"reset": true}; list members are named \
            drivers[0].full_name. Dates are ISO text.

            For each edit one line is printed: the ChangeSet as JSON (keys sorted, only what \
            changed), or {"error": "…"} for an edit that cannot be applied — which changes \
            nothing; replay goes on and exits 1 at the end.
            """)

    @Argument(help: "The rules file (YAML or JSON).")
    var rules: String

    @OptionGroup(title: "Rules from a JSON Schema")
    var rulesSource: RulesSource

    @Argument(help: "Edits, one JSON object per line; '-' reads standard input.")
    var edits: String

    @Flag(help: "Recompute the whole form after every edit instead of incrementally (same output, slower).")
    var full = false

    @Option(help: ArgumentHelp("After the last edit, print why FIELD is as it is (a final JSON line).", valueName: "FIELD"))
    var explain: String?

    @Option(help: ArgumentHelp("The date 'today' means (default: the local date).", valueName: "YYYY-MM-DD"))
    var today: String?

    @Option(help: "The locale of messages (en, ru, …).")
    var locale = "en"

    func run() throws {
        let ruleSet = try RulesFile.load(rules, source: rulesSource)
        let day = try Today.parse(today)
        var form = Form(ruleSet, today: day, locale: locale)
        if full { form.evaluationMode = .full }
        let lines = try InputLines.read(edits)
        var failed = false
        for (number, line) in lines.enumerated() where !line.allSatisfy(\.isWhitespace) {
            let output: JSONValue
            do {
                let edit = try FormEdit(json: try JSONParser().parse(line))
                output = try form.apply(edit).json
            } catch let error as JSONParseError {
                output = .object(["error": .string("line \(number + 1): not JSON: \(error.message)")])
                failed = true
            } catch {
                output = .object(["error": .string("line \(number + 1): \(error)")])
                failed = true
            }
            print(JSONWriter.string(output))
        }
        if let explain {
            print(JSONWriter.string(.object(["explain": form.explain(explain).json])))
        }
        if failed { throw ExitCode(1) }
    }
}

/// `--today`: a date, or the local date when not given.
enum Today {
    static func parse(_ text: String?) throws -> Day {
        guard let text else { return Day.today() }
        guard let day = Day(iso: text) else {
            throw ValidationError("--today must be a date written YYYY-MM-DD, not '\(text)'")
        }
        return day
    }
}

/// The lines of a file, or of standard input for `-`.
enum InputLines {
    static func read(_ path: String) throws -> [String] {
        if path == "-" {
            var lines: [String] = []
            while let line = readLine(strippingNewline: true) { lines.append(line) }
            return lines
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            var stderr = StandardError()
            print("rulecheck: cannot read '\(path)'", to: &stderr)
            throw ExitCode(3)
        }
        return String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasSuffix("\r") ? String($0.dropLast()) : String($0) }
    }
}
