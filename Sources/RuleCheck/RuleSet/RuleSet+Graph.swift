import Foundation

/// The dependency graph as text: Graphviz `dot`, Mermaid, or JSON.
extension RuleSet {
    public enum GraphFormat: String, Sendable, CaseIterable {
        case dot, mermaid, json
    }

    /// Renders the graph: one node per field (grouped by section, group and list), one edge per
    /// dependency, coloured by kind.
    ///
    /// ```sh
    /// rulecheck graph Rules/osago.yaml --format dot | dot -Tsvg > osago.svg
    /// ```
    public func graph(_ format: GraphFormat) -> String {
        switch format {
        case .dot: dotGraph()
        case .mermaid: mermaidGraph()
        case .json: JSONWriter.string(jsonGraph()) + "\n"
        }
    }

    /// Edges without repeats of the same (from, to, kind).
    var distinctEdges: [DependencyEdge] {
        var seen = Set<[Int]>()
        return edges.filter {
            seen.insert([$0.from.index, $0.to.index, DependencyEdge.Kind.allCases.firstIndex(of: $0.kind) ?? 0]).inserted
        }
    }

    static func color(_ kind: DependencyEdge.Kind) -> String {
        switch kind {
        case .dependsOn: "#d62728"
        case .visibility: "#1f77b4"
        case .enabled: "#7f7f7f"
        case .required: "#ff7f0e"
        case .value: "#2ca02c"
        case .check: "#9467bd"
        case .options: "#8c564b"
        }
    }

    /// How a field is labelled: its path (item fields as `drivers[].birth_date`) and type.
    private func nodeName(_ field: FieldRules) -> String {
        guard let list = field.list else { return field.path }
        let listPath = fields[list.index].path
        return listPath + "[]" + field.path.dropFirst(listPath.count)
    }

    /// One step of the walk through sections, groups and lists that the dot and Mermaid
    /// drawings share: a section or a group/list opens (and later closes) a box, a field is a node
    /// in the innermost box open. `depth` counts the boxes around (a section's fields are at 1).
    enum OutlineStep {
        case openSection(Int)
        case openBox(FieldRules, depth: Int)
        case field(FieldRules, depth: Int)
        case close(depth: Int)
    }

    /// The sections in order, each with its fields, a group's or list's members inside its box.
    /// An explicit stack, not recursion: groups nest as deep as the rules file says.
    func outline() -> [OutlineStep] {
        var steps: [OutlineStep] = []
        for (index, section) in sections.enumerated() {
            steps.append(.openSection(index))
            // Fields still to visit, the innermost box's first; `nil` closes a box.
            var pending: [FieldID?] = section.fields.filter { fields[$0.index].group == nil }.reversed()
            var depth = 1
            while let next = pending.popLast() {
                guard let id = next else {
                    steps.append(.close(depth: depth - 1))
                    depth -= 1
                    continue
                }
                let field = fields[id.index]
                guard field.type == .group || field.type == .list else {
                    steps.append(.field(field, depth: depth))
                    continue
                }
                steps.append(.openBox(field, depth: depth))
                let members = field.members.filter {
                    fields[$0.index].group == (field.type == .group ? field.id : nil)
                        || field.type == .list && fields[$0.index].group == nil
                }
                pending.append(nil)
                pending.append(contentsOf: members.reversed())
                depth += 1
            }
            steps.append(.close(depth: 0))
        }
        return steps
    }

    // MARK: - dot

