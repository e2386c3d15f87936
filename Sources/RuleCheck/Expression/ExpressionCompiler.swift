import Patterns

/// Resolves names and checks types, turning a ``Syntax`` tree into an ``Expr``.
///
/// ```swift
/// var compiler = ExpressionCompiler(resolver: scope)
/// let condition = try compiler.compileCondition(Parser.parse("doc_type == 'passport'"))
/// compiler.references   // the fields it reads, with where each is named
/// ```
struct ExpressionCompiler {
    let resolver: any NameResolver
    /// Set inside `options_filter`.
    let options: OptionScope?
    /// Every field the expression reads, with the range of the name; `acrossItems` when it reads
    /// the field in every item of its list (an aggregate), not in one.
    private(set) var references: [(field: FieldID, range: Range<Int>, acrossItems: Bool)] = []
    /// Inside the condition of `any()` or `all()`, where aggregates do not nest.
    private var insideAggregate = false

    init(resolver: any NameResolver, options: OptionScope? = nil) {
        self.resolver = resolver
        self.options = options
    }

    /// Compiles a condition: the expression must be a bool (or `null`).
    mutating func compileCondition(_ syntax: Syntax) throws(ExpressionError) -> Expr {
        let (expr, type) = try compile(syntax)
        try requireCondition(type, syntax)
        return expr
    }

    /// Compiles an expression whose value must be of `expected` type.
    mutating func compile(_ syntax: Syntax, expecting expected: ExprType, role: String) throws(ExpressionError) -> Expr {
        let (expr, type) = try compile(syntax)
        guard type.isComparable(with: expected) else {
            throw ExpressionError(
                code: .typeMismatch, message: "\(role) must be \(expected.phrase), but this is \(type.phrase)", range: syntax.range)
        }
        return expr
    }

    /// Compiles the value of an integer field: a number that is whole whatever the inputs. `/`
    /// and number fields can give fractions, so they must go through `round()`, `floor()`,
    /// `ceil()` or `trunc()`.
    mutating func compileWholeNumber(_ syntax: Syntax, role: String, text: String) throws(ExpressionError) -> Expr {
        let expr = try compile(syntax, expecting: .number, role: role)
        if let part = fractional(syntax) {
            let written = String(String.UnicodeScalarView(Array(text.unicodeScalars)[part.clamped(to: 0..<text.unicodeScalars.count)]))
            throw ExpressionError(
                code: .typeMismatch,
                message: "\(role) must be a whole number, but '\(written)' can have a fraction; "
                    + "round it with round(), floor(), ceil() or trunc()",
                range: part)
        }
        return expr
    }

    /// Where the first part of a number expression that can have a fraction is, if any.
    private func fractional(_ syntax: Syntax) -> Range<Int>? {
        switch syntax.kind {
        case .number(let value):
            return value.isWhole ? nil : syntax.range
        case .name(let parts):
            guard case .field(let field, .number) = resolver.resolve(parts) else { return nil }
            return resolver.isWholeNumber(field) ? nil : syntax.range
        case .negate(let operand):
            return fractional(operand)
        case .binary(.divide, _, _):
            return syntax.range
        case .binary(.plus, let lhs, let rhs), .binary(.minus, let lhs, let rhs), .binary(.times, let lhs, let rhs):
            return fractional(lhs) ?? fractional(rhs)
        case .chain(let first, let links):
            // As for the binary nodes from the left: the last division covers all before it.
            if let last = links.lastIndex(where: { $0.op == .divide }) {
                return first.range.lowerBound..<links[last].operand.range.upperBound
            }
            return fractional(first) ?? links.lazy.compactMap { fractional($0.operand) }.first
        case .call(let name, let arguments) where ["sum", "min", "max"].contains(name) && arguments.count == 1:
            // An aggregate of a number field that is not an integer field can have a fraction.
            guard case .name(let parts) = arguments[0].kind else { return nil }
            switch resolver.resolve(parts) {
            case .field(let field, .number), .itemField(let field, .number, _, _):
                return resolver.isWholeNumber(field) ? nil : syntax.range
            default:
                return nil
            }
        default:
            // Functions give whole numbers (len, count, age, year, round …) or are not numbers.
            return nil
        }
    }

