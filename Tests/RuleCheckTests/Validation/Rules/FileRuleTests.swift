@testable import RuleCheck
import Testing

/// `max_size` and `media_types` of a file field (Validation/Rules/FileRule.swift).
@Suite("Rule kind: file")
struct FileRuleTests {
    @Test func aFileTooLargeAndOfATypeNotAllowed() throws {
        let files = #"[{"name": "a.png", "size": 2048, "type": "image/png"}, {"name": "b.pdf", "size": 10, "type": "application/pdf"}]"#
        #expect(
            try RuleProbe.failures(type: "file", "max_size: 1 KB\nmedia_types: ['image/*']", value: files) == [
                "file_size | f: 'a.png' is larger than 1 KB | max_size: 1 KB",
                "media_type | f: 'b.pdf' is not of a type allowed (image/*) | media_types: [image/*]",
            ])
    }

    @Test func mediaTypesIgnoreCaseAndParameters() {
        #expect(FieldEvaluator.allows(["image/*"], "IMAGE/PNG"))
        #expect(FieldEvaluator.allows(["text/plain"], "text/plain; charset=utf-8"))
        #expect(!FieldEvaluator.allows(["image/*"], "application/pdf"))
    }
}
