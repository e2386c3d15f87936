import Patterns
import RuleCheck

/// What a profile becomes in the drafted rules file: a field whose every rule says what it was
/// inferred from, or why there is none.
extension FieldProfile {
    enum Drafted {
        case field(RulesDraft.Field)
        /// The field is left out, for this reason (values of several kinds, say).
        case notInferred(String)
    }

    /// The field, given how many instances of its level there were (`scope`: records, or a
    /// list's items), and the noun for them (`record`, `item`).
    func draft(scope: Int, of unit: String) -> Drafted {
        let empty = max(0, scope - present)
        let distinctWords = distinct.overflowed ? "more than \(limits.maxOptions) distinct" : "\(Self.count(distinct.order.count)) distinct"
        let summary = "\(Self.count(present, "value")), \(Self.count(empty)) empty"
        var field: RulesDraft.Field
        if fromCells, let members {
            field = RulesDraft.Field(id: name, type: .group)
            field.comment = "the columns \(prefix + name).…"
            field.fields = members.draftFields(scope: scope, of: unit)
            guard field.fields?.isEmpty == false else { return .notInferred("none of its members could be inferred") }
            return .field(field)
        }
        let kinds = self.kinds
        // JSON's `[]` is no value, but an array all the same: a text field would not read it.
        if present == 0, kinds.count <= 1, arrays == 0 {
            field = RulesDraft.Field(id: name, type: .text)
            field.comment = "no values: every \(unit) leaves it empty"
            return .field(field)
        }
        if fromCells, cellArrays > 0, cellArrays == texts { return draftArray(scope: scope, unit: unit) }
        guard kinds.count == 1 else {
            return .notInferred("its values are of several kinds (\(kinds.joined(separator: ", "))), which no one type reads")
        }
        if objects > 0 {
            guard let members, !members.names.isEmpty else { return .notInferred("its objects hold no field") }
            field = RulesDraft.Field(id: name, type: .group)
            field.comment = "an object in \(Self.count(present)) of \(Self.count(scope, unit))"
            field.fields = members.draftFields(scope: scope, of: unit)
            guard field.fields?.isEmpty == false else { return .notInferred("none of its members could be inferred") }
            return .field(field)
        }
        if arrays > 0 { return draftArray(scope: scope, unit: unit) }
        if bools > 0 {
            field = RulesDraft.Field(id: name, type: .bool)
            field.comment = summary
        } else if numbers > 0 {
            field = numberField(jsonNumbers, summary: summary)
        } else if let typed = typedText(summary: summary, distinctWords: distinctWords) {
            field = typed
        } else {
            return .notInferred("no type reads all its values")
        }
        if empty == 0 { field.required = RulesDraft.Rule(key: "required", value: "true", comment: "no \(unit) leaves it empty") }
        return .field(field)
    }

    /// A field of text values: a number, a bool or a date when every value reads as one (numbers
    /// and bools only from CSV cells: JSON keeps its types), else a choice among few values, else text.
    private func typedText(summary: String, distinctWords: String) -> RulesDraft.Field? {
        if fromCells, textNumbers.allNumbers, !textNumbers.isEmpty {
            return numberField(textNumbers, summary: summary)
        }
        if fromCells, allBoolTexts, boolWord {
            var field = RulesDraft.Field(id: name, type: .bool)
            field.comment = summary
            return field
        }
        if let date = dates.best {
            var field = RulesDraft.Field(id: name, type: .date)
            field.comment = summary
            let others = date.alsoFits.filter { Self.order(of: $0) != Self.order(of: date.format) }
            let ambiguity = others.isEmpty ? "" : "; \(others.map(\.pattern).joined(separator: ", ")) reads them too"
            if date.format != .iso {
                field.rules.append(
                    RulesDraft.Rule(key: "format", value: date.format.pattern, comment: "how every value is written" + ambiguity))
            } else if !ambiguity.isEmpty {
                field.comment = summary + ambiguity
            }
            field.rules.append(
                RulesDraft.Rule(key: "min", value: date.earliest.iso, comment: "the earliest of \(Self.count(present, "date"))"))
            field.rules.append(RulesDraft.Rule(key: "max", value: date.latest.iso, comment: "the latest"))
            return field
        }
        let options = distinct.order.count
        // A value holding U+FEFF is no option: YAML readers may drop that character (as a byte
        // order mark) even where it is escaped, and the option read back empty. (RuleCheck's own
        // reader keeps it: `YAMLRulesReader.restoringByteOrderMarks`; the draft may go to others.)
        let writable = !distinct.order.contains { $0.unicodeScalars.contains("\u{FEFF}") }
        // `""` (JSON) is not one of the options.
        if !distinct.overflowed, writable, emptyTexts == 0, options >= 1, present >= 2 * options {
            var field = RulesDraft.Field(id: name, type: .choice)
            field.comment = "\(summary), \(distinctWords)"
            field.options = distinct.ranked.map { RulesDraft.Option(value: $0.value, comment: Self.count($0.count)) }
            return field
        }
        var field = RulesDraft.Field(id: name, type: .text)
        field.comment = "\(summary), \(distinctWords)"
        // A shape needs two values at least: one value has every shape.
        if let shape, shape.isTelling, distinct.overflowed || distinct.order.count >= 2 {
            let values = Self.count(present, "value")
            if shape.tokens.contains(where: { if case .digits = $0 { true } else { false } }), let mask = shape.mask, masks(mask) {
                field.rules.append(RulesDraft.Rule(key: "mask", value: mask, comment: "the shape all \(values) have"))
                return field
            }
            if matches(shape.pattern) {
                field.rules.append(RulesDraft.Rule(key: "pattern", value: shape.pattern, comment: "the shape all \(values) have"))
                return field
            }
        }
        field.rules.append(
            RulesDraft.Rule(key: "min_length", value: String(shortest), comment: "the shortest of \(Self.count(present, "value"))"))
        field.rules.append(RulesDraft.Rule(key: "max_length", value: String(longest), comment: "the longest"))
        return field
    }

