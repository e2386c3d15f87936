import Foundation
import Testing
import _RuleCheckTestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Hostile and careless inputs and environments, run through `rulecheck` (the built executable
/// where signals, pipes, standard input or the environment are the point): each case
/// states the exit status, the message and the exact counts. A hang shows as the test run not
/// finishing; inputs are small so that counts, not time, tell a regression.
@Suite("Hostile input (CLI)", .serialized)
struct HostileInputTests {
    let scratch: Scratch

    init() throws {
        scratch = try Scratch()
    }

    static let rules = "fields:\n  - id: name\n    required: true\n  - id: age\n    type: integer\n    max: 150\n"

    /// A CSV of `count` records, every third one without a name (an error).
    static func csv(_ count: Int) -> String {
        "name,age\n" + (1...count).map { $0 % 3 == 0 ? ",\($0 % 100)\n" : "n\($0),\($0 % 100)\n" }.joined()
    }

    // MARK: Output that cannot be written

    @Test(arguments: ["text", "json", "jsonl", "junit", "sarif"])
    func aFullDiskIsExitThreeWithOneLine(_ format: String) throws {
        try #require(FileManager.default.fileExists(atPath: "/dev/full"), "this test needs /dev/full (Linux)")
        let rules = try scratch.file(Self.rules, "yaml")
        let input = try scratch.file(Self.csv(30), "csv")
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let run = try CLI.run(["check", "--rules", rules, input, "--format", format], stdout: full)
        expectEqual(run.status, 3)
        expectEqual(run.stderr, "rulecheck: cannot write to standard output: No space left on device\n")
    }

    @Test func everySubcommandSaysWhenItsOutputCannotBeWritten() throws {
        try #require(FileManager.default.fileExists(atPath: "/dev/full"), "this test needs /dev/full (Linux)")
        let rules = try scratch.file(Self.rules, "yaml")
        let warned = try scratch.file("patterns:\n  x: 'y'\nfields:\n  - id: a\n", "yaml")
        let edits = try scratch.file(#"{"set": "name", "value": "Ann"}"# + "\n", "jsonl")
        for arguments in [
            ["graph", rules], ["lint", warned], ["mask", "000", "12"], ["replay", rules, edits],
            ["sample", rules, "--count", "5"], ["--help"], ["schema", "export", "--help"],
        ] {
            let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
            let run = try CLI.run(arguments, stdout: full)
            expectEqual(run.status, 3, "\(arguments)")
            expectEqual(run.stderr, "rulecheck: cannot write to standard output: No space left on device\n", "\(arguments)")
        }
    }

    /// The executable itself: help that cannot be written is status 3 with one line, as a report is.
    @Test func helpThatCannotBeWrittenIsExitThree() throws {
        try #require(FileManager.default.fileExists(atPath: "/dev/full"), "this test needs /dev/full (Linux)")
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let run = try CLI.runProcess(["check", "--help"], stdout: full)
        expectEqual(run.status, 3)
        expectEqual(run.stderr, "rulecheck: cannot write to standard output: No space left on device\n")
    }

    @Test func aClosedPipeIsAWriteErrorNotASignal() throws {
        let rules = try scratch.file(Self.rules, "yaml")
        let input = try scratch.file(Self.csv(3_000), "csv")
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        let run = try CLI.runProcess(["check", "--rules", rules, input, "--format", "jsonl"], stdout: pipe.fileHandleForWriting)
        #expect(!run.killedBySignal)
        expectEqual(run.status, 3)
        expectEqual(run.stderr, "rulecheck: cannot write to standard output: Broken pipe\n")
    }

    @Test func aMissingTemporaryDirectoryIsExitThreeNotAnEmptyReport() throws {
        let rules = try scratch.file(Self.rules, "yaml")
        let input = try scratch.file(Self.csv(30), "csv")
        for format in ["json", "junit"] {
            let run = try CLI.runProcess(["check", "--rules", rules, input, "--format", format], environment: ["TMPDIR": "/nonexistent"])
            expectEqual(run.status, 3, "\(format)")
            #expect(run.stdout.isEmpty, "\(format)")
            expectEqual(
                run.stderr,
                "rulecheck: cannot create a temporary file for the report in '/nonexistent': No such file or directory (set TMPDIR to a writable directory)\n"
            )
        }
    }

    // MARK: No spool file left behind

    /// Starts `check --format json` reading standard input, waits until its spool file is open, and
    /// returns the process (its standard input still open).
    private func startSpooling(in directory: URL) throws -> Process {
        let rules = try scratch.file(Self.rules, "yaml")
        let process = CLI.process(
            ["check", "--rules", rules, "-", "--input", "csv", "--format", "json"],
            environment: ["TMPDIR": directory.path])
        // The test runner's threads block SIGTERM and SIGINT, and a child inherits the mask: start
        // the process with none blocked, as a shell would.
        var none = sigset_t()
        var saved = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, &saved)
        defer { pthread_sigmask(SIG_SETMASK, &saved, nil) }
        try process.run()
        let input = try #require(process.standardInput as? Pipe)
        input.fileHandleForWriting.write(Data(Self.csv(10).utf8))
        // The spool is open (unlinked or not) once a descriptor of the process points into `directory`.
        let descriptors = "/proc/\(process.processIdentifier)/fd"
        while !((try? FileManager.default.contentsOfDirectory(atPath: descriptors)) ?? []).contains(where: { fd in
            ((try? FileManager.default.destinationOfSymbolicLink(atPath: "\(descriptors)/\(fd)")) ?? "").hasPrefix(directory.path)
        }) {
            usleep(2_000)
        }
        return process
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func aSignalLeavesNoSpoolFile(_ signal: Int32) throws {
        try #require(FileManager.default.fileExists(atPath: "/proc/self/fd"), "this test reads /proc (Linux)")
        let directory = try scratch.subdirectory()
        let process = try startSpooling(in: directory)
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        expectEqual(process.terminationReason, .uncaughtSignal)
        expectEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), [])
    }

    @Test func aReaderThatStopsEarlyLeavesNoSpoolFile() throws {
        // `rulecheck check … --format json | head -c 10`
        let directory = try scratch.subdirectory()
        let rules = try scratch.file(Self.rules, "yaml")
        let input = try scratch.file(Self.csv(30_000), "csv")
        let pipe = Pipe()
        let process = CLI.process(
            ["check", "--rules", rules, input, "--format", "json"], environment: ["TMPDIR": directory.path],
            stdout: pipe.fileHandleForWriting)
        try process.run()
        try pipe.fileHandleForWriting.close()
        let head = try pipe.fileHandleForReading.read(upToCount: 10)
        try pipe.fileHandleForReading.close()
        process.waitUntilExit()
        #expect(head == Data(#"{"summary""#.utf8))
        #expect(process.terminationReason == .exit && process.terminationStatus == 3)
        expectEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), [])
    }

    // MARK: Rules-file errors never land in a report

    @Test func rulesErrorsGoToStandardErrorExceptForLint() throws {
        let broken = try scratch.file("fields:\n  - id: 1x\n", "yaml")
        let input = try scratch.file("name\nAnn\n", "csv")
        let edits = try scratch.file("{\"reset\": true}\n", "jsonl")
        let diagnostic = "\(broken):2:9: error: field id '1x' must be ASCII letters"
        for arguments in [
            ["check", "--rules", broken, input, "--format", "json"], ["replay", broken, edits], ["graph", broken],
            ["sample", broken, "--count", "1"],
        ] {
            let run = try CLI.run(arguments)
            expectEqual(run.status, 2, "\(arguments)")
            #expect(run.stdout.isEmpty, "\(arguments)")
            #expect(run.stderr.hasPrefix(diagnostic) && run.stderr.contains(" [RC2015]\n"), "\(arguments)")
        }
        // lint's diagnostics are its report.
        let lint = try CLI.run(["lint", broken])
        #expect(lint.status == 2 && lint.stdout.hasPrefix(diagnostic) && lint.stdout.contains(" [RC2015]\n") && lint.stderr.isEmpty)
    }

    // MARK: Pipes and devices

    @Test func rulesAndEditsAreReadFromPipes() throws {
        let lint = try CLI.runProcess(["lint", "/dev/stdin"], stdin: Self.rules)
        #expect(lint.status == 0 && lint.stdout.isEmpty && lint.stderr.isEmpty)
        let input = try scratch.file(Self.csv(6), "csv")
        let check = try CLI.runProcess(["check", "--rules", "/dev/stdin", input, "--format", "jsonl"], stdin: Self.rules)
        expectEqual(check.status, 1)
        #expect(check.stdout.hasSuffix(#"{"summary":{"errors":2,"files":1,"invalid":2,"records":6,"valid":4,"warnings":0}}"# + "\n"))
        let rules = try scratch.file(Self.rules, "yaml")
        let replay = try CLI.runProcess(["replay", rules, "/dev/stdin"], stdin: #"{"set": "name", "value": "Ann"}"# + "\n")
        expectEqual(replay.status, 0)
        #expect(replay.stdout.hasPrefix("{") && replay.stdout.hasSuffix(#""values":{"name":"Ann"},"visible":{}}"# + "\n"))
        expectEqual(replay.stdout.split(separator: "\n").count, 1)
        // Why a file cannot be read: on standard error (lint: as its report, on standard output).
        let missing = try CLI.run(["check", "--rules", "/nonexistent/rules.yaml", input])
        #expect(missing.status == 2 && missing.stdout.isEmpty)
        expectEqual(missing.stderr, "/nonexistent/rules.yaml: error: cannot read the rules file: No such file or directory [RC1001]\n")
        let directory = try CLI.run(["lint", scratch.directory.path])
        expectEqual(directory.status, 2)
        #expect(directory.stdout == "\(scratch.directory.path): error: cannot read the rules file: Is a directory [RC1001]\n")
        let edits = try CLI.run(["replay", rules, "/nonexistent/edits.jsonl"])
        #expect(edits.status == 3 && edits.stdout.isEmpty)
        expectEqual(edits.stderr, "rulecheck: cannot read '/nonexistent/edits.jsonl': No such file or directory\n")
    }

    @Test func anEndlessRulesFileIsRefused() throws {
        try #require(FileManager.default.fileExists(atPath: "/dev/zero"))
        let run = try CLI.run(["lint", "/dev/zero"])
        expectEqual(run.status, 2)
        expectEqual(run.stdout, "/dev/zero: error: cannot read the rules file: it is longer than 67108864 bytes [RC1001]\n")
    }

    // MARK: --jobs

    @Test func absurdJobCountsAreRefused() throws {
        let rules = try scratch.file(Self.rules, "yaml")
        let input = try scratch.file(Self.csv(3), "csv")
        for jobs in ["99999999", "257", "0"] {
            let run = try CLI.run(["check", "--rules", rules, input, "--jobs", jobs])
            expectEqual(run.status, 2, "\(jobs)")
            #expect(run.stderr.hasPrefix("Error: --jobs must be between 1 and 256, not \(jobs)\n"), "\(jobs)")
        }
        let most = try CLI.run(["check", "--rules", rules, input, "--jobs", "256", "--format", "jsonl"])
        expectEqual(most.status, 1)
        #expect(most.stdout.hasSuffix(#""records":3,"valid":2,"warnings":0}}"# + "\n"))
    }

    // MARK: replay

    @Test func replayRejectsLooseEditLines() throws {
        let rules = try scratch.file(Self.rules, "yaml")
        let edits = try scratch.file(
            """
            {"set": "name", "value": "Ann"}
            {"reset": false}
            {"set": "name"}
            {"set": "name", "value": "Bob", "vale": 1}
            {"clear": "name", "value": null}
            {"reset": true, "set": "name"}
            {"append": 3}
            {"set": "name", "value": "Eve"}
            """, "jsonl")
        let run = try CLI.run(["replay", rules, edits])
        expectEqual(run.status, 1)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        expectEqual(lines.count, 8)
        #expect(lines[1] == #"{"error":"line 2: 'reset' must be true"}"#)
        #expect(lines[2] == #"{"error":"line 3: a set edit needs a 'value' (to empty a field: {\"clear\": \"name\"})"}"#)
        #expect(lines[3] == #"{"error":"line 4: unknown key 'vale' in a set edit; did you mean 'value'?"}"#)
        #expect(lines[4] == #"{"error":"line 5: unknown key 'value' in a clear edit"}"#)
        #expect(
            lines[5]
                == #"{"error":"line 6: an edit needs exactly one of set, clear, suggest, append, insert, remove, move, reset, focus, blur, touch_all, type, page, options, external_issues, restore"}"#
        )
        #expect(lines[6] == #"{"error":"line 7: 'append' must name a field"}"#)
        #expect(lines[7].contains(#""values":{"name":"Eve"}"#))
    }

    @Test func replayPrintsEachEditAsItIsRead() throws {
        let rules = try scratch.file(Self.rules, "yaml")
        let process = CLI.process(["replay", rules, "-"])
        try process.run()
        let input = try #require(process.standardInput as? Pipe)
        let output = try #require(process.standardOutput as? Pipe)
        // Each answer comes while standard input is still open (a replay that read every edit first
        // would never answer: this test would not finish).
        var received = Data()
        for (index, name) in ["Ann", "Bob", "Eve"].enumerated() {
            input.fileHandleForWriting.write(Data("{\"set\": \"name\", \"value\": \"\(name)\"}\n".utf8))
            while received.split(separator: UInt8(ascii: "\n")).count < index + 1 {
                received += output.fileHandleForReading.availableData
            }
            #expect(String(decoding: received, as: UTF8.self).contains("\"values\":{\"name\":\"\(name)\"}"))
        }
        let run = try CLI.finish(process)
        expectEqual(run.status, 0)
        #expect(run.stdout.isEmpty)
    }

    @Test func replayBoundsAnEditLine() throws {
        let rules = try scratch.file(Self.rules, "yaml")
        let long = "{\"set\": \"name\", \"value\": \"" + String(repeating: "x", count: 2 << 20) + "\"}"
        let edits = try scratch.file(long + "\n" + #"{"set": "name", "value": "Ann"}"# + "\n", "jsonl")
        let run = try CLI.run(["replay", rules, edits])
        expectEqual(run.status, 1)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        expectEqual(lines.count, 2)
        #expect(lines.first == #"{"error":"line 1: longer than 1048576 bytes; skipped"}"#)
        #expect(lines.last?.contains(#""values":{"name":"Ann"}"#) == true)
    }

    // MARK: Output that can hurt a terminal

    @Test func theTextReportEscapesControlCharacters() throws {
        let rules = try scratch.file(Self.rules, "yaml")
        // An OSC sequence that would retitle the terminal, a BEL, a C1 control, a bidi override.
        let input = try scratch.file("name,age\n\u{1B}]0;pwned\u{7},x\u{9B}2J\u{202E}\n", "csv")
        let run = try CLI.run(["check", "--rules", rules, input])
        expectEqual(run.status, 1)
        #expect(!run.stdoutBytes.contains(0x1B) && !run.stdoutBytes.contains(0x07))
        #expect(!run.stdout.unicodeScalars.contains { $0.value >= 0x80 && $0.value < 0xA0 || $0 == "\u{202E}" })
        #expect(run.stdout.contains(#"(value "x\u{9B}2J\u{202E}")"#))
        // Machine formats keep the exact value.
        let json = try CLI.run(["check", "--rules", rules, input, "--format", "json"])
        let document = try #require(try JSONSerialization.jsonObject(with: json.stdoutBytes) as? [String: Any])
        let violations = try #require(document["violations"] as? [[String: Any]])
        expectEqual(violations.first?["value"] as? String, "x\u{9B}2J\u{202E}")
    }

    @Test func lintEscapesControlCharacters() throws {
        // YAML refuses the control characters, and the source line shows them as text.
        let yaml = try scratch.file("fields:\n  - {id: \"a\u{1B}]0;x\u{7}b\", visibel_if: x}\n", "yaml")
        let run = try CLI.run(["lint", yaml])
        expectEqual(run.status, 2)
        #expect(
            run.stdout == """
                \(yaml):2:12: error: YAML: control characters are not allowed [RC1004]
                      - {id: "a\\u{1B}]0;x\\u{7}b", visibel_if: x}
                               ^

                """)
        // JSON may spell them as escapes: the message quoting the id escapes them too.
        let json = try scratch.file(#"{"fields": [{"id": "a\u001b]0;x\u0007b\u009b"}]}"#, "json")
        let quoted = try CLI.run(["lint", json])
        expectEqual(quoted.status, 2)
        #expect(!quoted.stdoutBytes.contains(0x1B) && !quoted.stdoutBytes.contains(0x07))
        #expect(quoted.stdout.hasPrefix(#"\#(json):1:20: error: field id 'a\u{1B}]0;x\u{7}b\u{9B}' must be"#))
    }

    @Test func graphEscapesControlCharactersInTitles() throws {
        // Titles are free text from a rules file (JSON may spell any control character).
        let rules = try scratch.file(
            #"""
            {"form": "f\u001b]0;x\u0007", "sections": [{"id": "s", "title": "S\u001b[2J\u009b",
             "fields": [{"id": "a", "title": "A\u001b]0;pwned\u0007\u202e", "type": "text"},
                        {"id": "b", "type": "text", "depends_on": ["a"]}]}]}
            """#, "json")
        // dot shows the escape as text, so its backslash is quoted in dot's syntax.
        for (format, title) in [("dot", #"S\\u{1B}[2J\\u{9B}"#), ("mermaid", #"S\u{1B}[2J\u{9B}"#)] {
            let run = try CLI.run(["graph", rules, "--format", format])
            expectEqual(run.status, 0, "\(format): \(run.stderr)")
            #expect(!run.stdout.unicodeScalars.contains { VisibleTextProbe.isUnsafe($0) && $0 != "\n" }, "\(format)")
            #expect(run.stdout.contains(title), "\(format): \(run.stdout)")
        }
        // JSON keeps the exact text, escaped by JSON's own syntax.
        let json = try CLI.run(["graph", rules, "--format", "json"])
        let document = try #require(try JSONSerialization.jsonObject(with: json.stdoutBytes) as? [String: Any])
        let nodes = try #require(document["nodes"] as? [[String: Any]])
        #expect(nodes.contains { $0["title"] as? String == "A\u{1B}]0;pwned\u{7}\u{202E}" })
    }

    @Test func lintShortensALongSourceLineAroundTheCaret() throws {
        let padding = String(repeating: "a", count: 300_000)
        let rules = try scratch.file("fields:\n  - {id: name, title: \"\(padding)\", visibel_if: x}\n", "yaml")
        let run = try CLI.run(["lint", rules])
        expectEqual(run.status, 2)
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        expectEqual(lines.count, 4)
        #expect(
            lines[0]
                == "\(rules):2:\(23 + padding.count + 4): error: unknown key 'visibel_if' in a field; did you mean 'visible_if'? [RC2001]")
        #expect(lines[1].count <= 130)
        #expect(lines[1].hasPrefix("    …aaa") && lines[1].hasSuffix("aaa\", visibel_if: x}"))
        // The caret stands under the key.
        let caret = try #require(lines[2].firstIndex(of: "^"))
        #expect(lines[2].hasSuffix("^"))
        #expect(lines[1].dropFirst(lines[2].distance(from: lines[2].startIndex, to: caret)).hasPrefix("visibel_if"))

        // A long line whose mistake is near its start keeps its start and loses its end.
        let early = try scratch.file("fields:\n  - {visibel_if: x, id: name, title: \"\(padding)\"}\n", "yaml")
        let shown = try CLI.run(["lint", early]).stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(shown[1].hasPrefix("      - {visibel_if: x, id: name, title: \"aaa") && shown[1].hasSuffix("aaa…"))
        #expect(shown[1].count <= 130)
        expectEqual(shown[2], "         ^")
    }

    @Test func messagesOnStandardErrorEscapePaths() throws {
        let rules = try scratch.file(Self.rules, "yaml")
        let run = try CLI.run(["check", "--rules", rules, "/nonexistent/\u{1B}]0;x\u{7}.csv"])
        expectEqual(run.status, 3)
        expectEqual(run.stderr, "rulecheck: cannot open '/nonexistent/\\u{1B}]0;x\\u{7}.csv': No such file or directory\n")
    }

    @Test func argumentErrorsAndMaskOutputEscapeTheirValues() throws {
        let rules = try scratch.file(Self.rules, "yaml")
        let today = try CLI.run(["check", "--rules", rules, "a.csv", "--today", "\u{1B}]0;x\u{7}"])
        expectEqual(today.status, 2)
        #expect(today.stderr.hasPrefix(#"Error: --today must be a date written YYYY-MM-DD, not '\u{1B}]0;x\u{7}'"#))
        let format = try CLI.run(["check", "--rules", rules, "a.csv", "--format", "x\u{1B}[2J"])
        expectEqual(format.status, 2)
        #expect(!format.stderr.contains("\u{1B}") && format.stderr.contains(#"x\u{1B}[2J"#))
        // A mask's fixed characters are part of the formatted text (`[` opens an optional block:
        // written `\[`, it is the bracket).
        let mask = try CLI.run(["mask", "\u{1B}\\[1m0\u{7}", "5"])
        expectEqual(mask.status, 0)
        #expect(mask.stdout == #"\u{1B}[1m5\u{7}"# + "\t5\tcomplete\n")
    }

    // MARK: JUnit stays XML

    @Test func junitIsWellFormedWhateverTheValues() throws {
        let rules = try scratch.file("fields:\n  - {id: name, max_length: 5}\n  - {id: age, type: integer}\n", "yaml")
        var bytes = Data("name,age\n".utf8)
        bytes += Data("a\u{1}b,1\u{1}\u{1B}\n".utf8)  // C0 controls, ESC among them
        bytes += Data("ok,2\u{7F}\u{FFFE}\u{FFFF}\n".utf8)  // DEL, and non-characters XML forbids
        bytes += Data("x,".utf8) + Data([0xFF, 0xFE]) + Data("\n".utf8)  // not UTF-8: malformed
        bytes += Data("\"multi\r\nline & <tag>\",3\n".utf8)  // CR LF inside a cell, XML's specials
        let input = try scratch.file(bytes, "csv")
        let run = try CLI.run(["check", "--rules", rules, input, "--format", "junit"])
        expectEqual(run.status, 1)
        let document = try JUnitDocument(run.stdoutBytes)
        expectEqual(document.suites.map(\.counts), [.init(tests: 4, failures: 4, cases: 4, failingCases: 4)])
        // What XML cannot hold is written as an escape; the rest is exact.
        #expect(document.text.contains(#"(value "1\u{1}\u{1B}")"#))
        #expect(document.text.contains("(value \"2\u{7F}\\u{FFFE}\\u{FFFF}\")"))
        #expect(document.text.contains("(value \"multi\r\nline & <tag>\")"))
        #expect(document.text.contains("not valid UTF-8"))
    }
}

/// The characters no human-facing output may print raw (C0 but tab and line feed, DEL, C1, the
/// line and paragraph separators, bidirectional controls), written out here rather than taken
/// from the code under test.
enum VisibleTextProbe {
    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09: false
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
