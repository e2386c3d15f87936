/// Parses expression text into a ``Syntax`` tree.
///
/// Precedence, lowest first: `or`/`||`; `and`/`&&`; `not`/`!`; comparisons (`== != < <= > >=`,
/// `in`), which do not chain; `+ -`; `* /`; unary `-`; then literals, names, calls, lists and
/// parentheses.
struct Parser {
    /// The deepest an expression may nest: operators, parentheses, calls and lists, counted
    /// together (`a + 1` is two levels, and so is `a + 1 + 1 + …`: a chain of one precedence
    /// level is one level, whatever its length). Real rules stay below ten; the limit keeps
    /// hostile ones from exhausting the stack here and in the compiler and the evaluator.
    static let maxDepth = 100

    private let tokens: [Token]
    private var position = 0
    /// How deep the parser has descended into parentheses, calls, lists and prefix operators.
    private var nesting = 0

    private init(tokens: [Token]) {
        self.tokens = tokens
    }

    /// Parses a whole expression.
    static func parse(_ text: String) throws(ExpressionError) -> Syntax {
        var parser = Parser(tokens: try Lexer.tokens(of: text))
        if parser.current.kind == .end {
            throw ExpressionError(code: .expressionSyntax, message: "expression is empty", range: 0..<0)
        }
        let syntax = try parser.orExpression()
        guard parser.current.kind == .end else {
            throw ExpressionError(
                code: .expressionSyntax,
                message: "unexpected \(parser.current.kind.display) after the expression",
                range: parser.current.range)
        }
        return syntax
    }

    private var current: Token { tokens[min(position, tokens.count - 1)] }

    private mutating func advance() -> Token {
        let token = current
        position += 1
        return token
    }

    private mutating func take(_ symbol: Token.Symbol) -> Bool {
        guard current.kind == .symbol(symbol) else { return false }
        position += 1
        return true
    }

    private mutating func take(_ keyword: Token.Keyword) -> Bool {
        guard current.kind == .keyword(keyword) else { return false }
        position += 1
        return true
    }

    private mutating func expect(_ symbol: Token.Symbol, _ context: String) throws(ExpressionError) -> Token {
        guard current.kind == .symbol(symbol) else {
            throw ExpressionError(
                code: .expressionSyntax,
                message: "expected '\(symbol.rawValue)' \(context), found \(current.kind.display)",
                range: current.range)
        }
        return advance()
    }

    private func joined(_ op: Syntax.BinaryOperator, _ lhs: Syntax, _ rhs: Syntax) throws(ExpressionError) -> Syntax {
        try Self.limited(Syntax(kind: .binary(op, lhs, rhs), range: lhs.range.lowerBound..<rhs.range.upperBound))
    }

    /// `first` followed by `links` (operators of one precedence level): `first` alone, a binary
    /// node for two operands, a flat chain for more.
    private func chained(_ first: Syntax, _ links: [Syntax.Link]) throws(ExpressionError) -> Syntax {
        guard let last = links.last else { return first }
        if links.count == 1 { return try joined(last.op, first, last.operand) }
        return try Self.limited(Syntax(kind: .chain(first, links), range: first.range.lowerBound..<last.operand.range.upperBound))
    }

    /// Operands separated by the operators `operators` maps tokens to, as one chain.
    private mutating func chain(
        _ operators: (Token.Kind) -> Syntax.BinaryOperator?,
        _ operand: (inout Parser) throws(ExpressionError) -> Syntax
    ) throws(ExpressionError) -> Syntax {
        let first = try operand(&self)
        var links: [Syntax.Link] = []
        while let op = operators(current.kind) {
            position += 1
            links.append(Syntax.Link(op: op, operand: try operand(&self)))
        }
        return try chained(first, links)
    }

    private static func tooDeep(at range: Range<Int>) -> ExpressionError {
        ExpressionError(
            code: .expressionTooDeep,
            message: "expression nests too deeply (more than \(maxDepth) levels); split it into computed fields",
            range: range)
    }

    /// `syntax`, or an error when it nests deeper than ``maxDepth``.
    private static func limited(_ syntax: Syntax) throws(ExpressionError) -> Syntax {
        guard syntax.depth <= maxDepth else { throw tooDeep(at: syntax.range) }
        return syntax
    }

    /// Runs `parse` one level deeper (into parentheses, a call, a list or a prefix operator),
    /// refusing to go past ``maxDepth``: the parser itself recurses at each level.
    private mutating func descending(
        at range: Range<Int>,
        _ parse: (inout Parser) throws(ExpressionError) -> Syntax
    ) throws(ExpressionError) -> Syntax {
        guard nesting < Self.maxDepth else { throw Self.tooDeep(at: range) }
        nesting += 1
        defer { nesting -= 1 }
        return try Self.limited(try parse(&self))
    }

    // The operators of each level, by token (a switch: hashing a token would hash a name's text).
    private static func orOperator(_ kind: Token.Kind) -> Syntax.BinaryOperator? {
        switch kind {
        case .keyword(.or), .symbol(.orOr): .or
        default: nil
        }
    }

    private static func andOperator(_ kind: Token.Kind) -> Syntax.BinaryOperator? {
        switch kind {
        case .keyword(.and), .symbol(.andAnd): .and
        default: nil
        }
    }

    private static func additiveOperator(_ kind: Token.Kind) -> Syntax.BinaryOperator? {
        switch kind {
        case .symbol(.plus): .plus
        case .symbol(.minus): .minus
        default: nil
        }
    }

    private static func multiplicativeOperator(_ kind: Token.Kind) -> Syntax.BinaryOperator? {
        switch kind {
        case .symbol(.star): .times
        case .symbol(.slash): .divide
        default: nil
        }
    }

