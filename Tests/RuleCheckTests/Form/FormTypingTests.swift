import RuleCheck
import Testing
import _RuleCheckTestSupport

/// Typing through the engine: the mask (or date format) applied to each keystroke, the caret,
/// the value stored, and partial text that is not an error while the field is edited.
@Suite("Form: typing")
struct FormTypingTests {
    static let yaml = """
        form: typing
        defaults:
          date_format: dd.MM.yyyy
        fields:
          - id: phone
            type: text
            required: true
            mask: '+7 (000) 000-00-00'
          - id: code
            type: text
            depends_on: [phone]
          - id: birth_date
            type: date
            depends_on: [phone]
          - id: loose_date
            type: date
            format: d.M.yyyy
          - id: power
            type: number
            min: 1
          - id: seats
            type: integer
          - id: smoker
            type: bool
        """

    private func form() throws -> Form {
        Form(try RuleSet(yaml: Self.yaml, source: "typing.yaml"), today: Day(iso: "2026-11-22")!)
    }

    private func codes(_ issues: [FieldIssue]?) -> [String] { (issues ?? []).map(\.code.rawValue) }

    /// Keys typed in Persian digits give, keystroke by keystroke, what the same keys in ASCII give:
    /// the 7 of `+7` is matched by a typed ۷ too.
    @Test func persianDigitsTypedKeyByKeyAreTheASCIIKeys() throws {
        func typed(_ keys: String) throws -> [FieldInput?] {
            var form = try form()
            try form.focus("phone")
            var text = ""
            var inputs: [FieldInput?] = []
            for key in keys {
                let changes = try form.type("phone", text: text + String(key))
                inputs.append(changes.inputs["phone"] ?? nil)
                text = form.input("phone")?.text ?? text
            }
            return inputs
        }
        let persian = try typed("۷۹۱۶۱۲۳۴۵۶۷")
        #expect(persian == (try typed("79161234567")))
        expectEqual(persian.last, .some(FieldInput(text: "+7 (916) 123-45-67", caret: 18, state: .complete)))
    }

    @Test func aMaskFormatsEachKeystrokeAndMovesTheCaret() throws {
        var form = try form()
        try form.focus("phone")
        let first = try form.type("phone", text: "9", caret: 1)
        expectEqual(first.inputs["phone"], .some(FieldInput(text: "+7 (9", caret: 5, state: .partial)))
        expectEqual(first.values["phone"], .some(.text("+7 (9")))
        expectEqual(codes(form["phone"].issues), ["mask"])
        #expect(form["phone"].shownIssues.isEmpty)  // partial: not an error while editing

        // The text box now holds "+7 (9"; the user types "16" at the end.
        let more = try form.type("phone", text: "+7 (916", caret: 7)
        expectEqual(more.inputs["phone"], .some(FieldInput(text: "+7 (916", caret: 7, state: .partial)))
        let done = try form.type("phone", text: "+7 (916) 123-45-67")
        expectEqual(done.inputs["phone"], .some(FieldInput(text: "+7 (916) 123-45-67", caret: 18, state: .complete)))
        expectEqual(done.issues["phone"], [])
        expectEqual(form["phone"].value, "+7 (916) 123-45-67")
        expectEqual(form["phone"].provenance, .user)
        expectEqual(form.displayText("phone"), "+7 (916) 123-45-67")
    }

    @Test func aCharacterNoPositionTakesIsDropped() throws {
        var form = try form()
        let changes = try form.type("phone", text: "916x", caret: 4)
        expectEqual(changes.inputs["phone"], .some(FieldInput(text: "+7 (916", caret: 7, state: .partial)))
        expectEqual(form["phone"].value, "+7 (916")
        // The rest is kept, as input-mask libraries do.
        try form.type("phone", text: "91x6123")
        expectEqual(form["phone"].value, "+7 (916) 123")
    }

