extension ChangeSet {
    /// The change set as `rulecheck replay` prints it: an object with `values`, `visible`,
    /// `enabled`, `required`, `issues`, `sections` and `gates` (each holding only what changed)
    /// and, when a list's number of items changed, `items`; when the issues to show changed
    /// (after `focus`, `blur` or `touch_all`), `shown_issues`, and `interaction` when that changed;
    /// when typed text changed, `input` (`{"text", "caret", "state"}`, or null); when a list value
    /// changed (a multi_choice), `list_changes` (`{"added": […], "removed": […]}`); when the pages
    /// changed, `pages` (see ``PageChange``); when a restored draft held entries these rules
    /// cannot take, `dropped` (`[{"path", "message"}]`). Dates are ISO text.
    public var json: JSONValue {
        var object: JSONObject = [
            "values": .object(JSONObject(values.mapValues { $0.map(\.json) ?? .null })),
            "visible": .object(JSONObject(visible.mapValues { .bool($0) })),
            "enabled": .object(JSONObject(enabled.mapValues { .bool($0) })),
            "required": .object(JSONObject(required.mapValues { .bool($0) })),
            "issues": .object(JSONObject(issues.mapValues { .array($0.map(\.json)) })),
            "sections": .object(JSONObject(sections.mapValues { .bool($0) })),
            "gates": .object(JSONObject(gates.mapValues { .bool($0) })),
        ]
        if !items.isEmpty { object["items"] = .object(JSONObject(items.mapValues { .number(Double($0)) })) }
        if !shownIssues.isEmpty { object["shown_issues"] = .object(JSONObject(shownIssues.mapValues { .array($0.map(\.json)) })) }
        if !interaction.isEmpty { object["interaction"] = .object(JSONObject(interaction.mapValues { .string($0.rawValue) })) }
        if !inputs.isEmpty { object["input"] = .object(JSONObject(inputs.mapValues { $0.map(\.json) ?? .null })) }
        if !listChanges.isEmpty {
            object["list_changes"] = .object(
                JSONObject(
                    listChanges.mapValues { .object(["added": .array($0.added.map(\.json)), "removed": .array($0.removed.map(\.json))]) }))
        }
        if let pages { object["pages"] = pages.json }
        if !dropped.isEmpty { object["dropped"] = .array(dropped.map(\.json)) }
        return .object(object)
    }
}

extension FieldIssue {
    /// `{"code": …, "message": …}`.
    public var json: JSONValue {
        .object(["code": .string(code.rawValue), "message": .string(message)])
    }
}

extension SnapshotDrop {
    /// `{"path": …, "message": …}`, as `replay` and `POST /v1/forms` list what a draft dropped.
    public var json: JSONValue {
        .object(["path": .string(path), "message": .string(reason)])
    }
}

extension FieldInput {
    /// `{"text": …, "caret": …, "state": …}`.
    public var json: JSONValue {
        .object(["text": .string(text), "caret": .number(Double(caret)), "state": .string(state.rawValue)])
    }
}
