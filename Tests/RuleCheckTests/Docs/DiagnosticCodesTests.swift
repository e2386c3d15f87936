import Foundation
import Testing
import _RuleCheckTestSupport

@testable import RuleCheck

/// The registry of diagnostic codes and Docs/diagnostics.md, held to each other: every code is
/// well-formed and unique, the page documents exactly the declared codes with their summaries,
/// and each example on it produces its code when compiled.
@Suite("Diagnostic codes")
struct DiagnosticCodesTests {
    /// Codes the page does not show with an example, each for the reason its section gives.
    static let withoutExample: Set<String> = [
        "RC1001",  // a file that cannot be read
        "RC1002",  // bytes that are not UTF-8
        "RC1007",  // aliases expanding to 100,000 nodes
        "RC1009",  // the files given on the command line
        "RC1103",  // 17 nested block files
        "RC1107",  // a file outside a directory on disk
        "RC2004",  // refused first by YAML and JSON as RC1006
        "RC3012",  // an expression 100 levels deep
        "RC7006",  // reported by `schema import` only
        "RC7007",  // a schema over the import's caps
        "RC7008",  // reported by `schema import` only
        "RC7009",  // a strict import only
        "RC8001",  // a workbook
    ]

    @Test func codesAreWellFormedAndUnique() {
        let ids = DiagnosticCode.all.map(\.id)
        #expect(Set(ids).count == ids.count, "a code is declared twice")
        for code in DiagnosticCode.all {
            #expect(code.id.wholeMatch(of: /RC[1-9][0-9]{3}/) != nil, "\(code.id)")
            #expect(!code.summary.isEmpty && !code.summary.hasSuffix("."), "\(code.id): \(code.summary)")
            #expect(DiagnosticCode(id: code.id) == code)
        }
        #expect(ids == ids.sorted(), "the registry lists its codes in order")
    }

    @Test func diagnosticsPrintTheirCode() {
        let diagnostic = Diagnostic(
            .error, .unknownKey, "unknown key 'x'", at: FileLocation(file: "form.yaml", line: 3, column: 5))
        #expect(diagnostic.description == "form.yaml:3:5: error: unknown key 'x' [RC2001]")
    }

    /// One `### RCnnnn: summary` section of the page.
    struct Section {
        var id: String
        var summary: String
        var text: String
    }

    static func sections() throws -> [Section] {
        let page = try String(contentsOf: Repository.file("Docs/diagnostics.md"), encoding: .utf8)
        var sections: [Section] = []
        for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
            if let match = line.wholeMatch(of: /### (RC[0-9]{4}): (.+)/) {
                sections.append(Section(id: String(match.1), summary: String(match.2), text: ""))
            } else if line.hasPrefix("## ") {
                if !sections.isEmpty { sections[sections.count - 1].text += "\n" }
                continue
            } else if !sections.isEmpty {
                sections[sections.count - 1].text += line + "\n"
            }
        }
        return sections
    }

    @Test func theDocsListExactlyTheDeclaredCodes() throws {
        let sections = try Self.sections()
        #expect(sections.map(\.id) == DiagnosticCode.all.map(\.id))
        for section in sections {
            #expect(DiagnosticCode(id: section.id)?.summary == section.summary, "\(section.id)")
            #expect(section.text.contains("**Fix:** "), "\(section.id) has no fix")
            let hasExample = section.text.contains("```yaml") || section.text.contains("```json")
            #expect(hasExample != Self.withoutExample.contains(section.id), "\(section.id)")
            #expect(hasExample || section.text.contains("*No example:* "), "\(section.id)")
        }
    }

    /// A section's fenced blocks: `(label, language, text)`, the label being the `` `path`: ``
    /// line before a block that names it.
    static func blocks(_ text: String) -> [(label: String?, language: String, text: String)] {
        var blocks: [(String?, String, String)] = []
        var label: String?
        var open: (String?, String, [Substring])?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if var block = open {
                if line == "```" {
                    blocks.append((block.0, block.1, block.2.joined(separator: "\n") + "\n"))
                    open = nil
                } else {
                    block.2.append(line)
                    open = block
                }
            } else if line.hasPrefix("```") {
                open = (label, String(line.dropFirst(3)), [])
                label = nil
            } else if let match = line.wholeMatch(of: /`([^`]+)`:/) {
                label = String(match.1)
            }
        }
        return blocks
    }

    /// The codes that compiling a section's example reports (errors, warnings and findings).
    static func codes(of example: [(label: String?, language: String, text: String)]) -> Set<String> {
        var includes: [String: String] = [:]
        for block in example where block.language == "yaml" {
            if let label = block.label { includes[label] = block.text }
        }
        do {
            if let schema = example.first(where: { $0.label == "schema.json" }) {
                let (rules, findings) = try RuleSet.importing(jsonSchema: Data(schema.text.utf8), source: "schema.json")
                return Set(rules.warnings.map(\.code.id) + (findings.isEmpty ? [] : [DiagnosticCode.importFinding.id]))
            }
            guard let main = example.first(where: { $0.label == nil && ($0.language == "yaml" || $0.language == "json") })
            else { return [] }
            let rules =
                main.language == "json"
                ? try RuleSet(bytes: Array(main.text.utf8), source: "form.json")
                : try RuleSet(yaml: main.text, source: "form.yaml", includes: includes)
            return Set(rules.warnings.map(\.code.id))
        } catch {
            return Set(error.diagnostics.map(\.code.id))
        }
    }

    @Test func eachExampleProducesItsCode() throws {
        for section in try Self.sections() where !Self.withoutExample.contains(section.id) {
            let blocks = Self.blocks(section.text)
            let codes = Self.codes(of: blocks)
            #expect(codes.contains(section.id), "\(section.id)'s example reports \(codes.sorted())")
            let shown = blocks.filter { $0.language == "text" }.map(\.text).joined()
            #expect(
                shown.contains(": error: ") || shown.contains(": warning: "),
                "\(section.id)'s printed diagnostic is not FILE:LINE:COLUMN: error: MESSAGE")
            #expect(shown.contains(" [\(section.id)]\n"), "\(section.id)'s printed diagnostic does not show its code")
        }
    }
}
