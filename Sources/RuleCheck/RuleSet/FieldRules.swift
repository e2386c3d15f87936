public import Patterns

/// The compiled rules of one field.
///
/// Conditions inherited from enclosing groups and lists are folded in: a member of a hidden
/// group has the group's `visible_if` among its own `visibleConditions`.
public final class FieldRules: Sendable {
    public let id: FieldID
    /// The field's path: `doc_number`, `insurant.birth_date`; an item field's is written with
    /// its list, `drivers.birth_date`.
    public let path: String
    /// The field's own id.
    public let name: String
    /// The title for people, as `title:` writes it (the field's id when it has none).
    public let title: String
    /// The title in other locales (`titles: {fa: سن}`), by locale; empty when none is written.
    public let titles: [String: String]
    public let type: FieldType
    /// The index of the field's section in ``RuleSet/sections``.
    public let section: Int
    /// For an item field: the list it belongs to.
    public let list: FieldID?
    /// For an item field: its index among the list's item fields.
    let itemIndex: Int
    /// The group the field is a direct member of.
    public let group: FieldID?
    public let location: FileLocation

    package let initial: Value?
    /// `initial: today` on a date field.
    package let initialIsToday: Bool
    package let required: WrittenExpression?
    /// Which decimal digits the field reads in numbers, dates and masked text: every script's
    /// (stored as 0–9, the default) or only 0–9 (`digits: ascii`).
    public let digits: DecimalDigits
    /// `digits: fold` on a text field: the text itself is stored with the digits of every script
    /// as 0–9 (`۰۹۱۲` → `0912`), before its pattern, lengths and checks read it, so a record
    /// written from the form passes a pattern of ASCII digits (`^09[0-9]{9}$`) anywhere.
    public let foldsDigits: Bool
    /// Whether a masked field stores the formatted text (the default) or the mask's extracted
    /// value (`mask_value: extracted`).
    public let maskValue: Mask.ValueForm
    /// Where the field came from when an included block brought it in: the include sites,
    /// outermost first (empty for a field of the rules file itself). ``location`` is in the block.
    public let includedFrom: [FileLocation]
    /// All must hold for the field to be visible (its own `visible_if` and its groups' and list's).
    package let visibleConditions: [WrittenExpression]
    package let enabledConditions: [WrittenExpression]
    /// Fields whose change clears this one (its own `depends_on` and its groups').
    public let dependsOn: [FieldID]
    package let computed: WrittenExpression?
    /// The field's own value keys (`min_length`, `max_length`, `pattern`, `mask`, `min`, `max`),
    /// compiled into the same rules as its ``checks`` (without `when`), in the order they are
    /// evaluated. ``minLength``, ``pattern`` and the like read them.
    package let keyRules: [CheckRule]
    /// How the field's dates are written (its `format:` or the rules' `date_format`).
    public let dateFormat: DateFormat
    /// The calendar a person types and reads the field's dates in (its `calendar:` or the
    /// rules' `defaults.calendar`); records, values and bounds are Gregorian whatever it is.
    public let calendar: DateCalendar
    /// How the field's text is compared and its options matched (`letters:`).
    public let letters: LetterFolding
    public let options: [ChoiceOption]
    package let optionsFilter: WrittenExpression?
    /// The fewest and most items of a list, values of a multi_choice, or files of a file field.
    public let minItems: Int?
    public let maxItems: Int?
    /// A file field's largest file, in bytes (`max_size`).
    public let maxSize: Int?
    /// A file field's allowed media types (`media_types`: `image/jpeg`, `image/*`); empty: any.
    public let mediaTypes: [String]
    package let checks: [CheckRule]
    package let message: LocalizedText?
    package let messages: [IssueCode: LocalizedText]
    /// A group's direct members, a list's item fields (direct ones and their group members).
    public let members: [FieldID]
    let display: DisplayTemplate?
    /// A `values` field's type of each value (`nil` for other fields).
    public let itemType: FieldType?
    /// `unique_items: true`: no value may be listed twice (values and multi_choice fields).
    public let uniqueItems: Bool
    /// A list's `unique_by`: the item fields whose values, together, no two items may share.
    public let uniqueBy: [FieldID]
    /// The ``uniqueBy`` fields as `unique_by` names them (relative to the item) and their titles.
    let uniqueKeys: [(name: String, title: String)]
    /// Free-form presentation hints from the rules file's `ui:` (widget, placeholder, help, …);
    /// the rules do not read them.
    public let ui: JSONObject
    /// A `json` field's `json_types`: the JSON types its value may have (`nil`: any).
    public let jsonTypes: JSONTypes?
    /// Whether an empty text or list given is a value of this field rather than no value: for
    /// every `json` field, and for text, date, values, multi_choice and file fields under
    /// `empty_values: present` — where a group given as an object (`{}` too) is there as well.
    public let emptyIsValue: Bool

