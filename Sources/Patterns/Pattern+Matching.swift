internal import CPCRE2

extension Pattern {
    /// Whether the whole of `value` matches, as HTML's `pattern` attribute requires.
    ///
    /// ```swift
    /// try Pattern(#"\d{4}"#).matches("2024")    // true
    /// try Pattern(#"\d{4}"#).matches("2024a")   // false
    /// ```
    ///
    /// - Throws: ``PatternError/Code/regexLimit`` when the match hits its limits.
    public func matches(_ value: String) throws(PatternError) -> Bool {
        try withSubject(value) { subject throws(PatternError) in
            try run(wholeCode, subject, options: 0) == .match
        }
    }

    /// Whether `value` contains a match anywhere.
    public func contains(_ value: String) throws(PatternError) -> Bool {
        try withSubject(value) { subject throws(PatternError) in
            try run(searchCode, subject, options: 0) == .match
        }
    }

    /// Whether the whole of a value given as its UTF-8 bytes matches: ``matches(_:)`` without a
    /// `String`, for a value that stays where it was read (a cell of a batch's buffer).
    ///
    /// - Precondition: the bytes are valid UTF-8 (PCRE2 is told not to check them again).
    package func matches(utf8 value: UnsafeBufferPointer<UInt8>) throws(PatternError) -> Bool {
        try run(wholeCode, value, options: 0) == .match
    }

    /// Whether a value given as its UTF-8 bytes contains a match anywhere (see ``matches(utf8:)``).
    ///
    /// - Precondition: the bytes are valid UTF-8.
    package func contains(utf8 value: UnsafeBufferPointer<UInt8>) throws(PatternError) -> Bool {
        try run(searchCode, value, options: 0) == .match
    }

    /// The outcome of matching a value that may still be being typed.
    public enum PartialResult: String, Hashable, Sendable {
        /// The whole value matches.
        case complete
        /// The value is a prefix of a match (or empty): typing more may complete it.
        case partial
        /// No continuation of the value can match.
        case noMatch = "no_match"
    }

    /// Matches `value` against the whole pattern for validate-as-you-type.
    ///
    /// ```swift
    /// let phone = try Pattern(#"\+7 \(\d{3}\) \d{3}-\d{2}-\d{2}"#)
    /// try phone.partialMatch("+7 (916) 12")          // .partial
    /// try phone.partialMatch("+7 (916) 123-45-67")   // .complete
    /// try phone.partialMatch("+8")                   // .noMatch
    /// ```
    ///
    /// Uses `PCRE2_PARTIAL_SOFT`, so a finished value is `complete` even if the pattern could
    /// match more. An empty value that does not match is `partial` (nothing typed yet).
    public func partialMatch(_ value: String) throws(PatternError) -> PartialResult {
        try withSubject(value) { subject throws(PatternError) in
            switch try run(partialCode, subject, options: UInt32(PCRE2_PARTIAL_SOFT)) {
            case .match: return .complete
            case .partial: return .partial
            case .noMatch: return subject.isEmpty ? .partial : .noMatch
            }
        }
    }

    // MARK: - Running PCRE2

    enum Outcome { case match, partial, noMatch }

    /// Hands PCRE2 the UTF-8 bytes of `value` without copying a native string.
    @inline(__always)  // lets the closure's use of `self` compile without retaining `self`
    func withSubject<R>(
        _ value: String,
        _ body: (UnsafeBufferPointer<UInt8>) throws(PatternError) -> R
    ) throws(PatternError) -> R {
        // Native strings expose their UTF-8 in place, without the copy of the string (a retain
        // and a release) that `withUTF8` needs; only bridged strings take the slower path.
        let inPlace: Result<R, PatternError>? = value.utf8.withContiguousStorageIfAvailable { bytes in
            do throws(PatternError) { return .success(try body(bytes)) } catch { return .failure(error) }
        }
        if let inPlace { return try inPlace.get() }
        var value = value
        let result: Result<R, PatternError> = value.withUTF8 { bytes in
            do throws(PatternError) { return .success(try body(bytes)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// Runs one match of `code` over `subject` from byte `start`, leaving the offsets in
    /// `matchData` (this thread's scratch data unless given).
    func run(
        _ deferred: DeferredCode, _ subject: UnsafeBufferPointer<UInt8>, start: Int = 0,
        options: UInt32, matchData: OpaquePointer? = nil
    ) throws(PatternError) -> Outcome {
        let (code, jit) = try deferred.ready()
        guard let scratch = MatchScratch.current else {
            throw PatternError(code: .matchFailed, message: "cannot allocate match data", pattern: source)
        }
        if !jit && subject.count > limits.interpreterSubjectLimit {
            throw PatternError(
                code: .regexLimit,
                message: "value of \(subject.count) bytes is longer than the interpreter's limit of \(limits.interpreterSubjectLimit)",
                pattern: source)
        }
        if let budget = scratch.pointee.budget, budget._withUnsafeGuaranteedRef({ $0.isStopped }) {
            throw PatternError(code: .regexLimit, message: "the regex work of this job was stopped", pattern: source)
        }
        scratch.pointee.apply(limits)
        let context = scratch.pointee.context
        let data = matchData ?? scratch.pointee.matchData
        let base = subject.baseAddress ?? emptySubject
        // Swift strings are always valid UTF-8, and so are the bytes the package hands over (its
        // readers check them), so PCRE2's own UTF check is redundant.
        let rc =
            jit
            ? pcre2_jit_match_8(code, base, subject.count, start, options, data, context)
            : pcre2_match_8(
                code, base, subject.count, start, options | UInt32(PCRE2_NO_UTF_CHECK),
                data, context)
        if rc >= 0 { return .match }
        switch rc {
        case PCRE2_ERROR_NOMATCH:
            return .noMatch
        case PCRE2_ERROR_PARTIAL:
            return .partial
        case PCRE2_ERROR_MATCHLIMIT, PCRE2_ERROR_DEPTHLIMIT, PCRE2_ERROR_HEAPLIMIT, PCRE2_ERROR_JIT_STACKLIMIT:
            scratch.pointee.budget?._withUnsafeGuaranteedRef { $0.limitReached() }
            throw PatternError(code: .regexLimit, message: pcre2Message(rc), pattern: source)
        default:
            throw PatternError(code: .matchFailed, message: pcre2Message(rc), pattern: source)
        }
    }
}
