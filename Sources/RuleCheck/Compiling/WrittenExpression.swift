/// One of a field's compiled expressions together with the rule as the rules file wrote it, so
/// that a failure, an explanation or a lint warning can name the rule exactly as written.
///
/// A class, so that going through a field's conditions for every record retains one reference
/// per expression rather than its expression and both its texts.
package final class WrittenExpression: Sendable {
    package let expr: Expr
    /// The rules-file key: `required`, `visible_if`, `value`, `min`, …
    package let key: String
    /// The expression's text as written.
    package let text: String
    /// What the expression is, when it is one of the few shapes most conditions have, so that
    /// evaluating it is a slot read rather than a walk of the tree.
    let shape: Shape

    init(expr: Expr, key: String, text: String) {
        self.expr = expr
        self.key = key
        self.text = text
        shape = Shape(expr)
    }

    /// The rule as written: `visible_if: has_car`.
    package var rule: String { key + ": " + text }
}
