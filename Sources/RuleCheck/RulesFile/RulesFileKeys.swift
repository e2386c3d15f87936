/// The keys a rules file may use, per place; anything else is reported with a near-miss
/// suggestion.
enum RulesFileKeys {
    static let document = ["form", "title", "version", "defaults", "patterns", "masks", "gates", "sections", "fields"]
    static let defaults = ["date_format", "hidden_values"]
    static let section = ["id", "title", "fields"]
    static let field = [
        "id", "type", "title", "initial", "required", "visible_if", "enabled_if", "depends_on", "value",
        "min_length", "max_length", "pattern", "mask", "min", "max", "format", "options", "options_filter",
        "min_items", "max_items", "checks", "message", "messages", "fields", "display", "item",
        "item_type", "unique_items", "ui",
    ]
    static let check = ["when", "pattern", "mask", "min", "max", "min_length", "max_length", "expr", "message"]
    static let checkRules = ["pattern", "mask", "min", "max", "min_length", "max_length", "expr"]
    static let option = ["value", "title"]
}
