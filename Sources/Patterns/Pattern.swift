internal import CPCRE2

/// A compiled PCRE2 regular expression.
///
/// ```swift
/// let vin = try Pattern("[A-HJ-NPR-Z0-9]{17}")
/// try vin.matches("XTA21099043512345")        // true: the whole value must match
/// try vin.contains("VIN: XTA21099043512345")  // true: a match anywhere
/// ```
///
/// A pattern is compiled once, in UTF-8 + Unicode-properties mode (`\w`, `\d`, `\b` and
/// case-insensitivity know every script), and JIT-compiled, when the platform supports it, on its
/// first match: making a pattern stays cheap, and a pattern only ever matched whole never
/// compiles its search and partial-match forms.
/// Matching is bounded by ``Limits``: a catastrophic pattern such as `(a+)+$` ends with
/// ``PatternError/Code/regexLimit`` instead of hanging.
///
/// The type is named `Pattern` so that it does not clash with Swift's own `Regex`.
///
/// ## Thread safety
/// A compiled `pcre2_code` is immutable and may be used from many threads at once
/// (pcre2api, MULTITHREADING); the mutable match data and JIT stack live in per-thread
/// scratch (`MatchScratch`). That is why `Pattern` is `@unchecked Sendable`.
public final class Pattern: @unchecked Sendable {
    /// Compile options.
    public struct Options: OptionSet, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        /// Letters match in any case (`(?i)`).
        public static let caseInsensitive = Options(rawValue: 1 << 0)
        /// `^` and `$` match at line breaks too (`(?m)`).
        public static let multiline = Options(rawValue: 1 << 1)
        /// `.` matches line breaks too (`(?s)`).
        public static let dotAll = Options(rawValue: 1 << 2)
        /// Whitespace and `#` comments in the pattern are ignored (`(?x)`).
        public static let extended = Options(rawValue: 1 << 3)
        /// Do not JIT-compile: always use PCRE2's interpreter (for comparison and tests).
        public static let noJIT = Options(rawValue: 1 << 4)

