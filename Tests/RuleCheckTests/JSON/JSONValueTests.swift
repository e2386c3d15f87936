import RuleCheck
import Testing
import _RuleCheckTestSupport

@Suite("JSONValue")
struct JSONValueTests {
    @Test func accessors() {
        let value: JSONValue = ["n": 150, "f": 1.5, "s": "x", "b": true, "z": nil, "a": [1, 2]]
        expectEqual(value["n"]?.number, 150)
        expectEqual(value["n"]?.integer, 150)
        expectEqual(value["f"]?.integer, nil)
        expectEqual(value["s"]?.string, "x")
        expectEqual(value["b"]?.bool, true)
        expectEqual(value["z"]?.isNull, true)
        expectEqual(value["a"]?[1], 2)
        expectEqual(value["a"]?[2], nil)
        expectEqual(value["a"]?[-1], nil)
        expectEqual(value["missing"], nil)
        expectEqual(value.object?.count, 6)
        expectEqual(value["a"]?.array?.count, 2)
        expectEqual(JSONValue.number(1)["k"], nil)
        expectEqual(JSONValue.string("1").number, nil)
        expectEqual(JSONValue.number(1e300).integer, nil)
    }

    @Test func kindDescriptions() {
        expectEqual(JSONValue.null.kindDescription, "null")
        expectEqual(JSONValue.bool(false).kindDescription, "a boolean")
        expectEqual(JSONValue.number(1).kindDescription, "a number")
        expectEqual(JSONValue.string("").kindDescription, "a string")
        expectEqual(JSONValue.array([]).kindDescription, "an array")
        expectEqual(JSONValue.object([:]).kindDescription, "an object")
    }

    @Test func isSendableAndHashable() {
        func requireSendable<T: Sendable & Hashable>(_: T.Type) {}
        requireSendable(JSONValue.self)
        requireSendable(JSONParseError.self)
        requireSendable(JSONParser.self)
        expectEqual(Set<JSONValue>([1, 1, "1"]).count, 2)
    }
}
