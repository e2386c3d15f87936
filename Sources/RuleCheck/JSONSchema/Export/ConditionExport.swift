/// Compiled conditions written as JSON Schema (for `if`) and as JSON Forms rule conditions, where
/// they can be: comparisons of one field with constants (`==`, `!=`, `<` …, `in [...]`), a bool
/// field alone, `empty(x)`, and `not`/`and`/`or` of those. Anything else (arithmetic, two fields,
/// `today`, functions) is `nil`: the `x-rulecheck-*` keywords carry it. A chain `a and b and c`
/// is one `allOf` (JSON Forms: one `AND`) of its operands.
struct ConditionExport {
    let rules: RuleSet
    /// The list whose item the condition is evaluated in (its fields are relative to the item).
    let list: FieldID?

    // MARK: - JSON Schema

    /// The condition as a schema for the object it is evaluated on (the root, or a list's item).
    func schema(_ expr: Expr) -> OrderedJSON? {
        switch expr {
        case .constant(.bool(let flag)?): return flag ? .object([]) : .object([("not", .object([]))])
        case .not(let inner): return schema(inner).map { .object([("not", $0)]) }
        case .and, .or, .chain:
            guard let (isAnd, operands) = expr.junction, let schemas = Self.all(operands, schema) else { return nil }
            return .object([(isAnd ? "allOf" : "anyOf", .array(schemas))])
        case .field(let id) where rules.fields[id.index].type == .bool:
            return property(id, .object([("const", .bool(true))]), present: true)
        case .function(.empty, let arguments):
            guard arguments.count == 1, case .field(let id) = arguments[0] else { return nil }
            return property(id, nil, present: true).map { .object([("not", $0)]) }
        default:
            guard let (id, leaf) = comparison(expr) else { return nil }
            switch leaf {
            case .isNull: return property(id, nil, present: true).map { .object([("not", $0)]) }
            case .notNull: return property(id, nil, present: true)
            case .schema(let inner, let negated):
                let positive = property(id, inner, present: true)
                return negated ? positive.map { .object([("not", $0)]) } : positive
            }
        }
    }

    /// `properties` down to the field (from the root, or from the list's item), with `required`
    /// at every level when `present`.
    func property(_ id: FieldID, _ inner: OrderedJSON?, present: Bool, requireObjects: Bool = true) -> OrderedJSON? {
        let field = rules.fields[id.index]
        guard field.list == list, field.type.holdsValue else { return nil }
        var names = [field.name]
        var current = field.group
        while let group = current, rules.fields[group.index].type == .group {
            names.insert(rules.fields[group.index].name, at: 0)
            current = rules.fields[group.index].group
        }
        var schema = inner
        for (level, name) in names.reversed().enumerated() {
            var object = OrderedObject()
            if let inner = schema { object.set("properties", .object([(name, inner)])) }
            if present && (level == 0 || requireObjects) { object.set("required", .array([.string(name)])) }
            schema = object.json
        }
        return schema
    }

    private enum Leaf {
        case isNull
        case notNull
        /// A schema for the value (which must be there), perhaps negated.
        case schema(OrderedJSON, negated: Bool)
    }

    /// A comparison of one field with constants.
    private func comparison(_ expr: Expr) -> (FieldID, Leaf)? {
        switch expr {
        case .equal(let a, let b), .notEqual(let a, let b):
            let negated: Bool
            if case .notEqual = expr { negated = true } else { negated = false }
            guard let (id, value) = fieldAndConstant(a, b) else { return nil }
            guard let value else { return (id, negated ? .notNull : .isNull) }
            return (id, .schema(.object([("const", OrderedJSON(value))]), negated: negated))
        case .memberOfLiteral(.field(let id), let items):
            var values: [OrderedJSON] = []
            for item in items {
                guard case .constant(let value?) = item else { return nil }
                values.append(OrderedJSON(value))
            }
            return (id, .schema(.object([("enum", .array(values))]), negated: false))
        case .order(let order, let a, let b):
            if case .field(let id) = a, case .constant(let n?) = b, n.exactNumber != nil {
                return (id, .schema(bound(order, n), negated: false))
            }
            if case .constant(let n?) = a, case .field(let id) = b, n.exactNumber != nil {
                return (id, .schema(bound(order.flipped, n), negated: false))
            }
            return nil
        default:
            return nil
        }
    }

