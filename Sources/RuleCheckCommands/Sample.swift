import ArgumentParser
import RuleCheck
import RuleCheckBatch

struct Sample: RuleCheckSubcommand {
    static let configuration = CommandConfiguration(
        abstract: "Generate sample records for a rules file: valid ones, and a share with one mistake each.",
        discussion: """
            Records are made by filling a form field by field, so visibility, depends_on, option \
            filters and bounds that read other fields all hold. With --invalid-rate R, a share R of \
            the records gets one planted mistake (an empty required field, a broken mask, a value \
            out of range, an unknown option…) that `rulecheck check` reports; a record in which no \
            field can be spoiled on its own stays valid, and their number is a warning on stderr. \
            The same seed gives the same records.

            Example:
              rulecheck sample Rules/osago.yaml --count 300 --invalid-rate 0.1 --seed 7 > osago.csv
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case csv, jsonl, json
    }

    @OptionGroup var rulesFile: RulesFileArgument

    @OptionGroup(title: "Reading the rules")
    var rulesSource: RulesSource

    @Option(help: "How many records.")
    var count: Int

    @Option(help: "The share of records with a mistake, from 0 to 1.")
    var invalidRate: Double = 0

    @Option(help: "The random seed.")
    var seed: UInt64 = 1

    @Option(help: "csv (a header, then one line per record), jsonl (one JSON object per line) or json (an array of objects).")
    var format: Format = .csv

    @Option(help: ArgumentHelp("The date 'today' means (default: the local date).", valueName: "YYYY-MM-DD"))
    var today: String?

    mutating func validate() throws {
        try rulesFile.claimAlone()
        guard count >= 0 else { throw ValidationError("--count must be 0 or more") }
        guard (0...1).contains(invalidRate) else { throw ValidationError("--invalid-rate must be between 0 and 1") }
    }

    func run(streams: StandardStreams) throws {
        let ruleSet = try RulesFile.load(rulesFile.path, loader: rulesSource.loader, streams: streams)
        var generator = SampleGenerator(ruleSet, today: try Today.parse(today), seed: seed, invalidRate: invalidRate)
        let sink = OutputSink(descriptor: streams.output)
        let csv = CSVWriter()
        switch format {
        case .csv: try sink.write(csv.line(generator.columns))
        case .json: try sink.write("[")
        case .jsonl: break
        }
        var meant = 0, unspoilable = 0, unsatisfied = 0
        for index in 0..<count {
            let record = generator.next()
            if record.mistake != nil || record.unspoilable { meant += 1 }
            // A record that breaks rules already is not valid, whether a mistake was planted or not.
            if record.unsatisfied { unsatisfied += 1 } else if record.unspoilable { unspoilable += 1 }
            switch format {
            case .csv: try sink.write(csv.line(record.cells(generator.columns)))
            case .jsonl: try sink.write(JSONWriter.string(.object(record.object)) + "\n")
            case .json: try sink.write((index == 0 ? "\n  " : ",\n  ") + JSONWriter.string(.object(record.object)))
            }
        }
        if format == .json { try sink.write("\n]\n") }
        try sink.flush()
        var stderr = StandardError(streams)
        if unspoilable > 0 {
            print(
                "rulecheck: warning: \(unspoilable) of the \(meant) records meant to have a mistake could not be given one "
                    + "(no field of the rules can be spoiled on its own); they are valid", to: &stderr)
        }
        if unsatisfied > 0 {
            print(
                "rulecheck: warning: \(unsatisfied) of the \(count) records break rules the sampler could not satisfy "
                    + "(no draw of them passed every rule); 'rulecheck check' says which", to: &stderr)
        }
    }
}
