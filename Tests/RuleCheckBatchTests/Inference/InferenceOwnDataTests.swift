import Foundation
import RuleCheck
@testable import RuleCheckBatch
import Testing
import _RuleCheckTestSupport

/// Issue 38, item 7: a draft accepts the data it was drafted from — also where JSON writes an
/// empty array, a null inside an array, or `""` where other records write a number, a bool, an
/// object, an array or one of few words — and each of its rules is one the data supports.
@Suite("Inference accepts its own data")
struct InferenceOwnDataTests {
    let base = RulesInferenceTests()

    /// A field that is always `[]` is an array field (`values`), not text: `check` reads `[]`
    /// as no JSON string.
    @Test func aFieldAlwaysEmptyArraysIsValues() throws {
        let jsonl = "{\"id\": 1, \"tags\": []}\n{\"id\": 2, \"tags\": []}\n{\"id\": 3}\n"
        let (yaml, rules, _) = try base.roundTrip(Array(jsonl.utf8), format: .jsonl)
        #expect(rules.fields.first { $0.path == "tags" }?.type == .values)
        #expect(yaml.contains("  - id: 'tags'\n    type: values  # arrays in 2 of 3 records, every one empty\n"))
    }

    /// An array with a `null` element is no `values` or `multi_choice` field's (their elements
    /// are values): the field is left out, and said so.
    @Test func arraysWithNullElementsAreLeftOut() throws {
        let jsonl = """
            {"id": 1, "tags": ["a", null], "sizes": [1, 2]}
            {"id": 2, "tags": ["b"], "sizes": [null]}
            {"id": 3, "tags": ["a", "b"], "sizes": [3]}
            {"id": 4, "tags": ["b", "a"], "sizes": [4]}

            """
        let inferred = try RulesInference().infer(bytes: Array(jsonl.utf8), format: .jsonl)
        expectEqual(
            inferred.notes.map(\.description),
            ["'sizes': its arrays hold null, which no values field reads", "'tags': its arrays hold null, which no values field reads"])
        let (_, rules, _) = try base.roundTrip(Array(jsonl.utf8), format: .jsonl)
        expectEqual(rules.fields.map(\.path), ["id"])
    }

    /// JSON's `""` is a string: empty for a text or a date field, but no number, bool, object,
    /// array or option. A field that writes it beside those is of several kinds (left out); a
    /// text field that writes it is no choice.
    @Test func emptyStringsInJSONAreStrings() throws {
        let jsonl = """
            {"id": 1, "n": "", "c": "", "b": "", "g": "", "m": "", "d": "", "g2": {"a": ""}}
            {"id": 2, "n": 5, "c": "x", "b": true, "g": {"a": 1}, "m": ["p", "q"], "d": "2026-01-02", "g2": {"a": 1}}
            {"id": 3, "n": 6, "c": "x", "b": false, "g": {"a": 2}, "m": ["p"], "d": "2026-01-03", "g2": {"a": 2}}
            {"id": 4, "n": 7, "c": "y", "b": true, "g": {"a": 3}, "m": ["q", "p"], "d": "2026-01-04", "g2": {"a": 3}}
            {"id": 5, "n": 7, "c": "y", "b": true, "g": {"a": 3}, "m": ["q", ""], "d": "2026-01-04", "g2": {"a": 3}}

            """
        let inferred = try RulesInference().infer(bytes: Array(jsonl.utf8), format: .jsonl)
        expectEqual(
            inferred.notes.map(\.description),
            [
                "'b': its values are of several kinds (empty text, true/false), which no one type reads",
                "'g': its values are of several kinds (empty text, objects), which no one type reads",
                "'g2': none of its members could be inferred",
                "'g2.a': its values are of several kinds (empty text, numbers), which no one type reads",
                "'m': its values are of several kinds (empty text, arrays), which no one type reads",
                "'n': its values are of several kinds (empty text, numbers), which no one type reads",
            ])
        let (yaml, rules, _) = try base.roundTrip(Array(jsonl.utf8), format: .jsonl)
        expectEqual(rules.fields.map(\.path), ["id", "c", "d"])
        #expect(rules.fields.first { $0.path == "c" }?.type == .text)
        #expect(rules.fields.first { $0.path == "d" }?.type == .date)
        #expect(!yaml.contains("options:"))
    }

    /// `""` inside an array of words: a `values` field of text (empty elements are fine there),
    /// not a `multi_choice` (whose elements must be options).
    @Test func emptyStringsInArraysAreNoOptions() throws {
        let jsonl = (1...12).map { "{\"m\": [\"p\", \"\(["q", "p", ""][$0 % 3])\"]}" }.joined(separator: "\n") + "\n"
        let (_, rules, _) = try base.roundTrip(Array(jsonl.utf8), format: .jsonl)
        #expect(rules.fields.first { $0.path == "m" }?.type == .values)
    }
}

/// The property: for random exports, CSV and JSON Lines, the draft accepts the records it came
/// from, and each of its rules is one the records support — `required` only when no record
/// leaves the field empty, each bound and length one a record has, each option a value written.
@Suite("Inference property: drafts accept their data")
struct InferencePropertyTests {
    let base = RulesInferenceTests()

