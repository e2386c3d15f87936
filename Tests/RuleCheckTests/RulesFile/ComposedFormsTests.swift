import Foundation
import RuleCheck
import Testing
import _RuleCheckTestSupport

/// Composed forms: blocks included from other files, instantiated under a prefix.
@Suite("Rules: composed forms")
struct ComposedFormsTests {
    static let address = """
        masks:
          postcode: '000000'
        fields:
          - id: city
            type: text
            required: true
          - id: street
            type: text
            depends_on: [city]
            enabled_if: not empty(city)
          - id: postcode
            type: text
            mask: '@postcode'
        """

    static let person = """
        includes:
          address: address.yaml
        fields:
          - id: full_name
            type: text
            required: true
          - id: birth_date
            type: date
            max: today - 18y
          - id: home
            include: address
        """

    static let policy = """
        form: policy
        includes:
          address: blocks/address.yaml
          person: blocks/person.yaml
        sections:
          - id: holder
            fields:
              - id: holder
                title: Policyholder
                include: person
              - id: work_address
                include: address
                visible_if: not empty(holder.full_name)
          - id: drivers
            fields:
              - id: drivers
                type: list
                item:
                  - id: driver
                    include: person
        """

    static let blocks = ["blocks/address.yaml": address, "blocks/person.yaml": person]

    @Test func blocksAreInstantiatedUnderTheirPrefix() throws {
        let rules = try RuleSet(yaml: Self.policy, source: "policy.yaml", includes: Self.blocks)
        #expect(rules.warnings.isEmpty)
        let paths = rules.fields.map(\.path)
        for path in [
            "holder.full_name", "holder.home.city", "holder.home.postcode", "work_address.street",
            "drivers.driver.full_name", "drivers.driver.home.street",
        ] {
            #expect(paths.contains(path), "\(path)")
        }
        // Where each field came from.
        let street = try #require(rules.field("holder.home.street"))
        expectEqual(street.location.file, "blocks/address.yaml")
        expectEqual(street.location.line, 7)
        #expect(street.includedFrom.map { "\($0)" } == ["policy.yaml:10:18", "blocks/person.yaml:11:14"])
        #expect(rules.field("work_address.street")?.includedFrom.map { "\($0)" } == ["policy.yaml:12:18"])
        expectEqual(rules.field("holder.full_name")?.includedFrom.count, 1)
    }

    @Test func namesResolveInsideTheInstance() throws {
        let rules = try RuleSet(yaml: Self.policy, source: "policy.yaml", includes: Self.blocks)
        var form = Form(rules, today: Day(iso: "2026-11-22")!)
        #expect(!form["holder.home.street"].isEnabled)
        #expect(!form["work_address.city"].isVisible)
        try form.set("holder.full_name", to: "Ivanov Ivan")
        #expect(form["work_address.city"].isVisible)
        try form.set("holder.home.city", to: "Moscow")
        #expect(form["holder.home.street"].isEnabled)  // its own city, not work_address's
        #expect(!form["work_address.street"].isEnabled)
        try form.type("holder.home.postcode", text: "1010")
        expectEqual(form["holder.home.postcode"].issues.map(\.code), [.mask])
        try form.append("drivers")
        try form.set("drivers[0].driver.home.city", to: "Kazan")
        #expect(form["drivers[0].driver.home.street"].isEnabled)
    }

    @Test func anErrorInABlockPointsIntoItWithTheIncludes() throws {
        let broken = Self.address.replacingOccurrences(of: "enabled_if: not empty(city)", with: "enabled_if: not empty(cty)")
        let error = #expect(throws: RulesError.self) {
            try RuleSet(
                yaml: Self.policy, source: "policy.yaml", includes: ["blocks/address.yaml": broken, "blocks/person.yaml": Self.person])
        }
        let first = try #require(error?.errors.first)
        #expect(
            "\(first)".hasPrefix(
                """
                blocks/address.yaml:10:27: error: unknown field 'cty'; did you mean 'city'? [RC3002]
                        enabled_if: not empty(cty)
                                              ^
                """))
        #expect(
            first.notes.map { "\($0.location.map { "\($0)" } ?? ""): \($0.message)" }
                == ["blocks/person.yaml:11:14: included from here", "policy.yaml:10:18: included from here"])
    }

    @Test func includeCyclesAreRefused() throws {
        let a = "includes:\n  b: b.yaml\nfields:\n  - id: inner\n    include: b\n"
        let b = "includes:\n  a: a.yaml\nfields:\n  - id: back\n    include: a\n"
        let main = "form: cyc\nincludes:\n  a: a.yaml\nfields:\n  - id: outer\n    include: a\n"
        let error = #expect(throws: RulesError.self) {
            try RuleSet(yaml: main, source: "main.yaml", includes: ["a.yaml": a, "b.yaml": b])
        }
        expectEqual(error?.errors.map(\.message).contains("include cycle: a.yaml → b.yaml → a.yaml"), true)
        #expect(error?.errors.first { $0.message.hasPrefix("include cycle") }.flatMap { $0.location.map { "\($0)" } } == "b.yaml:5:14")
    }

    @Test(arguments: [
        ("form: x\nfields:\n  - id: a\n    include: nowhere\n", "unknown include 'nowhere'; name it under 'includes:'"),
        (
            "form: x\nincludes:\n  b: missing.yaml\nfields:\n  - id: a\n    include: b\n",
            "cannot read included file 'missing.yaml': no text was given for it"
        ),
        (
            "form: x\nincludes:\n  b: block.yaml\nfields:\n  - id: a\n    type: text\n    include: b\n",
            "a field with 'include' is a group of the block's fields; its type cannot be 'text'"
        ),
    ])
    func includeMistakes(_ yaml: String, _ message: String) {
        let error = #expect(throws: RulesError.self) {
            try RuleSet(yaml: yaml, source: "x.yaml", includes: ["block.yaml": "fields:\n  - id: f\n"])
        }
        expectEqual(error?.errors.map(\.message).contains(message), true, "\(error?.errors.map(\.message) ?? [])")
    }

    @Test func aBlockHasNoFormKeys() {
        let error = #expect(throws: RulesError.self) {
            try RuleSet(
                yaml: "form: x\nincludes:\n  b: block.yaml\nfields:\n  - id: a\n    include: b\n", source: "x.yaml",
                includes: ["block.yaml": "form: block\nfields:\n  - id: f\n"])
        }
        expectEqual(error?.errors.map(\.message), ["'form' belongs to the including rules file, not to an included one"])
    }

    @Test func namedMasksMustAgree() {
        let block = "masks:\n  code: '000'\nfields:\n  - id: f\n    mask: '@code'\n"
        let error = #expect(throws: RulesError.self) {
            try RuleSet(
                yaml:
                    "form: x\nmasks:\n  code: '0000'\nincludes:\n  b: block.yaml\nfields:\n  - id: a\n    include: b\n  - id: g\n    mask: '@code'\n",
                source: "x.yaml", includes: ["block.yaml": block])
        }
        expectEqual(error?.errors.map(\.message), ["mask 'code' is defined otherwise at x.yaml:3:3"])
    }
}
