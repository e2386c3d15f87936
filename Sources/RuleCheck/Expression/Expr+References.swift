extension Expr {
    /// The fields the expression reads, in order of first mention.
    var references: [FieldID] {
        var found: [FieldID] = []
        collectReferences(into: &found)
        return found
    }

    private func collectReferences(into found: inout [FieldID]) {
        switch self {
        case .field(let id), .itemCount(let id):
            if !found.contains(id) { found.append(id) }
        case .constant, .today, .optionValue, .optionAttribute:
            break
        case .not(let operand), .negate(let operand), .shift(let operand, _), .matches(let operand, _):
            operand.collectReferences(into: &found)
        case .and(let lhs, let rhs), .or(let lhs, let rhs), .equal(let lhs, let rhs), .notEqual(let lhs, let rhs),
            .order(_, let lhs, let rhs), .memberOf(let lhs, let rhs), .arithmetic(_, let lhs, let rhs),
            .concat(let lhs, let rhs), .daysBetween(let lhs, let rhs):
            lhs.collectReferences(into: &found)
            rhs.collectReferences(into: &found)
        case .memberOfLiteral(let element, let list):
            element.collectReferences(into: &found)
            for item in list { item.collectReferences(into: &found) }
        case .function(_, let arguments):
            for argument in arguments { argument.collectReferences(into: &found) }
        case .chain(let head, let steps):
            head.collectReferences(into: &found)
            for step in steps { step.operand?.collectReferences(into: &found) }
        case .aggregate(_, let list, let field):
            for id in [field, list] where !found.contains(id) { found.append(id) }
        case .quantified(_, let list, let condition):
            condition.collectReferences(into: &found)
            if !found.contains(list) { found.append(list) }
        }
    }
}
