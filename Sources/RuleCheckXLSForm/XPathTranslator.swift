/// Translates an XLSForm expression (``XPath/Node``) into RuleCheck's expression language
/// (Docs/expressions.md), keeping ODK's meaning: `=` compares as XPath compares (a number with a
/// number, a choice with its name), a blank answer is `''` (RuleCheck's null), `regex()` matches
/// the whole value, a question read as a condition is true when answered. What RuleCheck cannot
/// say with the same meaning is an ``XPathTranslator/Untranslatable`` — the caller reports it at
/// the cell — never a look-alike.
struct XPathTranslator {
    /// What a value is, as far as the translation needs to know.
    enum Kind: Equatable {
        case text, number, bool, date, multi, list, group, unknown
    }

    /// A question the expressions may name.
    struct Field {
        var name: String
        /// The ids from the form down to the field (`household.member.age`).
        var path: [String]
        /// How many leading ids of ``path`` are lists (repeats), by their lengths: `[1]` when
        /// `path[0]` is a list.
        var listPrefixes: [Int]
        var kind: Kind
        /// A select_one: its choices' names are text.
        var isChoice = false
    }

    struct Untranslatable: Error {
        var message: String
    }

    /// Where the expression is written.
    struct Context {
        /// The question the expression belongs to: `.` is it (allowed in a constraint only).
        var host: Field?
        /// Whether `.` may name the host (a constraint, a check).
        var currentAllowed = false
        /// In a choice_filter: the choices sheet's columns an option has (`name` is the option itself).
        var optionColumns: Set<String>?
    }

    let fields: [String: Field]
    /// Names written twice in the survey: `${name}` is ambiguous.
    let duplicates: Set<String>

    /// A translated part: its text, its kind, whether it needs no parentheses to be an operand,
    /// and the literal it was written as (for XPath's conversions of literals).
    struct Term {
        var text: String
        var kind: Kind
        var atomic: Bool
        var literal: Literal? = nil

        enum Literal: Equatable {
            case string(String), number(String)
        }

        var operand: String { atomic ? text : "(\(text))" }
    }

    /// Approximations made on the way (each becomes a finding at the cell).
    var approximations: [String] = []

    /// The expression as a condition (relevant, constraint, required, choice_filter).
    mutating func condition(_ text: String, in context: Context) throws(Untranslatable) -> String {
        let node = try parse(text)
        return try asCondition(translate(node, context, depth: 0)).text
    }

    /// The expression as a value (calculation), with its kind.
    mutating func value(_ text: String, in context: Context) throws(Untranslatable) -> Term {
        try translate(parse(text), context, depth: 0)
    }

    func parse(_ text: String) throws(Untranslatable) -> XPath.Node {
        do {
            return try XPath.parse(text)
        } catch {
            throw Untranslatable(message: "the expression cannot be read: \(error.message)")
        }
    }

    // MARK: - Terms

    func asCondition(_ term: Term) throws(Untranslatable) -> Term {
        switch term.kind {
        case .bool, .unknown: return term
        case .text, .date: return Term(text: "\(term.operand) != null", kind: .bool, atomic: false)
        case .number:
            if let literal = term.literal, case .number(let digits) = literal {
                return Term(text: (Double(digits) ?? 0) != 0 ? "true" : "false", kind: .bool, atomic: true)
            }
            return Term(text: "\(term.operand) != null and \(term.operand) != 0", kind: .bool, atomic: false)
        case .multi: return Term(text: "count(\(term.text)) > 0", kind: .bool, atomic: false)
        case .list, .group: throw Untranslatable(message: "a repeat or group has no value to test")
        }
    }

