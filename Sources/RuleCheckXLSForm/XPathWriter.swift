import Patterns
import RuleCheck

/// Writes a compiled RuleCheck expression as XLSForm XPath, with the meaning it has in RuleCheck:
/// a field as `${name}` (the field a constraint is on as `.`), `==` as `=`, `/` as `div`, `x in m`
/// as `selected(${m}, x)`, `count(m)` as `count-selected()`, `len` as `string-length()`,
/// `matches()` as a whole-value `regex()`, dates as `date('2024-01-31')`; the inverse of
/// ``XPathTranslator``. What XPath cannot say the same way is ``Unwritable``, with the reason.
struct XPathWriter {
    let rules: RuleSet
    /// The field the expression is written on: `.` in a constraint.
    let host: FieldRules?
    /// How many fields have each name (`${name}` must name one).
    let nameCounts: [String: Int]

    /// Why an expression cannot be written as XPath.
    struct Unwritable: Error {
        var reason: String
    }

    /// A piece of XPath and whether it may stand as an operand without parentheses.
    private struct Term {
        var text: String
        var atomic: Bool

        var operand: String { atomic ? text : "(" + text + ")" }
    }

    private static let maxDepth = 256

    /// The expression as a condition (`relevant`, `required`, `constraint`, `choice_filter`): a
    /// bool field is `${b} = 'true'`, as ODK stores a calculate's true.
    func condition(_ expr: Expr) throws(Unwritable) -> String {
        try condition(expr, depth: 0).text
    }

    /// The expression as a value (`calculation`).
    func value(_ expr: Expr) throws(Unwritable) -> String {
        try term(expr, depth: 0).text
    }

