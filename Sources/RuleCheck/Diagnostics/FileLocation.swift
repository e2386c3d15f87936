/// A place in a rules file: 1-based line and column (named so as not to clash with Swift
/// Testing's `SourceLocation`). Columns count Unicode scalars, as Yams
/// (libyaml) does.
public struct FileLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
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
    func advanced(by offset: Int) -> FileLocation {
        FileLocation(file: file, line: line, column: column + offset)
    }

    public static func < (lhs: FileLocation, rhs: FileLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}
