@testable import RuleCheck

/// Random but valid rules files that use what a JSON Schema export has to carry: values fields,
/// unique items, masks (alternatives, a class, optional blocks, open tails, kept characters with
/// `mask_value: extracted`) and patterns, `digits: ascii`, file fields, date formats, `today`
/// bounds and initial values, option titles and attributes with filters, localized messages,
/// checks of every kind, `multiple_of` (1 too, on a number), rounding into integers, display
/// templates, groups (required or not) with required members, lists, depends_on, computed
/// fields, gates, sections and pages. Every expression names only fields declared before it.
struct RandomSchemaRules {
    private var random: SeededRandom
    private var counter = 0
    /// Earlier top-level fields by kind, for expressions.
    private var earlier: [(path: String, kind: String)] = []

    init(seed: UInt64) {
        random = SeededRandom(seed: seed)
    }

    mutating func yaml() -> String {
        var lines = ["form: random_schema", "title: 'Random: \(Int.random(in: 1...99, using: &random))'"]
        let formFormat = random.chance(0.3)
        lines += ["defaults:", "  hidden_values: \(random.chance(0.5) ? "clear" : "keep")"]
        if formFormat { lines.append("  date_format: dd.MM.yyyy") }
        lines += ["mask_classes:", "  R: {chars: АВЕКМНОРСТУХ, case: upper}", "  D: 1-5"]
        let pages = Int.random(in: 0..<3, using: &random)
        if pages == 1 { lines.append("pages: true") }
        var sections: [String] = ["sections:"]
        let sectionCount = Int.random(in: 1...3, using: &random)
        for section in 0..<sectionCount {
            sections += ["  - id: s\(section)", "    title: 'Part \(section)'"]
            if pages == 2 && section > 0 { sections.append("    page: p1") }
            sections.append("    fields:")
            for _ in 0..<Int.random(in: 2...6, using: &random) { sections += field(indent: 6, prefix: "", depth: 0) }
        }
        let named = earlier.filter { !$0.path.contains(".") }.map(\.path)
        lines += ["gates:", "  everything: all"]
        if let first = named.first { lines.append("  some: [\(first)]") }
        // A gate naming a page: every field on it.
        if pages == 2 && sectionCount > 1 { lines.append("  step: [p1]") }
        return (lines + sections).joined(separator: "\n") + "\n"
    }