    init(
        id: FieldID, path: String, name: String, title: String, type: FieldType, section: Int, list: FieldID?,
        itemIndex: Int, group: FieldID?, location: FileLocation, initial: Value?, initialIsToday: Bool,
        required: WrittenExpression?, visibleConditions: [WrittenExpression],
        enabledConditions: [WrittenExpression], dependsOn: [FieldID], computed: WrittenExpression?,
        keyRules: [CheckRule], dateFormat: DateFormat, options: [ChoiceOption],
        optionsFilter: WrittenExpression?, minItems: Int?, maxItems: Int?, checks: [CheckRule],
        message: LocalizedText?, messages: [IssueCode: LocalizedText], members: [FieldID],
        display: DisplayTemplate?, itemType: FieldType? = nil, uniqueItems: Bool = false, uniqueBy: [FieldID] = [],
        uniqueKeys: [(name: String, title: String)] = [], ui: JSONObject = [:], titles: [String: String] = [:],
        digits: DecimalDigits = .any, foldsDigits: Bool = false, maskValue: Mask.ValueForm = .formatted, includedFrom: [FileLocation] = [],
        maxSize: Int? = nil, mediaTypes: [String] = [], calendar: DateCalendar = .gregorian, letters: LetterFolding = .exact,
        jsonTypes: JSONTypes? = nil, emptyIsValue: Bool = false
    ) {
        self.id = id
        self.path = path
        self.name = name
        self.title = title
        self.titles = titles
        self.type = type
        self.section = section
        self.list = list
        self.itemIndex = itemIndex
        self.group = group
        self.location = location
        self.initial = initial
        self.initialIsToday = initialIsToday
        self.required = required
        self.visibleConditions = visibleConditions
        self.enabledConditions = enabledConditions
        self.dependsOn = dependsOn
        self.computed = computed
        self.keyRules = keyRules
        self.dateFormat = dateFormat
        self.calendar = calendar
        self.letters = letters
        self.options = options
        self.optionsFilter = optionsFilter
        self.minItems = minItems
        self.maxItems = maxItems
        self.checks = checks
        self.message = message
        self.messages = messages
        self.members = members
        self.display = display
        self.itemType = itemType
        self.uniqueItems = uniqueItems
        self.uniqueBy = uniqueBy
        self.uniqueKeys = uniqueKeys
        self.digits = digits
        self.foldsDigits = foldsDigits
        self.maskValue = maskValue
        self.includedFrom = includedFrom
        self.maxSize = maxSize
        self.mediaTypes = mediaTypes
        self.ui = ui
        self.jsonTypes = jsonTypes
        self.emptyIsValue = emptyIsValue
    }

    /// Whether the field's value is computed by a `value:` expression.
    public var isComputed: Bool { computed != nil }
    /// Whether this is a field of a list's items.
    public var isItemField: Bool { list != nil }

    /// The fewest Unicode scalars a text may have (`min_length`).
    public var minLength: Int? { keyRule { if case .minLength(let minimum) = $0 { minimum } else { nil } } }
    /// The most Unicode scalars a text may have (`max_length`).
    public var maxLength: Int? { keyRule { if case .maxLength(let maximum) = $0 { maximum } else { nil } } }
    /// The field's `pattern:`, compiled.
    public var pattern: Pattern? { keyRule { if case .pattern(let pattern) = $0 { pattern } else { nil } } }
    /// The field's `mask:` (with its alternatives), compiled.
    public var mask: Mask? { keyRule { if case .mask(let mask) = $0 { mask } else { nil } } }
    /// The field's `min:`.
    var min: WrittenExpression? { keyRule { if case .min(let bound) = $0 { bound } else { nil } } }
    /// The field's `max:`.
    var max: WrittenExpression? { keyRule { if case .max(let bound) = $0 { bound } else { nil } } }

    /// What `part` finds in the first of the field's own keys it finds something in.
    private func keyRule<Part>(_ part: (CheckRule.Kind) -> Part?) -> Part? {
        for rule in keyRules {
            if let found = part(rule.kind) { return found }
        }
        return nil
    }

    /// The value rule a failure names: the failed check, or the field's own key of the failure's
    /// kind (a `regex_limit` is its pattern's); nil for a failure of another rule.
    func rule(of failure: Failure) -> CheckRule? {
        if let index = failure.check { return checks[index] }
        for rule in keyRules {
            switch (failure, rule.kind) {
            case (.pattern, .pattern), (.regexLimit, .pattern), (.mask, .mask), (.minLength, .minLength),
                (.maxLength, .maxLength), (.min, .min), (.max, .max):
                return rule
            default: continue
            }
        }
        return nil
    }
}

extension FieldRules {
    /// The title in `locale` (`fa`, `pt-BR`): its own entry of ``titles``, then its language's
    /// (`pt` for `pt-BR`), else ``title``.
    ///
    /// ```swift
    /// age.title(in: "fa")   // "سن" for `title: Age` and `titles: {fa: سن}`
    /// age.title(in: "de")   // "Age"
    /// ```
    public func title(in locale: String) -> String {
        guard !titles.isEmpty else { return title }
        if let exact = titles[locale] { return exact }
        return titles[String(locale.prefix { $0 != "-" && $0 != "_" })] ?? title
    }
}
