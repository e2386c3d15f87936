/// `ipv4`, `ipv6` (RFC 2673 §3.2 dotted quads without leading zeros, RFC 4291 §2.2), `hostname`
/// (RFC 1123 §2.1) and `email`, `idn-email` (RFC 5321 §4.1.2 `Mailbox`, RFC 6531 for UTF-8).
extension SchemaFormat {
    /// Four decimal octets 0–255 separated by dots, none with a leading zero.
    static func isIPv4(_ bytes: ArraySlice<UInt8>) -> Bool {
        var octets = 0
        var index = bytes.startIndex
        while true {
            let start = index
            var value = 0
            while index < bytes.endIndex, isDigit(bytes[index]), index - start < 3 {
                value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                index += 1
            }
            let length = index - start
            guard length > 0, value <= 255, length == 1 || bytes[start] != UInt8(ascii: "0") else { return false }
            octets += 1
            if octets == 4 { return index == bytes.endIndex }
            guard index < bytes.endIndex, bytes[index] == UInt8(ascii: ".") else { return false }
            index += 1
        }
    }

    /// Eight groups of one to four hex digits, `::` once for one or more zero groups, the last
    /// two groups possibly a dotted quad.
    static func isIPv6(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard bytes.count >= 2 else { return false }
        var groups = 0
        var compressed = false
        var index = bytes.startIndex
        if bytes[index] == UInt8(ascii: ":") {
            guard bytes[index + 1] == UInt8(ascii: ":") else { return false }
            compressed = true
            index += 2
            if index == bytes.endIndex { return true }
        }
        while index < bytes.endIndex {
            let start = index
            while index < bytes.endIndex, isHex(bytes[index]), index - start < 5 { index += 1 }
            let length = index - start
            if index < bytes.endIndex, bytes[index] == UInt8(ascii: ".") {
                // A trailing dotted quad counts two groups.
                guard isIPv4(bytes[start...]) else { return false }
                groups += 2
                index = bytes.endIndex
                break
            }
            guard length >= 1, length <= 4 else { return false }
            groups += 1
            if index == bytes.endIndex { break }
            guard bytes[index] == UInt8(ascii: ":") else { return false }
            index += 1
            if index < bytes.endIndex, bytes[index] == UInt8(ascii: ":") {
                guard !compressed else { return false }
                compressed = true
                index += 1
                if index == bytes.endIndex { break }
            } else if index == bytes.endIndex {
                return false
            }
        }
        return compressed ? groups <= 7 : groups == 8
    }

    /// Labels of letters, digits and hyphens, 1 to 63 bytes, neither starting nor ending with a
    /// hyphen, at most 253 bytes in all (one trailing dot allowed).
    static func isHostname(_ bytes: [UInt8]) -> Bool {
        var text = bytes[...]
        if text.last == UInt8(ascii: "."), text.count > 1 { text = text.dropLast() }
        guard !text.isEmpty, text.count <= 253 else { return false }
        for label in text.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false) {
            guard let first = label.first, let last = label.last, label.count <= 63, first != UInt8(ascii: "-"),
                last != UInt8(ascii: "-"), label.allSatisfy({ isAlpha($0) || isDigit($0) || $0 == UInt8(ascii: "-") })
            else { return false }
            // A label with hyphens in the third and fourth places is an A-label (or reserved):
            // `xn--` must hold valid Punycode of a valid IDN label.
            if label.count >= 4, label[label.startIndex + 2] == UInt8(ascii: "-"), label[label.startIndex + 3] == UInt8(ascii: "-") {
                let prefix = String(decoding: label.prefix(2), as: UTF8.self).lowercased()
                guard prefix == "xn", let decoded = Punycode.decode(Array(label.dropFirst(4))) else { return false }
                guard IDNA.isValidULabel(decoded) else { return false }
            }
        }
        return true
    }

    /// RFC 5321 `Mailbox`: a dot-atom or quoted local part, `@`, and a hostname or an address
    /// literal (`[127.0.0.1]`, `[IPv6:::1]`). `international` (RFC 6531) admits UTF-8 beyond ASCII
    /// in the local part and an IDN domain.
    static func isEmail(_ text: String, international: Bool) -> Bool {
        let scalars = Array(text.unicodeScalars)
        guard let at = scalars.lastIndex(of: "@"), at > 0, at < scalars.count - 1 else { return false }
        let local = scalars[..<at]
        let domain = scalars[(at + 1)...]
        guard isLocalPart(local, international: international) else { return false }
        if domain.first == "[" {
            guard domain.last == "]" else { return false }
            let literal = String(String.UnicodeScalarView(domain.dropFirst().dropLast()))
            if literal.hasPrefix("IPv6:") { return isIPv6(Array(literal.utf8.dropFirst(5))[...]) }
            return isIPv4(Array(literal.utf8)[...])
        }
        let domainText = String(String.UnicodeScalarView(domain))
        if international { return isIDNHostname(domainText) }
        return isHostname(Array(domainText.utf8))
    }

    private static func isLocalPart(_ local: ArraySlice<Unicode.Scalar>, international: Bool) -> Bool {
        if local.first == "\"" {
            // quoted-string: printable ASCII but `"` and `\`, or a backslash pair.
            guard local.count >= 2, local.last == "\"" else { return false }
            var index = local.startIndex + 1
            let end = local.endIndex - 1
            while index < end {
                let scalar = local[index]
                if scalar == "\\" {
                    guard index + 1 < end, (32...126).contains(local[index + 1].value) else { return false }
                    index += 2
                    continue
                }
                guard (32...126).contains(scalar.value) && scalar != "\"" || (international && scalar.value > 127) else { return false }
                index += 1
            }
            return true
        }
        // dot-string: atoms of atext joined by single dots.
        let atext = "!#$%&'*+-/=?^_`{|}~".unicodeScalars
        var previousDot = true
        for scalar in local {
            if scalar == "." {
                guard !previousDot else { return false }
                previousDot = true
                continue
            }
            let ascii = scalar.isASCII
            guard
                (ascii && (isAlpha(UInt8(scalar.value)) || isDigit(UInt8(scalar.value)) || atext.contains(scalar)))
                    || (international && !ascii)
            else { return false }
            previousDot = false
        }
        return !previousDot
    }
}
