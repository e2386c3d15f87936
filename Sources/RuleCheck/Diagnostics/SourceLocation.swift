/// A place in a rules file: 1-based line and column. Columns count Unicode scalars, as Yams
/// (libyaml) does.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The file's name as given (a path, or a name such as `rules.yaml`).
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`.
    public var description: String { "\(file):\(line):\(column)" }

    /// This location moved `offset` columns to the right on the same line.
    func advanced(by offset: Int) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column + offset)
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}
