import Patterns

/// What reading records straight from their bytes needs, made once per checker: the fields a key
/// names, the option a cell names, and which text values stay bytes.
///
/// Keys are looked up by their bytes only when every path of the rules is ASCII; otherwise
/// (a path such as `café`, which Swift finds under other spellings too) the reader makes a
/// `String` of each key and asks ``RuleSet/field(_:)``.
struct RecordKeys: Sendable {
    /// Every field by the bytes of its path, as ``RuleSet/field(_:)`` finds it.
    let fields: ByteKeyTable?
    /// For each list (by ordinal): its item fields by their path inside an item (`birth_date`).
    let items: [ByteKeyTable?]
    /// By field index: a text field whose value no expression reads as text (only whether it is
    /// empty), whose rules (lengths, pattern, mask) read the bytes a record wrote: no `String`
    /// is made for it unless a violation shows it.
    let keepsBytes: [Bool]
    /// By field index: a masked text field that takes the decimal digits of every script
    /// (`digits: any`), whose value is its text with those digits as 0–9 (``ValueReader``): a
    /// text of such a field that is not ASCII is read as a `String`, not kept as bytes.
    let foldsDigits: [Bool]

    init(rules: RuleSet, itemFields: [[JSONKey: FieldRules]]) {
        let ascii = rules.fields.allSatisfy { $0.path.utf8.allSatisfy { $0 < 0x80 } }
        fields = ascii ? ByteKeyTable(rules.fields.map { (Array($0.path.utf8), $0.id.index) }) : nil
        items = itemFields.map { fields in
            // A dictionary's order varies; the table keeps the first of equal keys, so sort by field.
            let pairs = fields.map { (Array($0.key.string.utf8), $0.value.id.index) }.sorted { $0.1 < $1.1 }
            return ascii ? ByteKeyTable(pairs) : nil
        }
        var readsValue = [Bool](repeating: false, count: rules.fields.count)
        for field in rules.fields {
            for expression in field.expressions { expression.expr.markValueReads(&readsValue) }
            // `unique_by` compares its key fields' values.
            for key in field.uniqueBy { readsValue[key.index] = true }
        }
        // A check's `min` or `max` is evaluated for any value (and never fails on a text): such a
        // field's text stays a value, as the step reads it for those.
        keepsBytes = rules.fields.map { field in
            field.type == .text && field.computed == nil && !readsValue[field.id.index]
                && !field.checks.contains { $0.isBound }
        }
        foldsDigits = rules.fields.map { $0.type == .text && (($0.mask != nil && $0.digits == .any) || $0.foldsDigits) }
    }
}

extension FieldRules {
    /// The field's expressions that a check evaluates: everything but its `display` template,
    /// which only a screen shows.
    var expressions: [WrittenExpression] {
        var all = visibleConditions + enabledConditions
        for expression in [required, computed, min, max, optionsFilter] {
            if let expression { all.append(expression) }
        }
        for check in checks {
            if let when = check.when { all.append(when) }
            switch check.kind {
            case .min(let bound), .max(let bound), .expr(let bound): all.append(bound)
            default: break
            }
        }
        return all
    }
}

extension Expr {
    /// Marks the fields whose value the expression reads, other than to ask whether it is empty
    /// (`x == null`, `x != null`, `empty(x)`).
    func markValueReads(_ marks: inout [Bool]) {
        switch self {
        case .field(let id):
            marks[id.index] = true
        case .equal(.field, .constant(nil)), .equal(.constant(nil), .field), .notEqual(.field, .constant(nil)),
            .notEqual(.constant(nil), .field):
            break
        case .function(.empty, let arguments) where arguments.count == 1 && arguments[0].field != nil:
            break
        case .itemCount, .constant, .today, .optionValue, .optionAttribute:
            break
        case .not(let operand), .negate(let operand), .shift(let operand, _), .matches(let operand, _):
            operand.markValueReads(&marks)
        case .and(let lhs, let rhs), .or(let lhs, let rhs), .equal(let lhs, let rhs), .notEqual(let lhs, let rhs),
            .order(_, let lhs, let rhs), .memberOf(let lhs, let rhs), .arithmetic(_, let lhs, let rhs),
            .concat(let lhs, let rhs), .daysBetween(let lhs, let rhs):
            lhs.markValueReads(&marks)
            rhs.markValueReads(&marks)
        case .memberOfLiteral(let element, let list):
            element.markValueReads(&marks)
            for item in list { item.markValueReads(&marks) }
        case .function(_, let arguments):
            for argument in arguments { argument.markValueReads(&marks) }
        case .chain(let head, let steps):
            head.markValueReads(&marks)
            for step in steps { step.operand?.markValueReads(&marks) }
        case .aggregate(_, _, let field):
            marks[field.index] = true
        case .quantified(_, _, let condition):
            condition.markValueReads(&marks)
        }
    }
}