    /// Conditions are strictly bool. For a bare name the error shows the condition meant:
    /// "has a value", or under `not` (`negated`), "is empty".
    private func requireCondition(_ type: ExprType, _ syntax: Syntax, negated: Bool = false) throws(ExpressionError) {
        guard type == .bool || type == .null else {
            var hint = ""
            if case .name(let parts) = syntax.kind {
                let name = parts.joined(separator: ".")
                hint =
                    switch (type == .items, negated) {
                    case (true, false): "; write 'not empty(\(name))' or 'count(\(name)) > 0'"
                    case (true, true): "; write 'empty(\(name))' or 'count(\(name)) == 0'"
                    case (false, false): "; write '\(name) != null' or 'not empty(\(name))'"
                    case (false, true): "; write 'empty(\(name))' or '\(name) == null'"
                    }
            }
            throw ExpressionError(
                code: .typeMismatch,
                message: "expected a condition (bool), but this is \(type.phrase)\(hint)",
                range: syntax.range)
        }
    }

    mutating func compile(_ syntax: Syntax) throws(ExpressionError) -> (Expr, ExprType) {
        switch syntax.kind {
        case .number(let value): return (.constant(Value(exactly: value)), .number)
        case .text(let value): return (.constant(Value.normalized(.text(value))), .text)
        case .bool(let value): return (.constant(.bool(value)), .bool)
        case .null: return (.constant(nil), .null)
        case .date(let day): return (.constant(.date(day)), .date)
        case .today: return (.today, .date)
        case .duration:
            throw ExpressionError(
                code: .typeMismatch,
                message: "a duration can only be added to or subtracted from a date, as in today - 18y",
                range: syntax.range)
        case .name(let parts):
            return try name(parts, syntax.range)
        case .not(let operand):
            let (expr, type) = try compile(operand)
            try requireCondition(type, operand, negated: true)
            return (.not(expr), .bool)
        case .negate(let operand):
            let (expr, type) = try compile(operand)
            guard type == .number else {
                throw ExpressionError(code: .typeMismatch, message: "'-' needs a number, but this is \(type.phrase)", range: operand.range)
            }
            return (.negate(expr), .number)
        case .binary(let op, let lhs, let rhs):
            return try binary(op, lhs, rhs, syntax.range)
        case .chain(let first, let links):
            return try chain(first, links)
        case .call(let name, let arguments):
            return try call(name, arguments, syntax)
        case .list:
            throw ExpressionError(code: .expressionSyntax, message: "a list [a, b, …] can only follow 'in'", range: syntax.range)
        }
    }

    // MARK: - Names

