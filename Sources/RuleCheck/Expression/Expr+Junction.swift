extension Expr {
    /// The conditions joined when the expression is an `and` or an `or` (of two operands, or a
    /// chain of more), with which it is: `a and b and c` gives `(true, [a, b, c])`.
    var junction: (isAnd: Bool, operands: [Expr])? {
        switch self {
        case .and(let lhs, let rhs):
            return (true, [lhs, rhs])
        case .or(let lhs, let rhs):
            return (false, [lhs, rhs])
        case .chain(let head, let steps):
            guard let (isAnd, pair) = head.junction, pair.count == 2 else { return nil }
            var operands = pair
            operands.reserveCapacity(steps.count + 2)
            for step in steps {
                switch (step, isAnd) {
                case (.and(let rhs), true), (.or(let rhs), false): operands.append(rhs)
                default: return nil
                }
            }
            return (isAnd, operands)
        default:
            return nil
        }
    }
}
