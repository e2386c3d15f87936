@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

/// Formats checked by their RFCs when they assert, and when they do per dialect.
@Suite("JSON Schema evaluator: formats")
struct SchemaFormatTests {
    @Test(arguments: [
        ("date", "2024-02-29", true), ("date", "2023-02-29", false), ("date", "2024-13-01", false), ("date", "2024-1-01", false),
        ("date-time", "1998-12-31T23:59:60Z", true), ("date-time", "1998-12-31T15:59:60.123-08:00", true),
        ("date-time", "1998-12-31T23:58:60Z", false), ("date-time", "2024-02-29t10:00:00z", true),
        ("date-time", "2024-02-29 10:00:00Z", false),
        ("time", "23:59:60+00:00", true), ("time", "01:29:60+01:30", true), ("time", "12:00:00", false), ("time", "24:00:00Z", false),
        ("duration", "P4DT12H30M5S", true), ("duration", "P2W", true), ("duration", "P1Y2W", false), ("duration", "PT", false),
        ("duration", "P1D2H", false), ("duration", "P1Y2D", false),
        ("email", "joe.bloggs@example.com", true), ("email", #""joe bloggs"@example.com"#, true), ("email", "te..st@example.com", false),
        ("email", "joe@[IPv6:::1]", true), ("email", "joe@[127.0.0.300]", false), ("email", "josé@example.com", false),
        ("idn-email", "josé@exämple.com", true), ("idn-email", "2962", false),
        ("hostname", "www.example.com", true), ("hostname", "-a.com", false), ("hostname", "a_b.com", false),
        ("hostname", String(repeating: "a", count: 64) + ".com", false), ("hostname", "xn--4gbwdl.xn--wgbh1c", true),
        ("idn-hostname", "실례.테스트", true), ("idn-hostname", "l·l", true), ("idn-hostname", "a·l", false),
        ("idn-hostname", "xn--X", false), ("idn-hostname", "ःhello", false), ("idn-hostname", "a。b", true),
        ("ipv4", "192.168.0.1", true), ("ipv4", "192.168.0.01", false), ("ipv4", "256.1.1.1", false), ("ipv4", "1.2.3", false),
        ("ipv6", "::1", true), ("ipv6", "1:2:3:4:5:6:7:8", true), ("ipv6", "1::2::3", false), ("ipv6", "::ffff:192.168.0.1", true),
        ("ipv6", "fe80::a%eth1", false), ("ipv6", "12345::", false),
        ("uri", "https://example.com/a?b#c", true), ("uri", "urn:isbn:0451450523", true), ("uri", "/relative", false),
        ("uri", "http://exa mple.com", false), ("uri", "http://[::1]:80/", true), ("uri", "http://example.com/%zz", false),
        ("uri-reference", "/relative#frag", true), ("uri-reference", "a:b:c", true), ("uri-reference", "\\\\host", false),
        ("iri", "http://ƒøø.ßår/?∂éœ=πîx", true), ("iri", "âππ", false), ("iri-reference", "âππ", true),
        ("uri-template", "http://example.com/{term:1}/{term}", true), ("uri-template", "http://example.com/{term", false),
        ("uri-template", "{+path,x*}", true), ("uri-template", "{a:0}", false),
        ("uuid", "2EB8AA08-AA98-11EA-B4AA-73B441D16380", true), ("uuid", "2eb8aa08aa9811eab4aa73b441d16380", false),
        ("json-pointer", "/a~0b/~1", true), ("json-pointer", "/a~2", false), ("json-pointer", "a", false), ("json-pointer", "", true),
        ("relative-json-pointer", "0#", true), ("relative-json-pointer", "2/a/b", true), ("relative-json-pointer", "01/a", false),
        ("relative-json-pointer", "/a", false),
        ("regex", "([abc])+\\s+$", true), ("regex", "^(abc]", false), ("regex", "(?i)a", false),
        ("unknown-format", "anything", true),
    ])
    func formatAsserts(_ format: String, _ value: String, _ valid: Bool) throws {
        let schema = JSONWriter.string(["format": .string(format)])
        expectEqual(try EvaluatorTest.isValid(schema, JSONWriter.string(.string(value)), formats: .assert), valid)
    }

    /// Draft-04 to -07 assert by default; 2019-09 and 2020-12 annotate unless the
    /// format-assertion vocabulary is in force; the caller can force either.
    @Test func whetherFormatAsserts() throws {
        let schema = #"{"format": "ipv4"}"#
        for dialect in [SchemaDialect.draft4, .draft6, .draft7] {
            #expect(try !EvaluatorTest.isValid(schema, #""1.2.3""#, dialect: dialect), "\(dialect)")
            #expect(try EvaluatorTest.isValid(schema, #""1.2.3""#, dialect: dialect, formats: .annotate), "\(dialect)")
        }
        for dialect in [SchemaDialect.draft2019_09, .draft2020_12] {
            #expect(try EvaluatorTest.isValid(schema, #""1.2.3""#, dialect: dialect), "\(dialect)")
            #expect(try !EvaluatorTest.isValid(schema, #""1.2.3""#, dialect: dialect, formats: .assert), "\(dialect)")
        }
        let assertion = ##"""
            {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "https://example.com/format-meta",
             "$vocabulary": {"https://json-schema.org/draft/2020-12/vocab/core": true,
                             "https://json-schema.org/draft/2020-12/vocab/format-assertion": false}}
            """##
        let evaluator = try EvaluatorTest.evaluator(
            #"{"$schema": "https://example.com/format-meta", "format": "ipv4"}"#, documents: ["https://example.com/format-meta": assertion])
        #expect(try !EvaluatorTest.isValid(evaluator, #""1.2.3""#))
        // Formats are about strings only.
        #expect(try EvaluatorTest.isValid(schema, "12", formats: .assert))
        let failure = try #require(try EvaluatorTest.evaluator(schema, formats: .assert).failures(EvaluatorTest.value(#""x""#)).first)
        expectEqual(failure.kind, .format("ipv4"))
        expectEqual(failure.message, "must be a valid ipv4")
    }

    @Test func punycode() {
        expectEqual(Punycode.encode(Array("bücher".unicodeScalars)), "bcher-kva")
        expectEqual(Punycode.decode(Array("bcher-kva".utf8)).map { String(String.UnicodeScalarView($0)) }, "bücher")
        expectEqual(Punycode.decode(Array("ihqwcrb4cv8a8dqg056pqjye".utf8)).map { String(String.UnicodeScalarView($0)) }, "他们为什么不说中文")
        expectEqual(Punycode.decode(Array("X".utf8)).map { $0.count }, nil)
    }
}
