/// What an edit changed about the pages of a paged form (``Form/pages``).
///
/// ```swift
/// let changes = try form.nextPage()
/// changes.pages?.current     // "vehicle": the page now shown
/// ```
public struct PageChange: Hashable, Sendable {
    /// The page now current, when it changed.
    public var current: String?
    /// The pages that have something visible, in order, when that set changed (a page appears
    /// or disappears from the wizard's steps).
    public var shown: [String]?
    /// Pages whose validity changed: `true` when every visible field on them is now valid.
    public var valid: [String: Bool] = [:]

    public init(current: String? = nil, shown: [String]? = nil, valid: [String: Bool] = [:]) {
        self.current = current
        self.shown = shown
        self.valid = valid
    }

    var isEmpty: Bool { current == nil && shown == nil && valid.isEmpty }

    /// `{"current": …, "shown": […], "valid": {…}}`, each only when it changed.
    public var json: JSONValue {
        var object: JSONObject = [:]
        if let current { object["current"] = .string(current) }
        if let shown { object["shown"] = .array(shown.map(JSONValue.string)) }
        if !valid.isEmpty { object["valid"] = .object(JSONObject(valid.mapValues(JSONValue.bool))) }
        return .object(object)
    }
}
