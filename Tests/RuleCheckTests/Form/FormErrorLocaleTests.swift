@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

/// A refused edit speaks the form's locale (issue 23, item 2): `FormError.message` comes from the
/// locale tables (`form.*`), as issues do. English stays as it was (EngineGuideTests holds it).
@Suite("Form: refused edits in the form's language")
struct FormErrorLocaleTests {
    static func osago(_ locale: String) throws -> Form {
        Form(try RuleSet(contentsOf: Repository.file("Rules/osago.yaml")), today: Fixtures.today, locale: locale)
    }

    static func failure(_ form: inout Form, _ edit: (inout Form) throws -> Void) -> (FormError.Code, String)? {
        do {
            try edit(&form)
            return nil
        } catch {
            return (error as? FormError).map { ($0.code, $0.message) }
        }
    }

    @Test func russian() throws {
        var form = try Self.osago("ru")
        let cases: [(FormError.Code, String, (inout Form) throws -> Void)] = [
            (.unknownField, "Поля «engine_powr» нет; может быть, имелось в виду «engine_power»?", { try $0.set("engine_powr", to: 1) }),
            (
                .computedField, "Значение поля «insurant_age» вычисляется по его выражению value, задать его нельзя",
                { try $0.set("insurant_age", to: 30) }
            ),
            (.disabledField, "Поле «street» недоступно", { try $0.set("street", to: "Tverskaya") }),
            (.typeMismatch, "«engine_power»: «150 hp» — ожидается число", { try $0.set("engine_power", text: "150 hp") }),
            (.typeMismatch, "«engine_power»: «150» — ожидается число", { try $0.set("engine_power", to: "150") }),
            (
                .typeMismatch, #"«engine_power»: "big" — ожидается JSON-число"#,
                { try $0.apply(FormEdit(json: ["set": "engine_power", "value": "big"])) }
            ),
            (.notAValueField, "«insurant» — группа, собственного значения у него нет", { try $0.set("insurant", to: "x") }),
            (.indexOutOfRange, "В списке «drivers» 0 элементов; элемента 3 нет", { try $0.set("drivers[3].full_name", to: "x") }),
            (.indexOutOfRange, "В списке «drivers» 0 элементов; элемента 1 нет", { try $0.remove("drivers", at: 1) }),
        ]
        for (code, message, edit) in cases {
            let result = Self.failure(&form, edit)
            expectEqual(result?.0, code)
            expectEqual(result?.1, message)
        }
        try form.set("no_plate_yet", to: true)
        #expect(
            Self.failure(&form) { try $0.set("plate", to: "А 123 ВС 77") }?.1
                == "Поле «plate» скрыто, а скрытые поля не хранят значений (hidden_values: clear)")
        try form.set("make", to: "lada")
        #expect(
            Self.failure(&form) { try $0.set("model", to: "kia_rio") }?.1
                == "«model»: значения «kia_rio» сейчас нет среди предложенных вариантов")
    }

    /// Persian: counts in Persian digits; what was typed stays as it was typed.
    @Test func persianDigits() throws {
        var form = try Self.osago("fa")
        #expect(Self.failure(&form) { try $0.set("drivers[3].full_name", to: "x") }?.1 == "«drivers» ۰ مورد دارد؛ مورد ۳ وجود ندارد")
        #expect(Self.failure(&form) { try $0.set("engine_power", text: "150 hp") }?.1 == "«engine_power»: «150 hp» عدد نیست")
        #expect(Self.failure(&form) { try $0.set("street", to: "x") }?.1 == "«street» غیرفعال است")
    }

    /// A locale without built-in messages speaks English, byte for byte as before.
    @Test func anotherLanguageFallsBackToEnglish() throws {
        var form = try Self.osago("pt")
        #expect(Self.failure(&form) { try $0.set("engine_power", text: "150 hp") }?.1 == "'150 hp' is not a number for 'engine_power'")
        #expect(Self.failure(&form) { try $0.set("engine_power", to: "150") }?.1 == "'150' is not a valid number for 'engine_power'")
    }
}
