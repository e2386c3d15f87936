/// What a name in an expression refers to.
enum NameResolution: Sendable {
    /// A field with a value, and its type in expressions.
    case field(FieldID, ExprType)
    /// A repeating list: only its item count can be read.
    case items(FieldID)
    /// A group: it has no value; its members do.
    case group(path: String, firstMember: String?)
    /// A list item's field named from outside its item: its id, its type, its path and its list's.
    case itemField(FieldID, ExprType, path: String, list: String)
    /// No such field; perhaps a near miss.
    case notFound(suggestion: String?)
}

/// Resolves names for the expression compiler; the rules compiler provides one per scope.
protocol NameResolver {
    func resolve(_ path: [String]) -> NameResolution
    /// Whether the number field `field` holds whole numbers only (an integer field).
    func isWholeNumber(_ field: FieldID) -> Bool
    /// How `field`'s text is compared (its `letters:`).
    func letters(of field: FieldID) -> LetterFolding
    /// How every comparison of text compares (`defaults.letters`).
    var defaultLetters: LetterFolding { get }
    /// The list whose items the expression is evaluated in, if any.
    var itemList: FieldID? { get }
    /// The list an item field belongs to (nil for a form-level field).
    func list(of field: FieldID) -> FieldID?
    /// The path of a field, as errors name it (`drivers.premium`).
    func path(of field: FieldID) -> String
    /// A resolver for names inside one item of `list` (the condition of `any()` and `all()`): a
    /// bare name is that item's field first, then as from here.
    func itemScope(of list: FieldID) -> any NameResolver
}

extension NameResolver {
    func isWholeNumber(_ field: FieldID) -> Bool { false }
    func letters(of field: FieldID) -> LetterFolding { .exact }
    var defaultLetters: LetterFolding { .exact }
    var itemList: FieldID? { nil }
    func list(of field: FieldID) -> FieldID? { nil }
    func path(of field: FieldID) -> String { field.description }
    func itemScope(of list: FieldID) -> any NameResolver { self }
}

/// Inside `options_filter`: the types of the candidate option's value and attributes.
struct OptionScope: Sendable {
    var valueType: ExprType
    var attributes: [String: ExprType]
}
