import ArgumentParser
import RuleCheckBatch

struct Lint: RuleCheckSubcommand {
    static let configuration = CommandConfiguration(
        abstract: "Check a rules file.",
        discussion: """
            Prints nothing and exits 0 for a good file. Otherwise prints every problem as \
            FILE:LINE:COLUMN: error: MESSAGE [CODE] with the source line, and exits 2 (the codes are \
            listed in Docs/diagnostics.md). Warnings about \
            likely mistakes (a required field that can never be visible, a check whose 'when' can \
            never hold, an unused named pattern or mask) are printed too but keep exit status 0. \
            Control characters in the file are shown as escapes (\\u{1B}), and a long source line \
            is cut to 100 characters around the caret.
            """)

    @OptionGroup var rulesFile: RulesFileArgument

    @OptionGroup(title: "Reading the rules")
    var rulesSource: RulesSource

    mutating func validate() throws {
        try rulesFile.claimAlone()
    }

    func run(streams: StandardStreams) throws {
        try RulesFile.lint(rulesFile.path, loader: rulesSource.loader, to: OutputSink(descriptor: streams.output))
    }
}
