import Foundation
import Hummingbird
import RuleCheck

/// What the binary serves besides JSON: the preview page, its script and style, and the OpenAPI
/// document — compiled into the binary (SwiftPM's `embedInCode`), so the page needs no network
/// and no files beside the binary.
enum PreviewAssets {
    static let page: [UInt8] = PackageResources.preview_html
    static let script: [UInt8] = PackageResources.preview_js
    static let style: [UInt8] = PackageResources.preview_css
    static let openAPI: [UInt8] = PackageResources.openapi_yaml
}

extension RuleServer {
    /// `GET /`: the page, with its settings (default date and locale, the record to start from)
    /// in a `<script type="application/json" id="config">`.
    func page() -> Response {
        var config: [String: JSONValue] = [
            "today": .string((options.today ?? .today()).iso), "locale": .string(options.locale),
            "rules": library.entries.first.map { .string($0.name) } ?? .null,
        ]
        if let record = options.initialRecord { config["record"] = .object(record) }
        // `<` only occurs inside JSON strings, where \u003c means the same: no `</script>` can end the tag early.
        let json = JSONWriter.string(.object(config)).replacingOccurrences(of: "<", with: "\\u003c")
        let html = String(decoding: PreviewAssets.page, as: UTF8.self).replacingOccurrences(of: "{{CONFIG}}", with: json)
        return Self.bytes(Array(html.utf8), type: "text/html; charset=utf-8")
    }
}
