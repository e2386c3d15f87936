import Foundation
import Testing
import _RuleCheckTestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `rulecheck serve`'s options take effect: each test starts the command with an option and sends
/// what the option is about, next to a server started without it where the two differ
/// (Docs/serve.md names each option's effect and its error). Loopback only.
extension CLITests {
    /// An HTTP answer read off a raw connection.
    struct RawAnswer {
        let status: Int
        let headers: [String: String]
        let body: String

        /// The `code` of an error body `{"error": {"code": …, "message": …}}`.
        var errorCode: String? { error?["code"] as? String }
        var errorMessage: String? { error?["message"] as? String }
        private var error: [String: Any]? {
            let json = (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any]
            return json?["error"] as? [String: Any]
        }
    }

    /// A started `rulecheck serve`, its address and port (from its banner).
    struct Served {
        let server: Server
        let address: String
        let port: Int
    }

    func serve(_ arguments: [String]) throws -> Served {
        let server = try Server(["serve"] + arguments + ["--port", "0", "--no-access-log"])
        let banner = server.banner()
        let url = try #require(banner.split(separator: " ").first { $0.hasPrefix("http://") }, "\(banner)")
        let hostAndPort = url.dropFirst("http://".count).prefix { $0 != "/" }
        let colon = try #require(hostAndPort.lastIndex(of: ":"))
        let port = try #require(Int(hostAndPort[hostAndPort.index(after: colon)...]))
        return Served(server: server, address: String(hostAndPort[..<colon]), port: port)
    }

    /// Sends one request (`Connection: close`) and reads the answer; `host` is the `Host` header
    /// (the server's own address and port unless given); `body` is sent whole unless `sendOnly`
    /// says how many of its bytes to send (a client that stops halfway).
    static func request(
        _ served: Served, _ method: String, _ path: String, body: String? = nil, host: String? = nil,
        headers: [String: String] = [:], sendOnly: Int? = nil
    ) throws -> RawAnswer {
        let connection: RawConnection
        do {
            connection = try RawConnection(port: served.port, address: served.address, readTimeout: 120)
        } catch {
            throw RawError("\(error)")
        }
        var text = "\(method) \(path) HTTP/1.1\r\nHost: \(host ?? "\(served.address):\(served.port)")\r\nConnection: close\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        var bytes = Array(text.utf8)
        if let body {
            bytes += Array("Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n".utf8)
            bytes += Array(body.utf8).prefix(sendOnly ?? body.utf8.count)
        } else {
            bytes += Array("\r\n".utf8)
        }
        guard connection.send(bytes) else { throw RawError("send: errno \(errno)") }
        let (whole, closed) = connection.readToEnd()
        guard closed else { throw RawError("recv: errno \(errno) after \(whole.utf8.count) bytes") }
        guard let end = whole.range(of: "\r\n\r\n") else { throw RawError("no header in: \(whole)") }
        let lines = whole[..<end.lowerBound].split(separator: "\r\n")
        let status = try #require(lines.first.flatMap { Int($0.split(separator: " ")[1]) }, "\(whole)")
        var fields: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = String(whole[end.upperBound...])
        if fields["transfer-encoding"] == "chunked" { body = Self.unchunked(body) }
        return RawAnswer(status: status, headers: fields, body: body)
    }

    /// A chunked body's data.
    static func unchunked(_ text: String) -> String {
        var bytes = Array(text.utf8)[...]
        var data: [UInt8] = []
        while let lineEnd = bytes.firstIndex(of: UInt8(ascii: "\r")),
            let size = Int(String(decoding: bytes[..<lineEnd], as: UTF8.self), radix: 16), size > 0
        {
            let start = lineEnd + 2
            data += bytes[start..<min(start + size, bytes.endIndex)]
            bytes = bytes[min(start + size + 2, bytes.endIndex)...]
        }
        return String(decoding: data, as: UTF8.self)
    }

    struct RawError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// `--host`: the server listens on the address given (127.0.0.2, loopback too) and answers
    /// a request naming it in `Host`; without it, on 127.0.0.1.
    @Test func serveHostListensOnTheAddressGiven() throws {
        let served = try serve(["Rules/signup.yaml", "--host", "127.0.0.2"])
        defer { _ = served.server.stop() }
        expectEqual(served.address, "127.0.0.2")
        expectEqual(try Self.request(served, "GET", "/healthz").status, 200)
        // Nothing listens on 127.0.0.1 at that port (connect is refused).
        let other = Served(server: served.server, address: "127.0.0.1", port: served.port)
        #expect(throws: RawError.self) { try Self.request(other, "GET", "/healthz") }

        let plain = try serve(["Rules/signup.yaml"])
        defer { _ = plain.server.stop() }
        expectEqual(plain.address, "127.0.0.1")
    }

