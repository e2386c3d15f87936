extension JSONParseError {
    /// What kind of problem a ``JSONParseError`` is; new codes may be added.
    ///
    /// ```swift
    /// catch let error as JSONParseError where error.code == .invalidUTF8 { … }
    /// ```
    package struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Raw: Hashable, Sendable {
            case syntax, unexpectedEnd, invalidString, invalidNumber, invalidUTF8, depthLimit
        }
        private let raw: Raw
        private init(_ raw: Raw) { self.raw = raw }

        /// A character that does not belong there: a missing comma, a trailing comma, a comment,
        /// `NaN`, content after the value.
        package static let syntax = Code(.syntax)
        /// The text ends inside a value.
        package static let unexpectedEnd = Code(.unexpectedEnd)
        /// A bad escape, an unescaped control character or a lone surrogate in a string.
        package static let invalidString = Code(.invalidString)
        /// A number that breaks the JSON grammar (`01`, `1.`, `.5`) or is out of `Double`'s range.
        package static let invalidNumber = Code(.invalidNumber)
        /// Bytes that are not UTF-8.
        package static let invalidUTF8 = Code(.invalidUTF8)
        /// Arrays and objects nested deeper than the parser's limit.
        package static let depthLimit = Code(.depthLimit)

        /// Lets `catch JSONParseError.Code.depthLimit` match an error by its code.
        package static func ~= (code: Code, error: any Error) -> Bool {
            (error as? JSONParseError)?.code == code
        }

        package var description: String {
            switch raw {
            case .syntax: "syntax"
            case .unexpectedEnd: "unexpected_end"
            case .invalidString: "invalid_string"
            case .invalidNumber: "invalid_number"
            case .invalidUTF8: "invalid_utf8"
            case .depthLimit: "depth_limit"
            }
        }
    }
}
