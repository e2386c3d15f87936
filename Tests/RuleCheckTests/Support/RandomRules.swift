@testable import RuleCheck

/// Random but valid rules files and edits for property tests. Every expression of a field
/// names only fields declared before it, so the graph is always acyclic.
///
/// With `appFeatures`, the rules also use what apps added: masked text (alternatives, a mask
/// class, optional blocks, open tails, kept characters with `mask_value: extracted`, `digits:
/// ascii`), file fields, pages and rounding in computed integers; without it, the same seed
/// gives the same rules and edits as before they existed. With `largeNumbers`, number fields
/// also get bounds and `multiple_of` checks with more digits than a `Double` holds, and numbers
/// drawn from both sides of them (issue 22); without it, the same seed gives what it gave before.
struct RandomRules {
    enum Kind: CaseIterable { case text, number, integer, date, bool, choice, masked, file }

    /// The kinds of the classic generator (its stream of draws does not change).
    static let classicKinds: [Kind] = [.text, .number, .integer, .date, .bool, .choice]

    /// The masks a masked field draws from, with the `mask_value` each needs (`R` is the file's
    /// class of plate letters).
    static let masks: [(mask: String, value: String?)] = [
        ("['+7 (000) 000-00-00', '8 (000) 000-00-00']", nil),
        ("'R 000 RR 00[0]'", nil),
        ("['R 000 RR 00', 'R 000 RR 000']", nil),
        ("'ID-0…'", nil),
        ("'+{7} 000-00'", "extracted"),
        ("'00[-00]'", nil),
        ("['{8} 000-00', '+{7} 000-00']", "extracted"),
    ]

    struct FieldInfo {
        let path: String
        let kind: Kind
        let isComputed: Bool
        /// The list this field is an item field of.
        let list: String?
    }

    private(set) var fields: [FieldInfo] = []
    private(set) var lists: [String] = []
    private var random: SeededRandom
    /// The generator's random source, for tests that draw more numbers from the same seed.
    var rng: SeededRandom {
        get { random }
        _modify { yield &random }
    }
    private var counter = 0
    private let appFeatures: Bool
    private let largeNumbers: Bool

    init(seed: UInt64, appFeatures: Bool = false, largeNumbers: Bool = false) {
        random = SeededRandom(seed: seed)
        self.appFeatures = appFeatures
        self.largeNumbers = largeNumbers
    }

    /// Bounds and steps with more digits than a `Double` holds, or that no binary fraction is.
    static let largeBounds = [
        "9007199254740993", "-9007199254740993", "9223372036854775807", "0.1", "0.30000000000000004",
        "123456789012345678901234567890", "0.10000000000000001",
    ]
    static let steps = ["2", "0.01", "0.1", "3", "0.000000000000000000001", "9007199254740993"]
    /// Numbers on both sides of ``largeBounds`` and around the multiples of ``steps``.
    static let largeValues = [
        "9007199254740992", "9007199254740993", "9007199254740994", "-9007199254740994", "9223372036854775808",
        "3000000001", "3000000000", "10000000.005", "10000000.01", "100000000000.05", "0.30000000001", "0.3",
        "0.1", "0.10000000000000001", "0.09999999999999999999", "123456789012345678901234567890",
        "123456789012345678901234567891", "18014398509481986", "0.000000000000000000003",
    ]

    /// A whole rules file.
    mutating func yaml() -> String {
        let hidden = random.chance(0.5) ? "clear" : "keep"
        var lines = ["form: random", "defaults:", "  hidden_values: \(hidden)", "gates:", "  all_of_it: all"]
        var sectionLines: [String] = []
        let sectionCount = Int.random(in: 1...3, using: &random)
        // Pages: none, each section a page, or the first two sections on one page.
        let pages = appFeatures ? Int.random(in: 0..<3, using: &random) : 0
        if pages == 1 { lines.insert("pages: true", at: 1) }
        if appFeatures { lines.insert(contentsOf: ["mask_classes:", "  R: {chars: АВЕКМНОРСТУХ, case: upper}"], at: 1) }
        for section in 0..<sectionCount {
            sectionLines.append("  - id: s\(section)")
            if pages == 2 && section < 2 { sectionLines.append("    page: p0") }
            sectionLines.append("    fields:")
            for _ in 0..<Int.random(in: 3...9, using: &random) {
                sectionLines += entry(indent: 6, prefix: "", list: nil, depth: 0)
            }
        }
        let gateFields = fields.filter { $0.list == nil && !$0.path.contains(".") }.map(\.path)
        if !gateFields.isEmpty {
            lines.append("  some: [\(Array(gateFields.prefix(Int.random(in: 1...3, using: &random))).joined(separator: ", "))]")
        }
        return (lines + ["sections:"] + sectionLines).joined(separator: "\n") + "\n"
    }

