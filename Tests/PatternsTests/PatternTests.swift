import Foundation
import Patterns
import Testing
import _RuleCheckTestSupport

@Suite("Pattern")
struct PatternTests {
    @Test func wholeValueMatching() throws {
        let year = try Pattern(#"\d{4}"#)
        #expect(try year.matches("2024"))
        #expect(try !year.matches("2024a"))
        #expect(try !year.matches("a2024"))
        #expect(try !year.matches("2024\n"))  // `$`-style trailing newline is not a whole match
        #expect(try year.contains("in 2024."))
        #expect(try !year.contains("in 24."))
    }

    @Test func alternationIsMatchedAsAWhole() throws {
        // Whole-value matching must not bind only to one side of `|`.
        let either = try Pattern("ab|cd")
        #expect(try either.matches("cd"))
        #expect(try !either.matches("abcd"))
    }

    @Test func unicodeByDefault() throws {
        #expect(try Pattern(#"\w+"#).matches("Ёжик"))
        #expect(try Pattern(#"\p{Cyrillic}+"#).matches("Ёжик"))
        #expect(try Pattern("ёжик", options: .caseInsensitive).matches("ЁЖИК"))
        #expect(try Pattern(".").matches("🙂"))
        #expect(try Pattern("").matches(""))
        #expect(try !Pattern("a").matches(""))
    }

    @Test func namedCaptures() throws {
        let date = try Pattern(#"(?<y>\d{4})-(?<m>\d\d)(-(?<d>\d\d))?"#)
        expectEqual(date.captureCount, 4)
        expectEqual(date.captureNames, ["y": 1, "m": 2, "d": 4])
        let match = try #require(try date.firstMatch(in: "до 2024-05 года"))
        expectEqual(match.text, "2024-05")
        expectEqual(match["y"], "2024")
        expectEqual(match[2], "05")
        expectEqual(match["d"], nil)
        expectEqual(match["nope"], nil)
        expectEqual(match.subject[match.range], "2024-05")
    }

    @Test func allMatchesIncludingEmptyOnes() throws {
        #expect(try Pattern(#"\d+"#).allMatches(in: "a1 b22 c333").map(\.text) == ["1", "22", "333"])
        // An empty match advances by a whole character, never splitting UTF-8.
        expectEqual(try Pattern("x*").allMatches(in: "ёx").map(\.text), ["", "x", ""])
        #expect(try Pattern("z").allMatches(in: "abc").isEmpty)
    }

    @Test func replace() throws {
        #expect(try Pattern(#"(\d{3})(\d{4})"#).replacing(in: "5551234", with: "$1-$2") == "555-1234")
        #expect(
            try Pattern(#"(?<first>\w+) (?<last>\w+)"#).replacing(in: "Иван Петров", with: "${last}, ${first}")
                == "Петров, Иван")
        #expect(try Pattern(#"\s+"#).replacing(in: " a  b ", with: " ") == " a b ")
        expectEqual(try Pattern("q").replacing(in: "abc", with: "x"), "abc")
        let long = String(repeating: "ab", count: 500)
        expectEqual(try Pattern("b").replacing(in: long, with: "bbbb").count, 2500)
        #expect(throws: PatternError.self) { try Pattern("a").replacing(in: "a", with: "$9") }
    }

    @Test func partialMatching() throws {
        let phone = try Pattern(#"\+7 \(\d{3}\) \d{3}-\d{2}-\d{2}"#)
        expectEqual(try phone.partialMatch("+7 (916) 12"), .partial)
        expectEqual(try phone.partialMatch("+7 (916) 123-45-67"), .complete)
        expectEqual(try phone.partialMatch("+8"), .noMatch)
        expectEqual(try phone.partialMatch(""), .partial)
        // PARTIAL_SOFT: a finished value is complete even though `\d+` could take more.
        #expect(try Pattern(#"\d+"#).partialMatch("12") == .complete)
        #expect(try Pattern(#"\d+"#, options: .noJIT).partialMatch("12") == .complete)
        #expect(try Pattern(#"\d+"#, options: .noJIT).partialMatch("12a") == .noMatch)
        expectEqual(try Pattern("ab|abcd", options: .noJIT).partialMatch("abc"), .partial)
        // Leading verbs stay in front of the wrapper; extended-mode comments do not swallow it.
        #expect(try Pattern(#"(*UCP)\w{3}"#).partialMatch("ж") == .partial)
        expectEqual(try Pattern("a b # letters", options: .extended).partialMatch("ab"), .complete)
    }

    @Test func compileErrorsCarryMessageAndOffset() {
        #expect {
            try Pattern("(a+")
        } throws: { error in
            guard let error = error as? PatternError else { return false }
            return error.code == .compile && error.message == "missing closing parenthesis" && error.offset == 3
        }
        // The offset counts characters, not bytes.
        #expect {
            try Pattern("ёё[z")
        } throws: { error in
            (error as? PatternError)?.offset == 4
        }
    }

    @Test(arguments: [false, true])
    func catastrophicBacktrackingStopsWithRegexLimit(interpreter: Bool) throws {
        let pattern = try Pattern("(a+)+$", options: interpreter ? .noJIT : [])
        expectEqual(pattern.isJITCompiled, (!interpreter && Pattern.jitAvailable))
        let subject = String(repeating: "a", count: 40) + "b"
        #expect {
            try pattern.contains(subject)
        } throws: { error in
            guard case PatternError.regexLimit = error else { return false }
            return (error as? PatternError)?.message == "match limit exceeded"
        }
    }

