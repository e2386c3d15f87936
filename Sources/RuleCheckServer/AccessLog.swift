import Foundation
import HTTPTypes
import Hummingbird
import RuleCheck

/// The access log: one JSON object per request on standard error, written with one `write(2)`
/// so lines from concurrent requests never interleave.
///
/// ```json
/// {"bytes_in":57,"bytes_out":412,"method":"POST","ms":0.61,"path":"/v1/check","request_id":"4bf92f3577b34da6a3ce929d0e0e4736","status":200,"time":"2026-11-22T10:15:02.123Z"}
/// ```
struct AccessLog: Sendable {
    private let write: @Sendable (String) -> Void

    /// A log that writes to standard error, or through `write` (tests).
    init(write: @escaping @Sendable (String) -> Void = AccessLog.standardError) {
        self.write = write
    }

    func record(request: Request, response: Response, duration: Duration) {
        let milliseconds = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
        var entry: JSONObject = [
            "time": .string(Date().formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))),
            "method": .string(request.method.rawValue), "path": .string(request.uri.path),
            "status": .number(Double(response.status.code)), "ms": .number((milliseconds * 100).rounded() / 100),
        ]
        if let length = request.headers[.contentLength].flatMap(Int.init) { entry["bytes_in"] = .number(Double(length)) }
        if let length = response.body.contentLength { entry["bytes_out"] = .number(Double(length)) }
        if let id = response.headers[RequestID.field] { entry["request_id"] = .string(id) }
        write(JSONWriter.string(.object(entry)) + "\n")
    }

    /// An answer given before a request was routed — 400 (unreadable HTTP), 408 (headers too slow),
    /// 431 (headers too large) — which has no request to name: its status, error code and id.
    ///
    /// ```json
    /// {"bytes_out":95,"error":"headers_too_large","method":null,"ms":0,"path":null,"request_id":"…","status":431,"time":"…"}
    /// ```
    func record(refusal error: APIError, requestID: String, bytesOut: Int) {
        let entry: JSONObject = [
            "time": .string(Date().formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))),
            "method": .null, "path": .null, "status": .number(Double(error.status)), "ms": .number(0),
            "error": .string(error.code), "request_id": .string(requestID), "bytes_out": .number(Double(bytesOut)),
        ]
        write(JSONWriter.string(.object(entry)) + "\n")
    }

    @Sendable static func standardError(_ line: String) {
        var line = line
        line.withUTF8 { bytes in
            _ = Foundation.write(2, bytes.baseAddress, bytes.count)
        }
    }
}
