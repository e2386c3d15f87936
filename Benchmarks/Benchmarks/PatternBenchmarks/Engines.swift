// The five ways of deciding whether a whole value matches a pattern, set side by side.

import CPCRE2Bench
import Foundation
import Patterns

/// The engines the benchmarks compare.
enum Engine: String, CaseIterable, Sendable {
    case jit = "Pattern JIT"
    case interpreter = "Pattern interpreter"
    case raw = "raw pcre2_jit_match_8"
    case foundation = "NSRegularExpression"
    case swiftRegex = "Swift Regex"
}

struct BenchmarkSetupError: Error, CustomStringConvertible {
    let description: String
}

/// RuleCheck's `Pattern`, with or without JIT.
func compilePattern(_ patternCase: PatternCase, jit: Bool) throws -> Pattern {
    let pattern = try Pattern(patternCase.source, options: jit ? [] : .noJIT)
    guard pattern.isJITCompiled == jit else {
        throw BenchmarkSetupError(description: "\(patternCase.name): Pattern.isJITCompiled is \(pattern.isJITCompiled), expected \(jit)")
    }
    return pattern
}

/// The floor for any PCRE2 wrapper: the pattern compiled as `Pattern` compiles its whole-value
/// code (UTF + UCP + ANCHORED + ENDANCHORED, JIT-complete), matched with `pcre2_jit_match_8`
/// on match data allocated once, with no match context (default limits and JIT stack).
/// The subject's bytes are taken from the same Swift `String` the other engines get.
final class RawPCRE2: @unchecked Sendable {
    let code: OpaquePointer
    let matchData: OpaquePointer

    init(_ patternCase: PatternCase) throws {
        let flags = UInt32(PCRE2_UTF) | UInt32(PCRE2_UCP) | UInt32(PCRE2_ANCHORED) | UInt32(PCRE2_ENDANCHORED)
        var errorCode: Int32 = 0
        var errorOffset = 0
        let source = Array(patternCase.source.utf8)
        guard
            let code = source.withUnsafeBufferPointer({
                pcre2_compile_8($0.baseAddress, $0.count, flags, &errorCode, &errorOffset, nil)
            })
        else {
            throw BenchmarkSetupError(description: "\(patternCase.name): pcre2_compile_8 failed with \(errorCode) at \(errorOffset)")
        }
        guard pcre2_jit_compile_8(code, UInt32(PCRE2_JIT_COMPLETE)) == 0,
            let matchData = pcre2_match_data_create_from_pattern_8(code, nil)
        else {
            pcre2_code_free_8(code)
            throw BenchmarkSetupError(description: "\(patternCase.name): JIT compilation or match data failed")
        }
        self.code = code
        self.matchData = matchData
    }

    deinit {
        pcre2_match_data_free_8(matchData)
        pcre2_code_free_8(code)
    }

    @inline(__always)
    func matches(_ value: String) -> Bool {
        let rc =
            value.utf8.withContiguousStorageIfAvailable { bytes in
                pcre2_jit_match_8(code, bytes.baseAddress ?? emptySubject, bytes.count, 0, 0, matchData, nil)
            }
            ?? Array(value.utf8).withUnsafeBufferPointer { bytes in
                pcre2_jit_match_8(code, bytes.baseAddress ?? emptySubject, bytes.count, 0, 0, matchData, nil)
            }
        if rc >= 0 { return true }
        if rc == PCRE2_ERROR_NOMATCH { return false }
        fatalError("pcre2_jit_match_8 returned \(rc)")
    }
}

nonisolated(unsafe) let emptySubject: UnsafePointer<UInt8> = {
    let byte = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
    byte.initialize(to: 0)
    return UnsafePointer(byte)
}()

/// Foundation's ICU-based regex, anchored at both ends (`^(?:…)\z`, `.anchored`), and the
/// match must also cover the whole string.
struct FoundationRegex: @unchecked Sendable {
    let regex: NSRegularExpression

    init(_ patternCase: PatternCase) throws {
        regex = try NSRegularExpression(pattern: "^(?:" + patternCase.source + #")\z"#)
    }

    @inline(__always)
    func matches(_ value: String) -> Bool {
        let length = value.utf16.count
        let range = regex.rangeOfFirstMatch(
            in: value, options: [.anchored],
            range: NSRange(location: 0, length: length))
        return range.location == 0 && range.length == length
    }
}

/// The standard library's `Regex`, built from the same source at run time, with `wholeMatch`.
struct SwiftRegex: @unchecked Sendable {
    let regex: Regex<AnyRegexOutput>

    init(_ patternCase: PatternCase) throws {
        regex = try Regex(patternCase.source)
    }

    @inline(__always)
    func matches(_ value: String) -> Bool {
        value.wholeMatch(of: regex) != nil
    }
}

/// Checks, outside any timing, that every engine agrees with the expected answer on every input
/// of every pattern, and that the JIT and interpreter variants really are what they claim.
/// Throws (failing the benchmark run) on any disagreement.
func verifyEnginesAgree() throws {
    var problems: [String] = []
    for patternCase in Inputs.cases {
        let jit = try compilePattern(patternCase, jit: true)
        let interpreter = try compilePattern(patternCase, jit: false)
        let raw = try RawPCRE2(patternCase)
        let foundation = try FoundationRegex(patternCase)
        let swift = try SwiftRegex(patternCase)
        for (value, expected) in zip(patternCase.inputs, patternCase.expected) {
            let answers: [(Engine, Bool)] = [
                (.jit, try jit.matches(value)),
                (.interpreter, try interpreter.matches(value)),
                (.raw, raw.matches(value)),
                (.foundation, foundation.matches(value)),
                (.swiftRegex, swift.matches(value)),
            ]
            for (engine, answer) in answers where answer != expected {
                problems.append("\(patternCase.name) \(String(reflecting: value)): \(engine.rawValue) says \(answer), expected \(expected)")
            }
        }
        let matching = patternCase.expected.filter { $0 }.count
        guard matching > 0, matching < patternCase.inputs.count else {
            throw BenchmarkSetupError(description: "\(patternCase.name): inputs must mix matching and non-matching values")
        }
    }
    guard problems.isEmpty else {
        throw BenchmarkSetupError(description: "engines disagree:\n" + problems.joined(separator: "\n"))
    }
}
