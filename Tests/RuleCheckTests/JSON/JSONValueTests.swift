import RuleCheck
import Testing

@Suite("JSONValue")
struct JSONValueTests {
    @Test func accessors() {
        let value: JSONValue = ["n": 150, "f": 1.5, "s": "x", "b": true, "z": nil, "a": [1, 2]]
        #expect(value["n"]?.number == 150)
        #expect(value["n"]?.integer == 150)
        #expect(value["f"]?.integer == nil)
        #expect(value["s"]?.string == "x")
        #expect(value["b"]?.bool == true)
        #expect(value["z"]?.isNull == true)
        #expect(value["a"]?[1] == 2)
        #expect(value["a"]?[2] == nil)
        #expect(value["a"]?[-1] == nil)
        #expect(value["missing"] == nil)
        #expect(value.object?.count == 6)
        #expect(value["a"]?.array?.count == 2)
        #expect(JSONValue.number(1)["k"] == nil)
        #expect(JSONValue.string("1").number == nil)
        #expect(JSONValue.number(1e300).integer == nil)
    }

    @Test func kindDescriptions() {
        #expect(JSONValue.null.kindDescription == "null")
        #expect(JSONValue.bool(false).kindDescription == "a boolean")
        #expect(JSONValue.number(1).kindDescription == "a number")
        #expect(JSONValue.string("").kindDescription == "a string")
        #expect(JSONValue.array([]).kindDescription == "an array")
        #expect(JSONValue.object([:]).kindDescription == "an object")
    }

    @Test func isSendableAndHashable() {
        func requireSendable<T: Sendable & Hashable>(_: T.Type) {}
        requireSendable(JSONValue.self)
        requireSendable(JSONParseError.self)
        requireSendable(JSONParser.self)
        #expect(Set<JSONValue>([1, 1, "1"]).count == 2)
    }
}