    private func bound(_ order: Expr.Order, _ number: Value) -> OrderedJSON {
        let keyword =
            switch order {
            case .less: "exclusiveMaximum"
            case .lessEqual: "maximum"
            case .greater: "exclusiveMinimum"
            case .greaterEqual: "minimum"
            }
        return .object([(keyword, OrderedJSON(number))])
    }

    private func fieldAndConstant(_ a: Expr, _ b: Expr) -> (FieldID, Value?)? {
        if case .field(let id) = a, case .constant(let value) = b { return (id, value) }
        if case .constant(let value) = a, case .field(let id) = b { return (id, value) }
        return nil
    }

    // MARK: - JSON Forms

    /// The condition as a JSON Forms rule condition (`{scope, schema}`, `AND`, `OR`).
    func jsonForms(_ expr: Expr) -> OrderedJSON? {
        switch expr {
        case .and, .or, .chain:
            guard let (isAnd, operands) = expr.junction, let conditions = Self.all(operands, jsonForms) else { return nil }
            return .object([("type", .string(isAnd ? "AND" : "OR")), ("conditions", .array(conditions))])
        case .field(let id) where rules.fields[id.index].type == .bool:
            return leaf(id, .object([("const", .bool(true))]), failWhenUndefined: false)
        case .not(.field(let id)) where rules.fields[id.index].type == .bool:
            return leaf(id, .object([("not", .object([("const", .bool(true))]))]), failWhenUndefined: false)
        case .not(let inner):
            // Only a comparison with constants can be negated inside one condition.
            guard case let (id, .schema(schema, negated: false))? = comparison(inner), !isBound(schema) else { return nil }
            return leaf(id, .object([("not", schema)]), failWhenUndefined: false)
        default:
            guard let (id, leaf) = comparison(expr) else { return nil }
            switch leaf {
            case .isNull: return nil
            case .notNull: return self.leaf(id, .object([]), failWhenUndefined: true)
            case .schema(let schema, let negated):
                if negated { return isBound(schema) ? nil : self.leaf(id, .object([("not", schema)]), failWhenUndefined: false) }
                return self.leaf(id, schema, failWhenUndefined: isBound(schema))
            }
        }
    }

    /// Each operand exported, or nil when one cannot be.
    private static func all(_ operands: [Expr], _ export: (Expr) -> OrderedJSON?) -> [OrderedJSON]? {
        var exported: [OrderedJSON] = []
        for operand in operands {
            guard let json = export(operand) else { return nil }
            exported.append(json)
        }
        return exported
    }

    private func isBound(_ schema: OrderedJSON) -> Bool {
        guard case .object(let members) = schema, let key = members.first?.key else { return false }
        return key.hasSuffix("imum")
    }

    private func leaf(_ id: FieldID, _ schema: OrderedJSON, failWhenUndefined: Bool) -> OrderedJSON? {
        guard let scope = scope(id) else { return nil }
        var object = OrderedObject()
        object.set("scope", .string(scope))
        object.set("schema", schema)
        if failWhenUndefined { object.set("failWhenUndefined", .bool(true)) }
        return object.json
    }

    /// `#/properties/g/properties/x`, from the root or from the list's item.
    func scope(_ id: FieldID) -> String? {
        let field = rules.fields[id.index]
        guard field.list == list else { return nil }
        var names = [field.name]
        var current = field.group
        while let group = current {
            names.insert(rules.fields[group.index].name, at: 0)
            current = rules.fields[group.index].group
        }
        return "#" + names.map { "/properties/" + SchemaPointer.escape($0) }.joined()
    }
}

extension Expr.Order {
    /// The same comparison with its sides swapped (`5 < x` is `x > 5`).
    var flipped: Expr.Order {
        switch self {
        case .less: .greater
        case .lessEqual: .greaterEqual
        case .greater: .less
        case .greaterEqual: .lessEqual
        }
    }
}
