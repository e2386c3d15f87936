import Foundation

/// Block-style YAML. Values that must stay text (quoted in the document) are quoted; plain
/// scalars are written plain when YAML reads them back unchanged, else quoted (an expression's
/// meaning does not depend on quoting). A drafted document's comments (``RulesDraft``) are
/// written as `#` lines before it and after the keys they explain.
struct RulesYAMLPrinter {
    var output = ""

    mutating func document(_ document: RulesDocument) {
        for comment in document.comments { output += Self.comment(comment).dropFirst(2) + "\n" }
        if let form = document.form { line(0, "form: " + Self.string(form.value)) }
        if let title = document.title { line(0, "title: " + Self.string(title)) }
        if let version = document.version { line(0, "version: \(version.value)") }
        let defaults = [
            ("date_format", document.dateFormat), ("hidden_values", document.hiddenValues),
            ("empty_values", document.emptyValues), ("locale", document.locale), ("calendar", document.calendar),
            ("letters", document.letters),
        ]
        if defaults.contains(where: { $0.1 != nil }) {
            line(0, "defaults:")
            for case (let key, let value?) in defaults { line(1, key + ": " + Self.string(value.value)) }
        }
        if let pages = document.pages { line(0, "pages: \(pages.value)") }
        if let position = document.pagePosition {
            line(0, "page_position: {current: \(position.current.value), total: \(position.total.value)}")
        }
        if !document.maskClasses.isEmpty {
            line(0, "mask_classes:")
            for named in document.maskClasses {
                let characters = "chars: " + Self.string(named.characters.text)
                let entry =
                    named.letterCase.map { "{" + characters + ", case: " + Self.string($0.value) + "}" }
                    ?? Self.string(named.characters.text)
                line(1, Self.string(named.name.value) + ": " + entry)
            }
        }
        for (key, named) in [("patterns", document.patterns), ("masks", document.masks)] where !named.isEmpty {
            line(0, key + ":")
            for item in named { line(1, item.name.value + ": " + Self.masks(item.text, item.alternatives)) }
        }
        if !document.gates.isEmpty {
            line(0, "gates:")
            for gate in document.gates {
                switch gate.members {
                case .all: line(1, gate.name.value + ": all")
                case .fields(let names): line(1, gate.name.value + ": [" + names.map(\.value).joined(separator: ", ") + "]")
                }
            }
        }
        if document.jsonSchema != nil, document.sections.allSatisfy({ $0.isImplicit && $0.fields.isEmpty }) {
            // A JSON Schema alone: no form fields.
        } else if document.sections.count == 1, let only = document.sections.first, only.isImplicit {
            line(0, "fields:" + (only.fields.isEmpty ? " []" : ""))
            fields(only.fields, 1)
        } else {
            line(0, "sections:")
            for section in document.sections {
                line(1, "- id: " + section.id.value)
                if let title = section.title { line(2, "title: " + Self.string(title)) }
                if let page = section.page { line(2, "page: " + Self.string(page.value)) }
                line(2, "fields:" + (section.fields.isEmpty ? " []" : ""))
                fields(section.fields, 3)
            }
        }
        if let schema = document.jsonSchema { jsonSchema(schema) }
    }

    /// `json_schema: |2`, then the schema's JSON text as written, two spaces in. Characters
    /// that YAML reads as line breaks or does not allow in a stream (U+0085, U+2028, U+2029,
    /// DEL, C1 controls, U+FEFF, U+FFFE, U+FFFF) can only stand inside the JSON's strings: they
    /// are written as `\uXXXX` escapes there, which mean the same characters to JSON.
    private mutating func jsonSchema(_ schema: JSONSchemaSpec) {
        line(0, "json_schema: |2")
        var text = ""
        text.unicodeScalars.reserveCapacity(schema.text.unicodeScalars.count)
        for scalar in schema.text.unicodeScalars {
            switch scalar.value {
            case 0x7F...0x9F, 0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                text.unicodeScalars.append(scalar)
            }
        }
        let lines = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .split(separator: "\n", omittingEmptySubsequences: false)
        for line in lines.reversed().drop(while: { $0.allSatisfy(\.isWhitespace) }).reversed() {
            output += line.isEmpty ? "\n" : "  " + line + "\n"
        }
    }

    /// Fields at a depth: each key as its declaration (``FieldKey``) prints it, in their order.
    mutating func fields(_ fields: [FieldSpec], _ depth: Int) {
        for field in fields {
            line(depth, "- id: " + Self.string(field.id.value))
            for key in FieldKey.all { key.yaml(&self, field, depth + 1) }
        }
    }

