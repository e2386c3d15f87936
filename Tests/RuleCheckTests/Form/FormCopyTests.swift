import RuleCheck
import Testing
import _RuleCheckTestSupport

/// `copy(sections:from:)`: a renewal that starts from last year's documents and drivers.
@Suite("Form: copy from another form")
struct FormCopyTests {
    static let lastYear = """
        form: policy
        sections:
          - id: documents
            fields:
              - id: doc_type
                type: choice
                options: [passport, licence]
              - id: doc_number
                type: text
                depends_on: [doc_type]
          - id: drivers
            fields:
              - id: drivers
                type: list
                item:
                  - id: full_name
                    type: text
                  - id: licence_no
                    type: text
          - id: vehicle
            fields:
              - id: vin
                type: text
        """

    /// This year's rules: a driver's licence number is now `licence`; documents may be an ID card
    /// but no longer a licence.
    static let thisYear = """
        form: policy
        sections:
          - id: documents
            fields:
              - id: doc_type
                type: choice
                options: [passport, id_card]
              - id: doc_number
                type: text
                depends_on: [doc_type]
          - id: drivers
            fields:
              - id: drivers
                type: list
                min_items: 1
                item:
                  - id: full_name
                    type: text
                    required: true
                  - id: licence
                    type: text
          - id: vehicle
            fields:
              - id: vin
                type: text
                required: true
        """

    private static let today = Day(iso: "2026-11-22")!

    private func oldForm() throws -> Form {
        var form = Form(try RuleSet(yaml: Self.lastYear, source: "2025.yaml"), today: Self.today)
        try form.set("doc_type", to: "passport")
        try form.set("doc_number", to: "4509 123456")
        try form.append("drivers")
        try form.set("drivers[0].full_name", to: "Ivanov Ivan")
        try form.set("drivers[0].licence_no", to: "77 12 345678")
        try form.append("drivers")
        try form.set("drivers[1].full_name", to: "Ivanova Maria")
        try form.set("vin", to: "XTA21099043512345")
        return form
    }

    @Test func aRenewalKeepsDocumentsAndDrivers() throws {
        var renewal = Form(try RuleSet(yaml: Self.thisYear, source: "2026.yaml"), today: Self.today)
        let (changes, dropped) = try renewal.copy(sections: ["documents", "drivers"], from: try oldForm())
        expectEqual(renewal["doc_type"].value, "passport")
        expectEqual(renewal["doc_number"].value, "4509 123456")
        expectEqual(renewal["doc_number"].provenance, .user)
        expectEqual(renewal.itemCount("drivers"), 2)
        expectEqual(renewal["drivers[1].full_name"].value, "Ivanova Maria")
        #expect(renewal["vin"].value == nil)  // the vehicle is not copied
        expectEqual(dropped.map(\.path), ["drivers[0].licence_no"])
        expectEqual(changes.items, ["drivers": 2])
        expectEqual(changes.values["doc_number"], .some("4509 123456"))
        expectEqual(changes.visible["drivers[1].full_name"], true)
    }

    @Test func aValueNoLongerOfferedIsDropped() throws {
        var old = try oldForm()
        try old.set("doc_type", to: "licence")
        var renewal = Form(try RuleSet(yaml: Self.thisYear, source: "2026.yaml"), today: Self.today)
        let (_, dropped) = try renewal.copy(sections: ["documents"], from: old)
        expectEqual(renewal["doc_type"].value, nil)
        expectEqual(dropped.map(\.path), ["doc_type"])
        expectEqual(dropped.first?.reason, "the snapshot's value of 'doc_type' is not one of the options")
    }

    @Test func anUnknownSectionChangesNothing() throws {
        var renewal = Form(try RuleSet(yaml: Self.thisYear, source: "2026.yaml"), today: Self.today)
        let before = renewal
        let error = #expect(throws: FormError.self) { try renewal.copy(sections: ["documents", "driver"], from: try oldForm()) }
        expectEqual(error?.code, .unknownSection)
        expectEqual(error?.message, "the other form has no section 'driver'; did you mean 'drivers'?")
        expectEqual(renewal.snapshot, before.snapshot)
    }
}