    mutating func translate(_ node: XPath.Node, _ context: Context, depth: Int) throws(Untranslatable) -> Term {
        guard depth < XPath.maxDepth else { throw Untranslatable(message: "the expression nests too deeply") }
        switch node {
        case .field(let name): return try reference(name, context)
        case .current:
            if let columns = context.optionColumns {
                _ = columns
                return Term(text: "option", kind: .text, atomic: true)
            }
            guard let host = context.host, context.currentAllowed else {
                throw Untranslatable(message: "'.' (the question itself) can be read only in its constraint")
            }
            return Term(text: host.path.last ?? host.name, kind: host.kind, atomic: true)
        case .path:
            throw Untranslatable(
                message: "XPath paths (/data/a, .., a step or a [predicate]) are not translated; name questions with ${name}")
        case .string(let text):
            return Term(text: Self.quoted(text), kind: .text, atomic: true, literal: .string(text))
        case .number(let digits):
            guard Double(digits) != nil else { throw Untranslatable(message: "'\(digits)' is not a number") }
            let text = digits.hasPrefix(".") ? "0" + digits : (digits.hasSuffix(".") ? String(digits.dropLast()) : digits)
            return Term(text: text, kind: .number, atomic: true, literal: .number(text))
        case .name(let name):
            if let columns = context.optionColumns {
                if name == "name" { return Term(text: "option", kind: .text, atomic: true) }
                guard columns.contains(name) else {
                    throw Untranslatable(message: "'\(name)' is not a column of the choices sheet")
                }
                return Term(text: "option.\(name)", kind: .text, atomic: true)
            }
            throw Untranslatable(message: "'\(name)' names nothing here; name a question as ${\(name)}")
        case .unary(_, let operand):
            let term = try translate(operand, context, depth: depth + 1)
            guard term.kind == .number || term.kind == .unknown else {
                throw Untranslatable(message: "'-' of a \(Self.describe(term.kind)) (XPath makes it a number) is not translated")
            }
            return Term(text: "-\(term.operand)", kind: .number, atomic: false)
        case .binary(let op, let left, let right):
            return try binary(op, left, right, context, depth: depth)
        case .call(let name, let arguments):
            return try call(name, arguments, context, depth: depth)
        }
    }

    func reference(_ name: String, _ context: Context) throws(Untranslatable) -> Term {
        guard !duplicates.contains(name) else {
            throw Untranslatable(message: "${\(name)} is ambiguous: two questions are named \(name)")
        }
        guard let field = fields[name] else {
            throw Untranslatable(message: "${\(name)} names no question that is imported")
        }
        if let host = context.host, host.name == name, !context.currentAllowed {
            throw Untranslatable(message: "${\(name)} names the question itself, which only its constraint may read")
        }
        guard let path = Self.relativePath(of: field, from: context.host) else {
            throw Untranslatable(
                message:
                    "${\(name)} is a question of each item of a repeat; outside the repeat only sum(), count(), min() and max() of it are translated"
            )
        }
        let kind: Kind = field.kind == .list ? .list : field.kind
        return Term(text: path, kind: kind, atomic: true)
    }

    /// How `field` is named from an expression of `host`: from inside the same repeat item, by
    /// its path within that item; otherwise by its path from the form (nil when it is inside a
    /// repeat that `host` is not in: one value per item).
    static func relativePath(of field: Field, from host: Field?) -> String? {
        let shared =
            (field.listPrefixes.last { prefix in
                guard let host, host.listPrefixes.contains(prefix), host.path.count > prefix else { return false }
                return Array(host.path.prefix(prefix)) == Array(field.path.prefix(prefix))
            })
        let innermost = field.listPrefixes.last { $0 < field.path.count }
        if let innermost, innermost != shared { return nil }
        let start = shared ?? 0
        return field.path.dropFirst(start).joined(separator: ".")
    }

    /// An aggregate over a repeat's question: `list.field` (the list not inside another's item).
    func aggregated(_ node: XPath.Node, _ context: Context) throws(Untranslatable) -> (text: String, kind: Kind)? {
        guard case .field(let name) = node, let field = fields[name], !duplicates.contains(name) else { return nil }
        guard Self.relativePath(of: field, from: context.host) == nil else { return nil }
        guard field.listPrefixes.count == 1 else {
            throw Untranslatable(message: "${\(name)} is in a repeat inside a repeat; aggregates over it are not translated")
        }
        return (field.path.joined(separator: "."), field.kind)
    }