    /// `--allowed-host`: a `Host` the server does not answer for is refused 421 `host_not_allowed`
    /// (the message names the option); named by the option, it is answered.
    @Test func serveAllowedHostAnswersTheHostNamed() throws {
        let plain = try serve(["Rules/signup.yaml"])
        defer { _ = plain.server.stop() }
        let refused = try Self.request(plain, "GET", "/v1/rules", host: "rules.example.com")
        expectEqual(refused.status, 421)
        expectEqual(refused.errorCode, "host_not_allowed")
        expectEqual(
            refused.errorMessage,
            "this server does not answer for the host 'rules.example.com'; start it with --allowed-host rules.example.com if it should")

        let allowing = try serve(["Rules/signup.yaml", "--allowed-host", "rules.example.com"])
        defer { _ = allowing.server.stop() }
        expectEqual(try Self.request(allowing, "GET", "/v1/rules", host: "rules.example.com").status, 200)
        expectEqual(try Self.request(allowing, "GET", "/v1/rules", host: "other.example.com").status, 421)
    }

    /// `--allow-origin`: a page of another origin is refused 403 `origin_not_allowed`; of the
    /// origin named, it is answered with `Access-Control-Allow-Origin` naming it.
    @Test func serveAllowOriginLetsThatOriginsPagesCall() throws {
        let record = #"{"email": "ann@example.com"}"#
        let origin = ["Origin": "https://app.example.com"]
        let plain = try serve(["Rules/signup.yaml"])
        defer { _ = plain.server.stop() }
        let refused = try Self.request(plain, "POST", "/v1/check?rules=signup", body: record, headers: origin)
        expectEqual(refused.status, 403)
        expectEqual(refused.errorCode, "origin_not_allowed")
        expectEqual(refused.headers["access-control-allow-origin"], nil)

        let allowing = try serve(["Rules/signup.yaml", "--allow-origin", "https://app.example.com"])
        defer { _ = allowing.server.stop() }
        let answered = try Self.request(allowing, "POST", "/v1/check?rules=signup", body: record, headers: origin)
        expectEqual(answered.status, 200, "\(answered.body)")
        expectEqual(answered.headers["access-control-allow-origin"], "https://app.example.com")
        let other = try Self.request(
            allowing, "POST", "/v1/check?rules=signup", body: record, headers: ["Origin": "https://evil.example.com"])
        expectEqual(other.errorCode, "origin_not_allowed")
    }

    /// `--max-body 100`: a body of 100 bytes is read, one of 101 refused 413 `body_too_large`
    /// naming the limit; without the option (1 MiB), 101 bytes are read.
    @Test func serveMaxBodyRefusesABodyJustOverIt() throws {
        let exactly = #"{"email": "ann@example.com", "password": ""# + String(repeating: "x", count: 100 - 44) + #""}"#
        try #require(exactly.utf8.count == 100)
        let over = #"{"email": "ann@example.com", "password": ""# + String(repeating: "x", count: 101 - 44) + #""}"#
        let limited = try serve(["Rules/signup.yaml", "--max-body", "100"])
        defer { _ = limited.server.stop() }
        expectEqual(try Self.request(limited, "POST", "/v1/check?rules=signup", body: exactly).status, 200)
        let refused = try Self.request(limited, "POST", "/v1/check?rules=signup", body: over)
        expectEqual(refused.status, 413)
        expectEqual(refused.errorCode, "body_too_large")
        expectEqual(refused.errorMessage, "the body is larger than the limit of 100 bytes")

        let plain = try serve(["Rules/signup.yaml"])
        defer { _ = plain.server.stop() }
        expectEqual(try Self.request(plain, "POST", "/v1/check?rules=signup", body: over).status, 200)
    }

