/// Translates an ECMA-262 regex (JSON Schema's `pattern`) into a PCRE2 regex with the same
/// meaning under RuleCheck's PCRE2 options (UTF and UCP), or refuses it.
///
/// ```swift
/// switch ECMARegex.translate(#"^\d+$"#) {
/// case .success(let translation): translation.pcre      // "^[0-9]+\z"
/// case .failure(let error): error.message               // why ECMA-262 refuses the text
/// }
/// ```
///
/// The pattern is read by ECMA-262's grammar with the `u` flag, as JSON Schema 2020-12 asks
/// ("SHOULD be built with the u flag") and ajv does: what that grammar refuses — PCRE2's own
/// syntax (`(?i)`, `(?>…)`, `(*UTF)`, `\A`, possessive `a*+`), identity escapes of letters
/// (`\a`), a lone `{` — is a ``SyntaxError``, so a schema never imports with PCRE2's meaning of
/// something every ECMA-262 validator refuses. What differs in meaning and how it is written:
///
/// | ECMA-262 | meaning there | PCRE2 (UCP) would mean | written as |
/// |---|---|---|---|
/// | `\d` `\D` | ASCII digits | any Unicode digit | `[0-9]`, `[^0-9]` |
/// | `\w` `\W` | ASCII word characters | Unicode letters and digits | `[A-Za-z0-9_]`, `[^A-Za-z0-9_]` |
/// | `\b` `\B` | ASCII word boundary | Unicode word boundary | lookarounds on `[A-Za-z0-9_]` |
/// | `\s` `\S` | the ECMA white space and line terminators | Unicode white space | the ECMA list |
/// | `[…\D…]` | a class with a complement in it | — | an alternation of classes |
/// | `.` | any character but `\n`, `\r`, U+2028, U+2029 | any character but `\n` | `[^\n\r\x{2028}\x{2029}]` |
/// | `$` | the end of the text | the end, or before a final `\n` | `\z` |
/// | `\uXXXX`, `\u{X…}`, a surrogate pair `\uD83D\uDE00` | a code point | an error | `\x{XXXX}` |
/// | a lone surrogate `\uD800` | only a lone surrogate, which valid text never has | an error | `(?!)`, left out of classes |
/// | `\p{Letter}`, `\p{digit}`, `\p{Script=Greek}` | Unicode properties by ECMA's names | other names | PCRE2's names (`\p{L}`, `\p{Nd}`, `\p{sc:Greek}`) |
/// | `\1`, `\k<name>` | a group's text; empty when the group did not take part | a failure then | `(?(1)\g{1}|)` |
/// | `(?<name>…)` | a capturing group | the same | `(…)` (numbers are the same) |
/// | `\v`, `\cX`, `\0` | a code point | other things | `\x{…}` |
/// | `[^]`, `[]` | any character, nothing | an error | `(?s:.)`, `(?!)` |
/// | `\b` in a class | backspace | backspace | `\x{08}` |
///
/// One difference is left, and reported: ECMA-262 forgets a group's text at each repetition of
/// a quantified group around it, PCRE2 keeps the last; a back-reference to such a group may
/// differ.
enum ECMARegex {
    struct Translation: Equatable {
        var pcre: String
        /// Differences that could not be mapped exactly.
        var notes: [String]
    }

    /// Why ECMA-262 (with the `u` flag) refuses a regex, and where: `offset` counts Unicode
    /// scalars from 0.
    struct SyntaxError: Error, Equatable {
        var message: String
        var offset: Int
    }

    /// How deep groups may nest (PCRE2 refuses more than 250 levels).
    static let maxNesting = 200

    static let word = "A-Za-z0-9_"
    /// ECMA-262 WhiteSpace and LineTerminator code points, as class members.
    static let space = #"\t\n\x{0B}\f\r \x{A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}"#

    static func translate(_ source: String) -> Result<Translation, SyntaxError> {
        var translator = ECMARegexTranslator(source)
        do {
            return .success(try translator.translate())
        } catch {
            return .failure(error)
        }
    }
}
