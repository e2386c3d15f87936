/// A failed check said in people's words rather than its expression: a comparison of the field
/// with a number (`price > 0`, JSON Schema's `exclusiveMinimum`) is the `min`/`max` message,
/// `multiple_of(price, 1000)` the `multiple_of` one; any other check says that the value is not
/// accepted, without the expression (a check's own `message` says more).
extension MessageBuilder {
    /// The default template and the placeholders of a failed check of `field`, when its
    /// expression is one of the shapes above; `nil` for any other.
    func checkWording(_ check: CheckRule, _ field: FieldRules) -> (template: String, parameters: [String: String])? {
        guard case .expr(let written) = check.kind else { return nil }
        switch written.expr {
        case .order(let order, .field(let id), .constant(let bound?)) where id == field.id && bound.number != nil:
            return comparison(order, bound, field)
        case .order(let order, .constant(let bound?), .field(let id)) where id == field.id && bound.number != nil:
            return comparison(order.mirrored, bound, field)
        case .function(.multipleOf, let arguments):
            guard arguments.count == 2, case .field(let id) = arguments[0], id == field.id,
                case .constant(let step?) = arguments[1], step.number != nil
            else { return nil }
            return (DefaultMessages.template(.multipleOf, variant: nil, in: defaults), ["step": localized(step, field)])
        default:
            return nil
        }
    }

    private func comparison(_ order: Expr.Order, _ bound: Value, _ field: FieldRules) -> (String, [String: String]) {
        let (code, variant): (IssueCode, String?) =
            switch order {
            case .greater: (.min, "exclusive")
            case .greaterEqual: (.min, nil)
            case .less: (.max, "exclusive")
            case .lessEqual: (.max, nil)
            }
        let name = code == .min ? "min" : "max"
        return (DefaultMessages.template(code, variant: variant, in: defaults), [name: localized(bound, field)])
    }
}

extension Expr.Order {
    /// The same comparison with its operands swapped (`0 < price` is `price > 0`).
    var mirrored: Expr.Order {
        switch self {
        case .less: .greater
        case .lessEqual: .greaterEqual
        case .greater: .less
        case .greaterEqual: .lessEqual
        }
    }
}
