import Foundation
import Testing
import _RuleCheckTestSupport

/// `rulecheck serve` and `rulecheck preview` as processes: what they print, how they refuse to
/// start, and that SIGTERM stops them cleanly. (What they answer is tested in RuleCheckServerTests.)
extension CLITests {
    /// A server started in the background, stopped with `stop()`.
    final class Server {
        let process = Process()
        let output = Pipe()
        let errors = Pipe()

        init(_ arguments: [String]) throws {
            process.executableURL = CLI.binary
            process.arguments = arguments
            process.currentDirectoryURL = CLI.root
            process.standardOutput = output
            process.standardError = errors
            try process.run()
        }

        /// The first line printed on standard output (the banner).
        func banner() -> String {
            var line: [UInt8] = []
            while true {
                let byte = output.fileHandleForReading.readData(ofLength: 1)
                guard let first = byte.first, first != UInt8(ascii: "\n") else { break }
                line.append(first)
            }
            return String(decoding: line, as: UTF8.self)
        }

        /// Sends `signal`, waits, and returns the exit status and what was printed on standard error.
        func stop(_ signal: Int32 = SIGTERM) -> (status: Int32, stderr: String) {
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            let stderr = errors.fileHandleForReading.readDataToEndOfFile()
            return (process.terminationStatus, String(decoding: stderr, as: UTF8.self))
        }
    }

    @Test func serveListensOnLoopbackAndStopsCleanlyOnSIGTERM() throws {
        let server = try Server(["serve", "Rules/signup.yaml", "Rules/osago.yaml", "--port", "0", "--no-access-log"])
        let banner = server.banner()
        #expect(banner.hasPrefix("rulecheck serve: signup, osago_policy at http://127.0.0.1:"))
        #expect(banner.hasSuffix("/ (Ctrl-C stops)"))
        let (status, stderr) = server.stop()
        expectEqual(status, 0)
        expectEqual(stderr, "")
    }

    @Test func previewStopsCleanlyOnSIGINT() throws {
        let server = try Server(["preview", "Rules/osago.yaml", "--port", "0"])
        #expect(server.banner().hasPrefix("rulecheck preview: Rules/osago.yaml at http://127.0.0.1:"))
        expectEqual(server.stop(SIGINT).status, 0)
    }

    @Test func serveRefusesRulesThatDoNotCompileAndNamesThatClash() throws {
        let broken = try temporary("form: x\nfields:\n  - id: a\n    type: txt\n", "yaml")
        let run = try rulecheck(["serve", broken, "--port", "0"])
        expectEqual(run.status, 2)
        expectEqual(run.stdout, "")
        // A file given by its absolute path is named by its own name: the server says the same over HTTP.
        let name = URL(fileURLWithPath: broken).lastPathComponent
        #expect(run.stderr.hasPrefix("\(name):4:11: error: unknown type 'txt'"))
        #expect(run.stderr.contains("\n        type: txt\n              ^\n"))

        let twice = try rulecheck(["serve", "Rules/signup.yaml", "Rules/signup.yaml", "--port", "0"])
        expectEqual(twice.status, 2)
        #expect(twice.stderr.contains("several rules files define the form 'signup'"))
    }

    @Test func previewRefusesDataThatIsNotARecord() throws {
        let data = try temporary("[1, 2]", "json")
        let run = try rulecheck(["preview", "Rules/osago.yaml", "--data", data, "--port", "0"])
        expectEqual(run.status, 2)
        #expect(run.stderr.hasPrefix("\(data): error: not a JSON object"))
        let missing = try rulecheck(["preview", "Rules/osago.yaml", "--data", scratch.directory.appendingPathComponent("none.json").path])
        expectEqual(missing.status, 3)
    }

    /// Issue 21 item 12: a record nested 100,000 deep was "not a JSON object"; it names the nesting
    /// limit where it is hit, as any JSON error is named.
    @Test func previewDataNestedTooDeepNamesTheNestingLimit() throws {
        let data = try temporary(#"{"a": "# + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}", "json")
        let run = try rulecheck(["preview", "Rules/osago.yaml", "--data", data, "--port", "0"])
        expectEqual(run.status, 2)
        #expect(run.stderr.hasPrefix("\(data):1:518: error: arrays and objects are nested deeper than 512 levels"), "\(run.stderr)")
        let broken = try temporary(#"{"a": tru}"#, "json")
        let bad = try rulecheck(["preview", "Rules/osago.yaml", "--data", broken, "--port", "0"])
        expectEqual(bad.status, 2)
        #expect(bad.stderr.hasPrefix("\(broken):1:7: error: "), "\(bad.stderr)")
    }

    /// Each refusal names the option and what it takes: exit 2 with any error would pass a
    /// parse error of another option (`--idle-timeout -1` reads `-1` as an option, not a value).
    @Test func badServerArgumentsExit2() throws {
        for (arguments, error) in [
            (["serve", "Rules/signup.yaml", "--port", "70000"], "Error: --port must be 0…65535"),
            (["serve", "Rules/signup.yaml", "--time-limit", "0"], "Error: --time-limit must be more than 0 and at most 86400 seconds"),
            (["serve", "Rules/signup.yaml", "--today", "tomorrow"], "Error: --today must be a date written YYYY-MM-DD, not 'tomorrow'"),
            (["serve"], "Error: Missing the rules file: give it as the first argument or with --rules FILE."),
            (
                ["serve", "Rules/signup.yaml", "--header-timeout", "0"],
                "Error: --header-timeout must be more than 0 and at most 3600 seconds"
            ),
            (["serve", "Rules/signup.yaml", "--idle-timeout=-1"], "Error: --idle-timeout must be more than 0 and at most 86400 seconds"),
            (["serve", "Rules/signup.yaml", "--max-connections", "0"], "Error: --max-connections must be 1 or more"),
            (
                ["serve", "Rules/signup.yaml", "--allow-origin", "app.example.com"],
                "Error: --allow-origin takes an origin such as https://app.example.com (a scheme and a host, no path), not 'app.example.com'"
            ),
            (
                ["preview", "Rules/osago.yaml", "--allow-origin", "https://app.example.com/path"],
                "Error: --allow-origin takes an origin such as https://app.example.com (a scheme and a host, no path), not 'https://app.example.com/path'"
            ),
            (["serve", "Rules/signup.yaml", "--max-form-items=-1"], "Error: --max-form-items must be 0 or more"),
            (["serve", "Rules/signup.yaml", "--max-form-bytes", "0"], "Error: --max-form-bytes must be 1 or more"),
            (
                ["preview", "Rules/signup.yaml", "--max-form-bytes", "2000", "--max-total-form-bytes", "1000"],
                "Error: --max-total-form-bytes must be at least --max-form-bytes (2000)"
            ),
        ] {
            let run = try rulecheck(arguments)
            expectEqual(run.status, 2, "\(arguments)")
            expectEqual(run.stderr.split(separator: "\n").first.map(String.init), error, "\(arguments)")
        }
    }

    @Test func aPortInUseExits3() throws {
        let first = try Server(["serve", "Rules/signup.yaml", "--port", "0", "--no-access-log"])
        let url = first.banner()
        let port = try #require(url.split(separator: ":").last?.prefix { $0.isNumber })
        let second = try rulecheck(["serve", "Rules/signup.yaml", "--port", String(port)])
        expectEqual(second.status, 3)
        #expect(second.stderr.contains("rulecheck: the server stopped:"))
        expectEqual(first.stop().status, 0)
    }
}
