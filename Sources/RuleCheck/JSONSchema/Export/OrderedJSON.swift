/// JSON whose objects keep their keys in the order they were built: an exported schema lists a
/// form's fields in the form's order (``JSONValue`` objects are unordered dictionaries).
indirect enum OrderedJSON {
    case null
    case bool(Bool)
    case number(Double)
    /// A number whose digits no `Double` holds (``JSONValue/decimal(_:)``).
    case decimal(ExactDecimal)
    case string(String)
    case array([OrderedJSON])
    case object([(key: String, value: OrderedJSON)])

    /// A parsed value, its objects' keys sorted.
    init(_ value: JSONValue) {
        switch value {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .number(let number): self = .number(number)
        case .decimal(let decimal): self = .decimal(decimal)
        case .string(let text): self = .string(text)
        case .array(let items): self = .array(items.map { OrderedJSON($0) })
        case .object(let members):
            self = .object(members.sortedByCodePoints.map { ($0.key, OrderedJSON($0.value)) })
        }
    }

    /// A field's value as JSON: dates as ISO text.
    init(_ value: Value) {
        switch value {
        case .text(let text): self = .string(text)
        case .number(let number): self = .number(number)
        case .decimal(let decimal): self = .decimal(decimal)
        case .bool(let flag): self = .bool(flag)
        case .date(let day): self = .string(day.iso)
        case .list(let items): self = .array(items.map { OrderedJSON($0) })
        case .structured(let json): self = OrderedJSON(json)
        }
    }

    /// Indented JSON text (two spaces), with a final line break.
    var text: String {
        var output = ""
        write(to: &output, indent: 0)
        return output + "\n"
    }

    private func write(to output: inout String, indent: Int) {
        switch self {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .number(let number): output += JSONWriter.formatNumber(number)
        case .decimal(let decimal): output += decimal.description
        case .string(let text): JSONWriter.writeString(text, to: &output)
        case .array(let items):
            if let line = oneLine { output += line; return }
            output += "[\n"
            for (index, item) in items.enumerated() {
                output += String(repeating: "  ", count: indent + 1)
                item.write(to: &output, indent: indent + 1)
                output += index == items.count - 1 ? "\n" : ",\n"
            }
            output += String(repeating: "  ", count: indent) + "]"
        case .object(let members):
            if let line = oneLine { output += line; return }
            output += "{\n"
            for (index, member) in members.enumerated() {
                output += String(repeating: "  ", count: indent + 1)
                JSONWriter.writeString(member.key, to: &output)
                output += ": "
                member.value.write(to: &output, indent: indent + 1)
                output += index == members.count - 1 ? "\n" : ",\n"
            }
            output += String(repeating: "  ", count: indent) + "}"
        }
    }

    /// An array or object of scalars written on one line, when that line is short.
    private var oneLine: String? {
        var parts: [String] = []
        switch self {
        case .array(let items):
            guard items.allSatisfy(\.isScalar) else { return nil }
            parts = items.map { item in
                var text = ""; item.write(to: &text, indent: 0); return text
            }
        case .object(let members):
            guard members.allSatisfy({ $0.value.isScalar }) else { return nil }
            parts = members.map { member in
                var text = ""
                JSONWriter.writeString(member.key, to: &text)
                text += ": "
                member.value.write(to: &text, indent: 0)
                return text
            }
        default:
            return nil
        }
        let line = parts.joined(separator: ", ")
        guard line.count <= 80 else { return nil }
        if case .array = self { return "[" + line + "]" }
        return parts.isEmpty ? "{}" : "{" + line + "}"
    }

    private var isScalar: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }
}

/// Builds an ``OrderedJSON`` object member by member, leaving out what is `nil`.
struct OrderedObject {
    private(set) var members: [(key: String, value: OrderedJSON)] = []

    mutating func set(_ key: String, _ value: OrderedJSON?) {
        guard let value else { return }
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value = value
        } else {
            members.append((key, value))
        }
    }

    subscript(key: String) -> OrderedJSON? { members.first { $0.key == key }?.value }

    var isEmpty: Bool { members.isEmpty }
    var json: OrderedJSON { .object(members) }
}
