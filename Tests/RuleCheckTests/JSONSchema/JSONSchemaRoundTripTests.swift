import Foundation
@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

/// import(export(R)) behaves as R: on every rules file of `Rules/` and on seeded random rule sets,
/// the records `sample` makes (valid ones, and ones with a planted mistake) get the same report
/// from R and from the rules imported back from R's JSON Schema and UI schema, forms of both
/// answer the same edits with the same ChangeSets; and import → export → import prints the same
/// rules file.
@Suite("JSON Schema round trip")
struct JSONSchemaRoundTripTests {
    /// Every rules file under `Rules/`, in any folder: the examples, and the blocks they include
    /// (rules files too).
    static let examples: [String] = {
        let folder = Fixtures.root.appendingPathComponent("Rules").path
        let paths = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []
        return paths.filter { $0.hasSuffix(".yaml") }.sorted()
    }()

    /// The list is written out: a rules file added under `Rules/` fails here until it is named,
    /// so that no walk of the folders can leave one out unseen (the list of six once missed
    /// `rental-tehran.yaml`). And every other file under `Rules/` is named too, with what it is:
    /// a rules file written as `.yml` or `.json` (both read as rules) would otherwise be left out
    /// of `examples` without a word.
    @Test func theExamplesAreEveryRulesFile() {
        expectEqual(
            Self.examples,
            [
                "blocks/address.yaml", "blocks/person.yaml", "kasko.yaml", "listing.yaml", "osago.yaml", "rental-tehran.yaml",
                "signup.yaml",
            ])
        let notRules: Set = [
            "README.md", "server-driven/README.md",
            // Records for `rulecheck check`, not rules.
            "samples/listing.json", "samples/osago.csv", "samples/rental-tehran.csv", "samples/signup.jsonl",
            "server-driven/listing.jsonl",
            // A JSON Schema and its UI schemas: imported by `serverDriven`, not rules files.
            "server-driven/listing.schema.json", "server-driven/listing.rjsf.json", "server-driven/listing.jsonforms.json",
        ]
        let folder = Fixtures.root.appendingPathComponent("Rules")
        let files =
            (FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])?.compactMap {
                $0 as? URL
            } ?? []).filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
        let named = files.map { String($0.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1)) }
        #expect(named.count > Self.examples.count)
        for file in named where !Self.examples.contains(file) {
            #expect(notRules.contains(file), "Rules/\(file) is neither a rules file the round trip covers nor a file named as not one")
        }
        for file in notRules { #expect(named.contains(file), "Rules/\(file) is gone: take it off the list") }
    }

    /// The server-driven example, imported with one of its UI schemas.
    static func serverDriven(_ format: UISchemaFormat) throws -> RuleSet {
        let folder = Fixtures.root.appendingPathComponent("Rules/server-driven")
        let ui = folder.appendingPathComponent(format == .rjsf ? "listing.rjsf.json" : "listing.jsonforms.json")
        return try RuleSet(jsonSchemaAt: folder.appendingPathComponent("listing.schema.json"), uiSchemaAt: ui)
    }

    /// The same violations, messages included, for `count` sample records of `rules`; returns
    /// how many records were valid and how many invalid (a test must see both kinds).
    @discardableResult
    static func expectSameReports(
        _ rules: RuleSet, _ again: RuleSet, seed: UInt64, count: Int,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> (valid: Int, invalid: Int) {
        var generator = SampleGenerator(rules, today: Fixtures.today, seed: seed, invalidRate: 0.5)
        let checkers = (RecordChecker(rules, today: Fixtures.today), RecordChecker(again, today: Fixtures.today))
        var invalid = 0
        for index in 0..<count {
            let record = generator.next().object
            let expected = SchemaTest.report(checkers.0, record)
            if !expected.isEmpty { invalid += 1 }
            #expect(SchemaTest.report(checkers.1, record) == expected, "record \(index): \(record)", sourceLocation: sourceLocation)
        }
        return (count - invalid, invalid)
    }

    @Test(arguments: examples, UISchemaFormat.allCases)
    func examplesKeepTheirVerdicts(_ name: String, _ format: UISchemaFormat) throws {
        let rules = try Fixtures.rules(name)
        let (again, findings) = try SchemaTest.roundTrip(rules, ui: format)
        #expect(findings.isEmpty, "\(findings)")
        expectEqual(SchemaTest.layout(again), SchemaTest.layout(rules))
        #expect(again.form == rules.form && again.title == rules.title)
        expectEqual(again.gates.map(\.name), rules.gates.map(\.name))
        expectEqual(again.gates.map(\.members), rules.gates.map(\.members))
        expectEqual(again.fields.map(\.title), rules.fields.map(\.title))
        expectEqual(again.fields.map(\.ui), rules.fields.map(\.ui))
        expectEqual(SchemaTest.inputs(again), SchemaTest.inputs(rules))
        expectEqual(SchemaTest.pages(again), SchemaTest.pages(rules))
        // 60 sample records and 6 form sessions in `make test`, 150 and 12 in a deep run.
        let seen = Self.expectSameReports(rules, again, seed: 1, count: PropertyRuns.count(quick: 60, deep: 150))
        #expect(seen.valid > 0 && seen.invalid > 0, "\(seen)")
        let sessions = FormSessions.edits(rules, seed: 1, records: PropertyRuns.count(quick: 6, deep: 12))
        let answers = FormSessions.expectSameAnswers(rules, again, sessions, context: name)
        #expect(answers.applied > 0 && answers.issues > 0, "\(answers)")
    }

    @Test(arguments: examples, [JSONSchemaDraft.draft7, .draft2020])
    func importExportImportIsStable(_ name: String, _ draft: JSONSchemaDraft) throws {
        let rules = try Fixtures.rules(name)
        for format in UISchemaFormat.allCases {
            let first = try JSONSchemaImport.rulesFile(
                jsonSchema: Array(rules.jsonSchema(draft: draft).utf8),
                uiSchema: Array(rules.uiSchema(format).utf8), source: "export.json"
            ).text
            let imported = try RuleSet(yaml: first, source: "imported.yaml")
            let second = try JSONSchemaImport.rulesFile(
                jsonSchema: Array(imported.jsonSchema(draft: draft).utf8),
                uiSchema: Array(imported.uiSchema(format).utf8), source: "export.json"
            ).text
            expectEqual(first, second, "\(format)")
            #expect(imported.jsonSchema(draft: draft) == (try RuleSet(yaml: second, source: "again.yaml")).jsonSchema(draft: draft))
        }
    }

    /// A server's schema decides which records are valid: its rules export that schema as
    /// written (not the fields a form shows for it), and importing it again with the same UI
    /// schema gives the same form and the same answers.
    @Test(arguments: UISchemaFormat.allCases)
    func theServerDrivenExampleKeepsItsVerdictsAndIsStable(_ format: UISchemaFormat) throws {
        let rules = try Self.serverDriven(format)
        let folder = Fixtures.root.appendingPathComponent("Rules/server-driven")
        let written = try String(contentsOf: folder.appendingPathComponent("listing.schema.json"), encoding: .utf8)
        expectEqual(rules.jsonSchema(), written)
        let ui = try Data(contentsOf: folder.appendingPathComponent(format == .rjsf ? "listing.rjsf.json" : "listing.jsonforms.json"))
        let (again, findings) = try RuleSet.importing(
            jsonSchema: Data(rules.jsonSchema().utf8), uiSchema: ui, source: "export.json",
            options: JSONSchemaImportOptions(uiSchemaSource: "export.ui.json"))
        #expect(findings.isEmpty, "\(findings)")
        expectEqual(SchemaTest.layout(again), SchemaTest.layout(rules))
        expectEqual(again.fields.map(\.ui), rules.fields.map(\.ui))
        expectEqual(SchemaTest.pages(again), SchemaTest.pages(rules))
        let seen = Self.expectSameReports(rules, again, seed: 9, count: 150)
        #expect(seen.valid > 0 && seen.invalid > 0, "\(seen)")
        FormSessions.expectSameAnswers(rules, again, FormSessions.edits(rules, seed: 9, records: 12), context: "server-driven")
        // The printed rules hold the schema (json_schema:): their export is the schema again.
        let first = try JSONSchemaImport.rulesFile(
            jsonSchema: Array(rules.jsonSchema().utf8), uiSchema: Array(ui), source: "e.json"
        ).text
        let imported = try RuleSet(yaml: first, source: "i.yaml")
        expectEqual(imported.jsonSchema(), written)
        let second = try JSONSchemaImport.rulesFile(
            jsonSchema: Array(imported.jsonSchema().utf8), uiSchema: Array(ui), source: "e.json"
        ).text
        expectEqual(first, second)
    }

    /// Rule sets a batch of the random tests tries: 5 (`make test`), 10 in a deep run
    /// (`make test-deep`).
    static let ruleSetsPerBatch = PropertyRuns.count(quick: 5, deep: 10)

    @Test(arguments: 0..<4)
    func randomRuleSetsKeepTheirVerdicts(batch: Int) throws {
        var valid = 0, invalid = 0
        var features = Set<String>()
        defer {
            #expect(valid > 0 && invalid > 0, "\(valid) valid, \(invalid) invalid records")
            // What apps add reaches the round trip: all of it over a deep run's ten rule sets a
            // batch, most of it over a quick run's five.
            let added: Set = ["pages", "mask alternatives", "mask classes", "extracted", "ascii digits", "files"]
            if PropertyRuns.isDeep {
                expectEqual(features, added)
            } else {
                #expect(features.isSubset(of: added) && features.count >= 4, "\(features)")
            }
        }
        for index in 0..<Self.ruleSetsPerBatch {
            let seed = UInt64(batch * 100 + index)
            // Half with what apps added (masks, files, pages, rounding), half without.
            var generator = RandomRules(seed: seed, appFeatures: index % 4 < 2)
            let yaml = generator.yaml()
            let rules = try RuleSet(yaml: yaml, source: "random.yaml")
            features.formUnion(SchemaTest.appFeatures(rules))
            let format = UISchemaFormat.allCases[index % 2]
            let (again, findings) = try SchemaTest.roundTrip(rules, ui: format)
            #expect(findings.isEmpty, "seed \(seed): \(findings)\n\(yaml)")
            expectEqual(SchemaTest.layout(again), SchemaTest.layout(rules), "seed \(seed)")
            expectEqual(SchemaTest.inputs(again), SchemaTest.inputs(rules), "seed \(seed)\n\(yaml)")
            expectEqual(SchemaTest.pages(again), SchemaTest.pages(rules), "seed \(seed)\n\(yaml)")
            let seen = Self.expectSameReports(rules, again, seed: seed, count: 25)
            valid += seen.valid
            invalid += seen.invalid
            // And the form engine: the same state after the same edits.
            var form = Form(rules, today: Fixtures.today), other = Form(again, today: Fixtures.today)
            for _ in 0..<30 {
                let edit = generator.edit(for: form)
                let a = Result { () throws(FormError) in try form.apply(edit) }
                let b = Result { () throws(FormError) in try other.apply(edit) }
                switch (a, b) {
                case (.success(let x), .success(let y)): #expect(x == y, "seed \(seed): \(edit)")
                case (.failure(let x), .failure(let y)): #expect(x.code == y.code, "seed \(seed): \(edit)")
                default: Issue.record("seed \(seed): \(edit): \(a) vs \(b)")
                }
            }
        }
    }

    @Test(arguments: 0..<4)
    func randomSchemaFeaturesKeepTheirVerdicts(batch: Int) throws {
        var valid = 0, invalid = 0
        defer { #expect(valid > 0 && invalid > 0, "\(valid) valid, \(invalid) invalid records") }
        for index in 0..<Self.ruleSetsPerBatch {
            let seed = UInt64(5_000 + batch * 100 + index)
            var generator = RandomSchemaRules(seed: seed)
            let yaml = generator.yaml()
            let rules = try RuleSet(yaml: yaml, source: "random.yaml")
            let (again, findings) = try SchemaTest.roundTrip(rules, ui: UISchemaFormat.allCases[index % 2])
            #expect(findings.isEmpty, "seed \(seed): \(findings)\n\(yaml)")
            expectEqual(SchemaTest.inputs(again), SchemaTest.inputs(rules), "seed \(seed)\n\(yaml)")
            expectEqual(SchemaTest.pages(again), SchemaTest.pages(rules), "seed \(seed)\n\(yaml)")
            let seen = Self.expectSameReports(rules, again, seed: seed, count: 25)
            valid += seen.valid
            invalid += seen.invalid
            FormSessions.expectSameAnswers(rules, again, FormSessions.edits(rules, seed: seed, records: 4), context: "seed \(seed)")
            let first = try JSONSchemaImport.rulesFile(jsonSchema: Array(rules.jsonSchema().utf8), uiSchema: nil, source: "e.json").text
            let second = try JSONSchemaImport.rulesFile(
                jsonSchema: Array(RuleSet(yaml: first, source: "i.yaml").jsonSchema().utf8),
                uiSchema: nil, source: "e.json"
            ).text
            expectEqual(first, second, "seed \(seed)\n\(yaml)")
        }
    }
}