    mutating func check(_ check: CheckSpec, _ depth: Int) {
        var first = true
        func entry(_ text: String) {
            line(first ? depth : depth + 1, (first ? "- " : "") + text)
            first = false
        }
        if let when = check.when { entry("when: " + Self.scalar(when)) }
        entry(Self.entry(check))
        if let message = check.message {
            if let text = message.text {
                line(depth + 1, "message: " + Self.string(text))
            } else {
                line(depth + 1, "message:")
                for (locale, text) in message.locales.sorted(by: { $0.key < $1.key }) { line(depth + 2, locale + ": " + Self.string(text)) }
            }
        }
    }

    mutating func message(_ depth: Int, _ key: String, _ message: LocalizedText) {
        if let text = message.text {
            line(depth, key + ": " + Self.string(text))
        } else {
            line(depth, key + ":")
            for (locale, text) in message.locales.sorted(by: { $0.key < $1.key }) { line(depth + 1, locale + ": " + Self.string(text)) }
        }
    }

    mutating func line(_ depth: Int, _ text: String, _ comment: String? = nil) {
        output += String(repeating: "  ", count: depth) + text + (comment.map(Self.comment) ?? "") + "\n"
    }

    /// `  # text`, on one line: line breaks and other control characters escaped.
    static func comment(_ text: String) -> String {
        "  # " + VisibleText.escaped(text.replacingOccurrences(of: "\n", with: " "))
    }

    /// A value rule (a check's, or a field's own key) as its line: `min_length: 3`, `mask: […]`.
    static func entry(_ rule: CheckSpec) -> String {
        let value =
            switch rule.rule {
            case .pattern(let text), .min(let text), .max(let text), .expr(let text): scalar(text)
            case .mask(let text): masks(text, rule.maskAlternatives)
            case .minLength(let count), .maxLength(let count): "\(count.value)"
            }
        return rule.rule.key + ": " + value
    }

    /// A mask, or its alternatives as a flow list.
    static func masks(_ first: ScalarText, _ alternatives: [ScalarText]) -> String {
        alternatives.isEmpty ? scalar(first) : "[" + ([first] + alternatives).map { string($0.text) }.joined(separator: ", ") + "]"
    }

    /// A scalar that must read back as text: always quoted.
    static func string(_ text: String) -> String {
        quoted(text)
    }

    /// A document scalar: quoted if it was quoted, else plain when YAML reads it back as the
    /// same plain text.
    static func scalar(_ text: ScalarText) -> String {
        if text.isQuoted || !isPlainSafe(text.text) { return quoted(text.text) }
        return text.text
    }

    /// Single-quoted (`'` doubled), or double-quoted with escapes when the text holds line
    /// breaks or other control characters.
    static func quoted(_ text: String) -> String {
        if text.unicodeScalars.contains(where: {
            $0.value < 0x20 || $0.value == 0x7F || $0 == "\u{2028}" || $0 == "\u{2029}" || $0 == "\u{85}" || $0 == "\u{FEFF}"
        }) {
            var out = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\\": out += "\\\\"
                case "\"": out += "\\\""
                case "\n": out += "\\n"
                case "\t": out += "\\t"
                case "\r": out += "\\r"
                default:
                    if scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{2028}" || scalar == "\u{2029}" || scalar == "\u{85}"
                        || scalar == "\u{FEFF}"
                    {
                        out +=
                            "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                            + String(scalar.value, radix: 16)
                    } else {
                        out.unicodeScalars.append(scalar)
                    }
                }
            }
            return out + "\""
        }
        return "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    }

    /// Conservative: letters, digits and the operators expressions use, not starting with a
    /// YAML indicator, without `: ` or ` #`, and not a word YAML reads as null or a boolean; and
    /// negative numbers (`-2.5`), which YAML reads as numbers too.
    static func isPlainSafe(_ text: String) -> Bool {
        if text.first == "-", text.count > 1, text.dropFirst().allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
            text.dropFirst().first?.isNumber == true, text.last?.isNumber == true, text.filter({ $0 == "." }).count <= 1
        {
            return true
        }
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last, last != " " else { return false }
        if "-?:,[]{}#&*!|>'\"%@` ".unicodeScalars.contains(first) { return false }
        if text.contains(": ") || text.contains(" #") || text.hasSuffix(":") { return false }
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_ .=!<>()+-*/".unicodeScalars)
        return text.unicodeScalars.allSatisfy(allowed.contains)
    }
}
