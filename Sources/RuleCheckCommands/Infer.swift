import ArgumentParser
import RuleCheck
import RuleCheckBatch

struct Infer: RuleCheckSubcommand {
    static let configuration = CommandConfiguration(
        abstract: "Draft a rules file from CSV, TSV, JSON or JSON Lines exports.",
        discussion: """
            Per field (column or JSON key, in the file's order): its type (integer, number, date \
            and its format, bool, a choice when the distinct values are few, text; JSON objects \
            as groups, arrays as lists or values), required when no record leaves it empty, \
            min/max and min_length/max_length from the values seen, a pattern or mask for text \
            whose values share a shape. Every rule carries a comment saying what it was inferred \
            from. The draft compiles, and checking the files it was drafted from finds no error. \
            Files are read streaming (gzip and zstd too); '-' reads standard input.

            Exit status: 0 the draft is printed; 2 wrong arguments, or files that cannot be \
            drafted together (CSV and JSON), or nothing to draft from; 3 an input could not be \
            opened or read (a compressed stream cut short included: nothing is printed).

            Examples:
              rulecheck infer export.csv > rules.yaml
              rulecheck infer events.jsonl.gz --sample 100000 --format json
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable { case yaml, json }

    @Argument(help: "The exports to draft from; '-' reads standard input.")
    var files: [String]

    @Option(help: "The rules file's format: yaml (with comments) or json.")
    var format: Format = .yaml

    @Option(help: ArgumentHelp("Read only the first N records (of all files).", valueName: "N"))
    var sample: Int?

    @Option(help: "The input format (default: from each file's extension: .csv .tsv .json .jsonl .ndjson, also before .gz or .zst).")
    var input: RecordFormat?

    @Option(help: "The CSV delimiter: ',', ';', 'tab', '|' or another ASCII character.")
    var delimiter: CSVDelimiter?

    @Option(help: ArgumentHelp("A text field with at most N distinct values (each seen twice on average) is a choice.", valueName: "N"))
    var maxOptions = 20

    @Option(help: ArgumentHelp("The form's id (default: the first file's name).", valueName: "id"))
    var form: String?

    func validate() throws {
        if let sample, sample < 1 { throw ValidationError("--sample must be 1 or more") }
        guard (1...1000).contains(maxOptions) else { throw ValidationError("--max-options must be between 1 and 1000") }
        if files.filter({ $0 == "-" }).count > 1 { throw ValidationError("standard input ('-') can be read only once") }
        if let first = files.first(where: { $0 != "-" && input == nil && RecordFormat(path: $0) == nil }) {
            throw ValidationError("cannot tell the format of '\(first)' from its name; give --input csv|tsv|json|jsonl")
        }
        if let form, !form.isEmpty, !form.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) {
            throw ValidationError("--form takes an id: letters, digits and _")
        }
    }

    func run(streams: StandardStreams) throws {
        var stderr = StandardError(streams)
        var reader = RecordReader.Options()
        reader.delimiter = delimiter
        let inference = RulesInference(
            options: .init(format: input, reader: reader, sample: sample, maxOptions: maxOptions, form: form))
        let rules: InferredRules
        do {
            rules = try inference.infer(files: files)
        } catch let error as InputError {
            print("rulecheck: \(VisibleText.escaped(error.description))", to: &stderr)
            throw ExitCode(3)
        } catch let error as InferenceError {
            print("rulecheck: \(VisibleText.escaped(error.message))", to: &stderr)
            throw ExitCode(2)
        }
        // In YAML the notes are comments of the draft; JSON has none, so they go to standard error.
        if format == .json {
            for note in rules.notes { print("rulecheck: not inferred: \(VisibleText.escaped(note.description))", to: &stderr) }
        }
        let output = OutputSink(descriptor: streams.output)
        try output.write(format == .json ? rules.json() : rules.yaml())
        try output.flush()
    }
}
