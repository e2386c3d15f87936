import ArgumentParser
import Foundation
import Patterns
import RuleCheck
import RuleCheckBatch

struct MaskCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mask",
        abstract: "Apply an input mask to values, as a form field would while they are typed.",
        discussion: """
            Prints one line per input: the formatted text, the raw value (what was typed into \
            input positions) and the state (complete, partial or invalid), separated by tabs; \
            control characters show as escapes (\\u{1B}).

            Mask notation: 0 digit, 9 optional digit, A letter (any script), a optional letter, \
            * letter or digit, \\x the literal x; anything else is a fixed character.

            Example:
              rulecheck mask '+7 (000) 000-00-00' 9161234567 916123
            """
    )

    enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Argument(help: "The mask, e.g. '+7 (000) 000-00-00'.")
    var mask: String

    @Argument(help: "Values as typed.")
    var inputs: [String]

    @Option(help: "Output format: text (tab-separated lines) or json (an array of objects).")
    var format: OutputFormat = .text

    @Flag(help: "Also print the equivalent PCRE2 regex first.")
    var regex = false

    func validate() throws {
        do {
            _ = try Mask(mask)
        } catch {
            throw ValidationError(error.description)
        }
    }

    func run() throws {
        let compiled = try Mask(mask)
        let results = inputs.map { (input: $0, result: compiled.format($0)) }
        let output = OutputSink(descriptor: 1)
        switch format {
        case .text:
            if regex { try output.write(compiled.regex + "\n") }
            for (_, result) in results {
                // For people: control characters typed into a value show as escapes (json keeps them).
                try output.write("\(VisibleText.escaped(result.text))\t\(VisibleText.escaped(result.raw))\t\(result.state.rawValue)\n")
            }
        case .json:
            let objects: [[String: String]] = results.map { input, result in
                ["input": input, "text": result.text, "raw": result.raw, "state": result.state.rawValue]
            }
            var document: [String: Any] = ["mask": compiled.notation, "results": objects]
            if regex { document["regex"] = compiled.regex }
            let data = try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys, .withoutEscapingSlashes])
            try output.write(String(decoding: data, as: UTF8.self) + "\n")
        }
        try output.flush()
    }
}
