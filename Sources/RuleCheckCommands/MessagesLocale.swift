package import ArgumentParser
package import RuleCheck

/// `--locale`, as `check` and `replay` spell it: the locale of messages, with a warning on
/// standard error when it has no built-in messages of its own (`pt` gets English), so that a
/// report in another language than asked is never a surprise.
package struct MessagesLocale: ParsableArguments {
    package init() {}

    @Option(
        help: ArgumentHelp(
            "The locale of messages and of numbers in cells and typed text (12,5 in fr; default: the rules' defaults.locale, "
                + "else English messages and plain-decimal numbers): en, ru, fr, de, es, fa, zh-Hans or ar, "
                + "or one with a region (fa-IR, ar-SA); -u-nu-latn asks for Latin digits (fa-u-nu-latn). Another falls back to "
                + "English, with a warning.",
            valueName: "LOCALE"))
    package var locale: String?

    /// The locale for `rules` (this option's, else the rules' `defaults.locale`), once its
    /// fallback (if any) is warned about; `nil` when neither names one: messages are then in
    /// English, and numbers are read in plain decimal only (`1,200` is a finding).
    package func checked(for rules: RuleSet, streams: StandardStreams) -> String? {
        guard let chosen = locale ?? rules.locale else { return nil }
        Self.warnIfFallback(chosen, streams: streams)
        return chosen
    }

    /// Prints `rulecheck: warning: no built-in messages for locale 'pt'; they are in English (en)`
    /// on standard error when `locale` has no built-in messages of its own.
    package static func warnIfFallback(_ locale: String, streams: StandardStreams) {
        guard let warning = MessageLocale(locale).fallbackWarning else { return }
        var stderr = StandardError(streams)
        print("rulecheck: warning: \(warning)", to: &stderr)
    }
}
