@testable import RuleCheckBatch
import Testing
import _RuleCheckTestSupport

@Suite struct ValueShapeTests {
    private func merged(_ values: [String]) -> ValueShape? {
        var merged: ValueShape?
        for value in values {
            guard let own = ValueShape(value) else { return nil }
            guard let next = merged.map({ $0.merged(with: own) }) ?? own else { return nil }
            merged = next
        }
        return merged
    }

    @Test(
        arguments: [
            (["4509 123456", "4510 654321"], #"\d{4} \d{6}"#, "0000 000000"),
            (["AB-12", "CD-345"], #"[A-Z]{2}\-\d{2,3}"#, "AA-009"),
            (["А 123 ВС 77", "В 645 ЕО 153"], #"\p{L} \d{3} \p{L}{2} \d{2,3}"#, "A 000 AA 009"),
            (["+7 (916) 123-45-67"], #"\+\d \(\d{3}\) \d{3}\-\d{2}\-\d{2}"#, "+0 (000) 000-00-00"),
            (["12345", "00123"], #"\d{5}"#, nil),
            (["ab.CD", "xy.zW"], #"[a-z]{2}\.[A-Za-z]{2}"#, "AA.AA"),
            (["1{2}"], #"\d\{\d\}"#, #"0\{0\}"#),
            (["2024-01-05T10:00", "2025-11-30T23:59"], #"\d{4}\-\d{2}\-\d{2}[A-Z]\d{2}\:\d{2}"#, "0000-00-00A00:00"),
        ] as [([String], String, String?)])
    func patternAndMask(values: [String], pattern: String, mask: String?) throws {
        let shape = try #require(merged(values))
        expectEqual(shape.pattern, pattern)
        expectEqual(shape.mask, mask)
        #expect(shape.isTelling)
    }

    @Test func valuesOfDifferentShapesHaveNone() {
        expectEqual(merged(["AB-12", "AB12"]), nil)
        expectEqual(merged(["a b", "a-b"]), nil)
        expectEqual(merged(["12", "ab"]), nil)
    }

    @Test func longValuesAndValuesOfManyRunsHaveNoShape() {
        expectEqual(ValueShape(String(repeating: "a", count: 65)), nil)
        #expect(ValueShape(String(repeating: "a", count: 64)) != nil)
        #expect(ValueShape((0..<9).map { "a\($0)" }.joined()) == nil)  // 18 runs
        expectEqual(ValueShape(""), nil)
    }

    @Test func wordsSayNothingAndCodesDo() throws {
        expectEqual(try #require(merged(["Ann", "Maria"])).isTelling, false)
        expectEqual(try #require(merged(["ann", "bob"])).isTelling, false)
        #expect(try #require(merged(["EUR", "USD"])).isTelling)
        #expect(try #require(merged(["Ann Lee", "Bob Stone"])).isTelling == false)  // words of any length
        #expect(try #require(merged(["AB-CD", "EF-GH"])).isTelling)  // runs of one length with a fixed character
        #expect(try #require(merged(["x1"])).isTelling)
    }
}