        var pcre2Flags: UInt32 {
            var flags = UInt32(PCRE2_UTF) | UInt32(PCRE2_UCP)
            if contains(.caseInsensitive) { flags |= UInt32(PCRE2_CASELESS) }
            if contains(.multiline) { flags |= UInt32(PCRE2_MULTILINE) }
            if contains(.dotAll) { flags |= UInt32(PCRE2_DOTALL) }
            if contains(.extended) { flags |= UInt32(PCRE2_EXTENDED) }
            return flags
        }
    }

    /// Bounds on the work one match may do.
    public struct Limits: Hashable, Sendable {
        /// PCRE2's match limit: backtracking steps before the match is stopped. This is the
        /// limit that stops JIT-compiled patterns.
        public var matchLimit: UInt32
        /// PCRE2's depth limit (the interpreter's backtracking depth; JIT ignores it).
        public var depthLimit: UInt32
        /// Longest subject, in UTF-8 bytes, that the interpreter (used only when JIT is not
        /// available) will try: the interpreter can be slow on hostile input even within limits.
        public var interpreterSubjectLimit: Int

        public init(
            matchLimit: UInt32 = 1_000_000, depthLimit: UInt32 = 10_000,
            interpreterSubjectLimit: Int = 64 * 1024
        ) {
            self.matchLimit = matchLimit
            self.depthLimit = depthLimit
            self.interpreterSubjectLimit = interpreterSubjectLimit
        }

        /// One million steps: ample for form values, and a runaway pattern stops in milliseconds.
        public static let `default` = Limits()
    }

    /// The pattern as written.
    public let source: String
    /// The options it was compiled with.
    public let options: Options
    /// The bounds every match runs under.
    public let limits: Limits
    /// Whether matching runs JIT-compiled code (false with ``Options/noJIT`` or when the
    /// platform has no JIT). Reading it JIT-compiles the whole-value code if no match has yet.
    public var isJITCompiled: Bool { (try? wholeCode.ready().jit) ?? false }
    /// The number of capture groups.
    public let captureCount: Int
    /// Named capture groups and their numbers.
    public let captureNames: [String: Int]

    /// The code for searching anywhere in a subject (compiled on first use).
    let searchCode: DeferredCode
    /// The same pattern compiled with `PCRE2_ANCHORED | PCRE2_ENDANCHORED`: a match must cover
    /// the whole subject. Anchoring at compile time (not match time) keeps JIT in play. Compiled
    /// when the pattern is made, so that a pattern that does not compile is an error at once.
    let wholeCode: DeferredCode
    /// The pattern wrapped as `(?:…)\z` and compiled with `PCRE2_ANCHORED`, for partial
    /// matching: PCRE2's interpreter refuses `PCRE2_ENDANCHORED` together with partial matching
    /// (compiled on first use).
    let partialCode: DeferredCode

    /// Compiles `source`.
    ///
    /// - Throws: ``PatternError`` with code ``PatternError/Code/compile``, PCRE2's message and
    ///   the offset of the problem in `source`.
    public init(_ source: String, options: Options = [], limits: Limits = .default) throws(PatternError) {
        self.source = source
        self.options = options
        self.limits = limits
        let flags = options.pcre2Flags
        let anchored = UInt32(PCRE2_ANCHORED)
        let wholeFlags = flags | anchored | UInt32(PCRE2_ENDANCHORED)
        let whole = try Self.compile(source, flags: wholeFlags)
        let jit = !options.contains(.noJIT) && Self.jitAvailable
        let complete = UInt32(PCRE2_JIT_COMPLETE)
        wholeCode = DeferredCode(compiled: whole, source: source, flags: wholeFlags, jitOptions: complete, jitEnabled: jit)
        searchCode = DeferredCode(source: source, flags: flags, jitOptions: complete, jitEnabled: jit)
        partialCode = DeferredCode(
            source: Self.endAnchored(source, extended: options.contains(.extended)),
            flags: flags | anchored, jitOptions: complete | UInt32(PCRE2_JIT_PARTIAL_SOFT),
            jitEnabled: jit)
        var count: UInt32 = 0
        pcre2_pattern_info_8(whole, UInt32(PCRE2_INFO_CAPTURECOUNT), &count)
        captureCount = Int(count)
        captureNames = Self.readNameTable(whole)
    }

    /// `source` as `(?:source)\z`, keeping leading option-setting verbs such as `(*UCP)` in front
    /// where PCRE2 requires them.
    static func endAnchored(_ source: String, extended: Bool) -> String {
        // Without leading verbs (almost every pattern), no Character-by-Character scan.
        if !source.utf8.starts(with: "(*".utf8) { return "(?:" + source + (extended ? "\n" : "") + ")\\z" }
        var verbs = Substring(source)[...]
        var prefix = ""
        while verbs.hasPrefix("(*"), let close = verbs.firstIndex(of: ")") {
            let verb = verbs[verbs.startIndex...close]
            guard verb.dropFirst(2).dropLast().allSatisfy({ $0.isUppercase || $0.isNumber || $0 == "_" || $0 == "=" }) else {
                break
            }
            prefix += verb
            verbs = verbs[verbs.index(after: close)...]
        }
        // In extended mode a trailing `#` comment would swallow the closing parenthesis.
        return prefix + "(?:" + verbs + (extended ? "\n" : "") + ")\\z"
    }

    /// Whether this PCRE2 build has a JIT compiler for this machine.
    public static let jitAvailable: Bool = {
        var value: UInt32 = 0
        return pcre2_config_8(UInt32(PCRE2_CONFIG_JIT), &value) >= 0 && value == 1
    }()

    static func compile(_ source: String, flags: UInt32) throws(PatternError) -> OpaquePointer {
        var errorCode: Int32 = 0
        var errorOffset = 0
        var text = source
        let code = text.withUTF8 { bytes in
            pcre2_compile_8(
                bytes.baseAddress ?? emptySubject, bytes.count, flags,
                &errorCode, &errorOffset, nil)
        }
        guard let code else {
            // PCRE2 reports a byte offset; people count characters.
            let prefix = source.utf8.prefix(errorOffset)
            let scalarOffset = String(decoding: prefix, as: UTF8.self).unicodeScalars.count
            throw PatternError(
                code: .compile, message: pcre2Message(errorCode),
                pattern: source, offset: scalarOffset)
        }
        return code
    }

    /// Reads PCRE2's name table: entries of a big-endian group number and a zero-terminated name.
    private static func readNameTable(_ code: OpaquePointer) -> [String: Int] {
        var count: UInt32 = 0
        var entrySize: UInt32 = 0
        var table: UnsafePointer<UInt8>?
        pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_NAMECOUNT), &count)
        guard count > 0 else { return [:] }
        pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_NAMEENTRYSIZE), &entrySize)
        pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_NAMETABLE), &table)
        guard let table else { return [:] }
        var names: [String: Int] = [:]
        for index in 0..<Int(count) {
            let entry = table + index * Int(entrySize)
            let group = Int(entry[0]) << 8 | Int(entry[1])
            names[String(cString: entry + 2)] = group
        }
        return names
    }
}

extension Pattern: CustomStringConvertible {
    public var description: String { "Pattern(\(source))" }
}

/// A valid address to hand PCRE2 for an empty subject, whose buffer has no base address.
nonisolated(unsafe) let emptySubject: UnsafePointer<UInt8> = {
    let byte = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
    byte.initialize(to: 0)
    return UnsafePointer(byte)
}()