    /// Carets count UTF-16 code units, as UIKit and browsers do.
    @Test func caretsAreUTF16Offsets() throws {
        let rules = try RuleSet(yaml: "fields:\n  - id: tag\n    type: text\n    mask: '🙂 000'\n  - id: note\n    type: text\n")
        var form = Form(rules)
        let masked = try form.type("tag", text: "12", caret: 2)
        expectEqual(masked.inputs["tag"], .some(FieldInput(text: "🙂 12", caret: 5, state: .partial)))
        let plain = try form.type("note", text: "🙂a", caret: 2)
        expectEqual(plain.inputs["note"], .some(FieldInput(text: "🙂a", caret: 2, state: .complete)))
    }

    @Test func leavingAPartialValueShowsItsIssue() throws {
        var form = try form()
        try form.focus("phone")
        try form.type("phone", text: "91612")
        let left = try form.blur("phone")
        expectEqual(codes(left.shownIssues["phone"]), ["mask"])
    }

    @Test func digitsOfOtherScriptsAreTypedAsDigits() throws {
        var form = try form()
        try form.type("phone", text: "۹۱۶۱۲۳۴۵۶۷")
        expectEqual(form["phone"].value, "+7 (916) 123-45-67")
        try form.type("power", text: "١٥٠")
        expectEqual(form["power"].value, 150)
        try form.type("birth_date", text: "०१०२१९९०")
        expectEqual(form["birth_date"].value, .date(Day(iso: "1990-02-01")!))
    }

    @Test func aDateIsTypedThroughItsFormat() throws {
        var form = try form()
        try form.focus("birth_date")
        let partial = try form.type("birth_date", text: "1205", caret: 4)
        expectEqual(partial.inputs["birth_date"], .some(FieldInput(text: "12.05", caret: 5, state: .partial)))
        expectEqual(form["birth_date"].value, nil)
        expectEqual(codes(form["birth_date"].issues), ["type"])
        expectEqual(form["birth_date"].issues.first?.message, "birth_date: '12.05' is not a date (dd.MM.yyyy)")
        #expect(form["birth_date"].shownIssues.isEmpty)  // an incomplete date is not an error yet
        expectEqual(form.displayText("birth_date"), "12.05")

        let whole = try form.type("birth_date", text: "12.05.2019")
        expectEqual(whole.values["birth_date"], .some(.date(Day(iso: "2019-05-12")!)))
        expectEqual(whole.issues["birth_date"], [])
        expectEqual(whole.inputs["birth_date"], .some(FieldInput(text: "12.05.2019", caret: 10, state: .complete)))

        // The whole shape, but no such day: an error at once.
        try form.type("birth_date", text: "31.02.2019")
        expectEqual(form.input("birth_date")?.state, .invalid)
        expectEqual(codes(form["birth_date"].shownIssues), ["type"])
    }

    @Test func aDateWithOneOrTwoDigitPartsIsReadAsTyped() throws {
        var form = try form()
        try form.focus("loose_date")
        try form.type("loose_date", text: "1.5.")
        expectEqual(form.input("loose_date"), FieldInput(text: "1.5.", caret: 4, state: .partial))
        #expect(form["loose_date"].shownIssues.isEmpty)
        try form.type("loose_date", text: "1.5.2019")
        expectEqual(form["loose_date"].value, .date(Day(iso: "2019-05-01")!))
        try form.type("loose_date", text: "1.x")
        expectEqual(form.input("loose_date")?.state, .invalid)
        expectEqual(codes(form["loose_date"].shownIssues), ["type"])
    }

