internal import CPCRE2

extension Pattern {
    /// `value` with every match replaced by `template`, which may name groups as `$1`,
    /// `${2}` or `${name}` (`$$` is a dollar sign).
    ///
    /// ```swift
    /// try Pattern(#"(\d{3})(\d{4})"#).replacing(in: "5551234", with: "$1-$2")   // "555-1234"
    /// ```
    ///
    /// - Throws: ``PatternError`` with code ``PatternError/Code/matchFailed`` for a bad
    ///   template, or ``PatternError/Code/regexLimit``.
    public func replacing(in value: String, with template: String) throws(PatternError) -> String {
        guard let scratch = MatchScratch.current else {
            throw PatternError(code: .matchFailed, message: "cannot allocate match data", pattern: source)
        }
        // pcre2_substitute runs the JIT code when there is one.
        let (searchCode, jit) = try searchCode.ready()
        if !jit && value.utf8.count > limits.interpreterSubjectLimit {
            throw PatternError(
                code: .regexLimit, message: "value is longer than the interpreter's limit",
                pattern: source)
        }
        scratch.pointee.apply(limits)
        let context = scratch.pointee.context
        let flags = UInt32(PCRE2_SUBSTITUTE_GLOBAL) | UInt32(PCRE2_SUBSTITUTE_OVERFLOW_LENGTH)
        var template = template
        return try withSubject(value) { subject throws(PatternError) in
            var capacity = subject.count + subject.count / 2 + 64
            while true {
                var output = [UInt8](repeating: 0, count: capacity)
                var length = capacity
                let rc = template.withUTF8 { replacement in
                    output.withUnsafeMutableBufferPointer { out in
                        pcre2_substitute_8(
                            searchCode, subject.baseAddress ?? emptySubject, subject.count, 0, flags,
                            nil, context, replacement.baseAddress ?? emptySubject,
                            replacement.count, out.baseAddress, &length)
                    }
                }
                if rc >= 0 { return String(decoding: output[0..<length], as: UTF8.self) }
                if rc == PCRE2_ERROR_NOMEMORY && length > capacity {
                    capacity = length  // PCRE2 told us the size it needs
                    continue
                }
                switch rc {
                case PCRE2_ERROR_MATCHLIMIT, PCRE2_ERROR_DEPTHLIMIT, PCRE2_ERROR_HEAPLIMIT, PCRE2_ERROR_JIT_STACKLIMIT:
                    throw PatternError(code: .regexLimit, message: pcre2Message(rc), pattern: source)
                default:
                    throw PatternError(code: .matchFailed, message: pcre2Message(rc), pattern: source)
                }
            }
        }
    }
}
