/// A rules file as written: every key read and located, nothing resolved yet. The compiler
/// turns it into a ``RuleSet``.
struct RulesDocument: Sendable {
    var form: Located<String>?
    var title: String?
    var version: Located<Int>?
    var dateFormat: Located<String>?
    var hiddenValues: Located<String>?
    /// `defaults.empty_values`: `absent` or `present`.
    var emptyValues: Located<String>?
    /// `defaults: locale:`: the locale the rules' own texts are written in (`fa`).
    var locale: Located<String>?
    /// `defaults: calendar:`: the calendar date fields are typed and shown in (`persian`).
    var calendar: Located<String>?
    /// `defaults: letters:`: how text is compared and options matched (`arabic_variants`).
    var letters: Located<String>?
    var patterns: [NamedText] = []
    var masks: [NamedText] = []
    /// `mask_classes:`: character classes of one's own for masks (`R: АВЕКМНОРСТУХ`).
    var maskClasses: [NamedClass] = []
    /// `includes:`: reusable blocks by name, each a file path (`address: blocks/address.yaml`).
    var includes: [NamedText] = []
    var gates: [GateSpec] = []
    var sections: [SectionSpec] = []
    /// `pages: true`: every section is a page of its own.
    var pages: Located<Bool>?
    /// `page_position: {current: 2, total: 4}`: the form is one page of a server's wizard.
    var pagePosition: PagePositionSpec?
    /// `json_schema:`, or the schema the rules were imported from: every record is held to it exactly.
    var jsonSchema: JSONSchemaSpec?
    /// Where the document starts (for errors about the whole file).
    var location: FileLocation
    /// The top-level keys written, with their locations.
    var keys = KeyLocations()
    /// Comment lines the printer writes before everything (a drafted file's; never read from a file).
    var comments: [String] = []

    /// Keys that only the main rules file may write (an included block may not).
    var documentOnlyKeys: [(String, FileLocation)] {
        ["form", "title", "version", "defaults", "gates", "pages", "page_position", "json_schema"].compactMap { key in
            keys[key].map { (key, $0) }
        }
    }
}

/// `page_position: {current: 2, total: 4}` as written (checked by the compiler).
struct PagePositionSpec: Sendable {
    var current: Located<Int>
    var total: Located<Int>
    var location: FileLocation
}

/// A named pattern or mask: `vin: '^[A-HJ-NPR-Z0-9]{17}$'`.
struct NamedText: Sendable {
    var name: Located<String>
    var text: ScalarText
    /// A mask's further alternatives, after ``text`` (`phone: ['+7 (000) …', '8 (000) …']`).
    var alternatives: [ScalarText] = []

    /// The mask as written: its alternatives joined by ` | `.
    var notation: String { ([text] + alternatives).map(\.text).joined(separator: " | ") }
}

/// A named character class for masks: `R: АВЕКМНОРСТУХ`, or `R: {chars: …, case: upper}`.
struct NamedClass: Sendable {
    var name: Located<String>
    var characters: ScalarText
    var letterCase: Located<String>?

    var description: String { characters.text + (letterCase.map { " (case: \($0.value))" } ?? "") }
}

/// A scalar's text with a locator for positions inside it.
struct ScalarText: Sendable {
    var text: String
    var locator: ScalarLocator
    /// Whether it was quoted in the file (quoted scalars are always text). (After ``locator``,
    /// in its spare bytes: an optional scalar text is 48 bytes, not 56.)
    var isQuoted: Bool

    init(text: String, isQuoted: Bool, locator: ScalarLocator) {
        self.text = text
        self.locator = locator
        self.isQuoted = isQuoted
    }

    var location: FileLocation { locator.start }

    /// The file location of the scalar at `offset` in ``text``.
    func location(of offset: Int) -> FileLocation { locator.location(of: offset) }
}

struct GateSpec: Sendable {
    enum Members: Sendable {
        case all
        case fields([Located<String>])
    }

    var name: Located<String>
    var members: Members
}

struct SectionSpec: Sendable {
    var id: Located<String>
    var title: String?
    var fields: [FieldSpec]
    /// Set for the one implicit section of a file with top-level `fields:`.
    var isImplicit = false
    /// `page: id`: the page the section is on (sections with the same page id form one page).
    var page: Located<String>?
}