    private mutating func orExpression() throws(ExpressionError) -> Syntax {
        try chain(Self.orOperator) { parser throws(ExpressionError) in try parser.andExpression() }
    }

    private mutating func andExpression() throws(ExpressionError) -> Syntax {
        try chain(Self.andOperator) { parser throws(ExpressionError) in try parser.notExpression() }
    }

    private mutating func notExpression() throws(ExpressionError) -> Syntax {
        let start = current.range
        if take(.not) || take(.bang) {
            return try descending(at: start) { parser throws(ExpressionError) in
                let operand = try parser.notExpression()
                return Syntax(kind: .not(operand), range: start.lowerBound..<operand.range.upperBound)
            }
        }
        return try comparison()
    }

    private static func comparison(_ kind: Token.Kind) -> Syntax.BinaryOperator? {
        switch kind {
        case .symbol(.equal): .equal
        case .symbol(.notEqual): .notEqual
        case .symbol(.less): .less
        case .symbol(.lessEqual): .lessEqual
        case .symbol(.greater): .greater
        case .symbol(.greaterEqual): .greaterEqual
        case .keyword(.in): .in
        default: nil
        }
    }

    private mutating func comparison() throws(ExpressionError) -> Syntax {
        let lhs = try additive()
        guard let op = Self.comparison(current.kind) else { return lhs }
        position += 1
        let rhs = try additive()
        if let chained = Self.comparison(current.kind) {
            throw ExpressionError(
                code: .expressionSyntax,
                message: "comparisons do not chain: use 'and' between '\(op.rawValue)' and '\(chained.rawValue)'",
                range: current.range)
        }
        return try joined(op, lhs, rhs)
    }

    private mutating func additive() throws(ExpressionError) -> Syntax {
        try chain(Self.additiveOperator) { parser throws(ExpressionError) in try parser.multiplicative() }
    }

    private mutating func multiplicative() throws(ExpressionError) -> Syntax {
        try chain(Self.multiplicativeOperator) { parser throws(ExpressionError) in try parser.unary() }
    }

    private mutating func unary() throws(ExpressionError) -> Syntax {
        let start = current.range
        if take(.minus) {
            return try descending(at: start) { parser throws(ExpressionError) in
                let operand = try parser.unary()
                return Syntax(kind: .negate(operand), range: start.lowerBound..<operand.range.upperBound)
            }
        }
        return try primary()
    }

    private mutating func primary() throws(ExpressionError) -> Syntax {
        let token = advance()
        switch token.kind {
        case .number(let value): return Syntax(kind: .number(value), range: token.range)
        case .text(let value): return Syntax(kind: .text(value), range: token.range)
        case .date(let day): return Syntax(kind: .date(day), range: token.range)
        case .duration(let duration): return Syntax(kind: .duration(duration), range: token.range)
        case .keyword(.true): return Syntax(kind: .bool(true), range: token.range)
        case .keyword(.false): return Syntax(kind: .bool(false), range: token.range)
        case .keyword(.null): return Syntax(kind: .null, range: token.range)
        case .keyword(.today): return Syntax(kind: .today, range: token.range)
        case .name(let first):
            if take(.openParen) {
                return try descending(at: token.range) { parser throws(ExpressionError) in
                    try parser.call(first, start: token.range.lowerBound)
                }
            }
            var parts = [first]
            var end = token.range.upperBound
            while take(.dot) {
                guard case .name(let part) = current.kind else {
                    throw ExpressionError(
                        code: .expressionSyntax,
                        message: "expected a name after '.', found \(current.kind.display)",
                        range: current.range)
                }
                parts.append(part)
                end = advance().range.upperBound
            }
            return Syntax(kind: .name(parts), range: token.range.lowerBound..<end)
        case .symbol(.openParen):
            return try descending(at: token.range) { parser throws(ExpressionError) in
                let inner = try parser.orExpression()
                _ = try parser.expect(.closeParen, "to close '('")
                return inner
            }
        case .symbol(.openBracket):
            return try descending(at: token.range) { parser throws(ExpressionError) in
                var items: [Syntax] = []
                if !parser.take(.closeBracket) {
                    repeat {
                        items.append(try parser.orExpression())
                    } while parser.take(.comma)
                    _ = try parser.expect(.closeBracket, "to close the list")
                }
                return Syntax(
                    kind: .list(items),
                    range: token.range.lowerBound..<parser.tokens[parser.position - 1].range.upperBound)
            }
        default:
            throw ExpressionError(code: .expressionSyntax, message: "expected a value, found \(token.kind.display)", range: token.range)
        }
    }

    private mutating func call(_ name: String, start: Int) throws(ExpressionError) -> Syntax {
        var arguments: [Syntax] = []
        if !take(.closeParen) {
            repeat {
                arguments.append(try orExpression())
            } while take(.comma)
            _ = try expect(.closeParen, "to close the arguments of \(name)()")
        }
        return Syntax(kind: .call(name, arguments), range: start..<tokens[position - 1].range.upperBound)
    }
}

extension Token.Kind {
    /// The token as named in error messages.
    var display: String {
        switch self {
        case .number(let value): "number \(value)"
        case .text(let value): "text '\(value)'"
        case .date(let day): "date \(day.iso)"
        case .duration(let duration): "duration \(duration)"
        case .name(let name): "name '\(name)'"
        case .keyword(let keyword): "'\(keyword.rawValue)'"
        case .symbol(let symbol): "'\(symbol.rawValue)'"
        case .end: "the end of the expression"
        }
    }
}
