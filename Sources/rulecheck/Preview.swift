import ArgumentParser
import Foundation
import RuleCheck
import RuleCheckCommands
import RuleCheckServer

struct Preview: RuleCheckSubcommand {
    static let configuration = CommandConfiguration(
        abstract: "See a rules file behave: the form in a browser, reloaded when the file changes.",
        discussion: """
            Starts a local web server (127.0.0.1) and prints its URL. The page draws the form from \
            the rules and sends every input to the engine; beside the form are the gates, the \
            values as JSON, and 'why?' for every field. Save the rules file and the page reloads \
            it, keeping the values that still fit; while the file does not compile, the page shows \
            its errors as 'lint' prints them. The page uses the API of 'rulecheck serve'.

            Examples:
              rulecheck preview Rules/osago.yaml
              rulecheck preview Rules/osago.yaml --port 0 --today 2026-11-22 --locale ru --data draft.json
            """)

    @OptionGroup var rulesFile: RulesFileArgument

    @OptionGroup(title: "Reading the rules")
    var rulesSource: RulesSource

    @OptionGroup var server: ServerArguments

    @Option(help: ArgumentHelp("A record (nested JSON, as 'check' reads it) to fill the form with.", valueName: "RECORD.json"))
    var data: String?

    mutating func validate() throws {
        try rulesFile.claimAlone()
        try server.validate()
    }

    func run(streams: StandardStreams) throws {
        var stderr = StandardError(streams)
        var options = try server.options(streams: streams)
        options.preview = true
        // The page asks for the rules' state a few times a second: a log of that is noise unless asked for.
        options.accessLog = server.accessLog ?? false
        options.watchInterval = .milliseconds(300)
        if let data {
            guard let bytes = FileManager.default.contents(atPath: data) else {
                print("rulecheck: cannot read '\(data)'", to: &stderr)
                throw ExitCode(3)
            }
            let json: JSONValue
            do {
                json = try JSONParser().parse(Array(bytes))
            } catch {
                let location = error.location(in: Array(bytes))
                print("\(data):\(location.line):\(location.column): error: \(error.message)", to: &stderr)
                throw ExitCode(2)
            }
            guard case .object(let record) = json else {
                print("\(data): error: not a JSON object (a record such as {\"doc_type\": \"passport\"})", to: &stderr)
                throw ExitCode(2)
            }
            options.initialRecord = record
        }
        let library = RuleLibrary(files: [rulesFile.path], loader: rulesSource.loader)
        // A broken file is what the page is for: say so, and serve the page anyway.
        if let errors = library.entries.first?.errors { print(errors, to: &stderr) }
        for warning in library.entries.first?.findingWarnings ?? [] { print(warning, to: &stderr) }
        try ServerRunner.run(RuleServer(library: library, options: options), streams: streams) { url in
            "rulecheck preview: \(rulesFile.path) at \(url) (Ctrl-C stops)"
        }
    }
}