/// A field as written. The keys most fields write are stored in the field; the rest
/// (``Rare``) out of line, in one shared empty part when none is written: nearly every one of
/// them is absent in any one field, and at 100,000 fields each byte of a field is 100 kB (a
/// field with all of them inline was 1.8 KB).
struct FieldSpec: Sendable {
    var id: Located<String>
    var type: Located<String>?
    var title: String?
    var initial: ScalarText?
    var required: ScalarText?
    var visibleIf: ScalarText?
    var enabledIf: ScalarText?
    var dependsOn: [Located<String>] = []
    var value: ScalarText?
    var minLength: Located<Int>?
    var maxLength: Located<Int>?
    var pattern: ScalarText?
    var mask: ScalarText?
    /// Further alternatives of the mask, after ``mask`` (`mask: ['+7 (000) …', '8 (000) …']`).
    var maskAlternatives: [ScalarText] = []
    var min: ScalarText?
    var max: ScalarText?
    var options: [OptionSpec]?
    /// Whether `options:` was written as a list (possibly empty), as opposed to a mistake.
    var optionsWritten = false
    var checks: [CheckSpec] = []
    var message: LocalizedText?
    var fields: [FieldSpec]?
    var item: [FieldSpec]?
    /// Every key written, with its location (to report keys that do not apply to the type).
    var keys = KeyLocations()
    var location: FileLocation
    /// The keys few fields write.
    private var rare = RareKeys.none

    init(id: Located<String>, location: FileLocation) {
        self.id = id
        self.location = location
    }

    /// The keys few fields write (see ``FieldSpec``).
    struct Rare: Sendable {
        /// `initial: [a, b]` (for a multi_choice).
        var initialList: [ScalarText]?
        /// `mask_value: formatted | extracted`.
        var maskValue: Located<String>?
        /// `digits: any | ascii`.
        var digits: Located<String>?
        /// `calendar: persian`: the calendar a date field is typed and shown in.
        var calendar: Located<String>?
        /// `letters: exact | arabic_variants`: how the field's text is compared and its options matched.
        var letters: Located<String>?
        /// `include: block`: the field is a group of the named block's fields.
        var include: Located<String>?
        /// The include sites that brought the field in, outermost first (empty in the main file).
        var includedFrom: [FileLocation] = []
        /// A file field's `max_size` (bytes, or with a unit: `10 MB`) and `media_types`.
        var maxSize: Located<Int>?
        var mediaTypes: [Located<String>]?
        /// A `json` field's `json_types` (JSON Schema's type names).
        var jsonTypes: [Located<String>]?
        var format: ScalarText?
        var optionsFilter: ScalarText?
        var minItems: Located<Int>?
        var maxItems: Located<Int>?
        var messages: [Located<String>: LocalizedText] = [:]
        /// `titles: {fa: …, fr: …}`: the title in other locales, by locale.
        var titles: [String: String] = [:]
        var display: ScalarText?
        /// A `values` field's type of each value (`text` when not written).
        var itemType: Located<String>?
        /// `unique_items: true`: no value twice (values and multi_choice).
        var uniqueItems: Located<Bool>?
        /// A list's `unique_by: [vin]`: no two items may have the same values of these item fields.
        var uniqueBy: [Located<String>] = []
        /// Free-form presentation hints (`ui: {widget: textarea, placeholder: …}`), in written order.
        var ui: [(name: Located<String>, value: JSONValue)] = []
        /// Comments the printer writes after a key's line, by key (`type`, `min`, …): a drafted
        /// file's (``RulesDraft``); never read from a file.
        var comments: [String: String] = [:]

        /// Whether none of them is written.
        var isEmpty: Bool {
            initialList == nil && maskValue == nil && digits == nil && calendar == nil && letters == nil && include == nil
                && includedFrom.isEmpty && maxSize == nil && mediaTypes == nil && jsonTypes == nil && format == nil
                && optionsFilter == nil && minItems == nil && maxItems == nil && messages.isEmpty && titles.isEmpty && display == nil
                && itemType == nil && uniqueItems == nil && uniqueBy.isEmpty && ui.isEmpty && comments.isEmpty
        }
    }

