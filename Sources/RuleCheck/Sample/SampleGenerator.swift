import Patterns

/// Generates sample records for a rule set: valid ones, and a share with one planted mistake.
///
/// ```swift
/// var generator = SampleGenerator(rules, today: today, seed: 42, invalidRate: 0.1)
/// let record = generator.next()
/// record.cells(generator.columns)   // a CSV row
/// ```
///
/// Valid records are made by filling a ``Form`` field by field in topological order, so that
/// visibility, `depends_on`, option filters and bounds that read other fields all hold: for each
/// visible, enabled field a few candidate values are tried (from its mask or pattern, within its
/// range, among its offered options) and the first the field accepts is kept. A field that no
/// candidate satisfies (a pattern the sampler cannot read, say) is left empty.
public struct SampleGenerator {
    public let rules: RuleSet
    public let today: Day
    /// The columns of a CSV: every form-level field with a value, and each list.
    public let columns: [String]
    private let invalidRate: Double
    var random: SplitMix64
    private let checker: RecordChecker
    /// A new form of the rules: each drawn record starts from a copy of it, not a form made anew.
    private let blankForm: Form
    /// The form-level `json` fields, whose strings a record's CSV cells quote (``SampleRecord/cells(_:)``).
    private let anyJSONColumns: Set<String>
    /// The paths of the lists, whose items a record nests (``SampleRecord/listPaths``).
    private let listPaths: Set<String>

    public init(_ rules: RuleSet, today: Day, seed: UInt64, invalidRate: Double = 0) {
        self.rules = rules
        self.today = today
        self.invalidRate = invalidRate
        random = SplitMix64(seed: seed)
        checker = RecordChecker(rules, today: today)
        blankForm = Form(rules, today: today)
        anyJSONColumns = Set(rules.fields.filter { $0.type == .json && $0.list == nil }.map(\.path))
        columns = rules.fields.filter { $0.list == nil && ($0.type.holdsValue || $0.type == .list) }.map(\.path)
        listPaths = Set(rules.fields.filter { $0.type == .list }.map(\.path))
    }

    /// The next record.
    public mutating func next() -> SampleRecord {
        let (object, passed) = validObject()
        var record = SampleRecord(values: object, mistake: nil, mistakeKind: nil)
        record.unsatisfied = !passed
        record.anyJSONColumns = anyJSONColumns
        record.listPaths = listPaths
        if Double.random(in: 0..<1, using: &random) < invalidRate {
            spoil(&record)
        }
        return record
    }

    // MARK: - Valid records

    /// How many records are drawn, at most, to find one that passes every rule.
    private static let attempts = 64
    /// How many, once a record has failed every attempt and none has passed yet: the rules are
    /// then likely beyond what the sampler can satisfy, and each further record would cost 64
    /// draws for nothing.
    private static let attemptsOutOfReach = 8

    /// Whether a record drawn so far passed every rule, and whether one failed every attempt.
    private var passedOnce = false, failedEveryAttempt = false
    /// How many records have been drawn in all, attempts that failed included.
    package private(set) var draws = 0

    /// A record that passes every rule, with no warning either: records are drawn until the
    /// checker finds nothing in one (a field whose candidates all failed stays empty, which a
    /// required field does not allow). Should every attempt fail — rules that no record can
    /// pass, or that the sampler cannot satisfy — the last one is returned as it is; after such
    /// a record, until one passes, each record gets ``attemptsOutOfReach`` attempts.
    private mutating func validObject() -> (object: JSONObject, passed: Bool) {
        var object: JSONObject = [:]
        let attempts = failedEveryAttempt && !passedOnce ? Self.attemptsOutOfReach : Self.attempts
        for _ in 0..<attempts {
            draws += 1
            object = drawObject()
            if checker.check(json: SampleRecord.nested(object, lists: listPaths)).violations.isEmpty {
                passedOnce = true
                return (object, true)
            }
        }
        failedEveryAttempt = true
        return (object, false)
    }

    /// One record drawn by filling a form field by field.
    private mutating func drawObject() -> JSONObject {
        var form = blankForm
        // Outer lists come first in the rules: a nested list gets items in each outer item.
        for list in rules.lists {
            let field = rules.fields[list.index]
            let most = min(field.maxItems ?? 3, 3)
            for path in form.instancePaths(of: field) {
                for _ in 0..<Int.random(in: (field.minItems ?? 0 > 0 ? 1 : 0)...max(1, most), using: &random) {
                    _ = try? form.append(path)
                }
            }
        }
        for id in rules.order {
            let field = rules.fields[id.index]
            guard field.type.holdsValue, !field.isComputed else { continue }
            for path in form.instancePaths(of: field) { fill(path, field, &form) }
        }
        return object(of: form)
    }

