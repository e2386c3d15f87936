public import Patterns

/// What a screen needs to build a field's input: the mask that applies now, the date format,
/// the length limits.
///
/// ```swift
/// let hints = form.inputHints("doc_number")
/// hints.mask?.notation      // "0000 000000" while doc_type is "passport" (a check's mask)
/// hints.mask?.format("4509123456").text    // "4509 123456"
/// ```
public struct InputHints: Hashable, Sendable {
    /// The mask that applies now: the field's own `mask:`, or else the mask of the first of its
    /// `checks:` whose `when` holds; nil when none does.
    public let mask: Mask?
    /// The format a date field is typed and shown in (`yyyy-MM-dd` by default); nil for other types.
    public let dateFormat: DateFormat?
    /// The field's `min_length`, if any.
    public let minLength: Int?
    /// The field's `max_length`, if any.
    public let maxLength: Int?
}

extension Form {
    /// The input hints of the field at `path` (all nil for an unknown path): the part of
    /// ``metadata(_:)`` an input needs. A list's item field may be named without an item
    /// (`drivers.birth_date`): then the mask is only the field's own.
    public func inputHints(_ path: String) -> InputHints {
        guard let metadata = metadata(path) else {
            return InputHints(mask: nil, dateFormat: nil, minLength: nil, maxLength: nil)
        }
        return InputHints(mask: metadata.mask, dateFormat: metadata.dateFormat, minLength: metadata.minLength,
                          maxLength: metadata.maxLength)
    }
}