    private func numberField(_ range: NumberRange, summary: String) -> RulesDraft.Field {
        var field = RulesDraft.Field(id: name, type: range.allWhole ? .integer : .number)
        field.comment = summary
        if range.allNumbers, let smallest = range.smallest, let largest = range.largest {
            field.rules.append(
                RulesDraft.Rule(key: "min", value: smallest, comment: "the smallest of \(Self.count(present, "value"))"))
            field.rules.append(RulesDraft.Rule(key: "max", value: largest, comment: "the largest"))
        }
        return field
    }

    /// A list (arrays of objects) or a values field (arrays of plain values), with the counts of
    /// items seen.
    private func draftArray(scope: Int, unit: String) -> Drafted {
        guard !mixedArrays else { return .notInferred("its arrays mix objects, plain values or arrays") }
        guard nullElements == 0 else { return .notInferred("its arrays hold null, which no values field reads") }
        // JSON arrays count when they hold an item; a column's cells, likewise.
        let present = fromCells ? filledCellArrays : self.present
        var field: RulesDraft.Field
        if let items, !items.names.isEmpty {
            guard depth == 0 || !isInsideList else { return .notInferred("a list inside a list item (infer drafts lists one level deep)") }
            field = RulesDraft.Field(id: name, type: .list)
            field.comment =
                "arrays of objects in \(Self.count(present)) of \(Self.count(scope, unit)), \(Self.count(items.instances, "item")) in all"
            field.item = items.draftFields(scope: items.instances, of: "item")
            guard field.item?.isEmpty == false else { return .notInferred("none of its items' members could be inferred") }
        } else if let elements, elements.present > 0 {
            switch elements.draft(scope: elements.present, of: "value") {
            case .notInferred(let reason): return .notInferred("its arrays' values: \(reason)")
            case .field(let element):
                if element.type == .choice, let options = element.options {
                    field = RulesDraft.Field(id: name, type: .multiChoice)
                    field.options = options
                } else if [.text, .number, .integer, .date, .bool].contains(element.type) {
                    field = RulesDraft.Field(id: name, type: .values)
                    if element.type != .text { field.itemType = element.type }
                    field.rules = element.rules.filter { ["format", "min", "max"].contains($0.key) }
                } else {
                    return .notInferred("its arrays hold values of no plain type")
                }
                field.comment = "arrays in \(Self.count(present)) of \(Self.count(scope, unit)); \(element.comment ?? "")"
            }
        } else {
            // Every array is empty (or holds only `""`, which a text values field reads as empty).
            field = RulesDraft.Field(id: name, type: .values)
            let arrays = fromCells ? cellArrays : self.arrays
            field.comment =
                "arrays in \(Self.count(arrays)) of \(Self.count(scope, unit)), every one "
                + (mostItems == 0 ? "empty" : "without a value")
            return .field(field)
        }
        if present == scope { field.required = RulesDraft.Rule(key: "required", value: "true", comment: "no \(unit) leaves it empty") }
        if fewestItems > 0, fewestItems != Int.max {
            field.rules.append(RulesDraft.Rule(key: "min_items", value: String(fewestItems), comment: "the fewest in one \(unit)"))
        }
        field.rules.append(RulesDraft.Rule(key: "max_items", value: String(mostItems), comment: "the most in one \(unit)"))
        return .field(field)
    }

    /// Whether this field's level is a list's item (its path has `[]`).
    private var isInsideList: Bool { prefix.contains("[].") }

    /// Whether every example value completes `notation` as the check reads it (a guard: the shape
    /// promises it).
    private func masks(_ notation: String) -> Bool {
        guard let mask = try? Mask(notation) else { return false }
        return examples.allSatisfy { mask.isComplete($0) }
    }

    /// Whether every example value matches `pattern` whole, as the check matches it.
    private func matches(_ pattern: String) -> Bool {
        guard let compiled = try? Pattern(pattern) else { return false }
        return examples.allSatisfy { (try? compiled.matches($0)) == true }
    }

    /// A date format's order of day, month and year (`dd.MM.yyyy` and `d.M.yyyy` read alike).
    private static func order(of format: DateFormat) -> String {
        String(
            format.pattern.filter { "dMy".contains($0) }.reduce(into: "") { text, letter in if text.last != letter { text.append(letter) } }
        )
    }

    /// `200,000`; with a noun, `1 record`, `3 records`.
    static func count(_ number: Int, _ noun: String? = nil) -> String {
        guard let noun else { return number.grouped }
        return number.grouped + " " + noun + (number == 1 ? "" : "s")
    }
}

extension FieldSet {
    /// The fields of this level, in order, each drafted for `scope` instances of `unit`; those
    /// that cannot be are noted.
    func draftFields(scope: Int, of unit: String) -> [RulesDraft.Field] {
        names.compactMap { name in
            guard let profile = profiles[name] else { return nil }
            switch profile.draft(scope: scope, of: unit) {
            case .field(let field): return field
            case .notInferred(let reason):
                limits.note(prefix + name, reason)
                return nil
            }
        }
    }
}