    private mutating func fill(_ path: String, _ field: FieldRules, _ form: inout Form) {
        let state = form[path]
        guard state.isVisible, state.isEnabled else { return }
        // A value whose depends_on parent is empty would be an orphan: leave it empty too.
        if let slot = try? form.slot(path) {
            let orphan = form.withContext(slot) { context in
                field.dependsOn.contains { parent in
                    rules.fields[parent.index].type == .list
                        ? context.itemCount(of: parent) == 0 : context.value(of: parent) == nil
                }
            }
            if orphan { return }
        }
        if !state.isRequired && Double.random(in: 0..<1, using: &random) < 0.2 { return }
        for _ in 0..<12 {
            guard let candidate = candidate(for: field, path: path, in: form) else { return }
            var trial = form
            guard (try? trial.set(path, to: candidate)) != nil, trial[path].issues.isEmpty else { continue }
            form = trial
            return
        }
    }

    private mutating func candidate(for field: FieldRules, path: String, in form: Form) -> Value? {
        guard field.type == .values else { return candidate(for: field, as: field.type, path: path, in: form) }
        // A few values, each made as for a field of the item type with the field's rules.
        let low = max(1, field.minItems ?? 1), high = max(low, min(field.maxItems ?? 3, 5))
        var values: [Value] = []
        for _ in 0..<Int.random(in: low...high, using: &random) {
            guard let value = candidate(for: field, as: field.itemType ?? .text, path: path, in: form) else { continue }
            if field.uniqueItems && values.contains(value) { continue }
            values.append(value)
        }
        return Value.normalized(.list(values))
    }

    /// A value of `type` for `field` (its own type, or a `values` field's item type).
    mutating func candidate(for field: FieldRules, as type: FieldType, path: String, in form: Form) -> Value? {
        switch type {
        case .text:
            // A check `expr: this == other` (a repeated password): take the other's value.
            for check in field.checks {
                if case .expr(let condition) = check.kind, case .equal(let lhs, let rhs) = condition.expr,
                    let other = [lhs, rhs].compactMap({ expr -> FieldID? in
                        if case .field(let id) = expr, id != field.id { return id }
                        return nil
                    }).first
                {
                    return form[rules.fields[other.index].path].value
                }
            }
            var makers: [Int] = []
            if field.mask != nil { makers.append(0) }
            if field.pattern != nil { makers.append(1) }
            // Only the checks that apply now: a mask for a passport is no use for another document.
            let slot = (try? form.slot(path)) ?? Slot(field.id)
            let checkShapes = field.checks.compactMap { check -> CheckRule.Kind? in
                if let when = check.when, !form.withContext(slot, { when.expr.holds($0) }) { return nil }
                switch check.kind {
                case .mask, .pattern: return check.kind
                default: return nil
                }
            }
            if !checkShapes.isEmpty { makers.append(2) }
            switch makers.randomElement(using: &random) {
            case 0?: return field.mask.map { .text($0.sample(using: &random, as: field.maskValue)) }
            case 1?: return field.pattern.flatMap { PatternSampler($0.source) }.map { .text($0.sample(using: &random)) }
            case 2?:
                switch checkShapes.randomElement(using: &random) {
                case .mask(let mask)?: return .text(mask.sample(using: &random, as: field.maskValue))
                case .pattern(let pattern)?: return PatternSampler(pattern.source).map { .text($0.sample(using: &random)) }
                default: return nil
                }
            default:
                // A capitalised word, sometimes with digits (which password-like checks want).
                let low = max(field.minLength ?? 3, 1), high = max(low, min(field.maxLength ?? 10, 12))
                let length = Int.random(in: low...high, using: &random)
                let digits = Bool.random(using: &random) ? min(2, length - 1) : 0
                let letters = (0..<length).map { index in
                    let range: ClosedRange<UInt8> = index == 0 ? 0x41...0x5A : index >= length - digits ? 0x30...0x39 : 0x61...0x7A
                    return Character(Unicode.Scalar(UInt8.random(in: range, using: &random)))
                }
                return .text(String(letters))
            }
        case .number, .integer:
            var (lowBound, highBound) = bounds(field, path, form, fallback: (0, 1000))
            // One bound beyond the other's fallback (`minimum: 1000000` alone): draw next to it.
            if let low = lowBound.number, let high = highBound.number, low > high {
                if highBound == .number(1000) {
                    highBound = .number(low + 1000)
                } else if lowBound == .number(0) {
                    lowBound = .number(high - 1000)
                }
            }
            // A sample's numbers are `Double`s drawn between the bounds' nearest `Double`s; one
            // that falls outside a bound with more digits (9007199254740992 below
            // 9007199254740993) is that bound instead.
            guard var low = lowBound.number, var high = highBound.number, low <= high else { return .number(1) }
            if type == .integer { (low, high) = (low.rounded(.up), high.rounded(.down)) }
            guard low <= high else { return .number(low) }
            let drawn = Double.random(in: low...high, using: &random)
            let value = Value.number(type == .integer ? drawn.rounded(.down) : (drawn * 10).rounded() / 10)
            for (bound, outside) in [(lowBound, ExactDecimal.Order.ascending), (highBound, .descending)]
            where Value.compareNumbers(value, bound) == outside && (type == .number || bound.isWholeNumber) {
                return bound
            }
            return value
        case .date:
            let (low, high) = bounds(field, path, form, fallback: (.date(today.adding(years: -70) ?? today), .date(today)))
            guard case .date(var first) = low, case .date(let last) = high, first <= last else { return .date(today) }
            // Half the time a recent date (the last tenth of the range): rules such as "renewed
            // since the 45th birthday" favour those.
            if Bool.random(using: &random) {
                first = Day(daysSinceEpoch: last.daysSinceEpoch - (last.daysSinceEpoch - first.daysSinceEpoch) / 10)
            }
            return .date(Day(daysSinceEpoch: Int.random(in: first.daysSinceEpoch...last.daysSinceEpoch, using: &random)))
        case .bool:
            return .bool(Bool.random(using: &random))
        case .choice:
            return form.options(for: path).randomElement(using: &random)?.value
        case .multiChoice:
            let offered = form.options(for: path).map(\.value).shuffled(using: &random)
            guard !offered.isEmpty else { return nil }
            let count = Int.random(in: max(1, field.minItems ?? 1)...max(1, min(field.maxItems ?? 3, offered.count)), using: &random)
            return .list(Array(offered.prefix(count)))
        case .file:
            return .files(sampleFiles(field))
        case .json:
            return anyCandidate(for: field, path: path, in: form)
        case .group, .list, .values:
            return nil
        }
    }

