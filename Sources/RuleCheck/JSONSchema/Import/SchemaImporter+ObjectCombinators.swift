/// `anyOf`, `oneOf` and `not` of object schemas (`{"oneOf": [{"required": ["a"]}, {"required":
/// ["b"]}]}`): the condition they state about the object's properties must hold.
///
/// An optional object's is a check of its group (which runs while the object has a value, as
/// JSON Schema judges an object only when it is there). An object that is always there (the
/// root, a required object, a list's item) has no group check that runs when it is empty, so the
/// condition goes to one of the fields it reads, F: a check that it holds (which runs while F
/// has a value), and `required:` while it fails with F empty — together, exactly the condition.
extension SchemaImporter {
    /// One `anyOf`/`oneOf`/`not` of an object, as its condition and the paths it reads.
    struct ObjectCombinator {
        var keyword: String
        var value: JSONValue
        var pointer: String
        var condition: String
        var reads: Set<String>
    }

    /// The object's combinators as conditions (reading them names the properties they read,
    /// which the object then has, declared or not).
    mutating func objectCombinators(_ node: SchemaNode, prefix: String, declared: [String]) -> [ObjectCombinator] {
        var result: [ObjectCombinator] = []
        for part in node.parts {
            for keyword in ["anyOf", "oneOf", "not"] {
                guard let value = part.object[keyword] else { continue }
                let pointer = part.pointer + "/" + keyword
                let before = mentions.count
                guard let condition = combinedCondition(keyword, value, at: pointer, prefix: prefix, absent: []) else {
                    finding(
                        .unsupported, "this '\(keyword)' of object schemas cannot be written as a condition; it is not checked",
                        at: pointer)
                    continue
                }
                let reads = Set(mentions[before...].map(\.path)).union(declaredMentions(value, prefix: prefix, names: declared))
                result.append(ObjectCombinator(keyword: keyword, value: value, pointer: pointer, condition: condition, reads: reads))
            }
        }
        return result
    }

    /// Puts each combinator's condition where it is checked: the group's checks of an optional
    /// object; else a check of the first of `names` (the object's fields in order) it reads, and
    /// `required:` of that field while the condition fails with it empty.
    mutating func attach(
        _ combinators: [ObjectCombinator], prefix: String, names: [String], presence: String?,
        into rules: inout [String: PropertyRules]
    ) {
        for combinator in combinators {
            let check = CheckSpec(
                when: nil, rule: .expr(text(combinator.condition, at: combinator.pointer)), message: nil,
                location: source.location(of: combinator.pointer))
            if presence != nil {
                groupChecks[prefix, default: []].append(check)
                continue
            }
            guard let name = names.first(where: { combinator.reads.contains(prefix + $0) }),
                let empty = combinedCondition(
                    combinator.keyword, combinator.value, at: combinator.pointer, prefix: prefix, absent: [prefix + name])
            else {
                finding(
                    .unsupported, "this '\(combinator.keyword)' names no property of the object; it is not checked", at: combinator.pointer)
                continue
            }
            rules[name, default: PropertyRules()].checks.append(check)
            if empty != "true" { rules[name, default: PropertyRules()].required.append((Self.negated(empty), combinator.pointer)) }
        }
    }

    /// The condition of `anyOf`/`oneOf`/`not` at `pointer`, its schemas' conditions combined.
    private mutating func combinedCondition(
        _ keyword: String, _ value: JSONValue, at pointer: String, prefix: String, absent: Set<String>
    ) -> String? {
        let condition = branchCondition(keyword, value, at: pointer) { importer, branch in
            importer.objectCondition(branch, prefix: prefix, absent: absent)
        }
        return try? condition.get()
    }

    /// The declared properties the schemas of a combinator name (in `properties` or `required`),
    /// which ``mention(_:at:)`` does not list.
    private func declaredMentions(_ value: JSONValue, prefix: String, names: [String]) -> Set<String> {
        var found: Set<String> = []
        func visit(_ value: JSONValue, depth: Int) {
            guard depth < 8 else { return }
            switch value {
            case .object(let members):
                for name in members["properties"]?.object?.keys.map({ $0 }) ?? [] where names.contains(name) { found.insert(prefix + name) }
                for name in members["required"]?.array?.compactMap(\.string) ?? [] where names.contains(name) {
                    found.insert(prefix + name)
                }
                for keyword in ["anyOf", "oneOf", "allOf"] { for item in members[keyword]?.array ?? [] { visit(item, depth: depth + 1) } }
                if let not = members["not"] { visit(not, depth: depth + 1) }
            default:
                break
            }
        }
        visit(value, depth: 0)
        return found
    }
}
