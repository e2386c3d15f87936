extension WrittenExpression {
    /// The shapes most conditions of real rules files have (`required: true`, `visible_if: has_car`,
    /// `x != null`, `doc_type == "passport"`, `kind in ["a", "b"]`), recognised once when the rules
    /// are compiled. A condition of one of these shapes holds exactly when ``Expr/holds(_:)`` says
    /// so; knowing the shape only saves walking the tree for every slot of every record.
    enum Shape: Sendable {
        /// Any other expression: walk the tree.
        case general
        /// The expression reads no field, item count or option: its value depends only on `today`
        /// (`today - 18y`, `year(today)`, `1950`), the same for every record of a check.
        case todayOnly
        /// A constant condition: `true`, `false`.
        case constant(holds: Bool)
        /// `x == null`, `empty(x)` (`isEmpty: true`), or `x != null`, `not empty(x)`.
        case emptiness(FieldID, isEmpty: Bool)
        /// `x` (`isTrue: true`) or `not x`, x a bool field.
        case flag(FieldID, isTrue: Bool)
        /// `x == constant` (`equal: true`) or `x != constant`.
        case comparison(FieldID, Value, equal: Bool)
        /// `x in [constant, …]`.
        case membership(FieldID, [Value?])

        init(_ expr: Expr) {
            switch expr {
            case .constant(let value):
                self =
                    value == .bool(true) || value == .bool(false) || value == nil
                    ? .constant(holds: value == .bool(true)) : .todayOnly
            case .field(let field):
                self = .flag(field, isTrue: true)
            case .not(.field(let field)):
                self = .flag(field, isTrue: false)
            case .equal(.field(let field), .constant(nil)), .equal(.constant(nil), .field(let field)):
                self = .emptiness(field, isEmpty: true)
            case .notEqual(.field(let field), .constant(nil)), .notEqual(.constant(nil), .field(let field)):
                self = .emptiness(field, isEmpty: false)
            case .function(.empty, let arguments) where arguments.count == 1 && arguments[0].field != nil,
                .not(.function(.empty, let arguments)) where arguments.count == 1 && arguments[0].field != nil:
                guard let field = arguments[0].field else {
                    self = .general
                    return
                }
                if case .not = expr { self = .emptiness(field, isEmpty: false) } else { self = .emptiness(field, isEmpty: true) }
            case .equal(.field(let field), .constant(let value?)), .equal(.constant(let value?), .field(let field)):
                self = .comparison(field, value, equal: true)
            case .notEqual(.field(let field), .constant(let value?)), .notEqual(.constant(let value?), .field(let field)):
                self = .comparison(field, value, equal: false)
            case .memberOfLiteral(.field(let field), let list):
                var constants: [Value?] = []
                for element in list {
                    guard case .constant(let value) = element else {
                        self = .general
                        return
                    }
                    constants.append(value)
                }
                self = .membership(field, constants)
            default:
                self = expr.readsOnlyToday ? .todayOnly : .general
            }
        }
    }

    /// Whether the condition holds, as ``Expr/holds(_:)`` decides, for a condition whose shape
    /// says so without walking the tree; `nil` for any other expression.
    @inline(__always)
    func holdsByShape<Context: EvaluationContext>(_ context: Context) -> Bool? {
        switch shape {
        case .general, .todayOnly:
            return nil
        case .constant(let holds):
            return holds
        case .emptiness(let field, let isEmpty):
            return context.hasValue(field) != isEmpty
        case .flag(let field, let isTrue):
            return (context.value(of: field) == .bool(true)) == isTrue
        case .comparison(let field, let value, let equal):
            return (context.value(of: field) == value) == equal
        case .membership(let field, let constants):
            guard let value = context.value(of: field) else { return false }
            return constants.contains { $0 == value }
        }
    }
}

extension Expr {
    /// The field, for `.field`.
    var field: FieldID? {
        if case .field(let id) = self { return id }
        return nil
    }

    /// Whether the expression reads nothing of a form or record: no field, item count or option
    /// (it may read `today`).
    var readsOnlyToday: Bool {
        switch self {
        case .constant, .today:
            return true
        case .field, .itemCount, .optionValue, .optionAttribute, .matches, .aggregate, .quantified:
            return false
        case .not(let operand), .negate(let operand), .shift(let operand, _):
            return operand.readsOnlyToday
        case .and(let lhs, let rhs), .or(let lhs, let rhs), .equal(let lhs, let rhs), .notEqual(let lhs, let rhs),
            .order(_, let lhs, let rhs), .memberOf(let lhs, let rhs), .arithmetic(_, let lhs, let rhs),
            .concat(let lhs, let rhs), .daysBetween(let lhs, let rhs):
            return lhs.readsOnlyToday && rhs.readsOnlyToday
        case .memberOfLiteral(let element, let list):
            return element.readsOnlyToday && list.allSatisfy(\.readsOnlyToday)
        case .function(_, let arguments):
            return arguments.allSatisfy(\.readsOnlyToday)
        case .chain(let head, let steps):
            return head.readsOnlyToday && steps.allSatisfy { $0.operand?.readsOnlyToday ?? true }
        }
    }
}