    /// The tightest bounds of the field's `min` and `max` and of the checks' whose `when` holds,
    /// evaluated in the form; the fallbacks where there are none.
    private func bounds(
        _ field: FieldRules, _ path: String, _ form: Form,
        fallback: (Value, Value)
    ) -> (Value, Value) {
        guard let slot = try? form.slot(path) else { return fallback }
        return form.withContext(slot) { context in
            // A date bound beyond the calendar is no bound to draw from (`normalized` drops it).
            var lows = [Value.normalized(field.min?.expr.evaluate(context))].compactMap { $0 }
            var highs = [Value.normalized(field.max?.expr.evaluate(context))].compactMap { $0 }
            for check in field.checks where check.when?.expr.holds(context) ?? true {
                switch check.kind {
                case .min(let bound): if let value = Value.normalized(bound.expr.evaluate(context)) { lows.append(value) }
                case .max(let bound): if let value = Value.normalized(bound.expr.evaluate(context)) { highs.append(value) }
                default: break
                }
            }
            return (lows.max(by: Self.ascending) ?? fallback.0, highs.min(by: Self.ascending) ?? fallback.1)
        }
    }

    private static func ascending(_ a: Value, _ b: Value) -> Bool {
        switch (a, b) {
        case (.date(let x), .date(let y)): x < y
        default: Value.compareNumbers(a, b) == .ascending
        }
    }

    /// The form's values as a record object.
    private func object(of form: Form) -> JSONObject {
        var object: JSONObject = [:]
        for field in rules.fields where field.list == nil {
            if field.type == .list {
                let count = form.itemCount(field.path)
                guard count > 0, form[field.path].isVisible else { continue }
                object[field.path] = .array(
                    (0..<count).map { item in
                        var entry: JSONObject = [:]
                        for member in field.members where rules.fields[member.index].type.holdsValue {
                            let memberField = rules.fields[member.index]
                            let local = String(memberField.path.dropFirst(field.path.count + 1))
                            if let value = form["\(field.path)[\(item)].\(local)"].value {
                                entry[local] = json(value, memberField)
                            }
                        }
                        return .object(entry)
                    })
            } else if field.type.holdsValue, let value = form[field.path].value {
                object[field.path] = json(value, field)
            }
        }
        return object
    }

    /// A value as a record holds it: dates in the field's format.
    private func json(_ value: Value, _ field: FieldRules) -> JSONValue {
        if case .date(let day) = value { return .string(field.dateFormat.format(day)) }
        if field.type == .file, let files = value.files { return .array(files.map(\.json)) }
        if case .list(let items) = value { return .array(items.map { json($0, field) }) }
        return value.json
    }

    // MARK: - Mistakes

