import Foundation
@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

/// The property that defines the engine's correctness: for random rules and random edits, the
/// incremental state equals a full re-evaluation after every edit, and each ChangeSet equals
/// the difference between the states before and after.
@Suite("Form properties")
struct FormPropertyTests {
    /// Rule sets a batch tries: 20 (`make test`), 50 in a deep run (`make test-deep`); each
    /// with 5 sequences of 25 edits.
    static let ruleSetsPerBatch = PropertyRuns.count(quick: 20, deep: 50)

    /// A misspelt `RULECHECK_PROPERTY_RUNS=deep` would run the quick share and pass as deep.
    @Test func thePropertyRunIsQuickOrDeep() {
        #expect(PropertyRuns.settingIsKnown, "\(PropertyRuns.variable)=\(PropertyRuns.setting ?? "") is neither quick nor deep")
    }

    @Test(arguments: 0..<8)
    func incrementalEqualsFullEvaluation(batch: Int) throws {
        var sequences = 0
        var applied = 0, refused = 0, cascades = 0, hidden = 0, listEdits = 0
        let ruleSets = Self.ruleSetsPerBatch
        for index in 0..<ruleSets {
            let seed = UInt64(batch * 1_000 + index)
            var generator = RandomRules(seed: seed)
            let yaml = generator.yaml()
            let rules: RuleSet
            do {
                rules = try RuleSet(yaml: yaml, source: "random.yaml")
            } catch {
                Issue.record("seed \(seed): generated rules do not compile:\n\(error)\n\(yaml)")
                continue
            }
            for sequence in 0..<5 {
                var incremental = Form(rules, today: Fixtures.today)
                var full = incremental
                full.evaluationMode = .full
                for step in 0..<25 {
                    let edit = generator.edit(for: incremental)
                    let before = incremental
                    let context = "seed \(seed), sequence \(sequence), step \(step): \(edit)"
                    let incrementalResult = Result { () throws(FormError) in try incremental.apply(edit) }
                    let fullResult = Result { () throws(FormError) in try full.apply(edit) }
                    switch (incrementalResult, fullResult) {
                    case (.success(let changes), .success(let fullChanges)):
                        applied += 1
                        if changes.values.count > 1 { cascades += 1 }
                        if changes.visible.values.contains(false) { hidden += 1 }
                        if !changes.items.isEmpty { listEdits += 1 }
                        expectEqual(changes, fullChanges, "\(context)\n\(yaml)")
                        expectEqual(changes, incremental.difference(from: before), "\(context)")
                    case (.failure(let error), .failure(let fullError)):
                        refused += 1
                        expectEqual(error.code, fullError.code, "\(context)")
                        #expect(incremental.difference(from: before).isEmpty, "a refused edit changed the form: \(context)")
                    default:
                        Issue.record("one mode refused the edit and the other did not: \(context)")
                    }
                    if step % 8 == 7 {
                        // A snapshot, through JSON, restores an identical form.
                        let data = try JSONEncoder().encode(incremental.snapshot)
                        let restored = try Form(
                            rules, snapshot: try JSONDecoder().decode(FormSnapshot.self, from: data),
                            today: Fixtures.today)
                        #expect(sameState(restored, incremental), "snapshot of \(context)\n\(stateDifference(restored, incremental))")
                    }
                    guard sameState(incremental, full) else {
                        Issue.record("states differ after \(context)\n\(stateDifference(incremental, full))\n\(yaml)")
                        return
                    }
                }
                sequences += 1
            }
        }
        expectEqual(sequences, ruleSets * 5)
        // The generated edits exercise the engine: most apply, and many change more than the
        // edited field, hide fields, or edit lists (per rule set's 125 edits, at least 6, 2 and 1).
        #expect(applied > refused * 3, "applied \(applied), refused \(refused)")
        #expect(
            cascades > 6 * ruleSets && hidden > 2 * ruleSets && listEdits > ruleSets,
            "cascades \(cascades), hidden \(hidden), list edits \(listEdits)")
    }

    private func stateDifference(_ a: Form, _ b: Form) -> String {
        var lines: [String] = []
        for slot in Set(a.allSlots()).union(b.allSlots()) where a.state(slot) != b.state(slot) {
            lines.append("\(a.path(slot)): incremental \(a.state(slot)) ≠ full \(b.state(slot))")
        }
        if a.invalidInSection != b.invalidInSection { lines.append("sections \(a.invalidInSection) ≠ \(b.invalidInSection)") }
        if a.invalidInGate != b.invalidInGate { lines.append("gates \(a.invalidInGate) ≠ \(b.invalidInGate)") }
        return lines.joined(separator: "\n")
    }

    /// Every slot's state, the counters and the list sizes agree.
    private func sameState(_ a: Form, _ b: Form) -> Bool {
        let slots = a.allSlots()
        return slots == b.allSlots() && slots.allSatisfy { a.state($0) == b.state($0) }
            && a.invalidInSection == b.invalidInSection && a.invalidInGate == b.invalidInGate
    }
}
