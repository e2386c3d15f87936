package import ArgumentParser

/// The rules file of a command, given either way — as its first argument (`rulecheck lint
/// rules.yaml`) or with `--rules` (`rulecheck check --rules rules.yaml export.csv`) — alike in
/// every command that reads one.
///
/// ```swift
/// @OptionGroup var rulesFile: RulesFileArgument
/// @Argument var files: [String] = []
/// mutating func validate() throws { files = try rulesFile.claim(files) }
/// ```
///
/// With `--rules`, every positional argument is the command's own: `check`'s files, `replay`'s
/// edits, `serve`'s further rules files. A command with room for fewer than it was given
/// refuses the first as a second rules file.
package struct RulesFileArgument: ParsableArguments {
    package init() {}

    @Argument(help: ArgumentHelp("The rules file (YAML or JSON), or a JSON Schema.", valueName: "rules"))
    package var argument: String?

    @Option(name: .customLong("rules"), help: ArgumentHelp("The rules file, when not given as the first argument.", valueName: "rules"))
    package var option: String?

    /// The rules file (after ``claim(_:atMost:)``, which each command calls in its `validate()`).
    package var path: String { option ?? argument ?? "" }

    package func validate() throws {
        guard argument != nil || option != nil else {
            throw ValidationError("Missing the rules file: give it as the first argument or with --rules FILE.")
        }
    }

    /// The command's own positional arguments: when `--rules` named the rules file, the first
    /// positional argument (which the argument parser put in the rules file's place) goes back
    /// before `arguments` — or is refused as a second rules file when the command has no room
    /// for it, that is when `arguments` already holds `limit` of them.
    ///
    /// - Parameters:
    ///   - arguments: the command's own positional arguments, as parsed.
    ///   - limit: how many positional arguments the command takes besides the rules file.
    /// - Returns: the command's positional arguments as meant.
    package mutating func claim(_ arguments: [String], atMost limit: Int = .max) throws -> [String] {
        guard let option, let argument else { return arguments }
        guard arguments.count < limit else {
            throw ValidationError(
                "The rules file is given twice: '\(option)' with --rules and '\(argument)' as an argument; give it one way.")
        }
        self.argument = nil
        return [argument] + arguments
    }

    /// ``claim(_:atMost:)`` for a command whose only positional argument is the rules file.
    package mutating func claimAlone() throws {
        _ = try claim([], atMost: 0)
    }
}