    /// ``Rare`` behind one reference; never changed once made (setting a key makes a new one).
    private final class RareKeys: Sendable {
        let keys: Rare

        init(_ keys: Rare) {
            self.keys = keys
        }

        /// Shared by every field that writes none of them.
        static let none = RareKeys(Rare())
    }

    /// All of ``Rare`` at once (the parser reads them together, and sets them once).
    var rareKeys: Rare {
        get { rare.keys }
        set { rare = newValue.isEmpty ? .none : RareKeys(newValue) }
    }

    private subscript<Value>(rare key: WritableKeyPath<Rare, Value>) -> Value {
        get { rare.keys[keyPath: key] }
        set { rareKeys[keyPath: key] = newValue }
    }

    var titles: [String: String] {
        get { self[rare: \.titles] }
        set { self[rare: \.titles] = newValue }
    }
    var initialList: [ScalarText]? {
        get { self[rare: \.initialList] }
        set { self[rare: \.initialList] = newValue }
    }
    var maskValue: Located<String>? {
        get { self[rare: \.maskValue] }
        set { self[rare: \.maskValue] = newValue }
    }
    var digits: Located<String>? {
        get { self[rare: \.digits] }
        set { self[rare: \.digits] = newValue }
    }
    var calendar: Located<String>? {
        get { self[rare: \.calendar] }
        set { self[rare: \.calendar] = newValue }
    }
    var letters: Located<String>? {
        get { self[rare: \.letters] }
        set { self[rare: \.letters] = newValue }
    }
    var include: Located<String>? {
        get { self[rare: \.include] }
        set { self[rare: \.include] = newValue }
    }
    var includedFrom: [FileLocation] {
        get { self[rare: \.includedFrom] }
        set { self[rare: \.includedFrom] = newValue }
    }
    var maxSize: Located<Int>? {
        get { self[rare: \.maxSize] }
        set { self[rare: \.maxSize] = newValue }
    }
    var mediaTypes: [Located<String>]? {
        get { self[rare: \.mediaTypes] }
        set { self[rare: \.mediaTypes] = newValue }
    }
    var jsonTypes: [Located<String>]? {
        get { self[rare: \.jsonTypes] }
        set { self[rare: \.jsonTypes] = newValue }
    }
    var format: ScalarText? {
        get { self[rare: \.format] }
        set { self[rare: \.format] = newValue }
    }
    var optionsFilter: ScalarText? {
        get { self[rare: \.optionsFilter] }
        set { self[rare: \.optionsFilter] = newValue }
    }
    var minItems: Located<Int>? {
        get { self[rare: \.minItems] }
        set { self[rare: \.minItems] = newValue }
    }
    var maxItems: Located<Int>? {
        get { self[rare: \.maxItems] }
        set { self[rare: \.maxItems] = newValue }
    }
    var messages: [Located<String>: LocalizedText] {
        get { self[rare: \.messages] }
        set { self[rare: \.messages] = newValue }
    }
    var display: ScalarText? {
        get { self[rare: \.display] }
        set { self[rare: \.display] = newValue }
    }
    var itemType: Located<String>? {
        get { self[rare: \.itemType] }
        set { self[rare: \.itemType] = newValue }
    }
    var uniqueItems: Located<Bool>? {
        get { self[rare: \.uniqueItems] }
        set { self[rare: \.uniqueItems] = newValue }
    }
    var uniqueBy: [Located<String>] {
        get { self[rare: \.uniqueBy] }
        set { self[rare: \.uniqueBy] = newValue }
    }
    var ui: [(name: Located<String>, value: JSONValue)] {
        get { self[rare: \.ui] }
        set { self[rare: \.ui] = newValue }
    }
    var comments: [String: String] {
        get { self[rare: \.comments] }
        set { self[rare: \.comments] = newValue }
    }
}

/// The keys written in a mapping, each with its location, in written order: a field has a
/// handful, for which a dictionary would cost more than it saves.
struct KeyLocations: Sendable, Sequence, ExpressibleByDictionaryLiteral {
    private var names: [String] = []
    private var locations: [FileLocation] = []

