import Foundation
@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

/// The scenarios every form engine must get exactly right, on the example rules users copy.
@Suite("Form scenarios")
struct FormScenarioTests {
    private func osago() throws -> Form {
        Form(try Fixtures.rules("osago.yaml"), today: Fixtures.today)
    }

    @Test func changingTheDocumentTypeClearsTheDocumentNumber() throws {
        var form = try osago()
        try form.set("doc_type", to: "passport")
        let typed = try form.set("doc_number", to: "4509 123456")
        expectEqual(typed.values, ["doc_number": "4509 123456"])
        expectEqual(typed.issues, ["doc_number": []])

        let changes = try form.set("doc_type", to: "foreign_passport")
        expectEqual(changes.values, ["doc_type": "foreign_passport", "doc_number": nil])
        expectEqual(changes.issues.keys.sorted(), ["doc_number"])
        expectEqual(changes.issues["doc_number"]?.map(\.code), [.required])
        #expect(changes.visible.isEmpty && changes.required.isEmpty && changes.enabled.isEmpty)
        expectEqual(form["doc_number"].provenance, .cleared(.dependsOn("doc_type"), edit: "set doc_type"))

        // Setting the same value again changes nothing.
        #expect(try form.set("doc_type", to: "foreign_passport").isEmpty)
    }

    @Test func clearingTheCityClearsStreetAndHouse() throws {
        var form = try osago()
        try form.set("region", to: "moscow")
        try form.set("city", to: "Moscow")
        try form.set("street", to: "Tverskaya")
        let house = try form.set("house", to: "1")
        expectEqual(house.sections, ["address": true])

        let changes = try form.clear("city")
        expectEqual(changes.values, ["city": nil, "street": nil, "house": nil])
        expectEqual(changes.sections, ["address": false])
        expectEqual(changes.issues.mapValues { $0.map(\.code) }, ["city": [.required], "street": [.required], "house": [.required]])
        expectEqual(form["house"].provenance, .cleared(.dependsOn("street"), edit: "clear city"))
        expectEqual(form.explain("house").source, "cleared because street changed (depends_on), by the edit 'clear city'")
    }

    @Test func noPlateYetHidesAndUnrequiresThePlate() throws {
        var form = try osago()
        #expect(form["plate"].isVisible && form["plate"].isRequired)
        try form.set("plate", to: "А 123 ВС 77")
        #expect(form["plate"].isValid)

        let changes = try form.set("no_plate_yet", to: true)
        expectEqual(changes.visible, ["plate": false])
        expectEqual(changes.required, ["plate": false])
        expectEqual(changes.values, ["no_plate_yet": true, "plate": nil])
        expectEqual(form["plate"].provenance, .cleared(.hidden, edit: "set no_plate_yet"))
        #expect(throws: FormError.self) { try form.set("plate", to: "А 123 ВС 77") }

        let back = try form.set("no_plate_yet", to: false)
        expectEqual(back.visible, ["plate": true])
        expectEqual(back.required, ["plate": true])
        expectEqual(back.issues["plate"]?.map(\.code), [.required])
    }

    @Test func aSuggestionNeverOverwritesTheUsersValue() throws {
        var form = try osago()
        let suggested = try form.suggest("engine_power", 150)
        expectEqual(suggested.values, ["engine_power": 150])
        expectEqual(form["engine_power"].provenance, .suggestion)
        // A newer suggestion still applies while the user has not touched the field.
        try form.suggest("engine_power", 160)
        expectEqual(form["engine_power"].value, 160)

        try form.set("engine_power", to: 120)
        #expect(try form.suggest("engine_power", 200).isEmpty)
        expectEqual(form["engine_power"].value, 120)

        // Cleared, the field is empty: the suggestion fills it, since the user is not typing in it
        // (issue 37: "fill an empty field without disturbing the user").
        try form.clear("engine_power")
        expectEqual(try form.suggest("engine_power", 200).values, ["engine_power": 200])
        expectEqual(form["engine_power"].value, 200)
    }

    @Test func theSMSGateOpensOnAValidPhoneAloneWhileRegisterWaits() throws {
        var form = Form(try Fixtures.rules("signup.yaml"), today: Fixtures.today)
        #expect(!form.gate("request_sms").isOpen)
        #expect(!form.gate("register").isOpen)

        let partial = try form.set("phone", to: "+7 (916) 123")
        #expect(partial.gates.isEmpty)
        expectEqual(partial.issues["phone"]?.map(\.message), ["Enter all ten digits of the number"])

        let complete = try form.set("phone", to: "+7 (916) 123-45-67")
        expectEqual(complete.gates, ["request_sms": true])
        #expect(form.gate("request_sms").isOpen)
        #expect(!form.gate("register").isOpen)
        // The SMS code field appeared with the phone and is required.
        #expect(form["code"].isVisible && form["code"].isRequired)
    }

