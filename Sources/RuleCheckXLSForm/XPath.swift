/// XLSForm's expressions: XPath 1.0 as ODK writes it, with `${name}` for a question. Parsed into a
/// tree (``XPath/Node``) that ``XPathTranslator`` turns into RuleCheck's expression language.
enum XPath {
    indirect enum Node: Equatable {
        case field(String)
        /// `.`: the question itself.
        case current
        /// `..`, or any other step of a path (`/data/a`, `instance('x')/root/item`): kept as written.
        case path(String)
        case string(String)
        case number(String)
        /// A bare name (a column of the choices sheet, in a choice_filter).
        case name(String)
        case call(String, [Node])
        case unary(String, Node)
        case binary(String, Node, Node)
    }

    struct SyntaxError: Error {
        var message: String
    }

    /// How deep an expression may nest (the translation recurses on the tree).
    static let maxDepth = 400

    enum Token: Equatable {
        case field(String)
        case string(String)
        case number(String)
        case name(String)
        case symbol(String)
    }

    static func tokens(_ text: String) throws(SyntaxError) -> [Token] {
        var tokens: [Token] = []
        let scalars = Array(text.unicodeScalars)
        var index = 0
        func isNameStart(_ s: Unicode.Scalar) -> Bool { s.properties.isAlphabetic || s == "_" }
        func isNamePart(_ s: Unicode.Scalar) -> Bool {
            s.properties.isAlphabetic || s == "_" || s == "-" || s == ":" || s == "." || ("0"..."9").contains(s)
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar.properties.isWhitespace {
                index += 1
                continue
            }
            if scalar == "$", index + 1 < scalars.count, scalars[index + 1] == "{" {
                guard let close = scalars[(index + 2)...].firstIndex(of: "}") else {
                    throw SyntaxError(message: "'${' is not closed with '}'")
                }
                tokens.append(.field(String(String.UnicodeScalarView(scalars[(index + 2)..<close])).trimmingSpaces))
                index = close + 1
                continue
            }
            if scalar == "'" || scalar == "\"" {
                guard let close = scalars[(index + 1)...].firstIndex(of: scalar) else {
                    throw SyntaxError(message: "a text in quotes is not closed")
                }
                tokens.append(.string(String(String.UnicodeScalarView(scalars[(index + 1)..<close]))))
                index = close + 1
                continue
            }
            if ("0"..."9").contains(scalar) || (scalar == "." && index + 1 < scalars.count && ("0"..."9").contains(scalars[index + 1])) {
                var end = index
                while end < scalars.count, ("0"..."9").contains(scalars[end]) || scalars[end] == "." { end += 1 }
                tokens.append(.number(String(String.UnicodeScalarView(scalars[index..<end]))))
                index = end
                continue
            }
            if isNameStart(scalar) {
                var end = index
                while end < scalars.count, isNamePart(scalars[end]) { end += 1 }
                // A trailing `.` or `:` belongs to what follows, not to the name.
                while end > index + 1, scalars[end - 1] == "." || scalars[end - 1] == ":" { end -= 1 }
                tokens.append(.name(String(String.UnicodeScalarView(scalars[index..<end]))))
                index = end
                continue
            }
            let two = index + 1 < scalars.count ? String(String.UnicodeScalarView([scalar, scalars[index + 1]])) : ""
            if ["!=", "<=", ">=", "..", "//"].contains(two) {
                tokens.append(.symbol(two))
                index += 2
                continue
            }
            if "=<>+-*()[],./|@".unicodeScalars.contains(scalar) {
                tokens.append(.symbol(String(scalar)))
                index += 1
                continue
            }
            throw SyntaxError(message: "unexpected '\(scalar)'")
        }
        return tokens
    }

    static func parse(_ text: String) throws(SyntaxError) -> Node {
        var parser = Parser(tokens: try tokens(text))
        let node = try parser.or(depth: 0)
        guard parser.index == parser.tokens.count else {
            throw SyntaxError(message: "unexpected \(parser.describe(parser.tokens[parser.index])) after a whole expression")
        }
        return node
    }

    private struct Parser {
        let tokens: [Token]
        var index = 0

        func describe(_ token: Token) -> String {
            switch token {
            case .field(let name): "'${\(name)}'"
            case .string(let text): "'\(text)'"
            case .number(let text), .name(let text), .symbol(let text): "'\(text)'"
            }
        }

        func peek() -> Token? { index < tokens.count ? tokens[index] : nil }

        mutating func take(_ symbol: String) -> Bool {
            if peek() == .symbol(symbol) || peek() == .name(symbol) {
                index += 1
                return true
            }
            return false
        }

        func check(_ depth: Int) throws(SyntaxError) {
            if depth > XPath.maxDepth { throw SyntaxError(message: "the expression nests more than \(XPath.maxDepth) levels deep") }
        }

