/// A group's `display:` template, `'{last_name} {first_name}'`, with its names resolved.
struct DisplayTemplate: Sendable {
    enum Part: Sendable {
        case text(String)
        case field(FieldID)
    }

    let parts: [Part]
}
