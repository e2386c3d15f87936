import Foundation
import Testing
import _RuleCheckTestSupport

/// Every table row in the README and Docs/ renders inside its table: a row after a paragraph is
/// shown as text (Docs/serve.md's last five options once stood after the paragraphs that follow
/// the table, issue 39, item 8). Fenced code blocks are left alone.
@Suite("Markdown tables")
struct MarkdownTablesTests {
    @Test func everyTableRowFollowsItsTable() throws {
        let docs = try FileManager.default.contentsOfDirectory(atPath: Repository.file("Docs").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "Docs/" + $0 }
        var strays: [String] = []
        for path in ["README.md"] + docs {
            let lines = try String(contentsOf: Repository.file(path), encoding: .utf8).components(separatedBy: "\n")
            var fenced = false
            for (index, line) in lines.enumerated() {
                if line.hasPrefix("```") { fenced.toggle() }
                guard !fenced, line.hasPrefix("|") else { continue }
                let previous = index > 0 ? lines[index - 1] : ""
                let next = index + 1 < lines.count ? lines[index + 1] : ""
                // A row continues a table, or starts one: a header whose next line is `|---|…`.
                let startsTable = next.hasPrefix("|") && next.contains("---")
                if !previous.hasPrefix("|") && !startsTable { strays.append("\(path):\(index + 1)") }
            }
        }
        expectEqual(strays, [], "table rows outside a table")
    }
}
