/// An edge of the dependency graph: `to` reads or depends on `from`.
public struct DependencyEdge: Hashable, Sendable {
    /// Why the edge exists.
    public enum Kind: String, Hashable, Sendable, CaseIterable, Comparable {
        /// `to` lists `from` in `depends_on`: a change of `from` clears `to`.
        case dependsOn = "depends_on"
        /// `to`'s `visible_if` (or an enclosing group's) names `from`.
        case visibility
        /// `to`'s `enabled_if` names `from`.
        case enabled
        /// `to`'s `required` names `from` (or `to` is a required group and `from` its member).
        case required
        /// `to`'s computed `value` names `from`.
        case value
        /// `to`'s `min`, `max` or a check names `from`.
        case check
        /// `to`'s `options_filter` names `from`.
        case options

        public static func < (lhs: Kind, rhs: Kind) -> Bool {
            allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
        }
    }

    public let from: FieldID
    public let to: FieldID
    public let kind: Kind
    /// Where the reference is written.
    public let location: FileLocation
    /// `to` reads `from` in every item of `from`'s list (`sum(drivers.premium)`,
    /// `any(drivers, …)`, `unique_by`), not only in its own item: a change of `from` in any item
    /// re-evaluates `to` in every item of its list (or once, at form level).
    let acrossItems: Bool

    init(from: FieldID, to: FieldID, kind: Kind, location: FileLocation, acrossItems: Bool = false) {
        self.from = from
        self.to = to
        self.kind = kind
        self.location = location
        self.acrossItems = acrossItems
    }
}
