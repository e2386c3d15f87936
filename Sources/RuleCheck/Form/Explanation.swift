/// Why a field is as it is: where its value came from, and for visibility, enabled state,
/// required-ness and each issue, the rule that decided it and the values of the fields it read.
///
/// ```swift
/// print(form.explain("doc_number"))
/// // doc_number = (empty)
/// //   value: cleared because doc_type changed (depends_on), by the edit 'set doc_type'
/// //   visible: yes — visible_if: doc_type != null, reading doc_type = "passport"
/// //   …
/// ```
public struct Explanation: Sendable, CustomStringConvertible {
    /// A decision and what made it.
    public struct Decision: Sendable {
        public let result: Bool
        /// The rules that decided it, as written (empty: the default applies).
        public let rules: [String]
        /// The fields those rules read, with their current values.
        public let inputs: [(path: String, value: Value?)]
    }

    public let path: String
    public let value: Value?
    public let provenance: FieldState.Provenance
    /// Where the value came from, in words.
    public let source: String
    public let visible: Decision
    public let enabled: Decision
    public let required: Decision
    /// Each issue with the fields its field's rules read.
    public let issues: [FieldIssue]
    public let inputs: [(path: String, value: Value?)]

    public var description: String {
        func inputsText(_ inputs: [(path: String, value: Value?)]) -> String {
            inputs.isEmpty ? "" : ", reading " + inputs.map { "\($0.path) = \(Self.show($0.value))" }.joined(separator: ", ")
        }
        func decision(_ name: String, _ decision: Decision, _ fallback: String) -> String {
            let rules = decision.rules.isEmpty ? fallback : decision.rules.joined(separator: " and ")
            return "  \(name): \(decision.result ? "yes" : "no") — \(rules)\(inputsText(decision.inputs))"
        }
        var lines = ["\(path) = \(Self.show(value))", "  value: \(source)"]
        lines.append(decision("visible", visible, "always"))
        lines.append(decision("enabled", enabled, "always"))
        lines.append(decision("required", required, "not required"))
        if issues.isEmpty {
            lines.append("  valid")
        }
        for issue in issues {
            lines.append("  issue \(issue.code): \(issue.message) — \(issue.rule)\(inputsText(inputs))")
        }
        return lines.joined(separator: "\n")
    }

    /// The explanation as JSON, for `rulecheck replay --explain`.
    public var json: JSONValue {
        func inputs(_ list: [(path: String, value: Value?)]) -> JSONValue {
            .object(JSONObject(Dictionary(list.map { ($0.path, $0.value?.json ?? .null) }, uniquingKeysWith: { first, _ in first })))
        }
        func decision(_ decision: Decision) -> JSONValue {
            .object([
                "value": .bool(decision.result), "rules": .array(decision.rules.map { .string($0) }),
                "inputs": inputs(decision.inputs),
            ])
        }
        return .object([
            "field": .string(path),
            "value": value?.json ?? .null,
            "source": .string(source),
            "visible": decision(visible),
            "enabled": decision(enabled),
            "required": decision(required),
            "issues": .array(
                issues.map { issue in
                    .object([
                        "code": .string(issue.code.rawValue), "message": .string(issue.message),
                        "rule": .string(issue.rule), "inputs": inputs(self.inputs),
                    ])
                }),
        ])
    }

    static func show(_ value: Value?) -> String {
        switch value {
        case nil: "(empty)"
        case .text(let text)?: "\"\(text)\""
        case let value?: value.description
        }
    }
}

extension Form {
    /// Explains why the field at `path` is as it is.
    public func explain(_ path: String) -> Explanation {
        guard let slot = try? slot(path) else {
            let none = Explanation.Decision(result: false, rules: [], inputs: [])
            return Explanation(
                path: path, value: nil, provenance: .empty, source: "no such field", visible: none,
                enabled: none, required: none, issues: [], inputs: [])
        }
        let field = rules.fields[slot.field.index]
        let state = state(slot)
        func inputs(_ expressions: [WrittenExpression?]) -> [(path: String, value: Value?)] {
            var seen: [FieldID] = []
            for expression in expressions.compactMap({ $0 }) {
                for id in expression.expr.references where !seen.contains(id) { seen.append(id) }
            }
            return seen.map { id in
                let input = Slot(id, item: rules.fields[id.index].list == nil ? -1 : slot.item)
                if let list = rules.fields[id.index].list, list != field.list {
                    // An item field read through an aggregate: every item's value.
                    let all = (0..<values.itemCount(of: list)).compactMap { values[id, item: $0] }
                    return (
                        rules.fields[list.index].path + "[*]" + rules.fields[id.index].path.dropFirst(rules.fields[list.index].path.count),
                        .list(all)
                    )
                }
                if rules.fields[id.index].type == .list {
                    return ("count(\(rules.fields[id.index].path))", .number(Double(values.itemCount(of: id))))
                }
                return (self.path(input), self.state(input).value)
            }
        }
        let checkExpressions: [WrittenExpression?] = field.checks.flatMap { check -> [WrittenExpression?] in
            switch check.kind {
            case .min(let bound), .max(let bound): [check.when, bound]
            case .expr(let condition): [check.when, condition]
            default: [check.when]
            }
        }
        let source: String =
            switch state.provenance {
            case .empty: "empty: never filled"
            case .initial: "the initial value"
            case .user: "entered by the user"
            case .suggestion: "suggested (suggest), not edited by the user since"
            case .computed:
                "computed by " + (field.computed?.rule ?? "value")
                    + inputs([field.computed]).map { " with \($0.path) = \(Explanation.show($0.value))" }.joined(separator: ",")
            case .cleared(let cause, let edit):
                {
                    let by = edit.map { ", by the edit '\($0)'" } ?? ""
                    switch cause {
                    case .user: return "cleared by the user" + by
                    case .dependsOn(let parent): return "cleared because \(parent) changed (depends_on)" + by
                    case .hidden: return "cleared when it became hidden (hidden_values: clear)" + by
                    case .optionsFilter: return "cleared because its options_filter no longer offers the value" + by
                    }
                }()
            }
        return Explanation(
            path: path, value: state.value, provenance: state.provenance, source: source,
            visible: .init(
                result: state.isVisible, rules: field.visibleConditions.map(\.rule),
                inputs: inputs(field.visibleConditions)),
            enabled: .init(
                result: state.isEnabled, rules: field.enabledConditions.map(\.rule),
                inputs: inputs(field.enabledConditions)),
            required: .init(
                result: state.isRequired,
                rules: field.required.map { [$0.rule] + (state.isVisible ? [] : ["hidden fields are never required"]) } ?? [],
                inputs: inputs([field.required])),
            issues: state.issues,
            inputs: inputs([field.min, field.max, field.optionsFilter] + checkExpressions))
    }
}