    private mutating func name(_ parts: [String], _ range: Range<Int>) throws(ExpressionError) -> (Expr, ExprType) {
        let path = parts.joined(separator: ".")
        if parts[0] == "option" {
            guard let options else {
                throw ExpressionError(code: .optionReference, message: "'option' can only be used in options_filter", range: range)
            }
            if parts.count == 1 { return (.optionValue, options.valueType) }
            let attribute = parts[1]
            guard parts.count == 2, let type = options.attributes[attribute] else {
                let suggestion = NearMiss.didYouMean(attribute, among: options.attributes.keys.sorted())
                let known =
                    options.attributes.isEmpty
                    ? "the options have no attributes"
                    : "attributes are " + options.attributes.keys.sorted().joined(separator: ", ")
                throw ExpressionError(
                    code: .optionReference,
                    message: "unknown option attribute '\(parts.dropFirst().joined(separator: "."))'\(suggestion) (\(known))",
                    range: range)
            }
            return (.optionAttribute(attribute), type)
        }
        switch resolver.resolve(parts) {
        case .field(let field, let type):
            references.append((field, range, false))
            return (.field(field), type)
        case .items(let list):
            references.append((list, range, false))
            return (.itemCount(list), .items)
        case .group(let group, let member):
            let example = member.map { " such as '\(group).\($0)'" } ?? ""
            throw ExpressionError(
                code: .groupHasNoValue,
                message: "'\(group)' is a group and has no value; name one of its fields\(example)",
                range: range)
        case .itemField(let id, let type, let field, let list):
            // Aggregates read the items of an outermost list, and a value of theirs (not a group or a list).
            guard type != .items, type != .null, let owner = resolver.list(of: id), resolver.list(of: owner) == nil else {
                throw ExpressionError(
                    code: .listItemScope,
                    message:
                        "'\(field)' is a field of each item of '\(list)'; outside an item only count(\(list)) and empty(\(list)) can be used",
                    range: range)
            }
            throw ExpressionError(
                code: .listItemScope,
                message:
                    "'\(field)' is a field of each item of '\(list)'; outside an item read it through sum(\(field)), "
                    + "min(), max(), any(\(list), …) or all(\(list), …), or use count(\(list))",
                range: range)
        case .notFound(let suggestion):
            let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
            throw ExpressionError(code: .unknownField, message: "unknown field '\(path)'\(hint)", range: range)
        }
    }

    // MARK: - Operators

    private mutating func binary(
        _ op: Syntax.BinaryOperator, _ lhs: Syntax, _ rhs: Syntax,
        _ range: Range<Int>
    ) throws(ExpressionError) -> (Expr, ExprType) {
        switch op {
        case .and, .or, .plus, .minus, .times, .divide:
            if op == .plus, Self.constantDuration(rhs) == nil, let duration = Self.constantDuration(lhs) {
                let date = try compile(rhs, expecting: .date, role: "what a duration is added to")
                return (.shift(date, duration), .date)
            }
            let (left, leftType) = try leftOperand(op, lhs)
            let (step, type) = try step(op, leftType, lhs.range, rhs, range)
            return (step.applied(to: left), type)
        case .in:
            return try membership(lhs, rhs)
        case .equal, .notEqual:
            let (left, leftType) = try compileValue(lhs)
            let (right, rightType) = try compileValue(rhs)
            guard leftType.isComparable(with: rightType) else {
                throw ExpressionError(code: .typeMismatch, message: "cannot compare \(leftType) with \(rightType)", range: range)
            }
            let (l, r) = comparedLetters(left, leftType, right, rightType)
            return (op == .equal ? .equal(l, r) : .notEqual(l, r), .bool)
        case .less, .lessEqual, .greater, .greaterEqual:
            let (left, leftType) = try compileValue(lhs)
            let (right, rightType) = try compileValue(rhs)
            if leftType == .null || rightType == .null {
                throw ExpressionError(
                    code: .nullComparison,
                    message: "'\(op.rawValue)' with null is always false; use '== null' or '!= null'",
                    range: range)
            }
            // A JSON value orders as the number or text it holds at run time.
            let orderable: Set<ExprType> = [.number, .date, .text]
            let json =
                (leftType == .json && (orderable.contains(rightType) || rightType == .json))
                || (rightType == .json && orderable.contains(leftType))
            guard json || (leftType == rightType && orderable.contains(leftType)) else {
                let message =
                    leftType == rightType
                    ? "'\(op.rawValue)' cannot order \(leftType) values"
                    : "cannot compare \(leftType) with \(rightType) using '\(op.rawValue)'"
                throw ExpressionError(code: .typeMismatch, message: message, range: range)
            }
            let order = Expr.Order(rawValue: op.rawValue) ?? .less
            return (.order(order, left, right), .bool)
        }
    }

    /// Compiles the left operand of `op` (one of `and or + - * /`) as its binary node needs it.
    private mutating func leftOperand(_ op: Syntax.BinaryOperator, _ lhs: Syntax) throws(ExpressionError) -> (Expr, ExprType) {
        switch op {
        case .and, .or: (try compileCondition(lhs), .bool)
        case .times, .divide: (try compile(lhs, expecting: .number, role: "the left side of '\(op.rawValue)'"), .number)
        default: try compileValue(lhs)
        }
    }

