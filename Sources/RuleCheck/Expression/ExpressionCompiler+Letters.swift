/// `letters: arabic_variants`: comparisons of text that a field with it takes part in (or every
/// comparison of text, under `defaults.letters`) compare with the Arabic script's variant
/// letters folded (``LetterFolding``): `city == "كرج"` holds for `کرج`.
extension ExpressionCompiler {
    /// The folding a comparison of `operands` uses: the rules' default, else the folding of a
    /// field compared directly (either side).
    func letterFolding(_ operands: [Expr]) -> LetterFolding {
        if resolver.defaultLetters != .exact { return resolver.defaultLetters }
        for operand in operands {
            if case .field(let id) = operand, resolver.letters(of: id) != .exact { return resolver.letters(of: id) }
        }
        return .exact
    }

    /// The operands of `==` or `!=`, folded when both are text and the comparison folds letters.
    func comparedLetters(_ left: Expr, _ leftType: ExprType, _ right: Expr, _ rightType: ExprType) -> (Expr, Expr) {
        guard leftType == .text, rightType == .text, letterFolding([left, right]) != .exact else { return (left, right) }
        return (Self.folded(left), Self.folded(right))
    }

    /// `expr` compared with folded letters: a constant folded now, anything else wrapped.
    static func folded(_ expr: Expr) -> Expr {
        if case .constant(let value) = expr { return .constant(value.map(LetterFolding.arabicVariants.folded)) }
        return .function(.foldedLetters, [expr])
    }
}
