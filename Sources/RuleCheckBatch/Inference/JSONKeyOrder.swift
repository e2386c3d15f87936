import RuleCheck

/// The order in which a JSON record writes its keys, at every level — which ``JSONValue``
/// objects (dictionaries) do not keep — so that a drafted rules file lists fields in the input's
/// order.
///
/// ```swift
/// JSONKeyOrder.keys(in: Array(#"{"b": 1, "a": {"d": 2, "c": 3}}"#.utf8))
/// // ["": ["b", "a"], "a": ["d", "c"]]   (paths joined by NUL; list items add "[]")
/// ```
///
/// The bytes must be one JSON value that ``JSONParser`` accepted; the scan keeps an explicit
/// stack, and keys are decoded by the parser (escapes included).
enum JSONKeyOrder {
    /// The path of `name` under `parent`: the two joined by NUL (no field id holds one).
    static func path(_ parent: String, _ name: String) -> String {
        parent.isEmpty ? name : parent + "\u{0}" + name
    }

    /// For each object path, its keys in the order first written.
    static func keys(in bytes: UnsafeBufferPointer<UInt8>) -> [String: [String]] {
        enum Container {
            case object(path: String, key: String?, expectingKey: Bool)
            case array(path: String)
        }
        var stack: [Container] = []
        var keys: [String: [String]] = [:]
        var seen: Set<String> = []
        /// The path of a value that starts here.
        func valuePath() -> String {
            switch stack.last {
            case .object(let path, let key, _)?: Self.path(path, key ?? "")
            case .array(let path)?: path
            case nil: ""
            }
        }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "{"):
                stack.append(.object(path: stack.isEmpty ? "" : valuePath(), key: nil, expectingKey: true))
            case UInt8(ascii: "["):
                stack.append(.array(path: Self.path(stack.isEmpty ? "" : valuePath(), "[]")))
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if !stack.isEmpty { stack.removeLast() }
            case UInt8(ascii: ","):
                if case .object(let path, let key, _)? = stack.last {
                    stack[stack.count - 1] = .object(path: path, key: key, expectingKey: true)
                }
            case UInt8(ascii: "\""):
                let end = stringEnd(bytes, from: index)
                if case .object(let path, _, true)? = stack.last {
                    let token = UnsafeBufferPointer(rebasing: bytes[index..<end])
                    let key: String
                    if case .string(let text)? = try? JSONParser().parse(UnsafeRawBufferPointer(token)) { key = text } else { key = "" }
                    stack[stack.count - 1] = .object(path: path, key: key, expectingKey: false)
                    if seen.insert(Self.path(path, key)).inserted { keys[path, default: []].append(key) }
                }
                index = end
                continue
            default:
                break
            }
            index += 1
        }
        return keys
    }

    /// The offset just after the string that starts (with its quote) at `start`.
    private static func stringEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start + 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): return index + 1
            default: index += 1
            }
        }
        return bytes.count
    }
}