    @Test(arguments: [false, true])
    func eachPatternMatchesUnderItsOwnLimits(interpreter: Bool) throws {
        // Matches on one thread share a match context; switching between patterns with
        // different limits must apply each pattern's own limits every time.
        let options: Pattern.Options = interpreter ? .noJIT : []
        let tight = try Pattern("(a+)+$", options: options, limits: .init(matchLimit: 100))
        let roomy = try Pattern("(a+)+$", options: options)
        let subject = String(repeating: "a", count: 12) + "b"
        for _ in 0..<2 {
            #expect(throws: PatternError.self) { try tight.contains(subject) }
            #expect(try !roomy.contains(subject))
            #expect(try !roomy.contains(subject))
        }
        #expect(throws: PatternError.self) { try tight.replacing(in: subject, with: "x") }
        expectEqual(try roomy.replacing(in: subject, with: "x"), subject)
    }

    @Test func interpreterRefusesHugeSubjects() throws {
        let pattern = try Pattern("a", options: .noJIT, limits: .init(interpreterSubjectLimit: 10))
        #expect(try pattern.matches("a"))
        #expect(throws: PatternError.self) { try pattern.contains(String(repeating: "b", count: 11)) }
    }

    @Test func longSubjectsWithRepeatedGroupsFitTheJITStack() throws {
        // 100,000 bytes: JIT-compiled code matches them on its own, larger JIT stack. A PCRE2
        // without JIT (iOS's, `make pcre2-source-test`) refuses them with regex_limit instead, as
        // every subject over the interpreter's limit, rather than run the interpreter on them.
        let pattern = try Pattern(#"(?:(a)|b)*"#)
        let subject = String(repeating: "ab", count: 50_000)
        if Pattern.jitAvailable {
            #expect(try pattern.matches(subject))
        } else {
            let error = #expect(throws: PatternError.self) { try pattern.matches(subject) }
            expectEqual(error?.code, .regexLimit)
        }
    }

    @Test func sharedAcrossThreads() async throws {
        let pattern = try Pattern(#"[A-HJ-NPR-Z0-9]{17}"#)
        let counts = await withTaskGroup(of: Int.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    var hits = 0
                    for index in 0..<2_000 {
                        let value = (index + worker).isMultiple(of: 2) ? "XTA21099043512345" : "XTA2109904351234I"
                        if (try? pattern.matches(value)) == true { hits += 1 }
                    }
                    return hits
                }
            }
            return await group.reduce(into: [Int]()) { $0.append($1) }
        }
        expectEqual(counts.reduce(0, +), 8_000)
    }

    #if os(Linux) && (arch(x86_64) || arch(arm64))
    /// The PCRE2 the package links on Linux x86_64 and arm64 — CI's libpcre2-dev from Debian, and
    /// this machine's — has a JIT compiler, and a pattern compiled without `.noJIT` uses it. The
    /// tests above follow `Pattern.jitAvailable` either way, so without this a PCRE2 built
    /// without its JIT (every match in the interpreter, with its smaller limits) would pass unseen.
    /// `make pcre2-source-test` builds PCRE2 from source with `RULECHECK_PCRE2=source` and its JIT
    /// as `RULECHECK_PCRE2_JIT` says (0 by default), and runs the tests with both set: there the
    /// JIT is what that says.
    @Test func thePCRE2OfLinuxHasAJIT() throws {
        let environment = ProcessInfo.processInfo.environment
        let expectsJIT = environment["RULECHECK_PCRE2"] != "source" || environment["RULECHECK_PCRE2_JIT"] == "1"
        #expect(Pattern.jitAvailable == expectsJIT)
        let pattern = try Pattern("(a|b)+c")
        #expect(try pattern.matches("ababc"))
        #expect(pattern.isJITCompiled == expectsJIT)
        #expect(try !Pattern("(a|b)+c", options: .noJIT).isJITCompiled)
    }
    #endif
}

