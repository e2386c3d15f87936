/// `not`, `anyOf` and `oneOf` as one condition: the walk over their schemas that a value's
/// combinator, an object's combinator and an object-level `if` share. What differs between them
/// is how one schema becomes a condition, which each passes in.
extension SchemaImporter {
    /// Why a `not`/`anyOf`/`oneOf` could not be written as a condition.
    enum BranchFailure: Error {
        /// An `anyOf`/`oneOf` that is not a list of 1 to ``maxBranches`` schemas.
        case branchCount
        /// A schema that cannot be said as a condition (its own finding, if any, is made).
        case branchUnsaid
        /// The combined condition is longer than ``maxExpressionLength``.
        case tooLong
    }

    /// The most schemas an `anyOf`/`oneOf` written as a condition may have (`oneOf` grows as
    /// the square of its schemas).
    static let maxBranches = 6

    /// The condition `keyword` (`not`, `anyOf` or `oneOf`) states with `value` at `pointer`: each
    /// schema's condition from `branch` (a `false` schema is `false` without asking), combined as
    /// the keyword says — negated, any of them, exactly one of them.
    mutating func branchCondition(
        _ keyword: String, _ value: JSONValue, at pointer: String,
        _ branch: (inout SchemaImporter, SchemaNode) -> String?
    ) -> Result<String, BranchFailure> {
        let schemas: [(JSONValue, String)]
        if keyword == "not" {
            schemas = [(value, pointer)]
        } else {
            guard let list = value.array, !list.isEmpty, list.count <= Self.maxBranches else { return .failure(.branchCount) }
            schemas = list.enumerated().map { ($1, pointer + "/\($0)") }
        }
        var terms: [String] = []
        for (schema, schemaPointer) in schemas {
            let schemaNode = node(schema, at: schemaPointer, refChain: [])
            guard let term = schemaNode.isFalse ? "false" : branch(&self, schemaNode) else { return .failure(.branchUnsaid) }
            terms.append(term)
        }
        let combined =
            switch keyword {
            case "not": Self.negated(terms[0])
            case "anyOf": Self.balanced(terms, "or")
            default: Self.exactlyOne(terms)
            }
        return combined.count > Self.maxExpressionLength ? .failure(.tooLong) : .success(combined)
    }

    /// Exactly one of `terms` holds (JSON Schema's `oneOf`).
    static func exactlyOne(_ terms: [String]) -> String {
        balanced(
            terms.indices.map { index in
                balanced(terms.indices.map { other in other == index ? terms[other] : "not (\(terms[other]))" }, "and")
            }, "or")
    }
}
