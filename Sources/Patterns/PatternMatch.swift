/// One match of a ``Pattern`` in a string, with its capture groups.
///
/// ```swift
/// let date = try Pattern(#"(?<y>\d{4})-(?<m>\d\d)"#)
/// if let match = try date.firstMatch(in: "due 2024-05") {
///     match.text        // "2024-05"
///     match["y"]        // "2024"
///     match[2]          // "05"
/// }
/// ```
public struct PatternMatch: Sendable, Hashable {
    /// The string that was searched.
    public let subject: String
    /// UTF-8 byte ranges of group 0 (the whole match) and each capture group; `nil` for a
    /// group that did not take part in the match.
    public let byteRanges: [Range<Int>?]
    /// Named groups and their numbers.
    public let names: [String: Int]

    /// Where the whole match is in ``subject``.
    public var range: Range<String.Index> { index(byteRanges[0] ?? 0..<0) }

    /// The matched text.
    public var text: Substring { subject[range] }

    /// The text of capture group `group` (0 is the whole match), or `nil` if it did not take part.
    public subscript(group: Int) -> Substring? {
        guard byteRanges.indices.contains(group), let bytes = byteRanges[group] else { return nil }
        return subject[index(bytes)]
    }

    /// The text of the named capture group, or `nil` if there is no such group or it did not take part.
    public subscript(name: String) -> Substring? {
        guard let group = names[name] else { return nil }
        return self[group]
    }

    private func index(_ bytes: Range<Int>) -> Range<String.Index> {
        let utf8 = subject.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: bytes.lowerBound)
        let upper = utf8.index(lower, offsetBy: bytes.count)
        return lower..<upper
    }
}