    @Test func seededRandomExports() throws {
        for seed in 0..<UInt64(PropertyRuns.count(quick: 12, deep: 80)) {
            var random = SplitMix64(seed: seed)
            let rows = Int.random(in: 1...60, using: &random)
            let fields = Int.random(in: 1...12, using: &random)
            let jsonl = MessyExport.jsonLines(rows: rows, fields: fields, using: &random)
            try property(jsonl, format: .jsonl, seed: seed)
            let csv = MessyExport.csv(rows: rows, fields: fields, using: &random)
            try property(csv, format: .csv, seed: seed)
        }
    }

    private func property(_ export: MessyExport, format: RecordFormat, seed: UInt64) throws {
        let context = Comment(rawValue: "seed \(seed), \(format):\n\(export.text)")
        let (yaml, _, summary) = try base.roundTrip(Array(export.text.utf8), format: format)
        #expect(summary.errors == 0, context)
        let drafted = Self.topLevelFields(of: yaml)
        for name in export.names {
            guard let keys = drafted[name], let written = export.written[name] else { continue }
            let filled = written.filter { !$0.isEmpty }
            let where_ = Comment(rawValue: "field \(name): \(keys)\n\(context.rawValue)")
            if keys["required"] == "true" { #expect(filled.count == written.count, where_) }
            let texts = filled.compactMap { if case .text(let text) = $0 { text } else { nil } }
            let lengths = Set(texts.map(\.unicodeScalars.count))
            for key in ["min_length", "max_length"] {
                if let bound = keys[key] { #expect(Int(bound).map(lengths.contains) == true, where_) }
            }
            let counts = Set(filled.compactMap { if case .array(let count, _) = $0 { count } else { nil } })
            for key in ["min_items", "max_items"] {
                if let bound = keys[key] { #expect(Int(bound).map(counts.contains) == true, where_) }
            }
            let type = keys["type"] ?? ""
            if type == "integer" || type == "number" {
                let numbers = Set(
                    filled.compactMap { value -> Double? in
                        switch value {
                        case .number(let literal), .text(let literal):
                            Double(Self.asciiDigits(literal.trimmingCharacters(in: .whitespaces)))
                        default: nil
                        }
                    })
                for key in ["min", "max"] {
                    if let bound = keys[key] { #expect(Double(bound).map(numbers.contains) == true, where_) }
                }
            }
            if let options = drafted.options[name] {
                let elements = filled.flatMap { value -> [String] in
                    switch value {
                    case .text(let text): [text]
                    case .array(_, let texts): texts
                    default: []
                    }
                }
                for option in options { #expect(elements.contains(option), where_) }
            }
            // JSON keeps its types: a field's type is the kind its records wrote.
            if format == .jsonl {
                let kindsSeen = Set(
                    filled.map { value -> String in
                        switch value {
                        case .number: "number"
                        case .bool: "bool"
                        case .text: "text"
                        case .array: "array"
                        case .object: "object"
                        case .missing, .null: "none"
                        }
                    })
                let expected: Set<String> =
                    switch type {
                    case "integer", "number": ["number"]
                    case "bool": ["bool"]
                    case "group": ["object"]
                    case "list", "values", "multi_choice": ["array"]
                    default: ["text"]
                    }
                #expect(kindsSeen.isSubset(of: expected), where_)
            }
        }
    }

    /// The draft's top-level fields, each with its keys' values as written (comments cut off,
    /// single quotes taken off), and the options of each.
    struct Drafted {
        var fields: [String: [String: String]] = [:]
        var options: [String: [String]] = [:]
        subscript(name: String) -> [String: String]? { fields[name] }
    }

    static func topLevelFields(of yaml: String) -> Drafted {
        var drafted = Drafted()
        var current: String?
        for line in yaml.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let body = line.components(separatedBy: "  # ")[0]
            if body.hasPrefix("  - id: ") {
                current = unquoted(String(body.dropFirst(8)))
                if let current { drafted.fields[current] = [:] }
            } else if let name = current, body.hasPrefix("    "), !body.hasPrefix("     "), let colon = body.firstIndex(of: ":") {
                let key = body[body.index(body.startIndex, offsetBy: 4)..<colon]
                let value = body[body.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                drafted.fields[name]?[String(key)] = unquoted(value) ?? value
            } else if let name = current, body.hasPrefix("      - value: "), let value = unquoted(String(body.dropFirst(15))) {
                drafted.options[name, default: []].append(value)
            } else if !body.hasPrefix(" ") {
                current = nil
            }
        }
        return drafted
    }

    /// Decimal digits of any script as ASCII ones (`١٢` is 12, as `check` reads it).
    static func asciiDigits(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { scalar in
                    guard !scalar.isASCII, scalar.properties.numericType == .decimal, let digit = scalar.properties.numericValue else {
                        return scalar
                    }
                    return Unicode.Scalar(UInt8(48 + Int(digit)))
                }))
    }

    /// `'it''s'` as `it's`; a plain scalar as it is; nil for a double-quoted one (escapes).
    static func unquoted(_ text: String) -> String? {
        if text.hasPrefix("\"") { return nil }
        guard text.hasPrefix("'"), text.hasSuffix("'"), text.count >= 2 else { return text }
        return String(text.dropFirst().dropLast()).replacingOccurrences(of: "''", with: "'")
    }
}
