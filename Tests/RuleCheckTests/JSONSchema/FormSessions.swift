@testable import RuleCheck
import Testing

/// Edits a person might make on a form of any rule set, drawn from `sample` records (valid ones
/// and ones with a planted mistake): each record's values set or typed (items appended first),
/// some cleared, pages turned now and then; and a check that two rule sets' forms answer every
/// edit the same way.
enum FormSessions {
    static func edits(_ rules: RuleSet, seed: UInt64, records: Int) -> [FormEdit] {
        var generator = SampleGenerator(rules, today: Fixtures.today, seed: seed, invalidRate: 0.5)
        var random = SeededRandom(seed: seed)
        var edits: [FormEdit] = []
        for _ in 0..<records {
            let record = generator.next().object
            if random.chance(0.3) { edits.append(.reset) }
            for key in record.keys.sorted().shuffled(using: &random) {
                guard let value = record[key], let field = rules.field(key) else { continue }
                guard field.type == .list, case .array(let items) = value else {
                    edits.append(edit(key, value, field, &random))
                    continue
                }
                for (index, item) in items.enumerated() {
                    edits.append(.append(key))
                    for (local, member) in (item.object ?? [:]).sorted(by: { $0.key < $1.key }) {
                        guard let memberField = rules.field(key + "." + local) else { continue }
                        edits.append(edit("\(key)[\(index)].\(local)", member, memberField, &random))
                    }
                }
            }
            if !rules.pages.isEmpty { edits.append(.page(random.pick(["next", "next", "previous"]))) }
            if random.chance(0.2) { edits.append(.touchAll) }
        }
        return edits
    }

    /// Setting, typing (a masked field's text) or clearing one value; dates as ISO text, as
    /// edits write them.
    private static func edit(_ path: String, _ value: JSONValue, _ field: FieldRules, _ random: inout SeededRandom) -> FormEdit {
        if random.chance(0.1) { return .clear(path) }
        if field.mask != nil, case .string(let text) = value, random.chance(0.5) { return .type(path, text: text, caret: nil) }
        return .set(path, isoDates(value, field))
    }

    private static func isoDates(_ value: JSONValue, _ field: FieldRules) -> JSONValue {
        guard field.type == .date || field.itemType == .date else { return value }
        switch value {
        case .string(let text): return field.dateFormat.parse(text).map { .string($0.iso) } ?? value
        case .array(let items): return .array(items.map { isoDates($0, field) })
        default: return value
        }
    }

    /// The same ChangeSet (or the same refusal) from forms of `rules` and `again` for every edit;
    /// returns how many edits were applied, how many of those changed a field's issues, and how
    /// many were refused.
    @discardableResult
    static func expectSameAnswers(
        _ rules: RuleSet, _ again: RuleSet, _ edits: [FormEdit], context: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> (applied: Int, issues: Int, refused: Int) {
        var form = Form(rules, today: Fixtures.today), other = Form(again, today: Fixtures.today)
        var applied = 0, issues = 0, refused = 0
        for (index, edit) in edits.enumerated() {
            let a = Result { () throws(FormError) in try form.apply(edit) }
            let b = Result { () throws(FormError) in try other.apply(edit) }
            switch (a, b) {
            case (.success(let x), .success(let y)):
                applied += 1
                if x.issues.values.contains(where: { !$0.isEmpty }) { issues += 1 }
                #expect(x == y, "\(context), edit \(index): \(edit)", sourceLocation: sourceLocation)
            case (.failure(let x), .failure(let y)):
                refused += 1
                #expect(x.code == y.code, "\(context), edit \(index): \(edit)", sourceLocation: sourceLocation)
            default:
                Issue.record("\(context), edit \(index): \(edit): \(a) vs \(b)", sourceLocation: sourceLocation)
            }
        }
        return (applied, issues, refused)
    }
}