    mutating func binary(
        _ op: String, _ left: XPath.Node, _ right: XPath.Node, _ context: Context, depth: Int
    ) throws(Untranslatable) -> Term {
        // `x mod n = 0`: multiple_of.
        if op == "=" || op == "!=", case .binary("mod", let dividend, let divisor) = left, right == .number("0") {
            let a = try translate(dividend, context, depth: depth + 1)
            let b = try translate(divisor, context, depth: depth + 1)
            guard a.kind == .number, b.kind == .number else { throw Untranslatable(message: "'mod' needs numbers") }
            let test = "multiple_of(\(a.text), \(b.text))"
            return Term(text: op == "=" ? test : "not \(test)", kind: .bool, atomic: op == "=")
        }
        switch op {
        case "or", "and":
            let a = try asCondition(translate(left, context, depth: depth + 1))
            let b = try asCondition(translate(right, context, depth: depth + 1))
            return Term(text: "\(a.operand) \(op) \(b.operand)", kind: .bool, atomic: false)
        case "=", "!=":
            let a = try translate(left, context, depth: depth + 1)
            let b = try translate(right, context, depth: depth + 1)
            return try equality(op == "=" ? "==" : "!=", a, b)
        case "<", "<=", ">", ">=":
            var a = try translate(left, context, depth: depth + 1)
            var b = try translate(right, context, depth: depth + 1)
            try align(&a, &b, ordering: true)
            guard a.kind == b.kind || a.kind == .unknown || b.kind == .unknown, [.number, .date, .unknown].contains(a.kind) else {
                throw Untranslatable(
                    message:
                        "'\(op)' between a \(Self.describe(a.kind)) and a \(Self.describe(b.kind)) compares them as numbers in XPath; not translated"
                )
            }
            return Term(text: "\(a.operand) \(op) \(b.operand)", kind: .bool, atomic: false)
        case "+", "-", "*", "div":
            let a = try translate(left, context, depth: depth + 1)
            let b = try translate(right, context, depth: depth + 1)
            if op == "-", a.kind == .date, b.kind == .date {
                return Term(text: "\(a.operand) - \(b.operand)", kind: .number, atomic: false)
            }
            guard [Kind.number, .unknown].contains(a.kind), [Kind.number, .unknown].contains(b.kind) else {
                throw Untranslatable(
                    message:
                        "'\(op)' of a \(Self.describe(a.kind)) and a \(Self.describe(b.kind)) is not translated (XPath makes both numbers)")
            }
            return Term(text: "\(a.operand) \(op == "div" ? "/" : op) \(b.operand)", kind: .number, atomic: false)
        default:
            throw Untranslatable(message: "'\(op)' has no counterpart in RuleCheck's expressions")
        }
    }

    /// XPath's conversions of a literal to the other side's kind: `'5'` beside a number is 5, `5`
    /// beside a choice is its name `'5'`, `'2024-01-31'` beside a date the date, `''` nothing.
    func align(_ a: inout Term, _ b: inout Term, ordering: Bool) throws(Untranslatable) {
        func convert(_ literal: inout Term, to other: Term) throws(Untranslatable) {
            guard let value = literal.literal else { return }
            switch (value, other.kind) {
            case (.string(let text), _) where text.isEmpty && !ordering:
                literal = Term(text: "null", kind: other.kind, atomic: true)
            case (.string(let text), .number):
                guard Double(text.trimmingSpaces) != nil else {
                    throw Untranslatable(message: "'\(text)' is not a number, which XPath compares a number with")
                }
                literal = Term(text: text.trimmingSpaces, kind: .number, atomic: true)
            case (.string(let text), .date):
                guard Self.isDate(text) else { throw Untranslatable(message: "'\(text)' is not a date (yyyy-mm-dd)") }
                literal = Term(text: text, kind: .date, atomic: true)
            case (.number(let digits), .text) where !ordering:
                literal = Term(text: Self.quoted(digits), kind: .text, atomic: true)
            default: break
            }
        }
        if a.literal != nil, b.literal == nil {
            try convert(&a, to: b)
        } else if b.literal != nil, a.literal == nil {
            try convert(&b, to: a)
        }
    }

    func equality(_ op: String, _ left: Term, _ right: Term) throws(Untranslatable) -> Term {
        var a = left, b = right
        try align(&a, &b, ordering: false)
        if a.kind == .multi || b.kind == .multi {
            throw Untranslatable(
                message: "'=' with a select_multiple compares its whole space-separated answer; use selected() (not translated)")
        }
        if a.kind == .bool, b.kind == .text, let literal = b.literal, case .string(let text) = literal, ["true", "false"].contains(text) {
            b = Term(text: text, kind: .bool, atomic: true)
        }
        guard a.kind == b.kind || a.kind == .unknown || b.kind == .unknown || a.text == "null" || b.text == "null" else {
            throw Untranslatable(
                message: "'=' between a \(Self.describe(a.kind)) and a \(Self.describe(b.kind)) converts them in XPath; not translated")
        }
        return Term(text: "\(a.operand) \(op) \(b.operand)", kind: .bool, atomic: false)
    }