    @Test func numbersKeepTheirTextWhileTyped() throws {
        var form = try form()
        try form.focus("power")
        try form.type("power", text: "-")
        expectEqual(form.input("power")?.state, .partial)
        #expect(form["power"].shownIssues.isEmpty)
        try form.type("power", text: "12.")
        expectEqual(form["power"].value, nil)
        #expect(form["power"].shownIssues.isEmpty)
        try form.type("power", text: "12.50")
        expectEqual(form["power"].value, 12.5)
        #expect(form.displayText("power") == "12.50")  // as typed, not "12.5"
        try form.type("power", text: "12a")
        expectEqual(form.input("power")?.state, .invalid)
        #expect(codes(form["power"].shownIssues) == ["type"])  // no typing fixes it
        try form.type("power", text: "0")
        expectEqual(codes(form["power"].issues), ["min"])
        try form.type("seats", text: "2.5")
        expectEqual(form.input("seats")?.state, .invalid)
    }

    @Test func boolsAndChoicesAreReadAsText() throws {
        var form = try form()
        try form.type("smoker", text: "yes")
        expectEqual(form["smoker"].value, true)
        #expect(throws: FormError.self) { try form.type("smoker", text: "maybe") }
    }

    @Test func settingAValueReplacesTheTypedText() throws {
        var form = try form()
        try form.type("power", text: "12.")
        let set = try form.set("power", to: 150)
        expectEqual(set.inputs["power"], .some(nil))
        expectEqual(form.input("power"), nil)
        #expect(form["power"].issues.isEmpty)
        expectEqual(form.displayText("power"), "150")
    }

    @Test func aCascadeClearTakesTheTypedTextToo() throws {
        var form = try form()
        try form.type("birth_date", text: "1205")
        let cleared = try form.type("phone", text: "9")
        expectEqual(cleared.inputs["birth_date"], .some(nil))
        #expect(form["birth_date"].issues.isEmpty)
        expectEqual(form.displayText("birth_date"), "")
    }

    @Test func typingIsEvaluatedAlikeIncrementallyAndInFull() throws {
        var incremental = try form()
        var full = incremental
        full.evaluationMode = .full
        for (path, text) in [
            ("phone", "916"), ("birth_date", "12.0"), ("power", "1."), ("phone", "9161234567"),
            ("birth_date", "12052019"), ("code", "x"), ("phone", ""),
        ] {
            #expect(try incremental.type(path, text: text) == full.type(path, text: text), "\(path) ← \(text)")
        }
    }

    @Test func typingIntoWhatCannotBeTypedIntoFails() throws {
        var form = try form()
        #expect(throws: FormError.self) { try form.type("nowhere", text: "1") }
        let rules = try RuleSet(yaml: "fields:\n  - id: a\n    type: text\n  - id: b\n    type: text\n    value: a\n")
        var computed = Form(rules)
        #expect { try computed.type("b", text: "x") } throws: { ($0 as? FormError)?.code == .computedField }
    }

    /// Typed text moves with its list item, and goes with it.
    @Test func typedTextMovesWithListItems() throws {
        let rules = try RuleSet(
            yaml: """
                form: items
                defaults:
                  date_format: dd.MM.yyyy
                fields:
                  - id: drivers
                    type: list
                    item:
                      - id: birth_date
                        type: date
                """)
        var form = Form(rules, today: Day(iso: "2026-11-22")!)
        try form.append("drivers")
        try form.append("drivers")
        try form.type("drivers[1].birth_date", text: "0105")
        let inserted = try form.insert("drivers", at: 0)
        expectEqual(form.input("drivers[2].birth_date")?.text, "01.05")
        expectEqual(form.input("drivers[1].birth_date"), nil)
        expectEqual(inserted.inputs["drivers[2].birth_date"], .some(FieldInput(text: "01.05", caret: 5, state: .partial)))
        expectEqual(inserted.inputs["drivers[1].birth_date"], .some(nil))
        try form.move("drivers", from: 2, to: 0)
        expectEqual(form.input("drivers[0].birth_date")?.text, "01.05")
        expectEqual(form["drivers[0].birth_date"].issues.map(\.code), [.type])
        let removed = try form.remove("drivers", at: 0)
        expectEqual(form.input("drivers[0].birth_date"), nil)
        expectEqual(removed.inputs["drivers[0].birth_date"], .some(nil))
    }
}