    private func dotGraph() -> String {
        // Text from the rules is escaped (control characters as `\u{1B}`, so the output never drives a
        // terminal, then dot's quoting); labels add dot's own `\n` line breaks afterwards.
        func escaped(_ text: String) -> String {
            VisibleText.escaped(text).replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        }
        func quoted(_ text: String) -> String { "\"" + escaped(text) + "\"" }
        func label(_ lines: String...) -> String { "\"" + lines.map(escaped).joined(separator: "\\n") + "\"" }
        // A field an include brought in says from which file.
        func nodeLabel(_ field: FieldRules) -> String {
            let kind = "\(field.type)\(field.isComputed ? " = …" : "")"
            return field.includedFrom.isEmpty
                ? label(nodeName(field), kind) : label(nodeName(field), kind, "from " + field.location.file)
        }
        var lines = [
            "digraph \(quoted(form)) {",
            "  rankdir=LR;",
            "  node [shape=box, style=\"rounded\", fontname=\"Helvetica\", fontsize=11];",
            "  edge [fontname=\"Helvetica\", fontsize=9];",
        ]
        func indent(_ depth: Int) -> String { String(repeating: "  ", count: depth + 1) }
        for step in outline() {
            switch step {
            case .openSection(let index):
                lines.append("  subgraph \(quoted("cluster_section_" + sections[index].id)) {")
                lines.append("    label=\(quoted(sections[index].title));")
                lines.append("    style=\"rounded\"; color=\"#bbbbbb\";")
            case .openBox(let field, let depth):
                lines.append("\(indent(depth))subgraph \(quoted("cluster_" + field.path)) {")
                lines.append("\(indent(depth))  label=\(quoted(field.title + " (\(field.type))"));")
                lines.append("\(indent(depth))  \(quoted(field.path)) [label=\(nodeLabel(field)), style=\"rounded,dashed\"];")
            case .field(let field, let depth):
                let shape = field.isComputed ? ", shape=ellipse" : ""
                lines.append("\(indent(depth))\(quoted(field.path)) [label=\(nodeLabel(field))\(shape)];")
            case .close(let depth):
                lines.append("\(indent(depth))}")
            }
        }
        for edge in distinctEdges {
            let color = Self.color(edge.kind)
            lines.append(
                "  \(quoted(fields[edge.from.index].path)) -> \(quoted(fields[edge.to.index].path)) "
                    + "[color=\"\(color)\", fontcolor=\"\(color)\", label=\(quoted(edge.kind.rawValue))];")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: - Mermaid

    private func mermaidGraph() -> String {
        func label(_ text: String) -> String {
            "\"" + VisibleText.escaped(text).replacingOccurrences(of: "\"", with: "#quot;") + "\""
        }
        var lines = ["flowchart LR"]
        func indent(_ depth: Int) -> String { String(repeating: "  ", count: depth + 1) }
        for step in outline() {
            switch step {
            case .openSection(let index):
                lines.append("  subgraph s\(index)[\(label(sections[index].title))]")
            case .openBox(let field, let depth):
                lines.append("\(indent(depth))subgraph g\(field.id.index)[\(label(field.title + " (\(field.type))"))]")
                lines.append("\(indent(depth))  f\(field.id.index)[\(label(nodeName(field) + "<br/>" + field.type.rawValue))]")
            case .field(let field, let depth) where field.isComputed:
                lines.append("\(indent(depth))f\(field.id.index)([\(label(nodeName(field) + "<br/>" + field.type.rawValue + " = …"))])")
            case .field(let field, let depth):
                lines.append("\(indent(depth))f\(field.id.index)[\(label(nodeName(field) + "<br/>" + field.type.rawValue))]")
            case .close(let depth):
                lines.append("\(indent(depth))end")
            }
        }
        let edges = distinctEdges
        for edge in edges {
            lines.append("  f\(edge.from.index) -->|\(edge.kind.rawValue)| f\(edge.to.index)")
        }
        for (index, edge) in edges.enumerated() {
            lines.append("  linkStyle \(index) stroke:\(Self.color(edge.kind)),color:\(Self.color(edge.kind))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: - JSON

    private func jsonGraph() -> JSONValue {
        let nodes: [JSONValue] = fields.map { field in
            var node: JSONObject = [
                "id": .string(nodeName(field)), "title": .string(field.title), "type": .string(field.type.rawValue),
                "section": .string(sections[field.section].id), "computed": .bool(field.isComputed),
                "line": .number(Double(field.location.line)),
            ]
            if let group = field.group { node["group"] = .string(fields[group.index].path) }
            if let list = field.list { node["list"] = .string(fields[list.index].path) }
            if !field.includedFrom.isEmpty {
                // Brought in by an include: the block's file, and the includes on the way.
                node["file"] = .string(field.location.file)
                node["included_from"] = .array(field.includedFrom.map { .string("\($0)") })
            }
            return .object(node)
        }
        let edges: [JSONValue] = distinctEdges.map { edge in
            .object([
                "from": .string(nodeName(fields[edge.from.index])), "to": .string(nodeName(fields[edge.to.index])),
                "kind": .string(edge.kind.rawValue), "line": .number(Double(edge.location.line)),
                "column": .number(Double(edge.location.column)),
            ])
        }
        return .object([
            "form": .string(form), "nodes": .array(nodes), "edges": .array(edges),
            "order": .array(order.map { .string(nodeName(fields[$0.index])) }),
        ])
    }
}