    mutating func call(_ name: String, _ arguments: [XPath.Node], _ context: Context, depth: Int) throws(Untranslatable) -> Term {
        func argument(_ index: Int) throws(Untranslatable) -> Term {
            try translate(arguments[index], context, depth: depth + 1)
        }
        func arity(_ counts: ClosedRange<Int>) throws(Untranslatable) {
            guard counts.contains(arguments.count) else {
                throw Untranslatable(
                    message:
                        "\(name)() takes \(counts.lowerBound == counts.upperBound ? "\(counts.lowerBound)" : "\(counts.lowerBound) to \(counts.upperBound)") arguments, not \(arguments.count)"
                )
            }
        }
        switch name {
        case "true", "false":
            try arity(0...0)
            return Term(text: name, kind: .bool, atomic: true)
        case "not":
            try arity(1...1)
            let term = try asCondition(argument(0))
            return Term(text: "not \(term.operand)", kind: .bool, atomic: false)
        case "boolean":
            try arity(1...1)
            return try asCondition(argument(0))
        case "today":
            try arity(0...0)
            return Term(text: "today", kind: .date, atomic: true)
        case "date":
            try arity(1...1)
            guard case .string(let text) = arguments[0], Self.isDate(text) else {
                throw Untranslatable(message: "date() of anything but a written date (date('2024-01-31')) is not translated")
            }
            return Term(text: text, kind: .date, atomic: true)
        case "selected":
            try arity(2...2)
            let list = try argument(0)
            let value = try argument(1)
            guard value.kind == .text || value.literal != nil else {
                throw Untranslatable(message: "selected() with a choice that is not written is not translated")
            }
            let choice: String
            if let literal = value.literal, case .number(let digits) = literal { choice = Self.quoted(digits) } else { choice = value.text }
            switch list.kind {
            case .multi: return Term(text: "\(choice) in \(list.operand)", kind: .bool, atomic: false)
            case .text: return Term(text: "\(list.operand) == \(choice)", kind: .bool, atomic: false)
            default: throw Untranslatable(message: "selected() needs a select question, not a \(Self.describe(list.kind))")
            }
        case "count-selected":
            try arity(1...1)
            let list = try argument(0)
            switch list.kind {
            case .multi: return Term(text: "count(\(list.text))", kind: .number, atomic: true)
            default: throw Untranslatable(message: "count-selected() needs a select_multiple question")
            }
        case "string-length":
            try arity(0...1)
            let text = arguments.isEmpty ? try translate(.current, context, depth: depth + 1) : try argument(0)
            guard text.kind == .text || text.kind == .unknown else {
                throw Untranslatable(message: "string-length() of a \(Self.describe(text.kind)) is not translated")
            }
            // len() of nothing is null where XPath's string-length('') is 0: the same only where the
            // value is never blank (a constraint's own value) — elsewhere said so as a finding.
            if !(arguments.isEmpty || arguments[0] == .current) {
                approximations.append("string-length() of a blank answer is 0 in XPath but nothing in RuleCheck")
            }
            return Term(text: "len(\(text.text))", kind: .number, atomic: true)
        case "regex":
            try arity(2...2)
            let text = try argument(0)
            guard case .string(let pattern) = arguments[1] else {
                throw Untranslatable(message: "regex() with a pattern that is not written in quotes is not translated")
            }
            guard text.kind == .text || text.kind == .unknown || text.kind == .number else {
                throw Untranslatable(message: "regex() of a \(Self.describe(text.kind)) is not translated")
            }
            // ODK's regex() matches the whole value; matches() searches.
            return Term(text: "matches(\(text.text), \(Self.quoted("^(?:" + pattern + ")$")))", kind: .bool, atomic: true)
        case "contains", "starts-with", "ends-with":
            try arity(2...2)
            let text = try argument(0)
            guard case .string(let part) = arguments[1], text.kind == .text || text.kind == .unknown else {
                throw Untranslatable(message: "\(name)() is translated only with a written text to look for")
            }
            let escaped = Self.regexEscaped(part)
            let pattern = name == "contains" ? escaped : name == "starts-with" ? "^" + escaped : escaped + "$"
            return Term(text: "matches(\(text.text), \(Self.quoted(pattern)))", kind: .bool, atomic: true)
        case "int":
            try arity(1...1)
            let number = try argument(0)
            guard number.kind == .number || number.kind == .unknown else { throw Untranslatable(message: "int() needs a number") }
            return Term(text: "trunc(\(number.text))", kind: .number, atomic: true)
        case "round":
            try arity(1...2)
            let number = try argument(0)
            guard number.kind == .number || number.kind == .unknown else { throw Untranslatable(message: "round() needs a number") }
            if arguments.count == 2 {
                guard case .number(let digits) = arguments[1], let places = Int(digits), (0...9).contains(places) else {
                    throw Untranslatable(message: "round() is translated with a written number of decimal places (0 to 9)")
                }
                if places > 0 {
                    let scale = "1" + String(repeating: "0", count: places)
                    return Term(text: "round(\(number.operand) * \(scale)) / \(scale)", kind: .number, atomic: false)
                }
            }
            return Term(text: "round(\(number.text))", kind: .number, atomic: true)
        case "number":
            try arity(1...1)
            let term = try argument(0)
            guard term.kind == .number || term.kind == .unknown else {
                throw Untranslatable(message: "number() of a \(Self.describe(term.kind)) is not translated")
            }
            return term
        case "string":
            try arity(1...1)
            let term = try argument(0)
            guard term.kind == .text || term.kind == .unknown else {
                throw Untranslatable(message: "string() of a \(Self.describe(term.kind)) is not translated")
            }
            return term
        case "if":
            try arity(3...3)
            let test = try asCondition(argument(0))
            let then = try argument(1)
            let otherwise = try argument(2)
            guard then.kind == .bool, otherwise.kind == .bool else {
                throw Untranslatable(message: "if() is translated only where it chooses between conditions (RuleCheck has no if())")
            }
            return Term(
                text: "(\(test.operand) and \(then.operand)) or (not \(test.operand) and \(otherwise.operand))", kind: .bool,
                atomic: false)
        case "count":
            try arity(1...1)
            guard case .field(let repeatName) = arguments[0], let field = fields[repeatName], field.kind == .list else {
                throw Untranslatable(message: "count() is translated for a repeat named with ${name}")
            }
            let path =
                Self.relativePath(of: field, from: context.host)
                ?? field.path.joined(separator: ".")
            return Term(text: "count(\(path))", kind: .number, atomic: true)
        case "sum", "min", "max":
            if arguments.count == 1, let (path, kind) = try aggregated(arguments[0], context) {
                guard kind == .number || (name != "sum" && kind == .date) else {
                    throw Untranslatable(message: "\(name)() of a \(Self.describe(kind)) is not translated")
                }
                return Term(text: "\(name)(\(path))", kind: kind, atomic: true)
            }
            throw Untranslatable(message: "\(name)() is translated for one question of a repeat, from outside the repeat")
        case "coalesce", "concat", "substr", "substring", "selected-at", "jr:choice-name", "format-date", "format-date-time",
            "decimal-date-time", "decimal-time", "date-time", "now", "once", "position", "indexed-repeat", "pulldata", "random",
            "uuid", "instance", "current", "translate", "normalize-space", "pow", "log", "abs", "floor", "ceiling", "max-distance",
            "area", "distance", "digest", "base64-decode", "checklist", "weighted-checklist", "join", "boolean-from-string",
            "count-non-empty", "randomize", "last", "exp", "sqrt", "sin", "cos", "tan", "asin", "acos", "atan", "atan2", "pi",
            "log10", "exp10", "string-length-bytes", "upper-case", "lower-case", "ends", "not-selected":
            throw Untranslatable(message: Self.reason(name))
        default:
            throw Untranslatable(message: "\(name)() is not an XPath or ODK function RuleCheck translates")
        }
    }

