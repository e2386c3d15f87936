/// A field's number in a compiled ``RuleSet``: an index into its tables.
public struct FieldID: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let index: Int

    init(_ index: Int) {
        self.index = index
    }

    public static func < (lhs: FieldID, rhs: FieldID) -> Bool { lhs.index < rhs.index }

    public var description: String { "#\(index)" }
}
