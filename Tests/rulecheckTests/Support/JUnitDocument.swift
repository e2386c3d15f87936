import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A JUnit report read with a real XML parser: its suites' counts against their test cases, and
/// all its text.
struct JUnitDocument {
    struct Counts: Equatable, CustomStringConvertible {
        /// The suite's `tests` and `failures` attributes.
        var tests: Int
        var failures: Int
        /// Its `<testcase>` elements, and those holding a `<failure>`.
        var cases: Int
        var failingCases: Int

        var description: String { "tests=\(tests) failures=\(failures) cases=\(cases) failing=\(failingCases)" }
    }

    struct Suite {
        var name: String
        var counts: Counts
        /// `<property name value>` pairs.
        var properties: [String: String] = [:]
        /// Test case names, in order.
        var caseNames: [String] = []
    }

    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    private(set) var suites: [Suite] = []
    /// The text of every element and the `message` attributes, in order.
    private(set) var text = ""

    init(_ data: Data) throws {
        let delegate = Delegate()
        let parser = XMLParser(data: data)
        parser.delegate = delegate
        guard parser.parse() else {
            throw Malformed(description: "not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "?") at line \(parser.lineNumber)")
        }
        suites = delegate.suites
        text = delegate.text
    }

    private final class Delegate: NSObject, XMLParserDelegate {
        var suites: [Suite] = []
        var text = ""

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            switch name {
            case "testsuite":
                suites.append(
                    Suite(
                        name: attributes["name"] ?? "",
                        counts: Counts(
                            tests: Int(attributes["tests"] ?? "") ?? -1,
                            failures: Int(attributes["failures"] ?? "") ?? -1, cases: 0, failingCases: 0)))
            case "testcase" where !suites.isEmpty:
                suites[suites.count - 1].counts.cases += 1
                suites[suites.count - 1].caseNames.append(attributes["name"] ?? "")
            case "failure" where !suites.isEmpty:
                suites[suites.count - 1].counts.failingCases += 1
            case "property" where !suites.isEmpty:
                suites[suites.count - 1].properties[attributes["name"] ?? ""] = attributes["value"] ?? ""
            default: break
            }
            if let message = attributes["message"] { text += message + "\n" }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            text += string
        }
    }
}
