/// A rules file whose pattern backtracks catastrophically, and values that make it do so: what
/// the tests of regex limits, budgets and cancellation check records against.
public enum CatastrophicRules {
    /// A list `members` whose items' `name` must match `^(a+)+$`.
    public static let crewYAML = """
        form: crew
        fields:
          - id: members
            type: list
            item:
              - id: name
                type: text
                pattern: '^(a+)+$'
        """

    /// A name that runs the pattern into PCRE2's match limit.
    public static let slowName = String(repeating: "a", count: 22) + "b"

    /// A `members` item of that name, as JSON.
    public static let slowMember = #"{"name": "\#(slowName)"}"#
}
