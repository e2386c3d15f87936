import HTTPTypes
import Hummingbird

/// The host names a server answers for, which the `Host` header of every request must name:
/// `localhost`, `127.0.0.1`, `[::1]`, the address it listens on, and `--allowed-host` names (`*`:
/// any). A web page that rebinds its own DNS name to 127.0.0.1 reaches the server with its own
/// name in `Host` — refused 421 `host_not_allowed`, so it reads and changes nothing.
///
/// ```swift
/// let hosts = AllowedHosts(listening: "127.0.0.1", allowed: ["rules.internal"])
/// hosts.admits("rules.internal:8080")     // true
/// hosts.admits("rebind.attacker.example") // false
/// ```
struct AllowedHosts: Sendable {
    private let names: Set<String>
    /// The same names as lowercase bytes, for the check every request makes.
    private let nameBytes: [[UInt8]]
    private let any: Bool

    init(listening host: String, allowed: [String]) {
        any = allowed.contains("*")
        names = Set((["localhost", "127.0.0.1", "::1", host] + allowed).map(Self.name))
        nameBytes = names.map { Array($0.utf8) }
    }

    /// Whether a `Host` value (with or without a port) names this server; a request without one
    /// (HTTP/1.0) is let through, since no browser sends one.
    func admits(_ authority: String?) -> Bool {
        guard let authority, !any else { return true }
        var host = authority.utf8[...]
        if host.first == UInt8(ascii: "[") {
            guard let close = host.firstIndex(of: UInt8(ascii: "]")) else { return false }
            host = host[...close]
        } else if let colon = host.firstIndex(of: UInt8(ascii: ":")) {
            // A bare IPv6 address is not a Host value a client sends; compare it the slow way.
            guard host[host.index(after: colon)...].firstIndex(of: UInt8(ascii: ":")) == nil else {
                return names.contains(Self.name(authority))
            }
            host = host[..<colon]
        }
        if host.last == UInt8(ascii: ".") { host = host.dropLast() }
        return nameBytes.contains { name in
            name.count == host.count && zip(name, host).allSatisfy { $0 == Self.lowercased($1) }
        }
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }

    /// A host name as compared: lowercased, without its port, brackets around an IPv6 address, and
    /// a trailing dot (`LocalHost.:8080` → `localhost`, `[::1]:80` → `[::1]`, `::1` → `[::1]`).
    static func name(_ authority: String) -> String {
        var text = Substring(authority.lowercased())
        if text.hasPrefix("[") {
            text = text.prefix { $0 != "]" } + "]"
        } else if text.filter({ $0 == ":" }).count > 1 {
            text = "[" + text + "]"  // a bare IPv6 address, as --host takes one
        } else if let colon = text.lastIndex(of: ":") {
            text = text[..<colon]
        }
        if text.hasSuffix(".") { text = text.dropLast() }
        return String(text)
    }
}

extension RuleServer {
    /// Refuses a request whose `Host` the server does not answer for.
    func checkHost(_ request: Request) throws(APIError) {
        guard hosts.admits(request.head.authority) else {
            throw .hostNotAllowed(request.head.authority ?? "")
        }
    }
}
