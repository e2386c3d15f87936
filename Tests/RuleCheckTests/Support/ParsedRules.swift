@testable import RuleCheck
import Testing

/// A rules file's text read and parsed as a file is (``RulesFileReader``, ``RulesFileParser``),
/// not compiled: for tests of the parsed document itself.
enum ParsedRules {
    /// The document of `text`, named `name` (its extension says YAML or JSON); reading and parsing
    /// it must report nothing.
    static func document(_ text: String, name: String) throws -> RulesDocument {
        let source = SourceText(name: name, text: text)
        var diagnostics: [Diagnostic] = []
        let read = RulesFileReader.read(source.bytes, name: source.name, diagnostics: &diagnostics)
        let root = try #require(read.root)
        var parser = RulesFileParser(source: source)
        let parsed = parser.document(root)
        let document = try #require(parsed)
        #expect((diagnostics + parser.diagnostics).isEmpty, "\(diagnostics + parser.diagnostics)")
        return document
    }
}
