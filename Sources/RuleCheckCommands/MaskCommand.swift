import ArgumentParser
import Foundation
import Patterns
import RuleCheck
import RuleCheckBatch

struct MaskCommand: RuleCheckSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "mask",
        abstract: "Apply an input mask to values, as a form field would while they are typed.",
        discussion: """
            Prints one line per input: the formatted text, the raw value (what was typed into \
            input positions, with the fixed characters written in {…}) and the state (complete, \
            partial or invalid), separated by tabs; with alternatives (--or), the alternative \
            chosen (0 for MASK, 1 for the first --or, …); with --caret, where the caret goes. \
            Control characters show as escapes (\\u{1B}).

            Mask notation: 0 digit, 9 optional digit, A letter (any script), a optional letter, \
            * letter or digit, a class's name (--class) one of its characters, [ … ] an optional \
            block, { … } fixed characters kept in the raw value, … after the last position an \
            open tail, \\x the literal x; anything else is a fixed character. Digits of every \
            script are read as 0–9 unless --ascii-digits.

            Examples:
              rulecheck mask '+7 (000) 000-00-00' 9161234567 916123
              rulecheck mask '+7 (000) 000-00-00' --or '8 (000) 000-00-00' 89161234567
              rulecheck mask 'R 000 RR 00[0]' --class R=АВЕКМНОРСТУХ --case upper а123вс777
            """
    )

    enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Argument(help: "The mask, e.g. '+7 (000) 000-00-00'.")
    var mask: String

    @Argument(help: "Values as typed.")
    var inputs: [String]

    @Option(name: .customLong("or"), help: ArgumentHelp("An alternative mask (repeatable).", valueName: "MASK"))
    var alternatives: [String] = []

    @Option(
        name: .customLong("class"),
        help: ArgumentHelp(
            "A character class NAME=CHARS, such as R=АВЕКМНОРСТУХ or H=0-9A-F (repeatable).",
            valueName: "NAME=CHARS"))
    var classes: [String] = []

    @Option(name: .customLong("case"), help: "Convert letters typed into a class to this case (upper or lower).")
    var letterCase: String?

    @Flag(help: "Accept only the digits 0–9, not those of other scripts.")
    var asciiDigits = false

    @Option(help: "Where the caret is in each input, in characters; prints where it goes.")
    var caret: Int?

    @Option(help: "Output format: text (tab-separated lines) or json (an array of objects).")
    var format: OutputFormat = .text

    @Flag(help: "Also print the equivalent PCRE2 regex first.")
    var regex = false

    func validate() throws {
        _ = try compile()
    }

    /// The mask with its alternatives and classes, or a validation error that says what is wrong.
    private func compile() throws -> Mask {
        let convert = try letterCase.map { text in
            guard let value = MaskCharacterClass.LetterCase(rawValue: text) else {
                throw ValidationError("--case must be upper or lower, not '\(text)'")
            }
            return value
        }
        var named: [Character: MaskCharacterClass] = [:]
        for definition in classes {
            guard let equals = definition.firstIndex(of: "="), definition[..<equals].count == 1,
                let name = definition.first
            else {
                throw ValidationError("--class takes NAME=CHARS with a one-character name, not '\(definition)'")
            }
            do {
                named[name] = try MaskCharacterClass(String(definition[definition.index(after: equals)...]), case: convert)
            } catch {
                throw ValidationError("--class \(definition): \(error.message)")
            }
        }
        do {
            return try Mask(alternatives: [mask] + alternatives, classes: named, digits: asciiDigits ? .ascii : .any)
        } catch {
            throw ValidationError(error.description)
        }
    }

    func run(streams: StandardStreams) throws {
        let compiled = try compile()
        let results = inputs.map { (input: $0, result: compiled.format($0, caret: caret)) }
        let showsAlternative = !alternatives.isEmpty
        let output = OutputSink(descriptor: streams.output)
        switch format {
        case .text:
            if regex { try output.write(compiled.regex + "\n") }
            for (_, result) in results {
                // For people: control characters typed into a value show as escapes (json keeps them).
                var columns = [VisibleText.escaped(result.text), VisibleText.escaped(result.raw), result.state.rawValue]
                if showsAlternative { columns.append(String(result.alternative)) }
                if caret != nil { columns.append(String(result.caret)) }
                try output.write(columns.joined(separator: "\t") + "\n")
            }
        case .json:
            let objects: [JSONValue] = results.map { input, result in
                var object: JSONObject = [
                    "input": .string(input), "text": .string(result.text), "raw": .string(result.raw),
                    "state": .string(result.state.rawValue),
                ]
                if showsAlternative { object["alternative"] = .number(Double(result.alternative)) }
                if caret != nil { object["caret"] = .number(Double(result.caret)) }
                return .object(object)
            }
            var document: JSONObject = ["mask": .string(compiled.notation), "results": .array(objects)]
            if regex { document["regex"] = .string(compiled.regex) }
            try output.write(JSONWriter.string(.object(document)) + "\n")
        }
        try output.flush()
    }
}