@Suite("PatternCache")
struct PatternCacheTests {
    @Test func compilesOncePerKey() throws {
        let cache = PatternCache()
        let first = try cache.pattern(#"\d+"#)
        let second = try cache.pattern(#"\d+"#)
        let other = try cache.pattern(#"\d+"#, options: .caseInsensitive)
        #expect(first === second)
        #expect(first !== other)
        expectEqual(cache.count, 2)
        #expect(throws: PatternError.self) { try cache.pattern("(") }
        expectEqual(cache.count, 2)
        cache.removeAll()
        expectEqual(cache.count, 0)
    }

    /// Issue 21, item 8: the cache kept every pattern it ever compiled.
    @Test func holdsAtMostItsCapacityDroppingTheLeastRecentlyUsed() throws {
        let cache = PatternCache(capacity: 3)
        let a = try cache.pattern("a+")
        let b = try cache.pattern("b+")
        _ = try cache.pattern("c+")
        #expect(try cache.pattern("a+") === a, "a is now the most recently used")
        _ = try cache.pattern("d+")
        expectEqual(cache.count, 3)
        #expect(!cache.contains("b+"), "the least recently used went")
        #expect(cache.contains("a+") && cache.contains("c+") && cache.contains("d+"))
        #expect(try cache.pattern("b+") !== b, "compiled anew")
        #expect(try b.matches("bbb"), "whoever holds a pattern keeps it working")
        for index in 0..<100 { _ = try cache.pattern("e{\(index)}") }
        expectEqual(cache.count, 3)
    }

    @Test func releasesWhatNothingElseHolds() throws {
        let cache = PatternCache()
        var held: [Pattern] = []
        for index in 0..<10 {
            let pattern = try cache.pattern("x{\(index)}")
            if index.isMultiple(of: 2) { held.append(pattern) }
        }
        expectEqual(cache.count, 10)
        expectEqual(cache.releaseUnused(), 5)
        expectEqual(cache.count, 5)
        #expect((0..<10).filter { cache.contains("x{\($0)}") } == [0, 2, 4, 6, 8])
        #expect(try cache.pattern("x{0}") === held[0])
        held.removeAll()
        expectEqual(cache.releaseUnused(), 5)
        expectEqual(cache.count, 0)
        _ = try cache.pattern("y")
        expectEqual(cache.count, 1, "a cache emptied by releases fills again")
    }
}

/// Patterns are JIT-compiled on their first match, not when they are made (compiling a rules file
/// with 10,000 distinct patterns spent 60% of its time in the JIT), and their search and
/// partial-match forms are compiled on first use. The first match may come from many threads at once.
@Suite("Pattern: JIT on first use")
struct DeferredJITTests {
    @Test func freshPatternsMatchedFromManyThreadsAtOnceAgree() throws {
        let subjects = ["A123", "b1", "Z99999", "", "AB12", "ё123"]
        let expected = [true, false, true, false, false, false]
        for round in 0..<50 {
            let pattern = try Pattern("[A-Z][0-9]{\(1 + round % 3),5}")
            let results = Results(count: 16)
            DispatchQueue.concurrentPerform(iterations: 16) { thread in
                let whole = subjects.map { (try? pattern.matches($0)) ?? false }
                let partial = subjects.map { (try? pattern.partialMatch($0)) ?? .noMatch }
                let found = subjects.map { (try? pattern.contains($0)) ?? false }
                results.set(
                    thread,
                    whole
                        == expected.enumerated().map { index, match in
                            match && subjects[index].count - 1 >= 1 + round % 3
                        } && partial[3] == .partial && found[0])
            }
            #expect(results.all, "round \(round)")
            expectEqual(pattern.isJITCompiled, Pattern.jitAvailable)
        }
    }

    /// `\Q` quotes to the end of the pattern, so the partial-match form `(?:\Qabc)\z` does not
    /// compile although the pattern does: partial matching says so, and nothing else is affected.
    @Test func aFormThatDoesNotCompileIsAnErrorWhenUsed() throws {
        let pattern = try Pattern(#"\Qa.c"#)
        #expect(try pattern.matches("a.c"))
        #expect(try !pattern.matches("abc"))
        #expect(try pattern.contains("xa.cx"))
        let error = #expect(throws: PatternError.self) { try pattern.partialMatch("a.") }
        expectEqual(error?.code, .compile)
    }
}

/// One Bool per thread, written once each.
private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Bool]

    init(count: Int) { values = Array(repeating: false, count: count) }

    func set(_ index: Int, _ value: Bool) { lock.withLock { values[index] = value } }

    var all: Bool { lock.withLock { values.allSatisfy { $0 } } }
}
