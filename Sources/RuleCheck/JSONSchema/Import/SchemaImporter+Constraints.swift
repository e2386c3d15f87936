import Patterns

/// Value keywords as expressions on one field: used for a field's own keywords that have no
/// rules-file key (`exclusiveMinimum`, `pattern`), for `then`/`else` checks, and for `if` conditions.
extension SchemaImporter {
    struct Constraint {
        var expr: String
        var pointer: String
        var keyword: String
    }

    /// The keywords of `node` that constrain a value, each as a condition on `path`.
    /// `untranslated` is set when a keyword that constrains values could not be written. For a
    /// `json` field (`type` `.json`) each keyword holds for the values of its JSON type only,
    /// `type` is a condition too, and `const`/`enum` may be arrays and objects.
    ///
    mutating func constraints(
        _ node: SchemaNode, path: String, type: FieldType?, forCondition: Bool,
        only keywords: Set<String>? = nil, depth: Int = 0
    ) -> (items: [Constraint], untranslated: Bool) {
        var items: [Constraint] = []
        var untranslated = false
        guard depth < 4 else {
            finding(.unsupported, "anyOf/oneOf/not nest too deeply to be written as a condition", at: node.pointer)
            return ([], true)
        }
        let annotations: Set<String> = [
            "title", "description", "$comment", "type", "default", "examples", "readOnly", "errorMessage", "errors", "$ref", "allOf",
        ]
        for part in node.parts {
            for key in part.object.keys.sorted() {
                if let keywords, !keywords.contains(key) { continue }
                guard let value = part.object[key] else { continue }
                let pointer = part.pointer + "/" + SchemaPointer.escape(key)
                func only(_ jsonType: String, _ expr: String) -> String { Self.onlyFor(jsonType, expr, path: path, type: type) }
                switch key {
                case "type" where type == .json:
                    guard let condition = Self.jsonTypeCondition(value, path: path) else {
                        untranslated = true
                        continue
                    }
                    items.append(Constraint(expr: condition, pointer: pointer, keyword: key))
                case "const" where type == .json:
                    items.append(
                        Constraint(
                            expr: value == .null ? "\(path) == null" : "\(path) == \(Self.anyLiteral(value))", pointer: pointer,
                            keyword: key))
                case "enum" where type == .json:
                    guard let list = value.array, !list.isEmpty else {
                        untranslated = true
                        finding(.unsupported, "this enum cannot be written as an expression", at: pointer)
                        continue
                    }
                    let values = list.filter { $0 != .null }
                    var terms = values.isEmpty ? [] : ["\(path) in [\(values.map(Self.anyLiteral).joined(separator: ", "))]"]
                    if values.count < list.count { terms.append("\(path) == null") }
                    items.append(Constraint(expr: Self.balanced(terms, "or"), pointer: pointer, keyword: key))
                case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum":
                    if case .bool = value { continue }  // draft-04: read with minimum/maximum
                    guard let number = value.exactNumber, let literal = Self.decimal(number) else {
                        untranslated = true
                        finding(.unsupported, Self.unwritable(key, value), at: pointer)
                        continue
                    }
                    let exclusive =
                        key.hasPrefix("exclusive")
                        || (key == "minimum" && part.object["exclusiveMinimum"] == .bool(true))
                        || (key == "maximum" && part.object["exclusiveMaximum"] == .bool(true))
                    let op = key.contains("inimum") ? (exclusive ? ">" : ">=") : (exclusive ? "<" : "<=")
                    items.append(Constraint(expr: only("number", "\(path) \(op) \(literal)"), pointer: pointer, keyword: key))
                case "multipleOf":
                    guard let number = value.exactNumber, number > .zero, let literal = Self.decimal(number) else {
                        untranslated = true
                        finding(.unsupported, Self.unwritable(key, value), at: pointer)
                        continue
                    }
                    items.append(Constraint(expr: only("number", "multiple_of(\(path), \(literal))"), pointer: pointer, keyword: key))
                case "minItems", "maxItems":
                    guard let count = value.integer, count >= 0 else {
                        error(.invalidSchema, "\(key) must be a whole number ≥ 0", at: pointer)
                        continue
                    }
                    items.append(
                        Constraint(
                            expr: only("array", "count(\(path)) \(key == "minItems" ? ">=" : "<=") \(count)"), pointer: pointer,
                            keyword: key))
                case "minLength", "maxLength":
                    guard let count = value.integer, count >= 0 else {
                        error(.invalidSchema, "\(key) must be a whole number ≥ 0", at: pointer)
                        continue
                    }
                    items.append(
                        Constraint(
                            expr: only("string", "len(\(path)) \(key == "minLength" ? ">=" : "<=") \(count)"), pointer: pointer,
                            keyword: key))
                case "pattern":
                    guard let regex = value.string else {
                        error(.invalidSchema, "pattern must be a string", at: pointer)
                        continue
                    }
                    guard let pcre = translatePattern(regex, at: pointer) else {
                        untranslated = true
                        continue
                    }
                    items.append(
                        Constraint(
                            expr: only("string", "matches(\(path), \(Self.textLiteral(pcre)))"),
                            pointer: pointer, keyword: key))
                case "const":
                    guard let literal = Self.literal(value) else {
                        untranslated = true
                        finding(.unsupported, "const \(value.kindDescription) cannot be compared in an expression", at: pointer)
                        continue
                    }
                    items.append(
                        Constraint(expr: literal == "null" ? "\(path) == null" : "\(path) == \(literal)", pointer: pointer, keyword: key))
                case "enum":
                    let literals = (value.array ?? []).map(Self.literal)
                    guard !literals.isEmpty, literals.allSatisfy({ $0 != nil && $0 != "null" }) else {
                        untranslated = true
                        finding(.unsupported, "this enum cannot be written as an expression", at: pointer)
                        continue
                    }
                    items.append(
                        Constraint(
                            expr: "\(path) in [\(literals.compactMap { $0 }.joined(separator: ", "))]", pointer: pointer, keyword: key))
                case "format" where value.string.flatMap({ SchemaFormats.pattern(for: $0) }) != nil:
                    if let regex = value.string.flatMap({ SchemaFormats.pattern(for: $0) }) {
                        items.append(
                            Constraint(
                                expr: only("string", "matches(\(path), \(Self.textLiteral("^(?:" + regex + ")\\z")))"), pointer: pointer,
                                keyword: key))
                    }
                case "not", "anyOf", "oneOf":
                    if key != "not", combinatorIsOptions(node, key) {
                        // Options written as oneOf/anyOf of const: the value is one of them.
                        let literals = (value.array ?? []).compactMap { $0["const"] ?? $0["enum"]?[0] }
                            .map { type == .json ? Self.anyLiteral($0) : Self.literal($0) }
                        guard literals.allSatisfy({ $0 != nil && $0 != "null" }) else { untranslated = true; continue }
                        items.append(
                            Constraint(
                                expr: "\(path) in [\(literals.compactMap { $0 }.joined(separator: ", "))]", pointer: pointer, keyword: key))
                        continue
                    }
                    guard let expr = combinator(key, value, at: pointer, path: path, type: type, depth: depth) else {
                        untranslated = true
                        if !forCondition {
                            finding(.unsupported, "this '\(key)' cannot be written as an expression; it is not checked", at: pointer)
                        }
                        continue
                    }
                    items.append(Constraint(expr: expr, pointer: pointer, keyword: key))
                default:
                    if annotations.contains(key) { continue }
                    untranslated = true
                    if !forCondition { finding(.unsupported, "'\(key)' here is not checked", at: pointer) }
                }
            }
        }
        return (items, untranslated)
    }

