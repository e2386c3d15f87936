import Patterns

/// The failures of a visible field's value: every rule it fails, each its own failure.
extension FieldEvaluator {
    /// Every rule of a visible field that `value` fails, in a fixed order: required; length,
    /// pattern, mask; min, max; option; items; then each applicable check. `text`: the UTF-8 of a
    /// text value kept as bytes (``Input/text``), which the text's rules read instead of `value`.
    func failures<Context: EvaluationContext>(
        _ field: FieldRules, plan: FieldPlan? = nil, value: Value?,
        text: UnsafeBufferPointer<UInt8>? = nil, option: Int? = nil, required: Bool,
        _ context: Context, into found: inout [Failure]
    ) {
        let plan = plan ?? plans[field.id.index]
        switch field.type {
        case .group:
            // A group given as an object (`value`, under `empty_values: present`) is there even empty.
            let empty = rules.valueDescendants[field.id.index].allSatisfy { !context.hasValue($0) }
            if empty, value == nil {
                if required { found.append(.required) }
                return
            }
            if plan.contains(.checks) { checkFailures(field, value: nil, context, into: &found) }
        case .list:
            // A list given as an array (`value`, under `empty_values: present`) is there even empty.
            let count = context.itemCount(of: field.id)
            if count == 0, value == nil {
                if required { found.append(.required) }
                return
            }
            countFailures(field, count, into: &found)
            if !field.uniqueBy.isEmpty, let (first, item) = firstDuplicate(field, count, context) {
                found.append(.duplicateItem(first: first, item: item))
            }
            if plan.contains(.checks) { checkFailures(field, value: nil, context, into: &found) }
        default:
            guard let value else {
                if required { found.append(.required) }
                return
            }
            if case .list(let values) = value, field.type == .values {
                // Each value is held to the field's own rules; a rule fails once however many fail it.
                for element in values { valueFailures(field, element, context, into: &found, once: true) }
            } else if !plan.isDisjoint(with: .valueRules) {
                valueFailures(field, value, text: text, context, into: &found)
            }
            if field.type == .choice || field.type == .multiChoice, !isOffered(value, field, context, option: option) {
                found.append(.option)
            }
            if case .list(let values) = value {
                countFailures(field, values.count, into: &found)
                if field.uniqueItems, Set(values).count < values.count { found.append(.duplicateItems) }
            } else if case .structured(.array(let elements)) = value {
                // A json field's array: its counts and uniqueness, as JSON compares values.
                countFailures(field, elements.count, into: &found)
                if field.uniqueItems, Set(elements).count < elements.count { found.append(.duplicateItems) }
            }
            if plan.contains(.checks) { checkFailures(field, value: value, text: text, context, into: &found) }
        }
    }

    /// `unique_by`: the first item whose key values an earlier item has too, and that item. Items
    /// with an empty key field are skipped (their emptiness is `required`'s business); values
    /// compare as `==` does.
    private func firstDuplicate<Context: EvaluationContext>(
        _ field: FieldRules, _ count: Int, _ context: Context
    ) -> (first: Int, item: Int)? {
        guard count > 1 else { return nil }
        var seen: [[Value]: Int] = [:]
        seen.reserveCapacity(count)
        var key: [Value] = []
        key.reserveCapacity(field.uniqueBy.count)
        for item in 0..<count {
            key.removeAll(keepingCapacity: true)
            for part in field.uniqueBy {
                guard let value = context.value(of: part, item: item) else { break }
                key.append(value)
            }
            guard key.count == field.uniqueBy.count else { continue }
            if let first = seen[key] { return (first, item) }
            seen[key] = item
        }
        return nil
    }

    private func countFailures(_ field: FieldRules, _ count: Int, into found: inout [Failure]) {
        if let minimum = field.minItems, count < minimum {
            found.append(.minItems)
        } else if let maximum = field.maxItems, count > maximum {
            found.append(.maxItems)
        }
    }

    /// Length, pattern, mask and range of the field's own keys. With `once`, a failure already
    /// found (for another value of a `values` field) is not added again.
    private func valueFailures<Context: EvaluationContext>(
        _ field: FieldRules, _ value: Value,
        text bytes: UnsafeBufferPointer<UInt8>? = nil,
        _ context: Context, into found: inout [Failure],
        once: Bool = false
    ) {
        guard !once else {
            var more: [Failure] = []
            valueFailures(field, value, context, into: &more)
            for failure in more where !found.contains(failure) { found.append(failure) }
            return
        }
        switch value {
        case .text(let text):
            guard field.minLength != nil || field.maxLength != nil || field.pattern != nil || field.mask != nil else { return }
            UTF8Text.withBytes(of: text, or: bytes) { utf8 in
                if let minimum = field.minLength, UTF8Text.scalarCount(utf8, isBelow: minimum) { found.append(.minLength(check: nil)) }
                if let maximum = field.maxLength, UTF8Text.scalarCount(utf8, isAbove: maximum) { found.append(.maxLength(check: nil)) }
                if let pattern = field.pattern, let failure = patternFailure(pattern, utf8, check: nil) { found.append(failure) }
                if let mask = field.mask, !mask.isComplete(utf8: utf8, as: field.maskValue) { found.append(.mask(check: nil)) }
            }
        case .list(let items) where field.type == .file:
            for file in items.compactMap(FileInfo.init(value:)) {
                if let maximum = field.maxSize, file.size > maximum { found.append(.fileSize(file: file.name)) }
                if !field.mediaTypes.isEmpty && !Self.allows(field.mediaTypes, file.mediaType) {
                    found.append(.mediaType(file: file.name))
                }
            }
        case .number, .decimal, .date:
            if let bound = field.min,
                let failure = rangeFailure(min: true, bound, value, field, check: nil, context, &found)
            {
                found.append(failure)
            }
            if let bound = field.max,
                let failure = rangeFailure(min: false, bound, value, field, check: nil, context, &found)
            {
                found.append(failure)
            }
        default:
            break
        }
    }

