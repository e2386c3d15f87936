import Foundation
import Testing
import _RuleCheckTestSupport

/// `rulecheck check` with a Divar-style schema as the rules (Tests/fixtures/divar: an apartment
/// listing, page 2 of the server's 4): each failure prints the schema's own Persian message for
/// its keyword, and the import has nothing to report.
extension CLITests {
    @Test func aDivarSchemasErrorsAreTheMessagesCheckPrints() throws {
        let run = try rulecheck([
            "check", "--rules", "Tests/fixtures/divar/apartment.schema.json", "Tests/fixtures/divar/apartment.jsonl",
            "--locale", "fa", "--format", "jsonl", "--progress", "never",
        ])
        expectEqual(run.status, 1)
        expectEqual(run.stderr, "", "no import findings: \(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        func violation(_ record: Int, _ field: String, _ code: String) -> String? {
            lines.first {
                $0.contains(#""record":\#(record),"#) && $0.contains(#""field":"\#(field)""#) && $0.contains(#""code":"\#(code)""#)
            }
        }
        let expected: [(Int, String, String, String)] = [
            (2, "title", "min_length", "عنوان آگهی باید دست‌کم ۵ حرف باشد"),
            (2, "size", "min", "متراژ نمی‌تواند کمتر از ۱۰ متر باشد"),
            (2, "rooms", "option", "تعداد اتاق را از فهرست انتخاب کنید"),
            (2, "year_built", "max", "سال ساخت نمی‌تواند پس از ۱۴۰۴ باشد"),
            (2, "price", "min", "قیمت باید دست‌کم ۱٬۰۰۰٬۰۰۰ تومان باشد"),
            (2, "phone", "pattern", "شماره موبایل باید ۱۱ رقم باشد و با ۰۹ شروع شود"),
            (3, "title", "required", "عنوان آگهی را وارد کنید"),
            (3, "price", "required", "قیمت را وارد کنید"),
            (3, "phone", "required", "شماره موبایل را وارد کنید"),
        ]
        for (record, field, code, message) in expected {
            let line = violation(record, field, code)
            #expect(line?.contains(#""message":"\#(message)""#) == true, "record \(record) \(field) \(code): \(line ?? "missing")")
        }
        #expect(lines.filter { $0.contains(#""code":"#) }.count == expected.count, "\(run.stdout)")
        #expect(!lines.contains { $0.contains(#""record":1,"#) }, "the first listing is valid")

        // Under English, the message written per locale speaks English; plain text stays as written.
        let english = try rulecheck([
            "check", "--rules", "Tests/fixtures/divar/apartment.schema.json", "Tests/fixtures/divar/apartment.jsonl",
            "--format", "jsonl", "--progress", "never",
        ])
        #expect(english.stdout.contains(#""message":"The year built cannot be after 1404""#))
        #expect(english.stdout.contains(#""message":"متراژ نمی‌تواند کمتر از ۱۰ متر باشد""#))
    }
}
