internal import CPCRE2

extension Pattern {
    /// The first match of the pattern anywhere in `value`, with its capture groups.
    public func firstMatch(in value: String) throws(PatternError) -> PatternMatch? {
        try matches(in: value, limit: 1).first
    }

    /// Every non-overlapping match in `value`, left to right.
    ///
    /// ```swift
    /// try Pattern(#"\d+"#).allMatches(in: "a1 b22 c333").map(\.text)   // ["1", "22", "333"]
    /// ```
    public func allMatches(in value: String) throws(PatternError) -> [PatternMatch] {
        try matches(in: value, limit: .max)
    }

    private func matches(in value: String, limit: Int) throws(PatternError) -> [PatternMatch] {
        guard let data = pcre2_match_data_create_from_pattern_8(try searchCode.ready().code, nil) else {
            throw PatternError(code: .matchFailed, message: "cannot allocate match data", pattern: source)
        }
        defer { pcre2_match_data_free_8(data) }
        let pairs = Int(pcre2_get_ovector_count_8(data))
        let unset = cpcre2_unset()
        return try withSubject(value) { subject throws(PatternError) in
            var found: [PatternMatch] = []
            var start = 0
            while found.count < limit && start <= subject.count {
                guard try run(searchCode, subject, start: start, options: 0, matchData: data) == .match else { break }
                guard let vector = pcre2_get_ovector_pointer_8(data) else { break }
                var ranges: [Range<Int>?] = []
                ranges.reserveCapacity(min(pairs, captureCount + 1))
                for group in 0..<min(pairs, captureCount + 1) {
                    let lower = vector[2 * group]
                    let upper = vector[2 * group + 1]
                    ranges.append(lower == unset || upper < lower ? nil : lower..<upper)
                }
                let whole = ranges[0] ?? start..<start
                found.append(PatternMatch(subject: value, byteRanges: ranges, names: captureNames))
                // After an empty match, step over one whole UTF-8 sequence.
                start = whole.isEmpty ? Self.nextScalarStart(subject, after: whole.upperBound) : whole.upperBound
            }
            return found
        }
    }

    private static func nextScalarStart(_ bytes: UnsafeBufferPointer<UInt8>, after offset: Int) -> Int {
        var next = offset + 1
        while next < bytes.count && bytes[next] & 0xC0 == 0x80 { next += 1 }
        return next
    }
}
