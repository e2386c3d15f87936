/// A form whose rules carry a JSON Schema (``RuleSet/isCheckedByJSONSchema``): after each edit
/// the form's record is held to the schema, as the record checker holds a record
/// (``SchemaVerdict``), so that a form and a batch check of what it sends agree. The fields'
/// issues stand where the schema fails too; the schema's other failures become issues of the
/// field that holds the value (or of the record as a whole: ``recordIssues``).
extension Form {
    /// Issues of the record as a whole, from its JSON Schema (a failure at the top of the record,
    /// or at a place no field holds); `ChangeSet.issues[""]` when they change. Empty for rules
    /// without a JSON Schema.
    public var recordIssues: [FieldIssue] { schemaState.recordIssues }

    /// What the schema step keeps between edits.
    struct SchemaState: Sendable {
        /// The fields' own issues of each slot whose issues the schema changed.
        var ownIssues: [Slot: [FieldIssue]] = [:]
        var recordIssues: [FieldIssue] = []
    }

    /// Holds the form's record to its JSON Schema and puts the verdict into the slots' issues,
    /// calling `touch` with each slot whose issues change and its state before (for the ChangeSet).
    mutating func settleSchema(touch: (Slot, FieldState) -> Void = { _, _ in }) {
        guard let schema = rules.recordSchema else { return }
        let json = JSONValue.object(values.record(rules))
        let failures = schema.failures(json)
        let verdict = SchemaVerdict(rules: rules, words: SchemaFailureWords(rules: rules, messages: evaluator.messages))
        let failurePlaces = failures.map(SchemaVerdict.place)
        var desired: [Slot: [FieldIssue]] = [:]
        var keptPlaces: [[SchemaVerdict.Token]] = []
        var slotsByPath: [String: Slot] = [:]
        for slot in allSlots() {
            let own = schemaState.ownIssues[slot] ?? states[slot].issues
            guard !own.isEmpty else { continue }
            let path = values.path(of: slot, rules)
            slotsByPath[path] = slot
            let place = SchemaVerdict.tokens(ofField: path)
            let stands = verdict.confirms(failurePlaces, place)
            let kept = own.filter { !Self.schemaJudges($0.code) || stands }
            if kept.contains(where: { Self.schemaJudges($0.code) }) { keptPlaces.append(place) }
            if kept != own { desired[slot] = kept }
        }
        var recordIssues: [FieldIssue] = []
        for (failure, place) in zip(failures, failurePlaces) where !verdict.said(failure, at: place, by: keptPlaces) {
            let violation = verdict.words.violation(failure, at: place, record: json)
            let issue = FieldIssue(code: violation.code, message: violation.message, rule: violation.rule)
            if let slot = holder(of: place, known: &slotsByPath) {
                desired[slot, default: schemaState.ownIssues[slot] ?? states[slot].issues].append(issue)
            } else {
                recordIssues.append(issue)
            }
        }
        // Every slot the schema changed before or changes now: its issues as they should be.
        for slot in Set(desired.keys).union(schemaState.ownIssues.keys) {
            let own = schemaState.ownIssues[slot] ?? states[slot].issues
            let issues = desired[slot] ?? own
            guard issues != states[slot].issues else { continue }
            touch(slot, state(slot))
            schemaState.ownIssues[slot] = issues == own ? nil : own
            states[slot].issues = issues
        }
        schemaState.recordIssues = recordIssues
    }

    /// The slot that holds the value at `place`: the field there, or the nearest above it.
    private func holder(of place: [SchemaVerdict.Token], known: inout [String: Slot]) -> Slot? {
        var tokens = place
        while !tokens.isEmpty {
            let path = SchemaFailureWords.fieldPath(tokens)
            if let slot = known[path] ?? (try? slot(path)) {
                known[path] = slot
                return slot
            }
            tokens.removeLast()
        }
        return nil
    }

    /// Whether the schema decides about a field's issue: not a server's (`external`), and not
    /// `type`, which in a form says that typed text is not a value yet.
    static func schemaJudges(_ code: IssueCode) -> Bool {
        code != .external && code != .type
    }
}
