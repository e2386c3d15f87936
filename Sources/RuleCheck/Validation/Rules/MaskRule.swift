import Patterns

/// `mask` — a field's own key or a check's: the text must be complete for the mask (or one of
/// its alternatives), read as the field stores it (`mask_value`). A value that is no text is not
/// held to it.
extension FieldEvaluator {
    /// The failure of a mask rule on a text's UTF-8.
    @inline(__always)
    func maskFailure(
        check: Int?, _ mask: Mask, _ field: FieldRules, _ utf8: UnsafeBufferPointer<UInt8>, into found: inout [Failure]
    ) {
        if !mask.isComplete(utf8: utf8, as: field.maskValue) { found.append(.mask(check: check)) }
    }
}

extension MessageBuilder {
    /// `{mask}`: the failed rule's mask when it is a mask rule, else the field's own.
    func maskPlaceholder(failed rule: CheckRule?, _ field: FieldRules) -> String? {
        // What an empty input of the mask shows (`09__ ___ ____`), in the locale's digits: not
        // the mask's notation (`\0\900 000 0000`), which is the rules' language.
        if case .mask(let mask)? = rule?.kind { return messageLocale.digits(mask.placeholder) }
        return field.mask.map { messageLocale.digits($0.placeholder) }
    }

    /// The mask that failed: the check's, else the field's own.
    func failedMask(_ rule: CheckRule?, _ field: FieldRules) -> Mask? {
        if case .mask(let mask)? = rule?.kind { return mask }
        return field.mask
    }
}