    /// `--max-forms 2`: a third live form is refused 503 `too_many_forms` naming the limit; one
    /// deleted makes room.
    @Test func serveMaxFormsBoundsTheLiveForms() throws {
        let served = try serve(["Rules/signup.yaml", "--max-forms", "2"])
        defer { _ = served.server.stop() }
        let start = #"{"rules": "signup"}"#
        let first = try Self.request(served, "POST", "/v1/forms", body: start)
        expectEqual(first.status, 201, "\(first.body)")
        expectEqual(try Self.request(served, "POST", "/v1/forms", body: start).status, 201)
        let third = try Self.request(served, "POST", "/v1/forms", body: start)
        expectEqual(third.status, 503)
        expectEqual(third.errorCode, "too_many_forms")
        expectEqual(third.errorMessage, "the server holds its limit of 2 live forms; delete one or try again later")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(first.body.utf8)) as? [String: Any])
        let id = try #require(json["id"] as? String)
        expectEqual(try Self.request(served, "DELETE", "/v1/forms/\(id)").status, 204)
        expectEqual(try Self.request(served, "POST", "/v1/forms", body: start).status, 201)
    }

    /// `--form-idle 1`: a form left alone for 2 seconds is gone (404 `form_not_found`); with the
    /// default (1800 s) it is still there after the same wait. (The wait is a lower bound: the
    /// form has been idle at least that long when it is asked for, however slow the machine.)
    @Test func serveFormIdleEndsAFormLeftAlone() throws {
        let idle = try serve(["Rules/signup.yaml", "--form-idle", "1"])
        defer { _ = idle.server.stop() }
        let plain = try serve(["Rules/signup.yaml"])
        defer { _ = plain.server.stop() }
        var ids: [String] = []
        for served in [idle, plain] {
            let made = try Self.request(served, "POST", "/v1/forms", body: #"{"rules": "signup"}"#)
            let json = try #require(try JSONSerialization.jsonObject(with: Data(made.body.utf8)) as? [String: Any])
            ids.append(try #require(json["id"] as? String))
        }
        Thread.sleep(forTimeInterval: 2)
        let gone = try Self.request(idle, "GET", "/v1/forms/\(ids[0])")
        expectEqual(gone.status, 404)
        expectEqual(gone.errorCode, "form_not_found")
        expectEqual(try Self.request(plain, "GET", "/v1/forms/\(ids[1])").status, 200)
    }

    /// `--time-limit 1`: a client that sends half its body and waits is answered 503
    /// `time_limit`, the message naming the limit given (10 seconds without the option).
    @Test func serveTimeLimitAnswersASlowRequest() throws {
        let served = try serve(["Rules/signup.yaml", "--time-limit", "1"])
        defer { _ = served.server.stop() }
        let body = #"{"email": "ann@example.com"}"#
        let answer = try Self.request(served, "POST", "/v1/check?rules=signup", body: body, sendOnly: 10)
        expectEqual(answer.status, 503)
        expectEqual(answer.errorCode, "time_limit")
        expectEqual(answer.errorMessage, "the request took longer than its limit of 1.0 seconds")
    }

    /// `--watch`: a rules file changed on disk is compiled again and checks by the new rules (the
    /// test waits for it, up to a minute); without `--watch`, the old rules go on.
    @Test func serveWatchRecompilesAChangedRulesFile() throws {
        let rules = { (max: Int) in "form: watched\nfields:\n  - {id: n, type: integer, max: \(max)}\n" }
        let watchedFile = try temporary(rules(5), "yaml")
        let plainFile = try temporary(rules(5), "yaml")
        let watched = try serve([watchedFile, "--watch"])
        defer { _ = watched.server.stop() }
        let plain = try serve([plainFile])
        defer { _ = plain.server.stop() }
        func violations(_ served: Served) throws -> String {
            try Self.request(served, "POST", "/v1/check?rules=watched", body: #"{"n": 10}"#).body
        }
        #expect(try violations(watched).contains(#""code":"max""#))
        #expect(try violations(plain).contains(#""code":"max""#))
        try rules(50).write(toFile: watchedFile, atomically: false, encoding: .utf8)
        try rules(50).write(toFile: plainFile, atomically: false, encoding: .utf8)
        var reloaded = false
        for _ in 0..<240 where !reloaded {
            Thread.sleep(forTimeInterval: 0.25)
            reloaded = try !violations(watched).contains(#""code":"max""#)
        }
        #expect(reloaded, "the watched server still checks by max: 5")
        #expect(try violations(plain).contains(#""code":"max""#), "the server without --watch changed its rules")
    }
}