    init() {}

    init(dictionaryLiteral elements: (String, FileLocation)...) {
        for (name, location) in elements { self[name] = location }
    }

    /// The location of `key`; setting nil removes it.
    subscript(key: String) -> FileLocation? {
        get { Self.index(of: key, in: names).map { locations[$0] } }
        set {
            if let index = Self.index(of: key, in: names) {
                if let newValue {
                    locations[index] = newValue
                } else {
                    names.remove(at: index)
                    locations.remove(at: index)
                }
            } else if let newValue {
                names.append(key)
                locations.append(newValue)
            }
        }
    }

    /// `names.firstIndex(of: key)`, comparing lengths first: the parser looks up some forty keys
    /// in each field's handful, and most names differ in length.
    static func index(of key: String, in names: [String]) -> Int? {
        let length = key.utf8.count
        return names.firstIndex { $0.utf8.count == length && $0 == key }
    }

    func makeIterator() -> Zip2Sequence<[String], [FileLocation]>.Iterator {
        zip(names, locations).makeIterator()
    }
}

struct OptionSpec: Sendable {
    var value: ScalarText
    var title: String?
    var attributes: [(name: Located<String>, value: ScalarText)] = []
    var location: FileLocation
    /// A comment the printer writes after the option (a drafted file's).
    var comment: String?
}

struct CheckSpec: Sendable {
    enum Rule: Sendable {
        case pattern(ScalarText)
        case mask(ScalarText)
        case min(ScalarText)
        case max(ScalarText)
        case minLength(Located<Int>)
        case maxLength(Located<Int>)
        case expr(ScalarText)
    }

    var when: ScalarText?
    var rule: Rule
    /// A `mask` rule's further alternatives.
    var maskAlternatives: [ScalarText] = []
    var message: LocalizedText?
    var location: FileLocation
}

extension CheckSpec.Rule {
    /// The rule's key as a rules file writes it: `min_length`, `expr`.
    var key: String {
        switch self {
        case .pattern: "pattern"
        case .mask: "mask"
        case .min: "min"
        case .max: "max"
        case .minLength: "min_length"
        case .maxLength: "max_length"
        case .expr: "expr"
        }
    }

    /// Whether the rule is a `min` or `max` bound.
    var isBound: Bool {
        switch self {
        case .min, .max: true
        default: false
        }
    }
}

extension FieldSpec {
    /// The field's own value keys (``FieldKey/minLength`` … ``FieldKey/max``) as the rules of checks
    /// without `when` or message, in the order they are evaluated: min_length, max_length,
    /// pattern, mask, min, max. The compiler compiles them as it compiles `checks:`.
    var keyRules: [CheckSpec] {
        var rules: [CheckSpec] = []
        func add(_ rule: CheckSpec.Rule, alternatives: [ScalarText] = []) {
            rules.append(
                CheckSpec(rule: rule, maskAlternatives: alternatives, location: keys[rule.key] ?? location))
        }
        if let minLength { add(.minLength(minLength)) }
        if let maxLength { add(.maxLength(maxLength)) }
        if let pattern { add(.pattern(pattern)) }
        if let mask { add(.mask(mask), alternatives: maskAlternatives) }
        if let min { add(.min(min)) }
        if let max { add(.max(max)) }
        return rules
    }

    /// Sets the own key that `rule` is (an `expr` is no key of a field: it is ignored).
    mutating func setKeyRule(_ rule: CheckSpec.Rule, alternatives: [ScalarText] = []) {
        switch rule {
        case .minLength(let count): minLength = count
        case .maxLength(let count): maxLength = count
        case .pattern(let text): pattern = text
        case .mask(let text):
            mask = text
            maskAlternatives = alternatives
        case .min(let text): min = text
        case .max(let text): max = text
        case .expr: break
        }
    }
}

extension Located: Hashable, Equatable where Value: Hashable {
    static func == (lhs: Located, rhs: Located) -> Bool { lhs.value == rhs.value }
    func hash(into hasher: inout Hasher) { hasher.combine(value) }
}
