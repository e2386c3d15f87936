import Foundation
import Testing
import _RuleCheckTestSupport

/// `lint` and `graph` on a rules file that includes blocks: errors point into the block with the
/// includes on the way; the graph says where each field came from.
extension CLITests {
    @Test func lintAndGraphShowWhereIncludedFieldsCameFrom() throws {
        let directory = try scratch.subdirectory()
        let blocks = directory.appendingPathComponent("blocks")
        try FileManager.default.createDirectory(at: blocks, withIntermediateDirectories: true)
        try "fields:\n  - id: city\n    type: text\n  - id: street\n    type: text\n    enabled_if: not empty(city)\n"
            .write(to: blocks.appendingPathComponent("address.yaml"), atomically: true, encoding: .utf8)
        let main = directory.appendingPathComponent("policy.yaml")
        try
            "form: policy\nincludes:\n  address: blocks/address.yaml\nfields:\n  - id: home\n    include: address\n  - id: work\n    include: address\n"
            .write(to: main, atomically: true, encoding: .utf8)
        let lint = try rulecheck(["lint", main.path])
        expectEqual(lint.status, 0)
        #expect(lint.stdout.isEmpty && lint.stderr.isEmpty)

        let graph = try rulecheck(["graph", main.path, "--format", "json"])
        let json = try JSONSerialization.jsonObject(with: Data(graph.stdout.utf8)) as? [String: Any]
        let nodes = json?["nodes"] as? [[String: Any]] ?? []
        let street = nodes.first { $0["id"] as? String == "work.street" }
        expectEqual(street?["file"] as? String, blocks.appendingPathComponent("address.yaml").path)
        #expect(street?["included_from"] as? [String] == ["\(main.path):8:14"])
        #expect(nodes.first { $0["id"] as? String == "home" }?["file"] == nil)

        try "fields:\n  - id: city\n    type: text\n  - id: street\n    type: text\n    enabled_if: not empty(cty)\n"
            .write(to: blocks.appendingPathComponent("address.yaml"), atomically: true, encoding: .utf8)
        let broken = try rulecheck(["lint", main.path])
        expectEqual(broken.status, 2)
        #expect(broken.stdout.contains("address.yaml:6:27: error: unknown field 'cty'; did you mean 'city'?"))
        #expect(broken.stdout.contains("\(main.path):6:14: note: included from here"))
    }
}
