@testable import RuleCheckServer
import Testing
import _RuleCheckTestSupport

/// How a request's path is matched to an endpoint's template: every segment, in order, a
/// `{name}` segment taking any one non-empty segment.
@Suite("Endpoint path matching")
struct EndpointMatchTests {
    static let check = Endpoint("POST", "/v1/check")
    static let form = Endpoint("GET", "/v1/forms/{id}")
    static let edits = Endpoint("POST", "/v1/forms/{id}/edits")
    static let root = Endpoint("GET", "/")

    @Test func aLiteralTemplateMatchesItsOwnPathOnly() {
        expectEqual(Self.check.match("/v1/check"), [:])
        for path in ["/v1/checks", "/v1/chec", "/v1/check/", "v1/check", "/v1//check", "//v1/check", "/v2/check", "", "/"] {
            expectEqual(Self.check.match(path), nil, "\(path)")
        }
    }

    @Test func aParameterTakesOneNonEmptySegment() {
        expectEqual(Self.form.match("/v1/forms/f-1"), ["id": "f-1"])
        expectEqual(Self.form.match("/v1/forms/ключ"), ["id": "ключ"])
        expectEqual(Self.edits.match("/v1/forms/abc/edits"), ["id": "abc"])
        for path in ["/v1/forms/", "/v1/forms", "/v1/forms/abc/", "/v1/forms/abc/edits", "/v1/forms//edits"] {
            expectEqual(Self.form.match(path), nil, "\(path)")
        }
        expectEqual(Self.edits.match("/v1/forms//edits"), nil)
        expectEqual(Self.edits.match("/v1/forms/abc/edit"), nil)
    }

    @Test func theRootMatchesOnlyTheRoot() {
        expectEqual(Self.root.match("/"), [:])
        for path in ["", "//", "/x", "x"] {
            expectEqual(Self.root.match(path), nil, "\(path)")
        }
    }
}