    static func reason(_ name: String) -> String {
        switch name {
        case "pulldata", "instance": "\(name)() reads an external file or instance, which is not read offline"
        case "random", "randomize", "uuid": "\(name)() gives a new value on each evaluation; it cannot be checked"
        case "now", "decimal-date-time", "date-time", "format-date-time", "decimal-time":
            "\(name)() works with times of day, and RuleCheck's dates are days"
        case "once": "once() keeps the first value a device computed, which a record does not show"
        case "position", "indexed-repeat", "current":
            "\(name)() reads the position in a repeat or the evaluation context; not translated"
        case "coalesce": "coalesce() has no counterpart (RuleCheck has no expression that picks the first value present)"
        case "concat": "concat() joins blank answers as '' where RuleCheck's + gives nothing; not translated"
        default: "\(name)() has no counterpart in RuleCheck's expressions"
        }
    }

    static func describe(_ kind: Kind) -> String {
        switch kind {
        case .text: "text"
        case .number: "number"
        case .bool: "condition"
        case .date: "date"
        case .multi: "select_multiple answer"
        case .list: "repeat"
        case .group: "group"
        case .unknown: "value"
        }
    }

    static func isDate(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard text.count == 10, parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let month = Int(parts[1]), let day = Int(parts[2]), (1...12).contains(month), (1...31).contains(day)
        else { return false }
        return true
    }

    /// A text literal of RuleCheck's expressions: single quotes, `\'` and `\\` escaped.
    static func quoted(_ text: String) -> String {
        var result = "'"
        for character in text {
            switch character {
            case "'": result += "\\'"
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            default: result.append(character)
            }
        }
        return result + "'"
    }

    /// `text` as a PCRE2 pattern matching it literally.
    static func regexEscaped(_ text: String) -> String {
        var result = ""
        for character in text {
            if "\\^$.|?*+()[]{}".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
