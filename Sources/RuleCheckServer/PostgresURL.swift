import Foundation

/// A `--store postgres://…` URL: `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE`, or with
/// `?host=/run/postgresql` (a directory: libpq's way of naming a unix socket) instead of a host.
struct PostgresURL: Sendable, Hashable {
    var user: String
    var password: String?
    var host: String
    var port: Int
    var database: String?
    /// The directory of the server's unix socket (`.s.PGSQL.PORT` in it); nil: TCP to ``host``.
    var socketDirectory: String?

    init(_ text: String) throws(DraftStoreError) {
        guard let components = URLComponents(string: text), let scheme = components.scheme,
            scheme == "postgres" || scheme == "postgresql"
        else {
            throw DraftStoreError("--store: '\(PostgresURL.withoutPassword(text))' is not a postgres:// URL")
        }
        user = components.user ?? "postgres"
        password = components.password
        port = components.port ?? 5432
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        database = path.isEmpty ? nil : path
        let socket = components.queryItems?.first { $0.name == "host" }?.value
        if let socket, socket.hasPrefix("/") {
            socketDirectory = socket
            host = components.host ?? ""
        } else {
            guard let host = socket ?? components.host, !host.isEmpty else {
                throw DraftStoreError("--store: the postgres:// URL names no host (postgres://user@host/database)")
            }
            self.host = host
            socketDirectory = nil
        }
    }

    /// The URL as a log line may show it: without its password.
    var shown: String {
        let place = socketDirectory.map { "?host=\($0)" } ?? ""
        return "postgres://\(user)@\(host):\(port)/\(database ?? "")\(place)"
    }

    private static func withoutPassword(_ text: String) -> String {
        guard let at = text.lastIndex(of: "@"), let scheme = text.range(of: "://") else { return text }
        return String(text[..<scheme.upperBound]) + "…" + String(text[at...])
    }
}
