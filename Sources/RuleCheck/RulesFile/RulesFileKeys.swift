/// The keys a rules file may use, per place; anything else is reported with a near-miss
/// suggestion.
enum RulesFileKeys {
    /// Key names in the order suggestions consider them, and as a set for lookups.
    struct Names: Sendable {
        let list: [String]
        let set: Set<String>

        init(_ list: [String]) {
            self.list = list
            set = Set(list)
        }

        func contains(_ name: String) -> Bool { set.contains(name) }
    }

    static let document = Names([
        "form", "title", "version", "defaults", "patterns", "masks", "gates", "sections", "fields",
        "pages", "page_position", "mask_classes", "includes", "json_schema",
    ])
    static let defaults = Names(["date_format", "hidden_values", "empty_values", "locale", "calendar", "letters"])
    static let section = Names(["id", "title", "fields", "page"])
    /// A field's keys: `id`, then every ``FieldKey``.
    static let field = Names(["id"] + FieldKey.all.map(\.name))
    static let check = Names(["when", "pattern", "mask", "min", "max", "min_length", "max_length", "expr", "message"])
    static let checkRules = ["pattern", "mask", "min", "max", "min_length", "max_length", "expr"]
    static let option = Names(["value", "title"])
    static let maskClass = Names(["chars", "case"])
    static let pagePosition = Names(["current", "total"])
}
