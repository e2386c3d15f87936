@testable import RuleCheck
import Testing

/// A value that is no option was `not_an_option` when set as a value and `type_mismatch` when set
/// as text or as JSON (a replay edit): one code, whichever way it comes.
@Suite("Form: values that are no option")
struct FormOptionErrorTests {
    static let rules = """
        form: t
        fields:
          - {id: c, type: choice, options: [a, b]}
          - {id: n, type: choice, options: [1, 2]}
          - {id: m, type: multi_choice, options: [a, b]}
          - {id: i, type: integer}
        """

    @Test func everyWayOfSettingANonOptionGivesNotAnOption() throws {
        var form = Form(try RuleSet(yaml: Self.rules, source: "t.yaml"), today: Fixtures.today)
        func code(_ edit: (inout Form) throws -> Void) -> FormError.Code? {
            do {
                try edit(&form)
                return nil
            } catch {
                return (error as? FormError)?.code
            }
        }
        #expect(code { try $0.set("c", to: .text("z")) } == .notAnOption)
        #expect(code { try $0.set("c", text: "z") } == .notAnOption)
        #expect(code { try $0.apply(FormEdit(json: ["set": "c", "value": "z"])) } == .notAnOption)
        #expect(code { try $0.set("n", text: "3") } == .notAnOption)
        #expect(code { try $0.apply(FormEdit(json: ["set": "n", "value": 3])) } == .notAnOption)
        #expect(code { try $0.set("m", text: #"["z"]"#) } == .notAnOption)
        // What is not of the field's type at all stays a type mismatch.
        #expect(code { try $0.set("i", text: "1.5") } == .typeMismatch)
        #expect(code { try $0.apply(FormEdit(json: ["set": "m", "value": "a"])) } == .typeMismatch)
    }
}
