/// The state of one field of a form (or of one list item's field).
///
/// ```swift
/// let state = form["doc_number"]
/// state.value; state.isVisible; state.isRequired; state.issues
/// ```
public struct FieldState: Hashable, Sendable {
    public var value: Value?
    /// Everything but the value, as the form stores it for each slot: a state is the slot's value
    /// and status side by side, never converted field by field.
    var status: FieldStatus

    /// Where the value came from.
    public var provenance: Provenance {
        get { status.provenance }
        set { status.provenance = newValue }
    }
    public var isVisible: Bool {
        get { status.isVisible }
        set { status.isVisible = newValue }
    }
    public var isEnabled: Bool {
        get { status.isEnabled }
        set { status.isEnabled = newValue }
    }
    /// Required and visible (a hidden field is never required).
    public var isRequired: Bool {
        get { status.isRequired }
        set { status.isRequired = newValue }
    }
    /// The rules the value fails; empty when the field is valid (hidden fields are always valid).
    /// Always computed, whatever the user has done; ``shownIssues`` says which to show now.
    public var issues: [FieldIssue] {
        get { status.issues }
        set { status.issues = newValue }
    }
    /// What the user has done with the field: not yet visited, being edited, or left.
    public var interaction: Interaction {
        get { status.interaction }
        set { status.interaction = newValue }
    }
    /// The field's typed text (``Form/input(_:)``) may still become a value: its `type` issue
    /// is held back while the field is edited.
    var holdsTypeIssue: Bool {
        get { status.holdsTypeIssue }
        set { status.holdsTypeIssue = newValue }
    }

    /// Valid: hidden, or not required and empty, or passing every rule.
    public var isValid: Bool { status.issues.isEmpty }

    /// The issues a screen should show now, by ``interaction``: none while the field is
    /// pristine; while it is being edited, all but those that more typing may still fix
    /// (`required`, `min_length`, `mask`, `type` for a partial date or number, and `pattern` for
    /// a text that more typing may still make match: PCRE2's partial match); once it has been
    /// left (or after ``Form/touchAll()``), all of them. A text that can no longer match (`12a`
    /// for `^[0-9]+$`) or is too long (`max_length`) shows its issue at once.
    public var shownIssues: [FieldIssue] {
        status.interaction.shown(status.issues, typedIsFixable: status.holdsTypeIssue, patternIsFixable: status.holdsPatternIssue)
    }

    /// The state of a field that does not exist (a path past the end of a list).
    public static let absent = FieldState(value: nil, status: .absent)

    public init(
        value: Value?, provenance: Provenance, isVisible: Bool, isEnabled: Bool, isRequired: Bool,
        issues: [FieldIssue], interaction: Interaction = .pristine
    ) {
        self.value = value
        status = FieldStatus(
            provenance: provenance, isVisible: isVisible, isEnabled: isEnabled, isRequired: isRequired,
            issues: issues, interaction: interaction)
    }

    /// A slot's state: its value and status as the form stores them.
    init(value: Value?, status: FieldStatus) {
        self.value = value
        self.status = status
    }
}

extension FieldState {
    /// What the user has done with a field, which decides which of its issues a screen shows.
    ///
    /// ```swift
    /// try form.focus("email")    // .editing: "required" is not shown while the user types
    /// try form.blur("email")     // .touched: every issue shows
    /// form.touchAll()            // on submit: every field's issues show
    /// ```
    public enum Interaction: String, Hashable, Sendable {
        /// Not visited yet: its issues are not shown.
        case pristine
        /// Has the focus: issues that more typing may fix are held back.
        case editing
        /// Left after a visit, or touched by submitting: every issue shows.
        case touched

        /// The codes held back while a field is being edited.
        static let heldWhileEditing: Set<IssueCode> = [.required, .minLength, .mask]

        /// The issues to show; `typedIsFixable`: the field's typed text may still become a value, so
        /// its `type` issue is held back while editing too; `patternIsFixable`: the text is a
        /// beginning of a match of every pattern it fails, so its `pattern` issues are held back.
        func shown(_ issues: [FieldIssue], typedIsFixable: Bool = false, patternIsFixable: Bool = false) -> [FieldIssue] {
            switch self {
            case .pristine: []
            case .editing:
                issues.filter {
                    !Self.heldWhileEditing.contains($0.code) && !(typedIsFixable && $0.code == .type)
                        && !(patternIsFixable && $0.code == .pattern)
                }
            case .touched: issues
            }
        }
    }
}

/// A slot's state in a form, without its value (which the form keeps where expressions read it).
struct FieldStatus: Hashable, Sendable {
    var provenance: FieldState.Provenance
    var isVisible: Bool
    var isEnabled: Bool
    var isRequired: Bool
    var issues: [FieldIssue]
    var interaction: FieldState.Interaction = .pristine
    /// Typed text that may still become a value (see ``FieldState``).
    var holdsTypeIssue = false
    /// A text that more typing may still make match every pattern it fails.
    var holdsPatternIssue = false

    /// The status of a slot that does not exist.
    static let absent = FieldStatus(
        provenance: .empty, isVisible: false, isEnabled: false, isRequired: false,
        issues: [])
}

extension FieldState {
    /// Where a field's value came from.
    public enum Provenance: Hashable, Sendable {
        /// Never filled.
        case empty
        /// The field's `initial` value (a new form, a new list item, or `reset()`).
        case initial
        /// Typed or chosen by the user (`set`).
        case user
        /// Filled by `suggest` (e.g. a value from a server).
        case suggestion
        /// Computed by the field's `value:` expression.
        case computed
        /// Emptied by the engine or the user, and by which edit (`set city`, `remove drivers[1]`).
        case cleared(ClearCause, edit: String?)

        /// Whether the user has edited the field (set or cleared it): suggestions no longer apply.
        public var isUserEdited: Bool {
            switch self {
            case .user, .cleared(.user, _): true
            default: false
            }
        }
    }
}

extension FieldState {
    /// Why a value was cleared.
    public enum ClearCause: Hashable, Sendable {
        /// The user cleared it.
        case user
        /// A field it `depends_on` changed: the path of that field.
        case dependsOn(String)
        /// It became hidden (under `hidden_values: clear`).
        case hidden
        /// Its `options_filter` no longer offers the value.
        case optionsFilter
    }
}
