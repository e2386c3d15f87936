import Foundation
import HTTPTypes
import RuleCheck
@testable import RuleCheckServer
import Testing
import _RuleCheckTestSupport

/// The curl examples of Docs/serve.md, run against the server they were written for
/// (`rulecheck serve Rules/osago.yaml Rules/signup.yaml Rules/kasko.yaml --today 2026-11-22`): each answers what the
/// page shows under it.
@Suite("Docs/serve.md examples")
struct DocsExamplesTests {
    @Test func theCurlExamplesAnswerWhatTheGuideShows() async throws {
        let text = try String(contentsOfFile: ServerHarness.repository("Docs/serve.md"), encoding: .utf8)
        let harness = ServerHarness(files: ["osago", "signup", "kasko"].map { ServerHarness.repository("Rules/\($0).yaml") })
        var variables: [String: String] = [:]
        var ran = 0
        for block in Self.consoleBlocks(text) {
            for (command, shown) in block {
                if command.hasPrefix("ID=$(curl "), let end = command.range(of: " | ") {
                    let request = try Curl(String(command.dropFirst("ID=$(".count)[..<end.lowerBound]), variables: variables)
                    let answer = try await harness.send(request.method, request.path, body: request.body, type: request.type)
                    variables["ID"] = answer.json["id"]?.string
                    expectEqual(answer.status, 201)
                } else if command.hasPrefix("curl ") {
                    let request = try Curl(command, variables: variables)
                    let answer = try await harness.send(request.method, request.path, body: request.body, type: request.type)
                    expectEqual(answer.text, (shown.isEmpty ? "" : shown + "\n"), "\(command)")
                    ran += 1
                }
            }
        }
        #expect(ran >= 9, "the guide's examples were found")
    }

    /// The `$ ` commands of each ```console block, each with the lines it printed.
    static func consoleBlocks(_ text: String) -> [[(String, String)]] {
        var blocks: [[(String, String)]] = []
        var current: [(String, [Substring])]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```console" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append((current ?? []).map { ($0.0, $0.1.joined(separator: "\n")) })
                current = nil
            } else if line.hasPrefix("$ ") {
                current?.append((String(line.dropFirst(2)), []))
            } else if var commands = current, !commands.isEmpty {
                commands[commands.count - 1].1.append(line)
                current = commands
            }
        }
        return blocks
    }
}

/// The request a `curl -s …` command line of the guide makes.
struct Curl {
    var method = HTTPRequest.Method.get
    var path = ""
    var body: [UInt8]?
    var type: String?

    struct Unreadable: Error {
        let command: String
    }

    init(_ command: String, variables: [String: String]) throws {
        var words = Self.words(command, variables: variables).dropFirst()  // curl
        while let word = words.popFirst() {
            switch word {
            case "-s": continue
            case "-X": method = HTTPRequest.Method(words.popFirst() ?? "") ?? .get
            case "-H":
                let header = words.popFirst() ?? ""
                if header.lowercased().hasPrefix("content-type: ") { type = String(header.dropFirst("content-type: ".count)) }
            case "--json":
                body = Array((words.popFirst() ?? "").utf8)
                type = "application/json"
                method = .post
            case "--data-binary":
                let file = String((words.popFirst() ?? "").dropFirst())  // @path
                body = Array(try Data(contentsOf: URL(fileURLWithPath: ServerHarness.repository(file))))
                method = .post
            default:
                guard word.hasPrefix("localhost:8080/") else { throw Unreadable(command: command) }
                path = String(word.dropFirst("localhost:8080".count))
            }
        }
    }

    /// Shell words: single quotes keep everything, double quotes and bare words expand `$NAME`.
    static func words(_ command: String, variables: [String: String]) -> [String] {
        var words: [String] = []
        var word: String?
        var quote: Character?
        var characters = Array(command)[...]
        while let character = characters.popFirst() {
            if let open = quote {
                if character == open {
                    quote = nil
                } else if character == "$", open == "\"" {
                    word = (word ?? "") + expand(&characters, variables)
                } else {
                    word = (word ?? "") + String(character)
                }
            } else if character == "'" || character == "\"" {
                quote = character
                word = word ?? ""
            } else if character == " " {
                if let finished = word { words.append(finished) }
                word = nil
            } else if character == "$" {
                word = (word ?? "") + expand(&characters, variables)
            } else {
                word = (word ?? "") + String(character)
            }
        }
        if let finished = word { words.append(finished) }
        return words
    }

    private static func expand(_ characters: inout ArraySlice<Character>, _ variables: [String: String]) -> String {
        let name = characters.prefix { $0.isLetter || $0 == "_" }
        characters.removeFirst(name.count)
        return variables[String(name)] ?? ""
    }
}