    private mutating func field(indent: Int, prefix: String, depth: Int) -> [String] {
        counter += 1
        let id = "f\(counter)"
        let pad = String(repeating: " ", count: indent)
        var lines = ["\(pad)- id: \(id)"]
        func add(_ line: String) { lines.append("\(pad)  " + line) }
        let kinds =
            depth == 0
            ? ["text", "number", "integer", "date", "bool", "choice", "multi", "values", "group", "list", "file"]
            : ["text", "number", "integer", "date", "bool", "choice", "file"]
        let kind = random.pick(kinds)
        if random.chance(0.6) { add("title: 'Field \(counter)'") }
        let condition = self.condition()
        if random.chance(0.25), let condition { add("visible_if: '\(condition)'") }
        if random.chance(0.15), let other = self.condition() { add("enabled_if: '\(other)'") }
        if random.chance(0.4) { add("required: " + (random.chance(0.6) ? "true" : "'\(self.condition() ?? "true")'")) }
        if random.chance(0.15), let parent = earlier.filter({ $0.kind != "group" && $0.kind != "computed" }).randomElement(using: &random) {
            add("depends_on: [\(parent.path)]")
        }
        if random.chance(0.2) { add("ui: {widget: w\(counter), placeholder: 'Type \(counter)'}") }
        switch kind {
        case "text":
            add("type: text")
            switch Int.random(in: 0..<7, using: &random) {
            case 0: add("pattern: '[a-z]+[0-9]*'")
            case 1: add("mask: '00-AA'")
            case 2: add("min_length: 2"); add("max_length: 6")
            case 3: add("mask: ['R 000 RR 00', 'R 000 RR 000']")
            case 4: add("mask: 'D0[-00] 0…'"); if random.chance(0.5) { add("digits: ascii") }
            case 5: add("mask: ['+{7} (000) 000-00-00', '{8} (000) 000-00-00']"); add("mask_value: extracted")
            default: break
            }
            if random.chance(0.3) { add("messages: {required: {en: 'Say it', ru: 'Скажите'}, pattern: 'Letters then digits'}") }
            if random.chance(0.3) {
                add("checks:")
                add("  - expr: not matches(\(id), 'x')")
                add("    message: 'No x'")
                if let condition = self.condition() { add("  - when: '\(condition)'"); add("    max_length: 3") }
            }
        case "number", "integer":
            add("type: \(kind)")
            if random.chance(0.5) { add("min: \(kind == "integer" ? "1" : "0.5")") }
            let numbers = earlier.filter { $0.kind == "number" || $0.kind == "integer" }
            if random.chance(0.4) { add("max: " + (numbers.randomElement(using: &random).map { "'\($0.path) + 100'" } ?? "1000")) }
            if random.chance(0.3) { add("initial: 5") }
            if random.chance(0.2) { add("digits: ascii") }
            if kind == "number", random.chance(0.2) {
                // A check that the number is whole: not the same as an integer field.
                add("checks: [{expr: 'multiple_of(\(id), 1)', message: 'Whole, please'}]")
            } else if random.chance(0.4) {
                add("checks:")
                add("  - expr: 'multiple_of(\(id), 5)'")
                add("  - expr: '\(id) > 2'")
                add("    message: {en: 'More than two', ru: 'Больше двух'}")
            }
        case "date":
            add("type: date")
            if random.chance(0.3) { add("format: MM/dd/yyyy") }
            if random.chance(0.5) { add("max: today + 30d") }
            if random.chance(0.3) { add("min: 2000-01-01") }
            if random.chance(0.2) { add("initial: today") }
        case "bool":
            if random.chance(0.3) {
                // A choice between booleans, with titles: not the same as a bool field.
                add("type: choice")
                add("options: [{value: true, title: 'Yes, please'}, {value: false, title: 'No'}]")
                earlier.append((prefix + id, "boolChoice"))
                return lines
            }
            add("type: bool")
            if random.chance(0.3) { add("initial: false") }
        case "choice":
            add("type: choice")
            add("options:")
            add("  - {value: a, title: Alpha, group: x}")
            add("  - {value: b, group: x}")
            add("  - {value: c, title: Gamma, group: y}")
            if let other = earlier.filter({ $0.kind == "choice" }).randomElement(using: &random), random.chance(0.5) {
                add("options_filter: 'option.group == \"x\" or \(other.path) == \"c\"'")
            }
            if random.chance(0.3) { add("initial: a") }
        case "multi":
            add("type: multi_choice")
            add("options: [\(random.chance(0.5) ? "1, 2, 3" : "red, green, blue")]")
            if random.chance(0.5) { add("unique_items: true") }
            if random.chance(0.5) { add("max_items: 2") }
        case "file":
            add("type: file")
            if random.chance(0.5) { add("max_items: \(Int.random(in: 1...3, using: &random))") }
            if random.chance(0.5) { add("max_size: 1 MB") }
            if random.chance(0.6) { add("media_types: \(random.pick(["[image/*]", "[image/png, application/pdf]"]))") }
        case "values":
            add("type: values")
            switch Int.random(in: 0..<4, using: &random) {
            case 3: add("mask: ['00-00', 'R000']")
            case 0: add("pattern: '[a-z]+\\.jpg'"); add("max_length: 12")
            case 1: add("item_type: integer"); add("min: 0"); add("max: 99")
            default: add("item_type: date"); add("max: today")
            }
            if random.chance(0.5) { add("unique_items: true") }
            if random.chance(0.5) { add("min_items: 1"); add("max_items: 3") }
        case "group":
            add("type: group")
            add("display: '{f\(counter + 1)} {{x}}'")
            add("fields:")
            let count = Int.random(in: 1...3, using: &random)
            for _ in 0..<count { lines += field(indent: indent + 4, prefix: prefix + id + ".", depth: depth + 1) }
        default:
            add("type: list")
            if random.chance(0.5) { add("max_items: 3") }
            add("item:")
            counter += 1
            add("  - {id: f\(counter), type: text, required: true, max_length: 5}")
            counter += 1
            add("  - {id: f\(counter), type: integer, visible_if: 'f\(counter - 1) != null', min: 1}")
        }
        if kind != "group" && kind != "list" && kind != "multi" && kind != "values" && random.chance(0.1)
            && !lines.contains(where: { $0.contains("required:") || $0.contains("depends_on") || $0.contains("initial") })
        {
            // A computed field: the value follows an earlier one of its type.
            if kind == "number", let source = earlier.filter({ $0.kind == "number" }).randomElement(using: &random) {
                add("value: \(source.path) * 2")
                earlier.append((prefix + id, "computed"))
                return lines
            }
            if kind == "integer", let source = earlier.filter({ $0.kind == "number" }).randomElement(using: &random) {
                add("value: \(random.pick(["round", "floor", "ceil", "trunc"]))(\(source.path) / 3)")
                earlier.append((prefix + id, "computed"))
                return lines
            }
        }
        if kind != "list" { earlier.append((prefix + id, kind)) }
        return lines
    }

    /// A condition over an earlier top-level field.
    private mutating func condition() -> String? {
        guard let field = earlier.filter({ !$0.path.contains(".") && $0.kind != "group" }).randomElement(using: &random) else { return nil }
        switch field.kind {
        case "text": return random.chance(0.5) ? "\(field.path) != null" : "\(field.path) == \"ab\""
        case "number", "integer", "computed": return random.chance(0.5) ? "\(field.path) > 3" : "\(field.path) <= 10"
        case "date": return "\(field.path) < today"
        case "bool": return random.chance(0.5) ? field.path : "not \(field.path)"
        case "choice": return random.chance(0.5) ? "\(field.path) == \"a\"" : "\(field.path) in [\"b\", \"c\"]"
        case "multi": return "count(\(field.path)) > 1"
        case "values": return "count(\(field.path)) >= 2"
        case "file": return random.chance(0.5) ? "count(\(field.path)) > 1" : "not empty(\(field.path))"
        default: return nil
        }
    }
}
