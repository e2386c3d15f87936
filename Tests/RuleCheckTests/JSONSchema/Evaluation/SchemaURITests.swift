@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

/// RFC 3986 §5.4's reference resolution examples, and the URNs schemas use.
@Suite("JSON Schema evaluator: URI resolution")
struct SchemaURITests {
    @Test(arguments: [
        ("g:h", "g:h"), ("g", "http://a/b/c/g"), ("./g", "http://a/b/c/g"), ("g/", "http://a/b/c/g/"), ("/g", "http://a/g"),
        ("//g", "http://g"), ("?y", "http://a/b/c/d;p?y"), ("g?y", "http://a/b/c/g?y"), ("#s", "http://a/b/c/d;p?q#s"),
        ("g#s", "http://a/b/c/g#s"), (";x", "http://a/b/c/;x"), ("", "http://a/b/c/d;p?q"), (".", "http://a/b/c/"),
        ("..", "http://a/b/"), ("../g", "http://a/b/g"), ("../..", "http://a/"), ("../../../g", "http://a/g"),
        ("/./g", "http://a/g"), ("g.", "http://a/b/c/g."), ("g/../h", "http://a/b/c/h"), ("g;x=1/../y", "http://a/b/c/y"),
    ])
    func rfc3986Examples(_ reference: String, _ expected: String) {
        expectEqual(SchemaURI("http://a/b/c/d;p?q").resolving(SchemaURI(reference)).text, expected)
    }

    @Test func urnsAndNormalization() {
        expectEqual(SchemaURI("urn:uuid:deadbeef-1234#/$defs/a").withoutFragment.text, "urn:uuid:deadbeef-1234")
        expectEqual(SchemaURI("urn:uuid:deadbeef-1234").resolving(SchemaURI("#foo")).text, "urn:uuid:deadbeef-1234#foo")
        expectEqual(SchemaURI("HTTP://Example.COM/A").normalized.text, "http://example.com/A")
        expectEqual(SchemaURI("http://x/y#").withoutFragment.text, "http://x/y")
    }
}