    /// Compiles `rhs` as the right side of `op` (one of `and or + - * /`) whose left side, of
    /// `leftType`, is at `leftRange`; `range` covers both. The type rules of those operators,
    /// for a binary node and for each step of a chain alike.
    private mutating func step(
        _ op: Syntax.BinaryOperator, _ leftType: ExprType, _ leftRange: Range<Int>,
        _ rhs: Syntax, _ range: Range<Int>
    ) throws(ExpressionError) -> (Expr.Step, ExprType) {
        switch op {
        case .and, .or:
            let right = try compileCondition(rhs)
            return (op == .and ? .and(right) : .or(right), .bool)
        case .times, .divide:
            let right = try compile(rhs, expecting: .number, role: "the right side of '\(op.rawValue)'")
            return (.arithmetic(op == .times ? .times : .divide, right), .number)
        case .plus, .minus:
            return try additive(op, leftType, leftRange, rhs, range)
        default:
            throw ExpressionError(code: .expressionSyntax, message: "'\(op.rawValue)' does not chain", range: range)
        }
    }

    /// A chain: its first two operands as their binary node, then each further operator as a
    /// step on the value so far, checked by the same rules (and reporting at the same places)
    /// as the binary nodes `((a + b) - c)` would be.
    private mutating func chain(_ first: Syntax, _ links: [Syntax.Link]) throws(ExpressionError) -> (Expr, ExprType) {
        guard let second = links.first else { return try compile(first) }
        var leftRange = first.range.lowerBound..<second.operand.range.upperBound
        let (head, headType) = try binary(second.op, first, second.operand, leftRange)
        var type = headType
        var steps: [Expr.Step] = []
        steps.reserveCapacity(links.count - 1)
        for link in links.dropFirst() {
            let range = leftRange.lowerBound..<link.operand.range.upperBound
            let (step, next) = try step(link.op, type, leftRange, link.operand, range)
            steps.append(step)
            (type, leftRange) = (next, range)
        }
        return (steps.isEmpty ? head : .chain(head, steps), type)
    }

    /// Compiles an operand that must be a value (not list items or a duration).
    private mutating func compileValue(_ syntax: Syntax) throws(ExpressionError) -> (Expr, ExprType) {
        let (expr, type) = try compile(syntax)
        if type == .items, case .name(let parts) = syntax.kind {
            let name = parts.joined(separator: ".")
            throw ExpressionError(
                code: .typeMismatch,
                message: "'\(name)' is a list of items; compare count(\(name)) or use empty(\(name))",
                range: syntax.range)
        }
        return (expr, type)
    }

    private mutating func membership(_ lhs: Syntax, _ rhs: Syntax) throws(ExpressionError) -> (Expr, ExprType) {
        let (element, elementType) = try compileValue(lhs)
        if case .list = elementType {
            throw ExpressionError(
                code: .typeMismatch,
                message: "'in' needs a single value on its left, but this is \(elementType.phrase)",
                range: lhs.range)
        }
        if case .list(let items) = rhs.kind {
            var compiled: [Expr] = []
            for item in items {
                let (expr, type) = try compileValue(item)
                guard type.isComparable(with: elementType) else {
                    throw ExpressionError(
                        code: .typeMismatch,
                        message: "cannot compare \(elementType) with \(type) in this list",
                        range: item.range)
                }
                compiled.append(expr)
            }
            if elementType == .text, letterFolding([element]) != .exact {
                return (.memberOfLiteral(Self.folded(element), compiled.map(Self.folded)), .bool)
            }
            return (.memberOfLiteral(element, compiled), .bool)
        }
        let (list, listType) = try compileValue(rhs)
        guard case .list(let itemType) = listType else {
            throw ExpressionError(
                code: .typeMismatch,
                message: "'in' needs a list on its right, such as [\"a\", \"b\"], but this is \(listType.phrase)",
                range: rhs.range)
        }
        guard itemType.isComparable(with: elementType) else {
            throw ExpressionError(
                code: .typeMismatch,
                message: "cannot look for \(elementType.phrase) in \(listType.phrase)", range: lhs.range.lowerBound..<rhs.range.upperBound)
        }
        if itemType == .text, elementType == .text, letterFolding([element, list]) != .exact {
            return (.memberOf(Self.folded(element), Self.folded(list)), .bool)
        }
        return (.memberOf(element, list), .bool)
    }

