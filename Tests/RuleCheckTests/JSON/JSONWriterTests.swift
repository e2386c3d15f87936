import RuleCheck
import Testing
import _RuleCheckTestSupport

@Suite("JSONWriter")
struct JSONWriterTests {
    @Test(arguments: [
        (150.0, "150"), (-3, "-3"), (0, "0"), (-0.0, "0"), (3.5, "3.5"), (0.1, "0.1"), (-0.25, "-0.25"),
        (1e21, "1e+21"), (1e-7, "1e-07"), (9007199254740991, "9007199254740991"),
        (9007199254740992, "9007199254740992.0"), (1e16, "1e+16"), (-9007199254740991, "-9007199254740991"),
        (123456.789, "123456.789"), (.nan, "null"), (.infinity, "null"), (-.infinity, "null"),
        (Double.greatestFiniteMagnitude, "1.7976931348623157e+308"),
    ])
    func numbers(value: Double, text: String) {
        expectEqual(JSONWriter.formatNumber(value), text)
        expectEqual(JSONWriter.string(.number(value)), text)
    }

    @Test func compactWithSortedKeys() {
        let value: JSONValue = ["b": 1, "a": ["x", true, nil], "c": ["z": [:], "y": []]]
        #expect(JSONWriter.string(value) == #"{"a":["x",true,null],"b":1,"c":{"y":[],"z":{}}}"#)
        expectEqual(value.description, JSONWriter.string(value))
    }

    @Test func keysSortByteWiseOnUTF8() throws {
        // "Z" (0x5A) < "a" (0x61) < "ab" < "é" (0xC3 0xA9) < "中" (0xE4 …) < "😀" (0xF0 …).
        let value: JSONValue = ["😀": 0, "中": 1, "é": 2, "a": 3, "Z": 4, "ab": 5, "": 6]
        expectEqual((value.object ?? [:]).sortedKeys, ["", "Z", "a", "ab", "é", "中", "😀"])
        #expect(JSONWriter.string(value) == #"{"":6,"Z":4,"a":3,"ab":5,"é":2,"中":1,"😀":0}"#)
        // Keys compare as code points: canonically equivalent spellings are two keys, both written.
        expectEqual(JSONWriter.string(try JSONParser().parse(#"{"\u00e9": 2, "e\u0301": 1}"#)), "{\"e\u{301}\":1,\"é\":2}")
    }

    @Test func stringEscapes() {
        #expect(JSONWriter.quoted("plain") == #""plain""#)
        #expect(JSONWriter.quoted("a\"b\\c/d") == #""a\"b\\c/d""#)
        #expect(JSONWriter.quoted("\n\r\t\u{8}\u{C}") == #""\n\r\t\b\f""#)
        expectEqual(JSONWriter.quoted("\u{0}\u{1F}\u{7F}"), "\"\\u0000\\u001f\u{7F}\"")
        expectEqual(JSONWriter.quoted("é中😀\u{2028}"), "\"é中😀\u{2028}\"")
        #expect(JSONWriter.quoted("") == #""""#)
    }

    @Test func writeHelpersAppend() {
        var line = "{\"file\":"
        JSONWriter.writeString("a\tb.csv", to: &line)
        line += ",\"n\":"
        JSONWriter.write(.number(7), to: &line)
        line += "}"
        #expect(line == #"{"file":"a\tb.csv","n":7}"#)
        var bytes = Array("x=".utf8)
        JSONWriter.write(["k": "v"], to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == #"x={"k":"v"}"#)
    }

    static let roundTripSamples: [String] = [
        #"{"a":[1,2.5,-0.001,1e+300],"b":{"c":"\"q\"\\/\n\u0001"},"d":[true,false,null],"e":""}"#,
        #"["é中😀","\ud83d\ude00",{"":{"":[]}}]"#,
        "[0.1,0.2,0.30000000000000004,5e-324,1.7976931348623157e308,-9007199254740991]",
    ]

    @Test(arguments: roundTripSamples)
    func roundTrip(text: String) throws {
        let parser = JSONParser()
        let value = try parser.parse(text)
        let written = JSONWriter.string(value)
        expectEqual(try parser.parse(written), value)
        // Writing is a fixed point: parse → write → parse → write gives the same text.
        #expect(JSONWriter.string(try parser.parse(written)) == written)
    }

    @Test func roundTripOfEveryControlAndSomeScalars() throws {
        var text = ""
        for scalar in (0..<0x80).compactMap(Unicode.Scalar.init) { text.unicodeScalars.append(scalar) }
        text += "é中😀\u{10FFFF}"
        let written = JSONWriter.quoted(text)
        expectEqual(try JSONParser().parse(written), .string(text))
    }
}
