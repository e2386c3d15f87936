import RuleCheck
import Testing
import _RuleCheckTestSupport

/// `JSONParser.topLevel` reads a text without building it (the server's check of a body): it must
/// accept exactly what `parse` accepts and refuse the rest with the very same error.
@Suite("JSONParser.topLevel")
struct JSONTopLevelTests {
    let parser = JSONParser()

    /// What `topLevel` says of `bytes`: the top, or the error.
    func top(_ bytes: [UInt8], _ parser: JSONParser) -> Result<JSONTopLevel, JSONParseError> {
        Result { () throws(JSONParseError) in try parser.topLevel(bytes) }
    }

    /// What `parse` says of `bytes`, as a top: the same shape `topLevel` should give.
    func parsed(_ bytes: [UInt8], _ parser: JSONParser) -> Result<JSONTopLevel, JSONParseError> {
        Result { () throws(JSONParseError) in
            switch try parser.parse(bytes) {
            case .object: .object
            case .array: .array
            case let scalar: .scalar(scalar)
            }
        }
    }

    @Test func itTellsWhatTheTopHolds() throws {
        #expect(
            try parser.topLevel(Array(#" {"name": "Ann", "drivers": [{"age": 30}, {"age": 41.5e0}], "note": "caf\u00e9"} "#.utf8))
                == .object)
        expectEqual(try parser.topLevel(Array("[1, [2, [3]], {}]".utf8)), .array)
        expectEqual(try parser.topLevel(Array("{}".utf8)), .object)
        expectEqual(try parser.topLevel(Array("[]".utf8)), .array)
        #expect(try parser.topLevel(Array(#""text""#.utf8)) == .scalar(.string("text")))
        expectEqual(try parser.topLevel(Array("-2.5".utf8)), .scalar(.number(-2.5)))
        expectEqual(try parser.topLevel(Array("null".utf8)), .scalar(.null))
        expectEqual(JSONTopLevel.object.kindDescription, "an object")
        expectEqual(JSONTopLevel.scalar(.bool(true)).kindDescription, "a boolean")
    }

    @Test func itRefusesWithTheParsersErrors() {
        let cases: [(text: String, offset: Int, message: String)] = [
            ("[1, 2,]", 6, "expected a value after ',', found ']' (trailing commas are not allowed)"),
            (#"{"a": 1,}"#, 8, "expected an object key after ',', found '}' (trailing commas are not allowed)"),
            (#"{"a" 1}"#, 5, "expected ':' after an object key, found '1'"),
            (#"{"a": [1e400]}"#, 7, "number 1e400 is out of range"),
            (#"{"a": "x"} {}"#, 11, "expected the end of the text after the value, found '{'"),
        ]
        for (text, offset, message) in cases {
            guard case .failure(let error) = top(Array(text.utf8), parser) else {
                Issue.record("\(text): accepted")
                continue
            }
            expectEqual(error.offset, offset, "\(text)")
            expectEqual(error.message, message, "\(text)")
        }
        #expect(throws: JSONParseError.self) { try JSONParser(maxDepth: 3).topLevel(Array("[[[[1]]]]".utf8)) }
        #expect(throws: JSONParseError.self) { try parser.topLevel([]) }
    }

    /// Texts near valid JSON — records with every kind of value, mutated a byte or three at a time
    /// (seeded) — each read both ways: the same top, or the same error.
    @Test func itAgreesWithParseOnMutatedTexts() {
        let bases: [String] = [
            #"{"policy": "ХХХ 0123456789", "premium": 12345.67, "drivers": [{"name": "Анна", "age": 30, "since": "2010-01-02"}], "ok": true, "note": null}"#,
            #"[{"a": [1, -0.5, 2E+3, 1e-7], "b": {"c": {"d": ["\u00e9\n\t\"\\\/", "\ud83d\ude00"]}}}, [], {}, "x", false]"#,
            #"  {"empty": "", "big": 123456789012345678901234567890, "neg": -0, "k\u0065y": "v"}  "#,
            #""just a string with \"escapes\" and ümlauts""#,
            "[[[[[[1]]]]], [[[[{}]]]]]",
        ]
        let alphabet = Array(#"{}[]",:\ 0123456789.-+eEtrufalsn"#.utf8) + [0x00, 0x0A, 0x1F, 0x7F, 0xC3, 0xA9, 0xE2, 0xFF]
        var random = SplitMix64(seed: 2_511)
        let shallow = JSONParser(maxDepth: 4)
        var compared = 0
        var refused = 0
        for base in bases {
            for _ in 0..<400 {
                var bytes = Array(base.utf8)
                for _ in 0..<Int.random(in: 1...3, using: &random) where !bytes.isEmpty {
                    let at = Int.random(in: 0..<bytes.count, using: &random)
                    switch Int.random(in: 0..<4, using: &random) {
                    case 0: bytes.remove(at: at)
                    case 1: bytes.insert(alphabet.randomElement(using: &random) ?? 0, at: at)
                    case 2: bytes[at] = alphabet.randomElement(using: &random) ?? 0
                    default: bytes.removeSubrange(at...)
                    }
                }
                for parser in [parser, shallow] {
                    let (mine, theirs) = (top(bytes, parser), parsed(bytes, parser))
                    expectEqual(mine, theirs, "\(String(decoding: bytes, as: UTF8.self)) (max depth \(parser.maxDepth))")
                    compared += 1
                    if case .failure = theirs { refused += 1 }
                }
            }
            for parser in [parser, shallow] {
                expectEqual(top(Array(base.utf8), parser), parsed(Array(base.utf8), parser), "\(base)")
            }
        }
        // Both outcomes are exercised, many times over.
        expectEqual(compared, 4_000)
        #expect(refused > 1_000 && compared - refused > 500, "refused \(refused) of \(compared)")
    }
}