    private mutating func additive(
        _ op: Syntax.BinaryOperator, _ leftType: ExprType, _ leftRange: Range<Int>,
        _ rhs: Syntax, _ range: Range<Int>
    ) throws(ExpressionError) -> (Expr.Step, ExprType) {
        if let duration = Self.constantDuration(rhs) {
            guard leftType == .date else {
                throw ExpressionError(
                    code: .typeMismatch,
                    message: "a duration can only be added to or subtracted from a date, but this is \(leftType.phrase)",
                    range: leftRange)
            }
            return (.shift(op == .plus ? duration : duration.negated), .date)
        }
        let (right, rightType) = try compileValue(rhs)
        switch (op, leftType, rightType) {
        case (_, .number, .number):
            return (.arithmetic(op == .plus ? .plus : .minus, right), .number)
        case (.plus, .text, .text):
            return (.concat(right), .text)
        case (.minus, .date, .date):
            return (.daysBetween(right), .number)
        case (_, .date, .number):
            throw ExpressionError(
                code: .typeMismatch,
                message: "add a duration to a date, such as 10d or 1y, not a number",
                range: rhs.range)
        default:
            throw ExpressionError(
                code: .typeMismatch,
                message: "cannot apply '\(op.rawValue)' to \(leftType) and \(rightType)",
                range: range)
        }
    }

    /// The duration `syntax` stands for, if it is a duration literal (possibly negated).
    static func constantDuration(_ syntax: Syntax) -> DateDuration? {
        switch syntax.kind {
        case .duration(let duration): duration
        case .negate(let inner): constantDuration(inner)?.negated
        default: nil
        }
    }

    // MARK: - Functions

