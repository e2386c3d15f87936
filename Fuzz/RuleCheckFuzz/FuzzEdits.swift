import RuleCheck

/// A small form with what edits can touch: a list with a computed count, a cascade of choices with
/// an options filter, depends_on, a hidden field, dates with bounds. (Compiled for every input: a
/// rule set kept in a global is reported as leaked by LeakSanitizer at exit.)
private let editRulesText = """
    form: edits
    fields:
      - id: kind
        type: choice
        options: [person, company]
      - id: name
        required: kind != null
        depends_on: [kind]
        max_length: 20
      - id: inn
        visible_if: kind == 'company'
        mask: '0000000000'
      - id: born
        type: date
        max: today - 18y
      - id: age
        type: integer
        value: age(born)
      - id: region
        type: choice
        options: [north, south]
      - id: city
        type: choice
        options:
          - {value: a, region: north}
          - {value: b, region: south}
        options_filter: option.region == region
      - id: drivers
        type: list
        max_items: 3
        item:
          - id: full_name
            required: true
          - id: since
            type: date
      - id: driver_count
        type: integer
        value: count(drivers)
    """

/// The input is `rulecheck replay` edit lines (JSON Lines). Each line is decoded as replay decodes
/// it and applied to two copies of the form, one evaluated incrementally and one fully: both must
/// give the same change set (or the same error), and the same form after it.
func fuzzEdits(_ text: String) {
    guard let rules = try? RuleSet(yaml: editRulesText, source: "edits.yaml") else {
        fatalError("the edit fuzzer's own rules do not compile")
    }
    let today = Day(year: 2026, month: 11, day: 22) ?? .now
    var incremental = Form(rules, today: today)
    var full = Form(rules, today: today)
    full.evaluationMode = .full
    for line in text.split(separator: "\n", omittingEmptySubsequences: true).prefix(64) {
        guard let json = try? JSONParser().parse(String(line)), let edit = try? FormEdit(json: json) else { continue }
        let first = Result { () throws(FormError) -> ChangeSet in try incremental.apply(edit) }
        let second = Result { () throws(FormError) -> ChangeSet in try full.apply(edit) }
        switch (first, second) {
        case (.success(let a), .success(let b)) where a == b:
            _ = JSONWriter.string(a.json)
        case (.failure(let a), .failure(let b)) where a == b:
            break
        default:
            fatalError("edit \(line): incremental \(first) but full \(second)")
        }
        guard incremental.snapshot == full.snapshot else { fatalError("edit \(line): the two forms differ") }
    }
}
