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
    private let any: Bool

    init(listening host: String, allowed: [String]) {
        any = allowed.contains("*")
        names = Set((["localhost", "127.0.0.1", "::1", host] + allowed).map(Self.name))
    }

    /// Whether a `Host` value (with or without a port) names this server; a request without one
    /// (HTTP/1.0) is let through, since no browser sends one.
    func admits(_ authority: String?) -> Bool {
        guard let authority, !any else { return true }
        return names.contains(Self.name(authority))
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
