/// `json-pointer` (RFC 6901), `relative-json-pointer` (draft-handrews-relative-json-pointer-01),
/// `uuid` (RFC 4122's string form) and `regex` (ECMA-262, as `pattern` reads it).
extension SchemaFormat {
    /// Empty, or `/`-prefixed tokens where `~` is always `~0` or `~1`.
    static func isJSONPointer(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard let first = bytes.first else { return true }
        guard first == UInt8(ascii: "/") else { return false }
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == UInt8(ascii: "~") {
                guard index + 1 < bytes.endIndex, bytes[index + 1] == UInt8(ascii: "0") || bytes[index + 1] == UInt8(ascii: "1") else {
                    return false
                }
                index += 2
            } else {
                index += 1
            }
        }
        return true
    }

    /// A non-negative integer without leading zeros, then `#` or a JSON pointer.
    static func isRelativeJSONPointer(_ bytes: [UInt8]) -> Bool {
        var index = 0
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        guard index > 0, bytes[0] != UInt8(ascii: "0") || index == 1 else { return false }
        let rest = bytes[index...]
        return rest.elementsEqual([UInt8(ascii: "#")]) || isJSONPointer(rest)
    }

    /// `8-4-4-4-12` hex digits, any case.
    static func isUUID(_ bytes: [UInt8]) -> Bool {
        guard bytes.count == 36 else { return false }
        for (index, byte) in bytes.enumerated() {
            if [8, 13, 18, 23].contains(index) {
                guard byte == UInt8(ascii: "-") else { return false }
            } else {
                guard isHex(byte) else { return false }
            }
        }
        return true
    }

    /// A regex ECMA-262 accepts (read with the `u` flag, as `pattern` is).
    static func isRegex(_ text: String) -> Bool {
        SchemaCompiler.patternProblem(text) == nil
    }
}