    /// `not`, `anyOf`, `oneOf` of value schemas as one condition on `path`; `nil` when a branch
    /// cannot be written. A branch whose `type` excludes the field's type is `false`.
    private mutating func combinator(
        _ key: String, _ value: JSONValue, at pointer: String, path: String, type: FieldType?,
        depth: Int
    ) -> String? {
        let condition = branchCondition(key, value, at: pointer) { importer, branch in
            if let type, !Self.typeAllows(importer.declaredTypes(branch), type) { return "false" }
            let inner = importer.constraints(branch, path: path, type: type, forCondition: true, depth: depth + 1)
            guard !inner.untranslated else { return nil }
            return inner.items.isEmpty ? "true" : Self.balanced(inner.items.map(\.expr), "and")
        }
        return try? condition.get()
    }

    /// Generated expressions longer than this are not written (a `oneOf` of `oneOf`s grows fast).
    static let maxExpressionLength = 8192

    /// `terms` joined by `op` as a balanced tree of parentheses, so that a long chain stays within
    /// the expression nesting limit (a flat chain of 200 `or`s nests 200 levels deep).
    static func balanced(_ terms: [String], _ op: String) -> String {
        guard terms.count > 1 else { return terms.first ?? (op == "and" ? "true" : "false") }
        var level = terms.map { "(\($0))" }
        while level.count > 1 {
            var next: [String] = []
            next.reserveCapacity((level.count + 1) / 2)
            var index = 0
            while index < level.count {
                if index + 1 < level.count {
                    next.append(
                        level.count == 2 ? "\(level[index]) \(op) \(level[index + 1])" : "(\(level[index]) \(op) \(level[index + 1]))")
                } else {
                    next.append(level[index])
                }
                index += 2
            }
            level = next
        }
        return level[0]
    }

    /// Whether a branch's `type` (if written) admits values of a field of `type`.
    static func typeAllows(_ types: Types, _ type: FieldType) -> Bool {
        guard !types.names.isEmpty || types.nullable else { return true }
        switch type {
        case .text, .date: return types.names.contains("string")
        case .number: return types.names.contains("number") || types.names.contains("integer")
        case .integer: return types.names.contains("integer") || types.names.contains("number")
        case .bool: return types.names.contains("boolean")
        default: return true
        }
    }

