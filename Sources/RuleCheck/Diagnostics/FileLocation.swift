/// A place in a rules file: 1-based line and column (named so as not to clash with Swift
/// Testing's `SourceLocation`). Columns count Unicode scalars, as Yams
/// (libyaml) does. Line 0 means the file as a whole (it could not be read).
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

    /// The file as a whole, line 0: where an error about reading the file points.
    static func whole(_ file: String) -> FileLocation {
        FileLocation(file: file, line: 0, column: 0)
    }

    /// `file:line:column`, or the file's name alone for the file as a whole (line 0).
    public var description: String { line == 0 ? file : "\(file):\(line):\(column)" }

    /// This location moved `offset` columns to the right on the same line.
    func advanced(by offset: Int) -> FileLocation {
        FileLocation(file: file, line: line, column: column + offset)
    }

    public static func < (lhs: FileLocation, rhs: FileLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}
