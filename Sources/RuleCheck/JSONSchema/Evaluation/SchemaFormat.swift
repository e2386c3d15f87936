/// The `format` values this evaluator checks when formats assert, each by its RFC; any other
/// format passes.
///
/// ```swift
/// SchemaFormat(name: "date")?.accepts("2024-02-29")   // true
/// SchemaFormat(name: "date")?.accepts("2023-02-29")   // false
/// SchemaFormat(name: "color")                         // nil: unknown formats pass
/// ```
///
/// Each is written here from its grammar (no borrowed regexes); ``accepts(_:)`` is only ever
/// asked about strings.
enum SchemaFormat: String, CaseIterable, Hashable, Sendable {
    case date
    case dateTime = "date-time"
    case time
    case duration
    case email
    case idnEmail = "idn-email"
    case hostname
    case idnHostname = "idn-hostname"
    case ipv4
    case ipv6
    case uri
    case uriReference = "uri-reference"
    case iri
    case iriReference = "iri-reference"
    case uriTemplate = "uri-template"
    case uuid
    case jsonPointer = "json-pointer"
    case relativeJSONPointer = "relative-json-pointer"
    case regex

    /// The format a `format` value names; nil for one this evaluator does not know.
    init?(name: String) {
        self.init(rawValue: name)
    }

    /// The format's name as written in schemas.
    var name: String { rawValue }

    /// Whether `text` is a valid instance of the format.
    func accepts(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        switch self {
        case .date: return Self.isDate(bytes[...])
        case .dateTime: return Self.isDateTime(bytes)
        case .time: return Self.isTime(bytes[...])
        case .duration: return Self.isDuration(bytes)
        case .email: return Self.isEmail(text, international: false)
        case .idnEmail: return Self.isEmail(text, international: true)
        case .hostname: return Self.isHostname(bytes)
        case .idnHostname: return Self.isIDNHostname(text)
        case .ipv4: return Self.isIPv4(bytes[...])
        case .ipv6: return Self.isIPv6(bytes[...])
        case .uri: return Self.isURI(text, reference: false, international: false)
        case .uriReference: return Self.isURI(text, reference: true, international: false)
        case .iri: return Self.isURI(text, reference: false, international: true)
        case .iriReference: return Self.isURI(text, reference: true, international: true)
        case .uriTemplate: return Self.isURITemplate(text)
        case .uuid: return Self.isUUID(bytes)
        case .jsonPointer: return Self.isJSONPointer(bytes[...])
        case .relativeJSONPointer: return Self.isRelativeJSONPointer(bytes)
        case .regex: return Self.isRegex(text)
        }
    }

    // MARK: - Bytes

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    static func isAlpha(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    static func isHex(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "F"))
    }

    /// The number `count` ASCII digits at `start` spell; nil if any is not one.
    static func digits(_ bytes: ArraySlice<UInt8>, at start: Int, count: Int) -> Int? {
        guard start >= bytes.startIndex, start + count <= bytes.endIndex else { return nil }
        var value = 0
        for index in start..<start + count {
            guard isDigit(bytes[index]) else { return nil }
            value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
        }
        return value
    }
}
