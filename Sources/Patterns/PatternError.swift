/// An error from compiling or running a ``Pattern``.
///
/// ```swift
/// do {
///     _ = try Pattern("(a+")
/// } catch let error {
///     print(error.message, error.offset ?? -1)   // "missing closing parenthesis" 3
/// }
/// ```
///
/// New codes may be added; switch over ``code`` with a `default:` or match with `~=`:
///
/// ```swift
/// catch PatternError.regexLimit { … }
/// ```
public struct PatternError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure this is.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Raw: Hashable, Sendable {
            case compile, regexLimit, matchFailed
        }
        private let raw: Raw
        private init(_ raw: Raw) { self.raw = raw }

        /// The pattern does not compile; ``PatternError/offset`` points at the problem.
        public static let compile = Code(.compile)
        /// Matching hit the match or depth limit (catastrophic backtracking) and was stopped.
        public static let regexLimit = Code(.regexLimit)
        /// PCRE2 reported another matching error (out of memory, bad options).
        public static let matchFailed = Code(.matchFailed)

        /// Lets `catch PatternError.regexLimit` match an error by its code.
        public static func ~= (code: Code, error: any Error) -> Bool {
            (error as? PatternError)?.code == code
        }

        public var description: String {
            switch raw {
            case .compile: "compile"
            case .regexLimit: "regex_limit"
            case .matchFailed: "match_failed"
            }
        }
    }

    /// The kind of failure.
    public let code: Code
    /// PCRE2's own message, e.g. `missing closing parenthesis`.
    public let message: String
    /// The pattern's source text.
    public let pattern: String
    /// For compile errors: the offset in the pattern, counted in Unicode scalars from 0.
    public let offset: Int?

    public init(code: Code, message: String, pattern: String, offset: Int? = nil) {
        self.code = code
        self.message = message
        self.pattern = pattern
        self.offset = offset
    }

    public var description: String {
        if let offset {
            return "regex '\(pattern)': \(message) at offset \(offset)"
        }
        return "regex '\(pattern)': \(message)"
    }

    public static var compile: Code { .compile }
    public static var regexLimit: Code { .regexLimit }
    public static var matchFailed: Code { .matchFailed }
}
