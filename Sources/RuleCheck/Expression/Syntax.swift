/// A parsed expression, before names are resolved and types checked.
struct Syntax: Hashable, Sendable {
    indirect enum Kind: Hashable, Sendable {
        case number(ExactDecimal)
        case text(String)
        case bool(Bool)
        case null
        case date(Day)
        case today
        case duration(DateDuration)
        /// A name, possibly dotted: `doc_type`, `insurant.birth_date`, `option.region`.
        case name([String])
        case not(Syntax)
        case negate(Syntax)
        case binary(BinaryOperator, Syntax, Syntax)
        /// Three or more operands of one precedence level (`a + b - c`, `x or y or z`), kept
        /// flat so that a long chain is not a deep tree: the first operand, then each operator
        /// with the operand on its right. It means the operators applied from the left,
        /// `((a + b) - c)`. Two operands are a ``binary``.
        case chain(Syntax, [Link])
        case call(String, [Syntax])
        case list([Syntax])
    }

    enum BinaryOperator: String, Hashable, Sendable {
        case or, and
        case equal = "==", notEqual = "!=", less = "<", lessEqual = "<=", greater = ">", greaterEqual = ">="
        case `in`
        case plus = "+", minus = "-", times = "*", divide = "/"

        var isComparison: Bool {
            switch self {
            case .equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual, .in: true
            default: false
            }
        }
    }

    /// One operator of a ``Kind/chain`` and the operand on its right.
    struct Link: Hashable, Sendable {
        let op: BinaryOperator
        let operand: Syntax
    }

    let kind: Kind
    /// Offsets in Unicode scalars in the expression text.
    let range: Range<Int>
    /// The number of nodes on the longest path from this one down, itself included (a chain is
    /// one node, however long). The parser keeps it within ``Parser/maxDepth``, so that the
    /// compiler, the evaluator and the tree's own destruction (all recursive, but going along a
    /// chain in a loop) stay within a small stack.
    let depth: Int

    init(kind: Kind, range: Range<Int>) {
        self.kind = kind
        self.range = range
        switch kind {
        case .not(let operand), .negate(let operand): depth = operand.depth + 1
        case .binary(_, let lhs, let rhs): depth = Swift.max(lhs.depth, rhs.depth) + 1
        case .call(_, let operands), .list(let operands): depth = (operands.map(\.depth).max() ?? 0) + 1
        case .chain(let first, let links): depth = links.reduce(first.depth) { Swift.max($0, $1.operand.depth) } + 1
        default: depth = 1
        }
    }
}
