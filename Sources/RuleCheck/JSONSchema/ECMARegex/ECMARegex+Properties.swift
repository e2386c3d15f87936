/// Unicode properties by ECMA-262's names (`\p{Letter}`, `\p{digit}`, `\p{gc=Lu}`,
/// `\p{Script=Greek}`, `\p{Emoji}`) as PCRE2 names them. ECMA-262 takes exactly the names of its
/// tables (case matters: `\p{letter}` is an error); PCRE2 knows most of them under other names.
extension ECMARegex {
    /// A property as PCRE2 writes it; `inverted` when ECMA's property is the complement of it
    /// (`Assigned` is PCRE2's `\P{Cn}`).
    struct PCRE2Property: Equatable {
        var name: String
        var inverted = false
    }

    /// PCRE2's name for the property written `body` in `\p{body}`, or why it is refused.
    static func pcre2Property(_ body: String) -> Result<PCRE2Property, SyntaxError> {
        if let equals = body.firstIndex(of: "=") {
            let name = String(body[..<equals])
            let value = String(body[body.index(after: equals)...])
            switch name {
            case "General_Category", "gc":
                if let short = generalCategories[value] { return .success(PCRE2Property(name: short)) }
                return .failure(SyntaxError(message: "'\(value)' is not a General_Category value", offset: 0))
            case "Script", "sc", "Script_Extensions", "scx":
                guard !value.isEmpty, value.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || $0 == "_") }) else {
                    return .failure(SyntaxError(message: "'\(value)' is not a script name", offset: 0))
                }
                // PCRE2's \p{Greek} alone means Script_Extensions: say which.
                let prefix = name == "Script" || name == "sc" ? "sc:" : "scx:"
                return .success(PCRE2Property(name: prefix + value))
            default:
                return .failure(
                    SyntaxError(
                        message: "'\(name)' is not a property ECMA-262 takes a value of (General_Category, Script, Script_Extensions)",
                        offset: 0))
            }
        }
        if let short = generalCategories[body] { return .success(PCRE2Property(name: short)) }
        if body == "Assigned" { return .success(PCRE2Property(name: "Cn", inverted: true)) }
        if binaryProperties.contains(body) {
            if ["Changes_When_NFKC_Casefolded", "CWKCF"].contains(body) {
                return .failure(
                    SyntaxError(message: "\\p{\(body)} is ECMA-262, but PCRE2 (RuleCheck's regex engine) does not know it", offset: 0))
            }
            return .success(PCRE2Property(name: body))
        }
        return .failure(
            SyntaxError(
                message:
                    "'\\p{\(body)}' is not an ECMA-262 property (names are exact: L or Letter, Nd or digit, Lu, Script=Greek, Emoji, …)",
                offset: 0))
    }

    /// General_Category values and their aliases (Unicode's PropertyValueAliases), by PCRE2's
    /// short name.
    static let generalCategories: [String: String] = {
        let aliases: [[String]] = [
            ["C", "Other"], ["Cc", "Control", "cntrl"], ["Cf", "Format"], ["Cn", "Unassigned"], ["Co", "Private_Use"],
            ["Cs", "Surrogate"], ["L", "Letter"], ["LC", "Cased_Letter"], ["Ll", "Lowercase_Letter"], ["Lm", "Modifier_Letter"],
            ["Lo", "Other_Letter"], ["Lt", "Titlecase_Letter"], ["Lu", "Uppercase_Letter"], ["M", "Mark", "Combining_Mark"],
            ["Mc", "Spacing_Mark"], ["Me", "Enclosing_Mark"], ["Mn", "Nonspacing_Mark"], ["N", "Number"],
            ["Nd", "Decimal_Number", "digit"], ["Nl", "Letter_Number"], ["No", "Other_Number"], ["P", "Punctuation", "punct"],
            ["Pc", "Connector_Punctuation"], ["Pd", "Dash_Punctuation"], ["Pe", "Close_Punctuation"], ["Pf", "Final_Punctuation"],
            ["Pi", "Initial_Punctuation"], ["Po", "Other_Punctuation"], ["Ps", "Open_Punctuation"], ["S", "Symbol"],
            ["Sc", "Currency_Symbol"], ["Sk", "Modifier_Symbol"], ["Sm", "Math_Symbol"], ["So", "Other_Symbol"], ["Z", "Separator"],
            ["Zl", "Line_Separator"], ["Zp", "Paragraph_Separator"], ["Zs", "Space_Separator"],
        ]
        var table: [String: String] = [:]
        for names in aliases { for name in names { table[name] = names[0] } }
        return table
    }()

    /// ECMA-262's binary properties, by their names and aliases (PCRE2 knows these names).
    static let binaryProperties: Set<String> = [
        "ASCII", "ASCII_Hex_Digit", "AHex", "Alphabetic", "Alpha", "Any", "Assigned", "Bidi_Control", "Bidi_C", "Bidi_Mirrored",
        "Bidi_M", "Case_Ignorable", "CI", "Cased", "Changes_When_Casefolded", "CWCF", "Changes_When_Casemapped", "CWCM",
        "Changes_When_Lowercased", "CWL", "Changes_When_NFKC_Casefolded", "CWKCF", "Changes_When_Titlecased", "CWT",
        "Changes_When_Uppercased", "CWU", "Dash", "Default_Ignorable_Code_Point", "DI", "Deprecated", "Dep", "Diacritic", "Dia",
        "Emoji", "Emoji_Component", "EComp", "Emoji_Modifier", "EMod", "Emoji_Modifier_Base", "EBase", "Emoji_Presentation",
        "EPres", "Extended_Pictographic", "ExtPict", "Extender", "Ext", "Grapheme_Base", "Gr_Base", "Grapheme_Extend", "Gr_Ext",
        "Hex_Digit", "Hex", "IDS_Binary_Operator", "IDSB", "IDS_Trinary_Operator", "IDST", "ID_Continue", "IDC", "ID_Start", "IDS",
        "Ideographic", "Ideo", "Join_Control", "Join_C", "Logical_Order_Exception", "LOE", "Lowercase", "Lower", "Math",
        "Noncharacter_Code_Point", "NChar", "Pattern_Syntax", "Pat_Syn", "Pattern_White_Space", "Pat_WS", "Quotation_Mark",
        "QMark", "Radical", "Regional_Indicator", "RI", "Sentence_Terminal", "STerm", "Soft_Dotted", "SD", "Terminal_Punctuation",
        "Term", "Unified_Ideograph", "UIdeo", "Uppercase", "Upper", "Variation_Selector", "VS", "White_Space", "space",
        "XID_Continue", "XIDC", "XID_Start", "XIDS",
    ]
}
