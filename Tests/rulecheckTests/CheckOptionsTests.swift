import Foundation
import Testing
import _RuleCheckTestSupport

/// Options of `rulecheck check` that nothing else pins: delimiters and TSV, the locale of messages,
/// the progress bar, and standard input told by its first byte.
@Suite("check options", .serialized)
struct CheckOptionsTests {
    let scratch: Scratch

    init() throws {
        scratch = try Scratch()
    }

    static let rules = "fields:\n  - {id: name, required: true}\n  - {id: age, type: integer, max: 3}\n"
    static let expected = #"""
        {"code":"required","field":"name","file":"FILE","line":2,"message":"name is required","record":1,"severity":"error","value":null}
        {"code":"max","field":"age","file":"FILE","line":2,"message":"age must be at most 3","record":1,"severity":"error","value":"5"}
        {"summary":{"errors":2,"files":1,"invalid":1,"records":2,"valid":1,"warnings":0}}

        """#

    @Test func delimitersAndTSV() throws {
        let rules = try scratch.file(Self.rules, "yaml")
        for (delimiter, ext, argument) in [
            (";", "csv", ";"), ("|", "csv", "pipe"), ("\t", "csv", "tab"), ("\t", "tsv", nil),
            ("\t", "tab", nil), (":", "csv", ":"),
        ] {
            let input = try scratch.file("name\(delimiter)age\n\(delimiter)5\nAnn\(delimiter)1\n", ext)
            let run = try CLI.run(["check", "--rules", rules, input, "--format", "jsonl"] + (argument.map { ["--delimiter", $0] } ?? []))
            expectEqual(run.status, 1, "\(delimiter) \(ext)")
            expectEqual(run.stdout, Self.expected.replacingOccurrences(of: "FILE", with: input), "\(delimiter) \(ext)")
        }
        // Read with the wrong delimiter, the header is one column that matches no field.
        let semicolons = try scratch.file("name;age\n;5\n", "csv")
        let wrong = try CLI.run(["check", "--rules", rules, semicolons, "--format", "jsonl"])
        #expect(wrong.stdout.contains(#""code":"unknown_column","field":"name;age""#))
        for bad in ["\"", "ab", ""] {
            let run = try CLI.run(["check", "--rules", rules, semicolons, "--delimiter", bad])
            expectEqual(run.status, 2, "\(bad)")
            #expect(run.stderr.hasPrefix("Error: "), "\(bad)")
        }
    }

    @Test func messagesInTheChosenLocale() throws {
        let rules = try scratch.file(Self.rules, "yaml")
        let input = try scratch.file("name,age\n,5\n", "csv")
        let run = try CLI.run(["check", "--rules", rules, input, "--locale", "ru", "--format", "jsonl"])
        expectEqual(run.status, 1)
        let messages = run.stdout.split(separator: "\n").dropLast().map { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["message"] as? String
        }
        expectEqual(messages, ["Заполните поле «name»", "Значение поля «age» должно быть не больше 3"])
        // A locale with no built-in messages falls back to English.
        let fallback = try CLI.run(["check", "--rules", rules, input, "--locale", "xx", "--format", "jsonl"])
        #expect(fallback.stdout.contains(#""message":"name is required""#))
        #expect(fallback.stdout.contains(#""message":"age must be at most 3""#))
    }

    @Test func progressGoesToStandardErrorAndLeavesTheReportAlone() throws {
        let rules = try scratch.file(Self.rules, "yaml")
        let input = try scratch.file("name,age\n" + String(repeating: "Ann,1\n,5\n", count: 500), "csv")
        let quiet = try CLI.run(["check", "--rules", rules, input, "--progress", "never"])
        let shown = try CLI.run(["check", "--rules", rules, input, "--progress", "always"])
        #expect(quiet.status == 1 && shown.status == 1)
        #expect(quiet.stderr.isEmpty)
        expectEqual(shown.stdout, quiet.stdout)
        // The bar is redrawn in place and cleared before the report ends.
        #expect(shown.stderr.hasPrefix("\r"))
        #expect(shown.stderr.contains("1,000 records"))
        #expect(shown.stderr.hasSuffix("\r\u{1B}[K"))
        // Not a terminal: `auto` draws nothing.
        #expect(try CLI.run(["check", "--rules", rules, input]).stderr.isEmpty)
    }

    @Test func standardInputIsToldByItsFirstByte() throws {
        let rules = try scratch.file(Self.rules, "yaml")
        let cases: [(String, String)] = [
            ("\u{FEFF}  [{\"name\": \"\", \"age\": 5}, {\"name\": \"Ann\", \"age\": 1}]", "JSON array"),
            ("\n{\"name\": \"\", \"age\": 5}\n{\"name\": \"Ann\", \"age\": 1}\n", "JSON Lines"),
            ("name,age\n,5\nAnn,1\n", "CSV"),
        ]
        for (input, kind) in cases {
            let run = try CLI.runProcess(["check", "--rules", rules, "-", "--format", "jsonl"], stdin: input)
            expectEqual(run.status, 1, "\(kind)")
            let summary = try #require(run.stdout.split(separator: "\n").last, "\(kind)")
            #expect(summary == #"{"summary":{"errors":2,"files":1,"invalid":1,"records":2,"valid":1,"warnings":0}}"#, "\(kind)")
            #expect(run.stdout.contains(#""code":"max","field":"age""#), "\(kind)")
        }
    }
}
