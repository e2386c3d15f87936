import Foundation
import HTTPTypes
import NIOCore
import Hummingbird
import RuleCheck

/// What the binary serves besides JSON: the preview page, its scripts and style, and the OpenAPI
/// document — compiled into the binary (SwiftPM's `embedInCode`), so the page needs no network
/// and no files beside the binary.
///
/// The fixed files are kept as `ByteBuffer`s made once: every answer shares their bytes, so a
/// client that asks for one a thousand times and reads none holds no copies (the pipelined flood).
enum PreviewAssets {
    static let page: [UInt8] = PackageResources.preview_html
    static let openAPI = ByteBuffer(bytes: PackageResources.openapi_yaml)

    /// `GET /assets/{name}`: the page's style and its scripts (one file per concern, loaded in
    /// this order by the page).
    static let assets: [String: (bytes: ByteBuffer, type: String)] = [
        "preview.css": (ByteBuffer(bytes: PackageResources.preview_css), "text/css; charset=utf-8"),
        "api.js": (ByteBuffer(bytes: PackageResources.api_js), javaScript),
        "form.js": (ByteBuffer(bytes: PackageResources.form_js), javaScript),
        "files.js": (ByteBuffer(bytes: PackageResources.files_js), javaScript),
        "pages.js": (ByteBuffer(bytes: PackageResources.pages_js), javaScript),
        "changes.js": (ByteBuffer(bytes: PackageResources.changes_js), javaScript),
        "main.js": (ByteBuffer(bytes: PackageResources.main_js), javaScript),
    ]

    private static let javaScript = "text/javascript; charset=utf-8"

    /// What the page may load and who may frame it: only this server's own scripts, style and
    /// API, no inline script (the page's settings are a JSON data block, which is not run), no
    /// plug-ins, and no page may put it in a frame (`frame-ancestors 'none'`: no clickjacking).
    static let contentSecurityPolicy =
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
        + "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

    /// The page's and its assets' answer: the bytes with the security headers.
    static func response(_ bytes: ByteBuffer, type: String) -> Response {
        var response = RuleServer.bytes(bytes, type: type)
        response.headers[.contentSecurityPolicy] = contentSecurityPolicy
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[frameOptions] = "DENY"  // for browsers without frame-ancestors
        response.headers[referrerPolicy] = "no-referrer"
        return response
    }

    private static let frameOptions = HTTPField.Name("X-Frame-Options")!
    private static let referrerPolicy = HTTPField.Name("Referrer-Policy")!
}

extension RuleServer {
    /// `GET /`: the page, with its settings (default date and locale, the record to start from)
    /// in a `<script type="application/json" id="config">`.
    func page() -> Response {
        var config: JSONObject = [
            "today": .string((options.today ?? .today()).iso), "locale": options.locale.map { .string($0) } ?? .null,
            "rules": library.entries.first.map { .string($0.name) } ?? .null,
        ]
        if let record = options.initialRecord { config["record"] = .object(record) }
        // `<` only occurs inside JSON strings, where \u003c means the same: no `</script>` can end the tag early.
        let json = JSONWriter.string(.object(config)).replacingOccurrences(of: "<", with: "\\u003c")
        let html = String(decoding: PreviewAssets.page, as: UTF8.self).replacingOccurrences(of: "{{CONFIG}}", with: json)
        return PreviewAssets.response(ByteBuffer(string: html), type: "text/html; charset=utf-8")
    }

    /// `GET /assets/{name}`: a script or the style of the page; a 404 for any other name.
    func asset(_ name: String) throws(APIError) -> Response {
        guard let asset = PreviewAssets.assets[name] else { throw .notFound("/assets/" + name) }
        return PreviewAssets.response(asset.bytes, type: asset.type)
    }
}