    /// Plants one mistake in a field that has a value or is required: a mistake the checker
    /// reports on that field alone (every violation of the record is an error of that field).
    /// Fields are tried in a random order, and each field's mistakes in turn, until one does
    /// that; a field whose change would hide, clear or orphan others is passed over. Only when no
    /// field can be spoiled on its own does the record stay valid, marked
    /// ``SampleRecord/unspoilable``.
    private mutating func spoil(_ record: inout SampleRecord) {
        let candidates = rules.fields.filter { field in
            field.list == nil && field.type.holdsValue && !field.isComputed
                && (record.values[field.path] != nil || field.required != nil)
        }.shuffled(using: &random)
        for field in candidates {
            for (value, kind) in mistakes(for: field, current: record.values[field.path]) {
                var spoiled = record.values
                // A value left out is absent: `null` is a value where a JSON Schema decides.
                spoiled[field.path] = kind == .leftOut ? nil : value
                let violations = checker.check(json: SampleRecord.nested(spoiled, lists: listPaths)).violations
                if !violations.isEmpty, violations.allSatisfy({ $0.severity == .error && $0.field == field.path }) {
                    record.values = spoiled
                    record.mistake = field.path
                    record.mistakeKind = kind
                    return
                }
            }
        }
        record.unspoilable = true
    }

    /// The mistakes to try in a field, in the order to try them: a quarter of the time leaving
    /// out a value it has first, otherwise a wrong value of its type first.
    private mutating func mistakes(
        for field: FieldRules,
        current: JSONValue?
    ) -> [(JSONValue, SampleRecord.MistakeKind)] {
        var wrong: [(JSONValue, SampleRecord.MistakeKind)]
        switch field.type {
        case .text:
            wrong = [(.string("?"), .alteredText)]
            if case .string(let text)? = current, !text.isEmpty {
                var scalars = Array(text.unicodeScalars)
                scalars[Int.random(in: 0..<scalars.count, using: &random)] = "#"
                wrong.insert((.string(String(String.UnicodeScalarView(scalars))), .alteredText), at: 0)
            }
        case .number, .integer:
            wrong = [(.number(-1_000_000), .outOfRange), (.number(1_000_000_000), .outOfRange), (.string("n/a"), .unreadable)]
            wrong.shuffle(using: &random)
        case .date:
            wrong = [
                (.string("31.02.2021"), .unreadable),
                (.string(field.dateFormat.format(today.adding(years: 150) ?? today)), .outOfRange),
                (.string(field.dateFormat.format(today.adding(years: -150) ?? today)), .outOfRange),
            ]
            wrong.shuffle(using: &random)
            // A date as the field's calendar writes it, where the record wants Gregorian: first,
            // as it is what such a field's exports get wrong.
            if field.calendar != .gregorian, case .string(let text)? = current, let day = field.dateFormat.parse(text) {
                wrong.insert((.string(field.dateFormat.format(day, in: field.calendar)), .otherCalendar), at: 0)
            }
        case .bool:
            wrong = [(.string("maybe"), .unreadable)]
        case .choice, .multiChoice:
            wrong = [(.string("no_such_option"), field.type == .choice ? .notAnOption : .unreadable)]
        case .values:
            wrong = [(.string("not a list"), .unreadable)]
        case .file:
            // A file's name where the files' metadata belongs.
            wrong = [(.string("scan.pdf"), .unreadable)]
        case .json:
            // A value of a JSON type the field does not take.
            let types = field.jsonTypes ?? .all
            wrong = [JSONValue.bool(true), .string("?"), .number(0.5), .array([]), .object([:])]
                .filter { !types.admits(ValueReader.anyElement($0)) }.prefix(1).map { ($0, .unreadable) }
        case .group, .list:
            wrong = []
        }
        guard current != nil else { return wrong }
        return Double.random(in: 0..<1, using: &random) < 0.25 ? [(.null, .leftOut)] + wrong : wrong + [(.null, .leftOut)]
    }
}

extension SampleGenerator {
    /// Files within a file field's rules: as many as it takes, of its media types and size.
    mutating func sampleFiles(_ field: FieldRules) -> [FileInfo] {
        let fewest = max(1, field.minItems ?? 1)
        let count = Int.random(in: fewest...max(fewest, min(field.maxItems ?? fewest + 1, fewest + 2)), using: &random)
        return (0..<count).map { index in
            let type =
                field.mediaTypes.randomElement(using: &random).map { $0.hasSuffix("/*") ? $0.dropLast() + "png" : $0 }
                ?? "application/pdf"
            let size = Int.random(in: 1_000...max(1_000, min(field.maxSize ?? 5_000_000, 5_000_000)), using: &random)
            let suffix = type.split(separator: "/").last.map(String.init) ?? "bin"
            return FileInfo(name: "file\(index + 1).\(suffix)", size: size, mediaType: type)
        }
    }
}