        mutating func binary(
            _ operators: [String], depth: Int, next: (inout Parser, Int) throws(SyntaxError) -> Node
        ) throws(SyntaxError) -> Node {
            try check(depth)
            var left = try next(&self, depth + 1)
            while let token = peek() {
                let op: String
                switch token {
                case .symbol(let text), .name(let text): op = text
                default: op = ""
                }
                guard operators.contains(op) else { break }
                index += 1
                left = .binary(op, left, try next(&self, depth + 1))
            }
            return left
        }

        mutating func or(depth: Int) throws(SyntaxError) -> Node {
            try binary(["or"], depth: depth) { (parser: inout Parser, depth: Int) throws(SyntaxError) in try parser.and(depth: depth) }
        }

        mutating func and(depth: Int) throws(SyntaxError) -> Node {
            try binary(["and"], depth: depth) { (parser: inout Parser, depth: Int) throws(SyntaxError) in try parser.equality(depth: depth)
            }
        }

        mutating func equality(depth: Int) throws(SyntaxError) -> Node {
            try binary(["=", "!="], depth: depth) { (parser: inout Parser, depth: Int) throws(SyntaxError) in
                try parser.relational(depth: depth)
            }
        }

        mutating func relational(depth: Int) throws(SyntaxError) -> Node {
            try binary(["<", "<=", ">", ">="], depth: depth) { (parser: inout Parser, depth: Int) throws(SyntaxError) in
                try parser.additive(depth: depth)
            }
        }

        mutating func additive(depth: Int) throws(SyntaxError) -> Node {
            try binary(["+", "-"], depth: depth) { (parser: inout Parser, depth: Int) throws(SyntaxError) in
                try parser.multiplicative(depth: depth)
            }
        }

        mutating func multiplicative(depth: Int) throws(SyntaxError) -> Node {
            try binary(["*", "div", "mod"], depth: depth) { (parser: inout Parser, depth: Int) throws(SyntaxError) in
                try parser.unary(depth: depth)
            }
        }

        mutating func unary(depth: Int) throws(SyntaxError) -> Node {
            try check(depth)
            if take("-") { return .unary("-", try unary(depth: depth + 1)) }
            return try primary(depth: depth + 1)
        }

        mutating func primary(depth: Int) throws(SyntaxError) -> Node {
            try check(depth)
            guard let token = peek() else { throw SyntaxError(message: "the expression ends where a value was expected") }
            index += 1
            switch token {
            case .field(let name): return try steps(after: .field(name), depth: depth)
            case .string(let text): return .string(text)
            case .number(let text): return .number(text)
            case .symbol("("):
                let inner = try or(depth: depth + 1)
                guard take(")") else { throw SyntaxError(message: "'(' is not closed with ')'") }
                return try steps(after: inner, depth: depth)
            case .symbol("."): return try steps(after: .current, depth: depth)
            case .symbol(".."): return try steps(after: .path(".."), depth: depth)
            case .symbol(let symbol) where symbol == "/" || symbol == "//" || symbol == "@":
                // An absolute path (`/data/age`) or an attribute: its first step goes with it.
                if case .name = peek() { index += 1 }
                return try steps(after: .path(symbol), depth: depth)
            case .name(let name):
                if take("(") {
                    var arguments: [Node] = []
                    if !take(")") {
                        repeat { arguments.append(try or(depth: depth + 1)) } while take(",")
                        guard take(")") else { throw SyntaxError(message: "\(name)( is not closed with ')'") }
                    }
                    return try steps(after: .call(name, arguments), depth: depth)
                }
                return try steps(after: .name(name), depth: depth)
            case .symbol(let symbol): throw SyntaxError(message: "unexpected '\(symbol)'")
            }
        }

        /// A path step or predicate after a primary (`/root/item`, `[name = 'x']`): kept as a path.
        mutating func steps(after node: Node, depth: Int) throws(SyntaxError) -> Node {
            var node = node
            while let token = peek(), token == .symbol("/") || token == .symbol("//") || token == .symbol("[") {
                index += 1
                if token == .symbol("[") {
                    _ = try or(depth: depth + 1)
                    guard take("]") else { throw SyntaxError(message: "'[' is not closed with ']'") }
                } else if let next = peek() {
                    if case .symbol(let symbol) = next, symbol != "." && symbol != ".." && symbol != "@" && symbol != "*" {
                        throw SyntaxError(message: "a path step is missing after '/'")
                    }
                    index += 1
                }
                node = .path("a path")
            }
            return node
        }
    }
}

extension String {
    var trimmingSpaces: String {
        var text = Substring(self)
        while text.first?.isWhitespace == true { text.removeFirst() }
        while text.last?.isWhitespace == true { text.removeLast() }
        return String(text)
    }
}
