/// Values for `json` fields: one its checks name (`v in [6, 'foo', json('[]')]`), or one of a
/// type it takes within its value rules.
extension SampleGenerator {
    mutating func anyCandidate(for field: FieldRules, path: String, in form: Form) -> Value? {
        let named = field.checks.flatMap { check -> [Value] in
            guard check.when == nil, case .expr(let condition) = check.kind else { return [] }
            return Self.constants(condition.expr, of: field.id)
        }
        if !named.isEmpty, Int.random(in: 0..<4, using: &random) > 0 { return named.randomElement(using: &random) }
        let types = field.jsonTypes ?? .all
        let names = types.names.isEmpty ? ["string"] : types.names
        switch names.randomElement(using: &random) ?? "string" {
        case "number": return candidate(for: field, as: .number, path: path, in: form)
        case "integer": return candidate(for: field, as: .integer, path: path, in: form)
        case "boolean": return .bool(Bool.random(using: &random))
        case "array":
            let low = field.minItems ?? 0, high = max(low, min(field.maxItems ?? 3, low + 3))
            let count = Int.random(in: low...high, using: &random)
            // Different numbers, so that unique_items holds.
            return .structured(.array((0..<count).map { .number(Double($0 + 1)) }))
        case "object": return .structured(.object([:]))
        default: return candidate(for: field, as: .text, path: path, in: form)
        }
    }

    /// The constants an expression lets the field be: `v == c`, `v in [c, …]`, and the `or` of such.
    private static func constants(_ expr: Expr, of field: FieldID) -> [Value] {
        switch expr {
        case .equal(.field(let id), .constant(let value?)) where id == field,
            .equal(.constant(let value?), .field(let id)) where id == field:
            return [value]
        case .memberOfLiteral(.field(let id), let items) where id == field:
            return items.compactMap { if case .constant(let value?) = $0 { value } else { nil } }
        case .or(let lhs, let rhs):
            return constants(lhs, of: field) + constants(rhs, of: field)
        case .chain(let head, let steps):
            guard steps.allSatisfy({ if case .or = $0 { true } else { false } }) else { return [] }
            return constants(head, of: field) + steps.compactMap(\.operand).flatMap { constants($0, of: field) }
        default:
            return []
        }
    }
}