    /// Whether a media type is among `allowed` (`image/*` allows every image type); case does
    /// not matter, and parameters (`; charset=…`) are not compared.
    static func allows(_ allowed: [String], _ mediaType: String) -> Bool {
        let type = String(mediaType.lowercased().prefix { $0 != ";" }.filter { $0 != " " })
        return allowed.contains { pattern in
            pattern.hasSuffix("/*") ? type.hasPrefix(pattern.dropLast()) : type == pattern
        }
    }

    private func patternFailure(_ pattern: Pattern, _ text: UnsafeBufferPointer<UInt8>, check: Int?) -> Failure? {
        do {
            return try pattern.matches(utf8: text) ? nil : .pattern(check: check)
        } catch {
            return .regexLimit(check: check)
        }
    }

    /// A `min` or `max` failure, or nil. A bound that evaluates to null is not applied.
    private func rangeFailure<Context: EvaluationContext>(
        min: Bool, _ bound: WrittenExpression, _ value: Value,
        _ field: FieldRules, check: Int?, _ context: Context,
        _ found: inout [Failure]
    ) -> Failure? {
        let limit: Value?
        if let folded, let value = folded.bound(of: field, min: min, check: check, today: context.today).value {
            limit = value
        } else {
            limit = evaluate(bound, context, &found)
        }
        guard let limit else { return nil }
        let fails: Bool
        switch (value, limit) {
        case (.number(let a), .number(let b)): fails = min ? a < b : a > b
        case (.date(let a), .date(let b)): fails = min ? a < b : a > b
        default:
            // A `.decimal` on either side (a number with more digits than a `Double` holds):
            // compared digit by digit.
            guard let order = Value.compareNumbers(value, limit) else { return nil }
            fails = order == (min ? .ascending : .descending)
        }
        guard fails else { return nil }
        return min ? .min(limit, check: check) : .max(limit, check: check)
    }

    /// The failures of the checks whose `when` holds.
    private func checkFailures<Context: EvaluationContext>(
        _ field: FieldRules, value: Value?,
        text bytes: UnsafeBufferPointer<UInt8>? = nil,
        _ context: Context, into found: inout [Failure]
    ) {
        for (index, check) in field.checks.enumerated() {
            if let when = check.when, !holds(when, rule: check.rule, context, &found) {
                continue
            }
            if case .list(let values)? = value, field.type == .values, !check.isExpr {
                // A value rule of a `values` field's check applies to each value; it fails once.
                for element in values {
                    var more: [Failure] = []
                    valueCheckFailure(check, index, field, element, context, into: &more)
                    for failure in more where !found.contains(failure) { found.append(failure) }
                }
                continue
            }
            valueCheckFailure(check, index, field, value, text: bytes, context, into: &found)
        }
    }

    /// The failure of one check's rule on `value`, if it fails.
    private func valueCheckFailure<Context: EvaluationContext>(
        _ check: CheckRule, _ index: Int, _ field: FieldRules,
        _ value: Value?, text bytes: UnsafeBufferPointer<UInt8>? = nil,
        _ context: Context, into found: inout [Failure]
    ) {
        switch check.kind {
        case .pattern(let pattern):
            guard case .text(let text)? = value else { return }
            UTF8Text.withBytes(of: text, or: bytes) { utf8 in
                if let failure = patternFailure(pattern, utf8, check: index) { found.append(failure) }
            }
        case .mask(let mask):
            guard case .text(let text)? = value else { return }
            if !UTF8Text.withBytes(of: text, or: bytes, { mask.isComplete(utf8: $0, as: field.maskValue) }) {
                found.append(.mask(check: index))
            }
        case .min(let bound):
            if let value, let failure = rangeFailure(min: true, bound, value, field, check: index, context, &found) {
                found.append(failure)
            }
        case .max(let bound):
            if let value, let failure = rangeFailure(min: false, bound, value, field, check: index, context, &found) {
                found.append(failure)
            }
        case .minLength(let minimum):
            guard case .text(let text)? = value else { return }
            if UTF8Text.withBytes(of: text, or: bytes, { UTF8Text.scalarCount($0, isBelow: minimum) }) {
                found.append(.minLength(check: index))
            }
        case .maxLength(let maximum):
            guard case .text(let text)? = value else { return }
            if UTF8Text.withBytes(of: text, or: bytes, { UTF8Text.scalarCount($0, isAbove: maximum) }) {
                found.append(.maxLength(check: index))
            }
        case .expr(let condition):
            if !holds(condition, context, &found) { found.append(.check(index)) }
        }
    }
}

extension CheckRule {
    /// Whether the check is an `expr` (which reads the whole field) rather than a value rule.
    var isExpr: Bool {
        if case .expr = kind { return true }
        return false
    }
}