    private mutating func call(
        _ name: String, _ arguments: [Syntax],
        _ syntax: Syntax
    ) throws(ExpressionError) -> (Expr, ExprType) {
        guard let function = Expr.Function(rawValue: name), function.isCallable else {
            let callable = Expr.Function.allCases.filter(\.isCallable)
            let suggestion = NearMiss.didYouMean(name, among: callable.map(\.rawValue))
            let known = callable.map { $0.rawValue + "()" }.joined(separator: ", ")
            throw ExpressionError(
                code: .unknownFunction,
                message: "unknown function '\(name)'\(suggestion) (functions are \(known))",
                range: syntax.range)
        }
        let arity = [.matches, .multipleOf, .any, .all].contains(function) ? 2 : 1
        guard arguments.count == arity else {
            throw ExpressionError(
                code: .wrongArguments,
                message: "\(name)() takes \(arity) argument\(arity == 1 ? "" : "s"), not \(arguments.count)",
                range: syntax.range)
        }
        switch function {
        case .json: return try jsonConstant(arguments[0])
        case .sum: return try aggregate(.sum, arguments[0], syntax)
        case .min: return try aggregate(.min, arguments[0], syntax)
        case .max: return try aggregate(.max, arguments[0], syntax)
        case .any: return try quantified(.any, arguments[0], arguments[1], syntax)
        case .all: return try quantified(.all, arguments[0], arguments[1], syntax)
        default: break
        }
        let (argument, type) = try compile(arguments[0])
        func require(_ accepted: Bool, _ what: String) throws(ExpressionError) {
            guard accepted || type == .null else {
                throw ExpressionError(
                    code: .wrongArguments, message: "\(name)() needs \(what), but this is \(type.phrase)", range: arguments[0].range)
            }
        }
        switch function {
        case .empty:
            return (.function(.empty, [argument]), .bool)
        case .len:
            try require(type == .text || type.isList || type == .json, "text or a list")
            return (.function(.len, [argument]), .number)
        case .count:
            try require(type == .items || type.isList || type == .json, "a list")
            return (.function(.count, [argument]), .number)
        case .age, .year:
            try require(type == .date, "a date")
            return (.function(function, [argument]), .number)
        case .lower, .upper, .trim:
            try require(type == .text || type == .json, "text")
            return (.function(function, [argument]), .text)
        case .round, .floor, .ceil, .trunc:
            try require(type == .number || type == .json, "a number")
            return (.function(function, [argument]), .number)
        case .number:
            try require(type == .text || type == .number || type == .json, "text or a number")
            return (.function(.number, [argument]), .number)
        case .jsonType:
            try require(type != .items, "a value")
            return (.function(.jsonType, [argument]), .text)
        case .json, .sum, .min, .max, .any, .all:
            // Returned above: never reached.
            throw ExpressionError(code: .wrongArguments, message: "\(name)() is compiled on its own", range: syntax.range)
        case .foldedLetters:
            return (.function(.foldedLetters, [argument]), type)  // never by name: isCallable
        case .multipleOf:
            try require(type == .number || type == .json, "a number")
            let step = try compile(arguments[1], expecting: .number, role: "the step of multiple_of()")
            return (.function(.multipleOf, [argument, step]), .bool)
        case .matches:
            try require(type == .text || type == .json, "text")
            guard case .text(let source) = arguments[1].kind else {
                throw ExpressionError(
                    code: .wrongArguments,
                    message: "the regex of matches() must be written as text, such as '^[0-9]+$'",
                    range: arguments[1].range)
            }
            do {
                let pattern = try PatternCache.shared.pattern(source)
                return (.matches(argument, pattern), .bool)
            } catch {
                // Point into the regex: one past the opening quote, plus PCRE2's offset.
                let start = arguments[1].range.lowerBound + 1 + (error.offset ?? 0)
                throw ExpressionError(code: .invalidRegex, message: "invalid regex: \(error.message)", range: start..<start + 1)
            }
        }
    }
}

// MARK: - Aggregates over a list's items

extension ExpressionCompiler {
    /// `sum(drivers.premium)`, `min(drivers.birth_date)`, `max(…)`: an item field named with its
    /// list (inside an item of that list too, where a bare name is the item's own value).
    fileprivate mutating func aggregate(
        _ kind: Expr.Aggregate, _ argument: Syntax, _ call: Syntax
    ) throws(ExpressionError) -> (Expr, ExprType) {
        let name = kind.rawValue
        try refuseNesting(name, call.range)
        let accepted: String = kind == .sum ? "a number" : "a number or a date"
        let example = "such as \(name)(drivers.\(kind == .sum ? "premium" : "birth_date"))"
        guard case .name(let parts) = argument.kind else {
            throw ExpressionError(
                code: .listItemScope,
                message: "\(name)() needs a field of a list's items, named with its list, \(example)", range: argument.range)
        }
        let field: FieldID
        let type: ExprType
        switch resolver.resolve(parts) {
        case .itemField(let id, let itemType, _, _):
            (field, type) = (id, itemType)
        case .field(let id, let itemType) where resolver.list(of: id) != nil && parts.joined(separator: ".") == resolver.path(of: id):
            // Inside an item of the same list, written with the list's name: every item's value.
            (field, type) = (id, itemType)
        case .field(let id, _) where resolver.list(of: id) != nil:
            let path = resolver.path(of: id)
            throw ExpressionError(
                code: .listItemScope,
                message: "'\(parts.joined(separator: "."))' is this item's own value; write \(name)(\(path)) for every item's",
                range: argument.range)
        case .field, .items, .group:
            throw ExpressionError(
                code: .listItemScope,
                message: "\(name)() needs a field of a list's items, \(example), but '\(parts.joined(separator: "."))' is not one",
                range: argument.range)
        case .notFound(let suggestion):
            let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
            throw ExpressionError(
                code: .unknownField, message: "unknown field '\(parts.joined(separator: "."))'\(hint)", range: argument.range)
        }
        if let list = resolver.list(of: field) { try refuseNestedList(list, name, argument.range) }
        guard type == .number || (kind != .sum && type == .date) else {
            throw ExpressionError(
                code: .wrongArguments,
                message: "\(name)() needs \(accepted) in every item, but '\(resolver.path(of: field))' is \(type.phrase)",
                range: argument.range)
        }
        guard let list = resolver.list(of: field) else {
            throw ExpressionError(
                code: .listItemScope, message: "\(name)() needs a field of a list's items, \(example)", range: argument.range)
        }
        references.append((field, argument.range, true))
        references.append((list, argument.range, true))
        return (.aggregate(kind, list: list, field: field), type)
    }