    @Test func driversAreCheckedPerItem() throws {
        var form = try osago()
        let appended = try form.append("drivers")
        expectEqual(appended.items, ["drivers": 1])
        expectEqual(appended.values, ["driver_count": 1])
        expectEqual(appended.visible["drivers[0].license_date"], true)
        try form.append("drivers")

        try form.set("drivers[0].birth_date", to: .date(Day(iso: "1990-05-01")!))
        try form.set("drivers[1].birth_date", to: .date(Day(iso: "2000-01-01")!))
        // Each item's license date is checked against that item's own birth date.
        let early = try form.set("drivers[0].license_date", to: .date(Day(iso: "2005-01-01")!))
        expectEqual(early.issues["drivers[0].license_date"]?.map(\.code), [.min])
        expectEqual(early.issues["drivers[0].license_date"]?.first?.message, "A license cannot be issued before the driver turns 18")
        let fine = try form.set("drivers[1].license_date", to: .date(Day(iso: "2019-01-01")!))
        expectEqual(fine.issues, ["drivers[1].license_date": []])

        // Changing a driver's birth date re-checks that driver's license date only.
        let moved = try form.set("drivers[1].birth_date", to: .date(Day(iso: "2002-01-01")!))
        expectEqual(moved.values.keys.sorted(), ["drivers[1].birth_date"])
        expectEqual(moved.issues.keys.sorted(), ["drivers[1].license_date"])
        expectEqual(moved.issues["drivers[1].license_date"]?.map(\.code), [.min])

        // Removing the first driver moves the second into its place.
        let removed = try form.remove("drivers", at: 0)
        expectEqual(removed.items, ["drivers": 1])
        expectEqual(removed.values["drivers[0].birth_date"], .some(.date(Day(iso: "2002-01-01")!)))
        expectEqual(removed.values["drivers[1].birth_date"], .some(nil))
        expectEqual(removed.visible["drivers[1].birth_date"], false)
        expectEqual(form.itemCount("drivers"), 1)
        expectEqual(form["drivers[1].birth_date"], .absent)
    }

    @Test func editsThatCannotBeAppliedChangeNothing() throws {
        var form = try osago()
        let before = form
        let cases: [(String, Value?, FormError.Code)] = [
            ("nope", "x", .unknownField),
            ("insurant_age", 30, .computedField),
            ("doc_type", "diplomatic", .notAnOption),
            ("engine_power", "150", .typeMismatch),
            ("insurant", "x", .notAValueField),
            ("drivers[3].full_name", "x", .indexOutOfRange),
        ]
        for (path, value, code) in cases {
            #expect { try form.set(path, to: value) } throws: { ($0 as? FormError)?.code == code }
        }
        #expect(form.difference(from: before).isEmpty)
        // The street is disabled until a city is given.
        #expect { try form.set("street", to: "Tverskaya") } throws: { ($0 as? FormError)?.code == .disabledField }
    }

    @Test func navigationSkipsHiddenAndDisabledFields() throws {
        var form = try osago()
        expectEqual(form.fields(in: "address"), ["region", "city", "street", "house", "apartment"])
        // The street is disabled until a city is given: the next field after the city skips it.
        expectEqual(form.nextField(after: "city"), "unlimited_drivers")
        try form.set("region", to: "moscow")
        try form.set("city", to: "Moscow")
        expectEqual(form.nextField(after: "city"), "street")
        expectEqual(form.firstInvalidField, "insurant.last_name")
        try form.set("insurant.last_name", to: "Ivanov")
        try form.set("insurant.first_name", to: "Ivan")
        expectEqual(form.firstInvalidField, "insurant.birth_date")
        expectEqual(form.display("insurant"), "Ivanov Ivan")
    }

    @Test func optionsFilterOffersAndClears() throws {
        var form = Form(try Fixtures.rules("listing.yaml"), today: Fixtures.today)
        // No region yet: `option.region == region` holds for no city.
        expectEqual(form.options(for: "city").map(\.value), [])
        try form.set("region", to: "moscow_oblast")
        expectEqual(form.options(for: "city").map(\.value), ["balashikha", "khimki", "podolsk"])
        try form.set("city", to: "khimki")
        // Another region's city is not on offer.
        #expect { try form.set("city", to: "kazan") } throws: { ($0 as? FormError)?.code == .notAnOption }
        expectEqual(form["city"].value, "khimki")

        // Without depends_on, the filter itself clears a value it no longer offers.
        let rules = try RuleSet(
            yaml: """
                fields:
                  - id: size
                    type: choice
                    options: [small, large]
                  - id: box
                    type: choice
                    options:
                      - {value: s1, size: small}
                      - {value: s2, size: small}
                      - {value: l1, size: large}
                    options_filter: option.size == size
                """)
        for mode in [Form.EvaluationMode.incremental, .full] {
            var boxes = Form(rules, today: Fixtures.today)
            boxes.evaluationMode = mode
            try boxes.set("size", to: "small")
            expectEqual(boxes.options(for: "box").map(\.value), ["s1", "s2"])
            try boxes.set("box", to: "s2")
            let changes = try boxes.set("size", to: "large")
            expectEqual(changes.values, ["size": "large", "box": nil], "\(mode)")
            expectEqual(boxes["box"].provenance, .cleared(.optionsFilter, edit: "set size"), "\(mode)")
            expectEqual(boxes.options(for: "box").map(\.value), ["l1"])
        }
    }

    @Test func dependsOnAGroupOrAListClearsItsMembers() throws {
        let rules = try RuleSet(
            yaml: """
                fields:
                  - id: country
                  - id: address
                    type: group
                    depends_on: [country]
                    fields:
                      - id: city
                      - id: street
                  - id: people
                    type: list
                    depends_on: [country]
                    item:
                      - id: name
                """)
        for mode in [Form.EvaluationMode.incremental, .full] {
            var form = Form(rules, today: Fixtures.today)
            form.evaluationMode = mode
            try form.set("country", to: "RU")
            try form.set("address.city", to: "Moscow")
            try form.set("address.street", to: "Tverskaya")
            try form.append("people")
            try form.set("people[0].name", to: "Ann")
            let changes = try form.set("country", to: "KZ")
            expectEqual(changes.values, ["country": "KZ", "address.city": nil, "address.street": nil, "people[0].name": nil], "\(mode)")
            expectEqual(form.itemCount("people"), 1)
        }
    }
}
