/// Where a value is inside an instance: the keys and indices from the top.
///
/// ```swift
/// let location = SchemaInstanceLocation(tokens: [.key("updates"), .index(0), .key("a/b")])
/// location.pointer   // "/updates/0/a~1b"
/// ```
package struct SchemaInstanceLocation: Hashable, Sendable, CustomStringConvertible {
    /// One step: an object member's key or an array element's index.
    package enum Token: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    /// The steps from the top of the instance; empty for the instance itself.
    package var tokens: [Token]

    /// A location.
    package init(tokens: [Token]) {
        self.tokens = tokens
    }

    /// The location as an RFC 6901 JSON pointer: `""` for the top, `/a/0`, `~0` and `~1` escaped.
    package var pointer: String {
        var text = ""
        for token in tokens {
            text += "/"
            switch token {
            case .key(let key): text += SchemaPointer.escape(key)
            case .index(let index): text += String(index)
            }
        }
        return text
    }

    package var description: String { pointer }
}
