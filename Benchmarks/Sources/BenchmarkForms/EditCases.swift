// The edit benchmarks' forms and the one edit each iteration times.

import RuleCheck

/// The three shapes of generated form.
public enum Shape: String, CaseIterable, Sendable {
    /// Chains of 10 fields linked by `depends_on` and `visible_if`; the edit changes a chain's
    /// head, which clears and hides the rest of that chain.
    case chains
    /// One switch read by 100 fields' `visible_if`; the edit turns the switch on (an untimed
    /// edit turns it off before).
    case fanOut = "fan-out"
    /// Groups nested five deep; the edit changes a member of the innermost group (an untimed
    /// edit sets it back before).
    case groups

    public func rulesText(fields: Int) -> String {
        switch self {
        case .chains: RulesText.chains(fields)
        case .fanOut: RulesText.fanOut(fields)
        case .groups: RulesText.groups(fields)
        }
    }

    /// The edited field in a form of `fields` fields: the head of the middle chain, the switch,
    /// the innermost `m` of the middle unit.
    public func editedPath(fields: Int) -> String {
        switch self {
        case .chains: "c\(fields / RulesText.chainLength / 2)_0"
        case .fanOut: "switch"
        case .groups: "g\(fields / RulesText.groupUnitSize / 2).l2.l3.l4.l5.m"
        }
    }

    /// The value the timed edit sets, and the value an untimed edit sets back before it. For
    /// chains the head alternates between the two (the untimed step refills the chain instead).
    public var values: (timed: Value, reset: Value) {
        switch self {
        case .chains: ("b", "a")
        case .fanOut: (true, false)
        case .groups: ("A-1", "B-2")
        }
    }

    /// How many fields each edit must change, by kind; checked in setup so that every timed edit
    /// is known to do the same, real work at every size.
    public var expectedChanges: (values: Int, visible: Int, issues: Int) {
        switch self {
        // The head's new value, the 9 fields after it cleared, 8 of them hidden (the second
        // field stays visible: the head still has a value).
        case .chains: (1 + (RulesText.chainLength - 1), RulesText.chainLength - 2, 0)
        // The switch; 100 readers shown, each gaining its `required` issue.
        case .fanOut: (1, RulesText.fanOut, RulesText.fanOut)
        // `m`; `note` shown, gaining its `required` issue.
        case .groups: (1, 1, 1)
        }
    }
}

/// A form and the state of its alternation, kept in a class: package-benchmark hands the setup
/// result to every iteration as `Any`, and a `Form` struct taken out of it would share its
/// storage with the stored copy, so its first edit in each iteration would copy every field's
/// state — a cost of the harness, not of the engine.
public final class EditCase: @unchecked Sendable {
    public let shape: Shape
    public let fieldCount: Int
    public let mode: Form.EvaluationMode
    public let path: String
    public var form: Form
    /// For chains: whether the next edit sets the head's second value.
    private var second = true

    /// Compiles the shape's rules (checking the field count), builds the form, gives the edited
    /// field its first value, then checks that incremental and full evaluation agree on a few
    /// edits and that each edit changes what it should. None of this is timed.
    public init(_ shape: Shape, fields: Int, mode: Form.EvaluationMode) throws {
        self.shape = shape
        fieldCount = fields
        self.mode = mode
        path = shape.editedPath(fields: fields)
        let rules = try RuleSet(yaml: shape.rulesText(fields: fields), source: "\(shape.rawValue)-\(fields).yaml")
        guard rules.fields.count == fields else {
            throw BenchmarkSetupError(description: "\(shape.rawValue): \(rules.fields.count) fields, expected \(fields)")
        }
        form = Form(rules, today: Day(iso: "2026-03-02")!)
        try form.set(path, to: shape.values.reset)
        try verify()
        form.evaluationMode = mode
    }

    /// Gets the form ready for the next timed edit, with an untimed edit in incremental mode
    /// (whatever the measured mode): for chains, fills the edited chain's other nine fields again,
    /// since the previous edit cleared them; otherwise sets the edited field back to its reset value.
    public func prepare() throws {
        form.evaluationMode = .incremental
        if shape == .chains {
            let chain = path.dropLast(2)
            for link in 1..<RulesText.chainLength {
                try form.set("\(chain)_\(link)", to: .text("v\(link)"))
            }
        } else {
            try form.set(path, to: shape.values.reset)
        }
        form.evaluationMode = mode
    }

    /// The timed edit: for chains, the head set to the other of its two values; otherwise the
    /// edited field set to its timed value.
    @inline(never)
    public func edit() throws -> ChangeSet {
        guard shape == .chains else { return try form.set(path, to: shape.values.timed) }
        let value = second ? shape.values.timed : shape.values.reset
        second.toggle()
        return try form.set(path, to: value)
    }

    /// Runs four prepared edits on two copies of the form, one evaluated incrementally and one
    /// fully: the change sets must be equal and of the size the shape promises, and the two
    /// forms must end in the same state. The form itself is left as it was.
    private func verify() throws {
        let incremental = EditCase(copying: self, mode: .incremental)
        let full = EditCase(copying: self, mode: .full)
        let expected = shape.expectedChanges
        let name = "\(shape.rawValue) \(fieldCount)"
        for step in 1...4 {
            try incremental.prepare()
            try full.prepare()
            let changes = try incremental.edit()
            let fullChanges = try full.edit()
            guard changes == fullChanges else {
                throw BenchmarkSetupError(
                    description: "\(name), edit \(step): incremental and full change sets differ:\n\(changes)\n\(fullChanges)")
            }
            let found = (changes.values.count, changes.visible.count, changes.issues.count)
            guard found == expected else {
                throw BenchmarkSetupError(
                    description: "\(name), edit \(step): changed (values, visible, issues) = \(found), expected \(expected)")
            }
        }
        let (a, b) = (incremental.form, full.form)
        for field in a.rules.fields where field.list == nil && a[field.path] != b[field.path] {
            throw BenchmarkSetupError(description: "\(name): '\(field.path)' differs between incremental and full evaluation")
        }
        for section in a.rules.sections where a.section(section.id) != b.section(section.id) {
            throw BenchmarkSetupError(description: "\(name): section '\(section.id)' differs between incremental and full evaluation")
        }
        for gate in a.rules.gates where a.gate(gate.name) != b.gate(gate.name) {
            throw BenchmarkSetupError(description: "\(name): gate '\(gate.name)' differs between incremental and full evaluation")
        }
    }

    private init(copying other: EditCase, mode: Form.EvaluationMode) {
        shape = other.shape
        fieldCount = other.fieldCount
        self.mode = mode
        path = other.path
        form = other.form
        form.evaluationMode = mode
        second = other.second
    }
}