    /// A pattern translated from ECMA-262 to PCRE2, with findings for what differs; `nil`, with
    /// an error at the keyword, when ECMA-262 refuses it (PCRE2's own syntax among others).
    /// With `body`, the regex is `^…$` and what is translated is what lies between (see
    /// ``ECMARegex/wholeMatchBody(_:)``).
    /// PCRE2's message for a lookbehind whose length varies.
    static let varyingLookbehind = "lookbehind assertion is not fixed length"

    mutating func translatePattern(_ regex: String, at pointer: String, body: Bool = false) -> String? {
        let inner = body ? ECMARegex.wholeMatchBody(regex) : nil
        switch ECMARegex.translate(inner ?? regex) {
        case .success(let translation):
            // ECMA-262 lets a lookbehind's length vary (`(?<=a+)b`); PCRE2 (before 10.43) does not:
            // a valid pattern that cannot be checked, which is said so rather than called invalid.
            do {
                _ = try PatternCache.shared.pattern(translation.pcre)
            } catch  where error.message == Self.varyingLookbehind {
                ownFinding(
                    .unsupported,
                    "a lookbehind whose length varies is valid ECMA-262, but PCRE2 cannot match it; the pattern is not checked",
                    at: pointer)
                return nil
            } catch {
                // Reported where the translated pattern is compiled, as before.
            }
            // The schema's own evaluation runs the same translation: a difference is reported whoever decides.
            for note in translation.notes { ownFinding(.approximated, note, at: pointer) }
            return translation.pcre
        case .failure(let refusal):
            let shown = regex.unicodeScalars.count > 80 ? String(String.UnicodeScalarView(regex.unicodeScalars.prefix(80))) + "…" : regex
            error(
                .unsupportedSchemaRegex,
                "'\(shown)' is not an ECMA-262 regex (a JSON Schema pattern is one, read with the u flag): \(refusal.message), "
                    + "at character \(refusal.offset + (inner == nil ? 1 : 2))",
                at: pointer)
            return nil
        }
    }

    /// A JSON scalar as an expression literal; `nil` for arrays, objects and numbers that cannot
    /// be written as plain decimals.
    static func literal(_ value: JSONValue) -> String? {
        switch value {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .number, .decimal: value.exactNumber.flatMap(decimal)
        case .string(let text): textLiteral(text)
        case .array, .object: nil
        }
    }

    /// `'text'` with `\` and `'` escaped, and line breaks and tabs as `\n`, `\t`.
    static func textLiteral(_ text: String) -> String {
        var out = "'"
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "'": out += "\\'"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "'"
    }

    /// Why a numeric keyword is not checked: its value is not a number (> 0 for `multipleOf`), or
    /// is one that cannot be written as a plain decimal (``decimal(_:)``).
    static func unwritable(_ keyword: String, _ value: JSONValue) -> String {
        guard let number = value.exactNumber, keyword != "multipleOf" || number > .zero else {
            return keyword == "multipleOf" ? "multipleOf must be a number > 0" : "\(keyword) must be a number"
        }
        return "\(keyword) \(number) cannot be written as a plain decimal (it would take more than 400 zeros); it is not checked"
    }

    /// A number as a plain decimal with every digit (no exponent), as rules files and
    /// expressions write numbers: `9007199254740993`, `0.000000000000000000000000000001`; `nil`
    /// when that would take more than ``ExactDecimal/maxPlainZeros`` zeros (`1e-500`).
    static func decimal(_ number: ExactDecimal) -> String? {
        let text = number.description
        return text.contains("e") ? nil : text
    }
}

/// `format` values the importer checks with a pattern (whole value, PCRE2).
enum SchemaFormats {
    static func pattern(for format: String) -> String? {
        switch format {
        case "date-time":
            #"[0-9]{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12][0-9]|3[01])[Tt ](?:[01][0-9]|2[0-3]):[0-5][0-9]:(?:[0-5][0-9]|60)(?:\.[0-9]+)?(?:[Zz]|[+-](?:[01][0-9]|2[0-3]):[0-5][0-9])"#
        case "time":
            #"(?:[01][0-9]|2[0-3]):[0-5][0-9]:(?:[0-5][0-9]|60)(?:\.[0-9]+)?(?:[Zz]|[+-](?:[01][0-9]|2[0-3]):[0-5][0-9])"#
        case "email":
            #"[^\s@]+@[^\s@]+\.[^\s@]+"#
        case "uri":
            #"[A-Za-z][A-Za-z0-9+.\-]*:[^\s]*"#
        case "uuid":
            #"[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}"#
        case "ipv4":
            #"(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])\.){3}(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])"#
        default:
            nil
        }
    }
}