    /// `any(drivers, age < 21)`, `all(…)`: a list, and a condition compiled in its item's scope.
    fileprivate mutating func quantified(
        _ quantifier: Expr.Quantifier, _ listSyntax: Syntax, _ conditionSyntax: Syntax, _ call: Syntax
    ) throws(ExpressionError) -> (Expr, ExprType) {
        let name = quantifier.rawValue
        try refuseNesting(name, call.range)
        let example = "such as \(name)(drivers, age < 21)"
        guard case .name(let parts) = listSyntax.kind, case .items(let list) = resolver.resolve(parts) else {
            throw ExpressionError(code: .wrongArguments, message: "\(name)() needs a list field first, \(example)", range: listSyntax.range)
        }
        try refuseNestedList(list, name, listSyntax.range)
        var inner = ExpressionCompiler(resolver: resolver.itemScope(of: list), options: options)
        inner.insideAggregate = true
        let condition = try inner.compileCondition(conditionSyntax)
        for reference in inner.references {
            references.append((reference.field, reference.range, reference.acrossItems || resolver.list(of: reference.field) == list))
        }
        references.append((list, listSyntax.range, true))
        return (.quantified(quantifier, list: list, condition: condition), .bool)
    }

    /// Aggregates read the items of a list that is not inside another list's item.
    private func refuseNestedList(_ list: FieldID, _ name: String, _ range: Range<Int>) throws(ExpressionError) {
        guard resolver.list(of: list) != nil else { return }
        throw ExpressionError(
            code: .listItemScope,
            message: "\(name)() reads the items of a list that is not inside another list's item; '\(resolver.path(of: list))' is",
            range: range)
    }

    /// Aggregates do not nest: inside `any()` and `all()`, every item would read every item.
    private func refuseNesting(_ name: String, _ range: Range<Int>) throws(ExpressionError) {
        guard insideAggregate else { return }
        throw ExpressionError(
            code: .listItemScope,
            message: "\(name)() cannot be used inside the condition of any() or all(); compute it in a field of its own and name that",
            range: range)
    }
}

extension ExpressionCompiler {
    /// `json('…')`: the JSON text, written as a text literal, as a constant JSON value.
    fileprivate func jsonConstant(_ argument: Syntax) throws(ExpressionError) -> (Expr, ExprType) {
        guard case .text(let source) = argument.kind else {
            throw ExpressionError(
                code: .wrongArguments, message: "json() takes JSON written as text, such as json('[1, 2]')", range: argument.range)
        }
        guard let value = try? JSONParser().parse(source) else {
            throw ExpressionError(
                code: .wrongArguments, message: "json() needs valid JSON text, such as json('{\"a\": 1}')", range: argument.range)
        }
        return (.constant(ValueReader.anyValue(value)), .json)
    }
}

extension ExprType {
    fileprivate var isList: Bool {
        if case .list = self { return true }
        return false
    }
}
