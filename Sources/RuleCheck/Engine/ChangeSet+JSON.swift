extension ChangeSet {
    /// The change set as `rulecheck replay` prints it: an object with `values`, `visible`,
    /// `enabled`, `required`, `issues`, `sections` and `gates` (each holding only what changed)
    /// and, when a list's number of items changed, `items`; when the issues to show changed
    /// (after `focus`, `blur` or `touch_all`), `shown_issues`, and `interaction` when that changed.
    /// Dates are ISO text.
    public var json: JSONValue {
        var object: [String: JSONValue] = [
            "values": .object(values.mapValues { $0.map(\.json) ?? .null }),
            "visible": .object(visible.mapValues { .bool($0) }),
            "enabled": .object(enabled.mapValues { .bool($0) }),
            "required": .object(required.mapValues { .bool($0) }),
            "issues": .object(issues.mapValues { .array($0.map(\.json)) }),
            "sections": .object(sections.mapValues { .bool($0) }),
            "gates": .object(gates.mapValues { .bool($0) }),
        ]
        if !items.isEmpty { object["items"] = .object(items.mapValues { .number(Double($0)) }) }
        if !shownIssues.isEmpty { object["shown_issues"] = .object(shownIssues.mapValues { .array($0.map(\.json)) }) }
        if !interaction.isEmpty { object["interaction"] = .object(interaction.mapValues { .string($0.rawValue) }) }
        return .object(object)
    }
}

extension Issue {
    /// `{"code": …, "message": …}`.
    public var json: JSONValue {
        .object(["code": .string(code.rawValue), "message": .string(message)])
    }
}