    /// A field, group or list at `indent`.
    private mutating func entry(indent: Int, prefix: String, list: String?, depth: Int) -> [String] {
        let pad = String(repeating: " ", count: indent)
        counter += 1
        let id = "f\(counter)"
        if depth == 0 && list == nil && random.chance(0.12) {
            return group(id, indent: indent, prefix: prefix)
        }
        if depth == 0 && list == nil && prefix.isEmpty && random.chance(0.12) {
            return listEntry(id, indent: indent)
        }
        let kind = random.pick(appFeatures ? Kind.allCases : Self.classicKinds)
        var lines = ["\(pad)- id: \(id)", "\(pad)  type: \(Self.typeName(kind))"]
        if kind == .choice {
            lines.append("\(pad)  options:")
            for (value, group) in [("a", "x"), ("b", "x"), ("c", "y")] {
                lines.append("\(pad)    - {value: \(value), group: \(group)}")
            }
        }
        let earlier = fields.filter { $0.list == nil || $0.list == list }
        var computed = false
        if (kind == .number || kind == .integer || kind == .text), random.chance(0.15),
            let source = earlier.filter({ $0.kind == (kind == .text ? .text : .number) || ($0.kind == .integer && kind != .text) })
                .randomElement(using: &random)
        {
            // An integer field's value must be whole: a number source is rounded.
            let rounding = appFeatures ? random.pick(["round", "floor", "ceil", "trunc"]) : "round"
            let read = kind == .integer && source.kind == .number ? "\(rounding)(\(source.path(in: list)))" : source.path(in: list)
            lines.append("\(pad)  value: \(read) + \(kind == .text ? "'!'" : "1")")
            computed = true
        }
        if random.chance(0.3), let condition = condition(over: earlier, list: list) {
            lines.append("\(pad)  visible_if: '\(condition)'")
        }
        if random.chance(0.15), let condition = condition(over: earlier, list: list) {
            lines.append("\(pad)  enabled_if: '\(condition)'")
        }
        if random.chance(0.5) {
            let required = random.chance(0.5) ? "true" : (condition(over: earlier, list: list) ?? "true")
            lines.append("\(pad)  required: '\(required)'")
        }
        if !computed, random.chance(0.3) {
            let parents = earlier.filter { !$0.isComputed }.shuffled(using: &random).prefix(2)
            if !parents.isEmpty {
                lines.append("\(pad)  depends_on: [\(parents.map { $0.path(in: list) }.joined(separator: ", "))]")
            }
        }
        switch kind {
        case .text:
            if random.chance(0.3) { lines.append("\(pad)  max_length: 4") }
            if random.chance(0.2) { lines.append("\(pad)  pattern: '[a-z]+'") }
        case .number, .integer:
            if random.chance(0.3) { lines.append("\(pad)  min: 1") }
            if random.chance(0.3) {
                let bound = earlier.filter { $0.kind == .number || $0.kind == .integer }.randomElement(using: &random)
                lines.append("\(pad)  max: \(bound.map { $0.path(in: list) } ?? "50")")
            }
        case .date:
            if random.chance(0.4) { lines.append("\(pad)  max: today - 18y") }
        case .choice:
            let choices = earlier.filter { $0.kind == .choice }
            if random.chance(0.3), let other = choices.randomElement(using: &random) {
                lines.append("\(pad)  options_filter: 'option.group == \"x\" or \(other.path(in: list)) == \"c\"'")
            }
        case .bool:
            break
        case .masked:
            let (mask, value) = random.pick(Self.masks)
            lines.append("\(pad)  mask: \(mask)")
            if let value { lines.append("\(pad)  mask_value: \(value)") }
            if random.chance(0.3) { lines.append("\(pad)  digits: ascii") }
        case .file:
            if random.chance(0.4) { lines.append("\(pad)  max_items: 2") }
            if random.chance(0.3) { lines.append("\(pad)  min_items: 1") }
            if random.chance(0.5) { lines.append("\(pad)  max_size: \(random.pick(["1 MB", "500 KB", "2000000"]))") }
            if random.chance(0.5) { lines.append("\(pad)  media_types: \(random.pick(["[image/*]", "[application/pdf, image/jpeg]"]))") }
        }
        if appFeatures, kind == .number || kind == .integer, random.chance(0.2) { lines.append("\(pad)  digits: ascii") }
        var checks: [String] = []
        if largeNumbers, kind == .number || kind == .integer {
            if random.chance(0.5) { checks.append("\(pad)    - expr: 'multiple_of(\(id), \(random.pick(Self.steps)))'") }
            let bound = random.pick(Self.largeBounds)
            if kind == .number || !bound.contains(".") {
                checks.append("\(pad)    - \(random.chance(0.5) ? "min" : "max"): \(bound)")
            }
        }
        if random.chance(0.2), let condition = condition(over: earlier, list: list) {
            checks.append("\(pad)    - when: '\(condition)'")
            checks.append("\(pad)      expr: '\(selfCheck(kind, id))'")
        }
        if !checks.isEmpty { lines += ["\(pad)  checks:"] + checks }
        fields.append(FieldInfo(path: prefix + id, kind: kind, isComputed: computed, list: list))
        return lines
    }

    private mutating func group(_ id: String, indent: Int, prefix: String) -> [String] {
        let pad = String(repeating: " ", count: indent)
        var lines = ["\(pad)- id: \(id)", "\(pad)  type: group"]
        if random.chance(0.5), let condition = condition(over: fields.filter { $0.list == nil }, list: nil) {
            lines.append("\(pad)  visible_if: '\(condition)'")
        }
        if random.chance(0.3) { lines.append("\(pad)  required: true") }
        if random.chance(0.3), let parent = fields.filter({ $0.list == nil && !$0.isComputed }).randomElement(using: &random) {
            lines.append("\(pad)  depends_on: [\(parent.path)]")
        }
        lines.append("\(pad)  fields:")
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            lines += entry(indent: indent + 4, prefix: prefix + id + ".", list: nil, depth: 1)
        }
        return lines
    }

    private mutating func listEntry(_ id: String, indent: Int) -> [String] {
        let pad = String(repeating: " ", count: indent)
        var lines = ["\(pad)- id: \(id)", "\(pad)  type: list"]
        if random.chance(0.4), let condition = condition(over: fields.filter { $0.list == nil }, list: nil) {
            lines.append("\(pad)  visible_if: '\(condition)'")
        }
        if random.chance(0.3) { lines.append("\(pad)  max_items: 2") }
        if random.chance(0.3), let parent = fields.filter({ $0.list == nil && !$0.isComputed }).randomElement(using: &random) {
            lines.append("\(pad)  depends_on: [\(parent.path)]")
        }
        if random.chance(0.3) { lines.append("\(pad)  required: true") }
        lines.append("\(pad)  item:")
        lists.append(id)
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            lines += entry(indent: indent + 4, prefix: id + ".", list: id, depth: 1)
        }
        if random.chance(0.5) {
            counter += 1
            lines += ["\(pad)- id: f\(counter)", "\(pad)  type: number", "\(pad)  value: count(\(id))"]
            fields.append(FieldInfo(path: "f\(counter)", kind: .number, isComputed: true, list: nil))
        }
        return lines
    }

    private mutating func condition(over candidates: [FieldInfo], list: String?) -> String? {
        guard !candidates.isEmpty else { return nil }
        var parts: [String] = []
        for _ in 0..<Int.random(in: 1...2, using: &random) {
            let field = random.pick(candidates)
            let name = field.path(in: list)
            let options: [String] =
                switch field.kind {
                case .text: ["\(name) == \"abc\"", "len(\(name)) > 2", "not empty(\(name))", "\(name) == null"]
                case .number, .integer: ["\(name) > 3", "\(name) == null", "\(name) != null", "\(name) <= 10"]
                case .date: ["\(name) > 2015-01-01", "\(name) <= today - 18y", "\(name) != null"]
                case .bool: [name, "not \(name)", "\(name) == false"]
                case .choice: ["\(name) == \"a\"", "\(name) in [\"b\", \"c\"]", "\(name) != \"c\""]
                case .masked: ["\(name) == null", "not empty(\(name))", "len(\(name)) > 8"]
                case .file: ["count(\(name)) > 1", "empty(\(name))"]
                }
            parts.append(random.pick(options))
        }
        return parts.joined(separator: random.chance(0.5) ? " and " : " or ")
    }

    private func selfCheck(_ kind: Kind, _ id: String) -> String {
        switch kind {
        case .text: "len(\(id)) != 2"
        case .number, .integer: "\(id) != 7"
        case .date: "\(id) != 2000-01-01"
        case .bool: "\(id) or true"
        case .choice: "\(id) != \"b\""
        case .masked: "not matches(\(id), \"5\")"
        case .file: "count(\(id)) != 3"
        }
    }

    private static func typeName(_ kind: Kind) -> String {
        switch kind {
        case .text: "text"
        case .number: "number"
        case .integer: "integer"
        case .date: "date"
        case .bool: "bool"
        case .choice: "choice"
        case .masked: "text"
        case .file: "file"
        }
    }

    // MARK: - Edits

    /// A random edit of a form of these rules (sometimes one the form must refuse).
    mutating func edit(for form: Form) -> FormEdit {
        let roll = Double.random(in: 0..<1, using: &random)
        if roll < 0.02 { return .reset }
        if roll < 0.15, let list = lists.randomElement(using: &random) {
            let count = form.itemCount(list)
            switch Int.random(in: 0..<4, using: &random) {
            case 0, 1: return count < 3 ? .append(list) : .remove(list, at: Int.random(in: 0..<count, using: &random))
            case 2 where count > 0: return .remove(list, at: Int.random(in: 0..<count, using: &random))
            case 3 where count > 1: return .move(list, from: 0, to: count - 1)
            default: return .insert(list, at: 0)
            }
        }
        // Mostly fields the form offers now (visible, enabled, not computed); sometimes any
        // field, which the form may have to refuse.
        var candidates: [(field: FieldInfo, path: String)] = []
        for field in fields {
            guard let list = field.list else {
                candidates.append((field, field.path))
                continue
            }
            let count = form.itemCount(list)
            // Sometimes an index past the end.
            let item = count == 0 ? 0 : Int.random(in: 0...count, using: &random)
            candidates.append((field, "\(list)[\(item)]" + field.path.dropFirst(list.count)))
        }
        let offered = candidates.filter { candidate in
            let state = form[candidate.path]
            return state.isVisible && state.isEnabled && !candidate.field.isComputed
        }
        guard
            let (field, path) = (random.chance(0.85) && !offered.isEmpty ? offered : candidates)
                .randomElement(using: &random)
        else { return .reset }
        if random.chance(0.15) { return .clear(path) }
        if field.kind == .masked, random.chance(0.5) {
            // Typing through the mask, as a person does.
            let text = random.pick(Self.typed)
            return .type(path, text: text, caret: random.chance(0.5) ? nil : text.utf16.count)
        }
        if appFeatures, random.chance(0.05) { return .page(random.pick(["next", "previous", "p0", "s1"])) }
        let value = randomValue(field.kind)
        return random.chance(0.15) ? .suggest(path, value) : .set(path, value)
    }

    mutating func randomValue(_ kind: Kind) -> JSONValue {
        if random.chance(0.04) { return .string("wrong-type") }
        if largeNumbers, kind == .number || kind == .integer, random.chance(0.6),
            let number = try? JSONParser().parse(random.pick(Self.largeValues))
        {
            return number
        }
        switch kind {
        case .text: return .string(random.pick(["", "a", "ab", "abc", "hello", "12"]))
        case .number: return .number(random.pick([0, 1, 3, 5, 7, 10, 2.5, 100]))
        case .integer: return .number(random.pick([0, 1, 3, 5, 7, 10, 100]))
        case .date: return .string(random.pick(["2000-01-01", "2010-06-15", "2016-02-29", "2026-11-22"]))
        case .bool: return .bool(random.chance(0.5))
        case .choice: return .string(random.pick(["a", "b", "c", "z"]))
        case .masked:
            return .string(
                random.pick([
                    "+7 (916) 123-45-67", "8 (916) 123-45-67", "А 123 ВС 77", "А 123 ВС 777", "ID-42",
                    "7123-45", "+7 123-45", "12-34", "12", "a 123 bc 77",
                ]))
        case .file:
            let files: [JSONValue] = [
                ["name": "a.jpg", "size": 1_000, "type": "image/jpeg"], ["name": "b.pdf", "size": 3_000_000, "type": "application/pdf"],
                ["name": "c.mov", "size": 600_000, "type": "video/quicktime"], ["name": "d.png", "size": 10, "type": "IMAGE/PNG; x=1"],
            ]
            return .array(Array(files.shuffled(using: &random).prefix(Int.random(in: 0...3, using: &random))))
        }
    }

    /// Texts typed into masked fields: digits, letters of either case, other scripts' digits.
    static let typed = ["9161234567", "89161234567", "а123вс77", "a123bc777", "42", "٤٢", "7123", "1234", "+7 (9"]
}

extension RandomRules.FieldInfo {
    /// How this field is named from a field of `list` (or from form level).
    func path(in list: String?) -> String {
        if let own = self.list, own == list { return String(path.dropFirst(own.count + 1)) }
        return path
    }
}
