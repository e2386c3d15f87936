import Foundation

/// A form being filled in: the values and the derived state of every field, evaluated
/// incrementally after each edit.
///
/// ```swift
/// let rules = try RuleSet(contentsOf: URL(fileURLWithPath: "Rules/osago.yaml"))
/// var form = Form(rules, today: Day(iso: "2026-11-22")!)
/// let changes = try form.set("doc_type", to: "passport")
/// form["doc_number"].isVisible        // true
/// form.gate("submit").isOpen          // false
/// ```
///
/// `Form` is a value type: copying one is cheap (its storage is shared until one copy changes),
/// so an app can keep the previous state for undo. Each edit re-evaluates only the fields
/// downstream of what changed and returns a ``ChangeSet`` naming exactly what changed.
public struct Form: Sendable {
    /// How edits are evaluated.
    public enum EvaluationMode: Sendable {
        /// Only what is downstream of the edit (the default).
        case incremental
        /// The whole form after every edit; the same results, slower. For verification.
        case full
    }

    public let rules: RuleSet
    /// The date `today` means in expressions, fixed for the life of the form.
    public let today: Day
    /// The locale of messages (`en`, `ru`, …).
    public let locale: String
    public var evaluationMode: EvaluationMode = .incremental

    var evaluator: FieldEvaluator
    /// Every slot's value: what expressions read.
    var values: SlotTable<Value?>
    /// Every slot's derived state (provenance, visibility, enabled, required, issues), in the same
    /// layout.
    var states: SlotTable<FieldStatus>
    /// For each section and gate: how many of its field slots have issues.
    var invalidInSection: [Int]
    var invalidInGate: [Int]
    /// For each section of a paged form: how many of its field slots are visible (empty when the
    /// form has no pages).
    var visibleInSection: [Int] = []
    /// The index in ``RuleSet/pages`` of the page shown (-1 when the form has no pages).
    var currentPageIndex = -1
    /// Text typed into fields (``type(_:text:caret:)``), while it stands for their values: kept
    /// apart from the slots' states, so that the many slots nobody types into cost nothing.
    var typedInputs: [Slot: TypedInput] = [:]
    /// Slots whose typed input this edit set or dropped: the ChangeSet reports them.
    var typedChanged: Set<Slot> = []
    /// Set only while a batch of edits runs (``apply(_:budget:cancellation:)``): once it is
    /// cancelled, re-evaluation stops where it is, and the batch puts the form back as it was.
    var cancellation: CancellationFlag?
    /// The JSON Schema's verdict on the form's record (``settleSchema(touch:)``).
    var schemaState = SchemaState()

    /// A new form: initial values filled in and every field evaluated.
    ///
    /// - Parameters:
    ///   - rules: the compiled rules of the form.
    ///   - today: the date `today` means (the local date by default); fix it for reproducible results.
    ///   - locale: the locale of messages (`en` when `nil`) and of the numbers typed (the rules'
    ///     `defaults.locale` when `nil`, then plain decimal only: `12,5` is read in French).
    public init(_ rules: RuleSet, today: Day = .today(), locale: String? = nil) {
        self.rules = rules
        self.today = today
        self.locale = locale ?? "en"
        evaluator = FieldEvaluator(rules: rules, locale: locale ?? "en", numbers: locale)
        values = SlotTable(layout: rules.layout, blank: nil)
        states = SlotTable(layout: rules.layout, blank: .absent)
        invalidInSection = Array(repeating: 0, count: rules.sections.count)
        invalidInGate = Array(repeating: 0, count: rules.gates.count)
        for field in rules.fields where field.list == nil {
            setState(initialState(field), Slot(field.id))
        }
        recomputeAll(changed: [], edit: nil)
        recountValidity()
        currentPageIndex = firstShownPage(from: 0, step: 1) ?? (rules.pages.isEmpty ? -1 : 0)
    }

    /// The state of the field at `path` (`doc_number`, `insurant.birth_date`,
    /// `drivers[0].birth_date`); ``FieldState/absent`` when there is no such field.
    public subscript(path: String) -> FieldState {
        (try? slot(path)).map { state($0) } ?? .absent
    }

    /// The number of items of the list at `path` (`drivers`; a list in a list's item as
    /// `drivers[1].violations`); 0 for anything else.
    public func itemCount(_ path: String) -> Int {
        guard let slot = try? slot(path), rules.fields[slot.field.index].type == .list else { return 0 }
        return itemCount(of: slot)
    }

    /// Whether a gate is open: every visible field it covers is valid.
    public func gate(_ name: String) -> GateState {
        guard let index = rules.gates.firstIndex(where: { $0.name == name }) else {
            return GateState(name: name, isOpen: false, invalidFields: 0)
        }
        return GateState(name: name, isOpen: invalidInGate[index] == 0, invalidFields: invalidInGate[index])
    }

    /// Whether a section is complete: every visible field in it is valid.
    public func section(_ id: String) -> SectionState {
        guard let index = rules.sections.firstIndex(where: { $0.id == id }) else {
            return SectionState(id: id, isComplete: false, invalidFields: 0)
        }
        return SectionState(id: id, isComplete: invalidInSection[index] == 0, invalidFields: invalidInSection[index])
    }

    // MARK: - Slots

    /// The state of a slot (``FieldState/absent`` for an item that does not exist).
    func state(_ slot: Slot) -> FieldState {
        FieldState(value: values[slot], status: states[slot])
    }

    mutating func setState(_ state: FieldState, _ slot: Slot) {
        values[slot] = state.value
        states[slot] = state.status
    }

    /// Calls `body` with what expressions read from `slot`: at form level or in its list item.
    func withContext<Result>(_ slot: Slot, _ body: (SlotContext) throws -> Result) rethrows -> Result {
        try values.withContextOfCopy(slot, today: today, numbers: evaluator.numbers, body)
    }

    /// The path of a slot: `doc_number`, `drivers[2].birth_date`, `drivers[1].violations[0].code`.
    func path(_ slot: Slot) -> String {
        values.path(of: slot, rules)
    }

    /// The paths of every instance of a field: its own path for a form-level field, one per
    /// item for an item field (`drivers[0].birth_date`, …; of a nested list, per outer item too).
    func instancePaths(of field: FieldRules) -> [String] {
        guard let list = field.list else { return [field.path] }
        return (0..<values.itemCount(of: list)).map { path(Slot(field.id, item: $0)) }
    }

    /// Every slot of the form, in topological order (item fields once per item).
    func allSlots() -> [Slot] {
        rules.order.flatMap { id -> [Slot] in
            guard let list = rules.fields[id.index].list else { return [Slot(id)] }
            return (0..<values.itemCount(of: list)).map { Slot(id, item: $0) }
        }
    }

    func initialState(_ field: FieldRules) -> FieldState {
        var value = field.initial
        if field.initialIsToday { value = .date(today) }
        return FieldState(
            value: value, provenance: value == nil ? .empty : .initial, isVisible: true,
            isEnabled: true, isRequired: false, issues: [])
    }
}

/// The state of a gate.
public struct GateState: Hashable, Sendable {
    public let name: String
    /// Every visible field the gate covers is valid.
    public let isOpen: Bool
    /// How many of its fields (list items' fields counted once per item) have issues.
    public let invalidFields: Int
}

/// The state of a section.
public struct SectionState: Hashable, Sendable {
    public let id: String
    /// Every visible field in the section is valid.
    public let isComplete: Bool
    public let invalidFields: Int
}
