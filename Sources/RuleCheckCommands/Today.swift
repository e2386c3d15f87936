import ArgumentParser
package import RuleCheck

/// `--today`: a date, or the local date when not given.
package enum Today {
    package static func parse(_ text: String?) throws -> Day {
        guard let text else { return Day.today() }
        guard let day = Day(iso: text) else {
            throw ValidationError("--today must be a date written YYYY-MM-DD, not '\(text)'")
        }
        return day
    }
}