    /// `regex(text, …)` for `matches(text, pattern)`, which searches: ODK's regex() matches the
    /// whole value, so the pattern is written between `[\s\S]*`, or without its `^(?:…)$` when
    /// it has them (as the import writes a regex()).
    func regex(_ text: String, searching pattern: String) throws(Unwritable) -> String {
        if pattern.hasPrefix("^(?:"), pattern.hasSuffix(")$"), Self.balanced(pattern.dropFirst(4).dropLast(2)) {
            return try regex(text, whole: String(pattern.dropFirst(4).dropLast(2)))
        }
        return try regex(text, whole: #"[\s\S]*(?:"# + pattern + #")[\s\S]*"#)
    }

    /// `regex(text, 'pattern')`: the whole value matches, as a field's `pattern:` does.
    func regex(_ text: String, whole pattern: String) throws(Unwritable) -> String {
        "regex(\(text), \(try Self.literal(pattern)))"
    }

    /// Whether every group `text` opens it closes (so that `^(?:a)|(?:b)$` is not taken for one group).
    private static func balanced(_ text: Substring) -> Bool {
        var depth = 0
        var escaped = false
        var inClass = false
        for character in text {
            if escaped {
                escaped = false
                continue
            }
            switch character {
            case "\\": escaped = true
            case "[" where !inClass: inClass = true
            case "]" where inClass: inClass = false
            case "(" where !inClass: depth += 1
            case ")" where !inClass:
                depth -= 1
                if depth < 0 { return false }
            default: break
            }
        }
        return depth == 0 && !escaped
    }

    /// A text as an XPath literal: in single quotes, or double quotes when it holds a `'`
    /// (XPath 1.0 has no escapes).
    static func literal(_ text: String) throws(Unwritable) -> String {
        if !text.contains("'") { return "'" + text + "'" }
        if !text.contains("\"") { return "\"" + text + "\"" }
        throw Unwritable(reason: "a text with both ' and \" cannot be written in XPath 1.0")
    }

    private func condition(_ expr: Expr, depth: Int) throws(Unwritable) -> Term {
        if case .field(let id) = expr, rules.fields[id.index].type == .bool {
            return Term(text: "\(reference(id)) = 'true'", atomic: false)
        }
        if case .constant(.bool(let flag)?) = expr { return Term(text: flag ? "true()" : "false()", atomic: true) }
        return try term(expr, depth: depth)
    }

    private func reference(_ id: FieldID) -> String {
        if let host, host.id == id { return "." }
        return "${" + rules.fields[id.index].name + "}"
    }

    private func checkedReference(_ id: FieldID) throws(Unwritable) -> String {
        let field = rules.fields[id.index]
        if host?.id != id, nameCounts[field.name, default: 0] > 1 {
            throw Unwritable(
                reason: "${\(field.name)} would be ambiguous: \(nameCounts[field.name, default: 0]) fields are named '\(field.name)'")
        }
        return reference(id)
    }

    private func type(_ expr: Expr) -> FieldType? {
        switch expr {
        case .field(let id): rules.fields[id.index].type
        case .constant(.text?): .text
        case .constant(.date?), .today, .shift: .date
        default: nil
        }
    }

    private func isText(_ expr: Expr) -> Bool {
        type(expr) == .text || type(expr) == .choice
    }

    private func constant(_ value: Value?, beside other: Expr?) throws(Unwritable) -> Term {
        guard let value else { return Term(text: "''", atomic: true) }
        switch value {
        case .text(let text): return Term(text: try Self.literal(text), atomic: true)
        case .number, .decimal: return Term(text: value.description, atomic: !value.description.hasPrefix("-"))
        case .bool(let flag):
            // Beside a bool field, its stored text; elsewhere XPath's constant.
            if let other, type(other) == .bool { return Term(text: flag ? "'true'" : "'false'", atomic: true) }
            return Term(text: flag ? "true()" : "false()", atomic: true)
        case .date(let day): return Term(text: "date('\(day.iso)')", atomic: true)
        case .list, .structured: throw Unwritable(reason: "a list or JSON value has no XPath counterpart")
        }
    }

    private func term(_ expr: Expr, depth: Int) throws(Unwritable) -> Term {
        guard depth < Self.maxDepth else { throw Unwritable(reason: "the expression nests too deeply") }
        let next = depth + 1
        switch expr {
        case .constant(let value): return try constant(value, beside: nil)
        case .field(let id):
            let type = rules.fields[id.index].type
            guard type != .group, type != .values, type != .json else {
                throw Unwritable(reason: "a \(type) field has no XPath value")
            }
            return Term(text: try checkedReference(id), atomic: true)
        case .itemCount(let list): return Term(text: "count(\(try checkedReference(list)))", atomic: true)
        case .today: return Term(text: "today()", atomic: true)
        case .optionValue: return Term(text: "name", atomic: true)
        case .optionAttribute(let name): return Term(text: name, atomic: true)
        case .not(let inner): return Term(text: "not(\(try condition(inner, depth: next).text))", atomic: true)
        case .and(let a, let b): return try junction("and", a, b, depth: next)
        case .or(let a, let b): return try junction("or", a, b, depth: next)
        case .equal(let a, let b): return try equality("=", a, b, depth: next)
        case .notEqual(let a, let b): return try equality("!=", a, b, depth: next)
        case .order(let order, let a, let b):
            guard !isText(a), !isText(b) else {
                throw Unwritable(reason: "'\(order.rawValue)' between texts: XPath compares them as numbers")
            }
            return Term(text: "\(try term(a, depth: next).operand) \(order.rawValue) \(try term(b, depth: next).operand)", atomic: false)
        case .memberOfLiteral(let value, let items):
            guard type(value) != .multiChoice else { throw Unwritable(reason: "'in' of a select_multiple's answer and a list") }
            guard !items.isEmpty else { return Term(text: "false()", atomic: true) }
            var parts: [String] = []
            for item in items { parts.append(try equality("=", value, item, depth: next).text) }
            return Term(text: parts.joined(separator: " or "), atomic: false)
        case .memberOf(let value, let list):
            guard case .field(let id) = list, rules.fields[id.index].type == .multiChoice else {
                throw Unwritable(reason: "'in' is written as selected() only for a multi_choice field")
            }
            return Term(text: "selected(\(try checkedReference(id)), \(try term(value, depth: next).text))", atomic: true)
        case .arithmetic(let op, let a, let b):
            return Term(
                text: "\(try term(a, depth: next).operand) \(op == .divide ? "div" : op.rawValue) \(try term(b, depth: next).operand)",
                atomic: false)
        case .concat:
            throw Unwritable(reason: "joining texts: a blank part is '' in XPath's concat() but makes nothing in RuleCheck")
        case .negate(let inner): return Term(text: "-\(try term(inner, depth: next).operand)", atomic: false)
        case .shift(let date, let duration): return try shifted(try term(date, depth: next), duration)
        case .daysBetween(let a, let b):
            return Term(text: "\(try term(a, depth: next).operand) - \(try term(b, depth: next).operand)", atomic: false)
        case .function(let function, let arguments): return try call(function, arguments, depth: next)
        case .matches(let text, let pattern):
            return Term(text: try regex(try term(text, depth: next).text, searching: pattern.source), atomic: true)
        case .chain(let head, let steps):
            var result = try term(head, depth: next)
            for step in steps {
                switch step {
                case .and(let rhs): result = Term(text: "\(result.operand) and \(try condition(rhs, depth: next).operand)", atomic: false)
                case .or(let rhs): result = Term(text: "\(result.operand) or \(try condition(rhs, depth: next).operand)", atomic: false)
                case .arithmetic(let op, let rhs):
                    result = Term(
                        text: "\(result.operand) \(op == .divide ? "div" : op.rawValue) \(try term(rhs, depth: next).operand)",
                        atomic: false)
                case .concat:
                    throw Unwritable(reason: "joining texts: a blank part is '' in XPath's concat() but makes nothing in RuleCheck")
                case .shift(let duration): result = try shifted(result, duration)
                case .daysBetween(let rhs): result = Term(text: "\(result.operand) - \(try term(rhs, depth: next).operand)", atomic: false)
                }
            }
            return result
        case .aggregate(let aggregate, _, let field):
            return Term(text: "\(aggregate.rawValue)(\(try checkedReference(field)))", atomic: true)
        case .quantified(let quantifier, _, _):
            throw Unwritable(reason: "\(quantifier.rawValue)() over a list's items has no XPath counterpart")
        }
    }

    private func junction(_ op: String, _ a: Expr, _ b: Expr, depth: Int) throws(Unwritable) -> Term {
        Term(text: "\(try condition(a, depth: depth).operand) \(op) \(try condition(b, depth: depth).operand)", atomic: false)
    }

    private func equality(_ op: String, _ a: Expr, _ b: Expr, depth: Int) throws(Unwritable) -> Term {
        if type(a) == .multiChoice || type(b) == .multiChoice {
            // Only "has no answer" means the same: a select_multiple's answer is its names joined.
            if case .constant(nil) = b, case .field(let id) = a {
                return Term(text: "count-selected(\(try checkedReference(id))) \(op) 0", atomic: false)
            }
            throw Unwritable(reason: "'\(op)' with a multi_choice compares its whole space-separated answer in XPath")
        }
        let left: Term
        let right: Term
        if case .constant(let value) = a { left = try constant(value, beside: b) } else { left = try term(a, depth: depth) }
        if case .constant(let value) = b { right = try constant(value, beside: a) } else { right = try term(b, depth: depth) }
        return Term(text: "\(left.operand) \(op) \(right.operand)", atomic: false)
    }

    private func shifted(_ date: Term, _ duration: DateDuration) throws(Unwritable) -> Term {
        guard duration.years == 0, duration.months == 0 else {
            throw Unwritable(reason: "moving a date by months or years has no XPath counterpart (only days)")
        }
        let days = duration.days
        return Term(text: "date(\(date.operand) \(days < 0 ? "-" : "+") \(abs(days)))", atomic: true)
    }

    private func call(_ function: Expr.Function, _ arguments: [Expr], depth: Int) throws(Unwritable) -> Term {
        func argument(_ index: Int) throws(Unwritable) -> Term {
            guard arguments.indices.contains(index) else { throw Unwritable(reason: "\(function.rawValue)() lacks an argument") }
            return try term(arguments[index], depth: depth)
        }
        switch function {
        case .len: return Term(text: "string-length(\(try argument(0).text))", atomic: true)
        case .count:
            // A list's items: `count(list)` is the count of ``Expr/itemCount(_:)``, itself `count(${list})`.
            if let first = arguments.first, case .itemCount = first { return try argument(0) }
            guard let first = arguments.first, type(first) == .multiChoice else {
                throw Unwritable(reason: "count() is written as count-selected() only for a multi_choice field")
            }
            return Term(text: "count-selected(\(try argument(0).text))", atomic: true)
        case .round: return Term(text: "round(\(try argument(0).text))", atomic: true)
        case .trunc: return Term(text: "int(\(try argument(0).text))", atomic: true)
        case .floor: return Term(text: "floor(\(try argument(0).text))", atomic: true)
        case .ceil: return Term(text: "ceiling(\(try argument(0).text))", atomic: true)
        case .number: return Term(text: "number(\(try argument(0).text))", atomic: true)
        case .multipleOf: return Term(text: "\(try argument(0).operand) mod \(try argument(1).operand) = 0", atomic: false)
        case .empty:
            guard let first = arguments.first else { throw Unwritable(reason: "empty() lacks an argument") }
            if case .field(let id) = first, rules.fields[id.index].type == .list {
                return Term(text: "count(\(try checkedReference(id))) = 0", atomic: false)
            }
            return try equality("=", first, .constant(nil), depth: depth)
        case .age, .year, .lower, .upper, .trim, .matches, .jsonType, .json, .sum, .min, .max, .any, .all, .foldedLetters:
            throw Unwritable(reason: "\(function.rawValue)() has no XPath counterpart with the same meaning")
        }
    }
}
