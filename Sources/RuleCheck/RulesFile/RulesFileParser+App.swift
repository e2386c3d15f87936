/// Keys for apps and composed forms: mask alternatives and classes, file sizes.
extension RulesFileParser {
    /// A mask written as a list of alternatives (`['+7 (000) 000-00-00', '8 (000) 000-00-00']`).
    mutating func maskAlternatives(_ node: RulesNode, _ what: String) -> [ScalarText] {
        guard case .sequence(let items) = node.kind, !items.isEmpty else {
            error(.wrongShape, "\(what) must be a mask, or a list of alternative masks", at: node.location)
            return []
        }
        return items.compactMap { scalarText($0, "an alternative of \(what)") }
    }

    /// `mask_classes:`: `R: АВЕКМНОРСТУХ`, or `R: {chars: АВЕКМНОРСТУХ, case: upper}`.
    mutating func maskClasses(_ node: RulesNode) -> [NamedClass] {
        guard case .mapping(let classes) = node.kind else {
            error(.wrongShape, "'mask_classes' must map one-character names to characters, such as R: АВЕКМНОРСТУХ", at: node.location)
            return []
        }
        var result: [NamedClass] = []
        for entry in classes {
            guard let name = string(entry.key, "a mask class name") else { continue }
            if result.contains(where: { $0.name.value == name.value }) {
                error(.duplicateName, "mask class '\(name.value)' is defined twice", at: name.location)
                continue
            }
            if case .mapping = entry.value.kind {
                guard let entries = mapping(entry.value, "a mask class", keys: RulesFileKeys.maskClass) else { continue }
                guard let characters = entries["chars"].flatMap({ scalarText($0, "chars") }) else {
                    if entries["chars"] == nil { error(.missingKey, "mask class '\(name.value)' needs 'chars:'", at: name.location) }
                    continue
                }
                result.append(
                    NamedClass(
                        name: name, characters: characters,
                        letterCase: entries["case"].flatMap { string($0, "case") }))
            } else if let characters = scalarText(entry.value, "mask class '\(name.value)'") {
                result.append(NamedClass(name: name, characters: characters, letterCase: nil))
            }
        }
        return result
    }

    /// A size in bytes: `1048576`, or with a unit: `500 KB`, `10 MB`, `1 GB` (powers of 1024).
    mutating func byteSize(_ node: RulesNode, _ what: String) -> Located<Int>? {
        guard let text = string(node, what) else { return nil }
        let parts = text.value.split(separator: " ", omittingEmptySubsequences: true)
        let units: [String: Int] = ["B": 1, "KB": 1 << 10, "MB": 1 << 20, "GB": 1 << 30]
        guard (1...2).contains(parts.count), let number = Int(parts[0]), number >= 0,
            let unit = parts.count == 2 ? units[parts[1].uppercased()] : 1,
            number <= Int.max / unit
        else {
            error(
                .invalidValue, "\(what) must be a number of bytes, or one with KB, MB or GB ('10 MB'), not '\(text.value)'",
                at: text.location)
            return nil
        }
        return Located(value: number * unit, location: text.location)
    }
}
