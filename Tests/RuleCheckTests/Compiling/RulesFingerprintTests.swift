import Foundation
@testable import RuleCheck
import Testing
import _RuleCheckTestSupport

/// A rule set's fingerprint: SHA-256 of what it was compiled from, the files it includes too;
/// the same content elsewhere has the same fingerprint.
@Suite("Rules: fingerprint")
struct RulesFingerprintTests {
    /// The test vectors of FIPS 180-4 (NIST's examples) and of the empty message.
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
        (
            "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
            "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
        ),
    ])
    func sha256(message: String, digest: String) {
        var hash = SHA256()
        hash.update(Array(message.utf8))
        expectEqual(hash.hexDigest(), digest)
        // Fed in pieces of every size, the same digest.
        for size in [1, 3, 55, 56, 63, 64, 65] {
            var pieces = SHA256()
            var rest = Array(message.utf8)[...]
            while !rest.isEmpty {
                pieces.update(rest.prefix(size))
                rest = rest.dropFirst(size)
            }
            expectEqual(pieces.hexDigest(), digest, "pieces of \(size)")
        }
    }

    @Test func aMillionAs() {
        var hash = SHA256()
        let thousand = [UInt8](repeating: UInt8(ascii: "a"), count: 1000)
        for _ in 0..<1000 { hash.update(thousand) }
        expectEqual(hash.hexDigest(), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    static let policy =
        "includes: {address: blocks/address.yaml}\nfields:\n  - {id: name, required: true}\n  - {id: home, include: address}\n"
    static let address = "fields:\n  - {id: city, required: true}\n"

    @Test func theSameContentElsewhereHasTheSameFingerprint() throws {
        let here = try RuleSet(yaml: Self.policy, source: "policy.yaml", includes: ["blocks/address.yaml": Self.address])
        let there = try RuleSet(yaml: Self.policy, source: "/srv/spark/work/policy.yaml", includes: ["blocks/address.yaml": Self.address])
        expectEqual(here.fingerprint.count, 64)
        #expect(here.fingerprint.allSatisfy { $0.isHexDigit })
        expectEqual(here.fingerprint, there.fingerprint)
    }

    @Test func anyChangeChangesIt() throws {
        let rules = try RuleSet(yaml: Self.policy, source: "policy.yaml", includes: ["blocks/address.yaml": Self.address])
        let others = [
            // The included block changed.
            try RuleSet(
                yaml: Self.policy, source: "policy.yaml",
                includes: ["blocks/address.yaml": "fields:\n  - {id: city, required: false}\n"]),
            // A comment in the block.
            try RuleSet(yaml: Self.policy, source: "policy.yaml", includes: ["blocks/address.yaml": "# city\n" + Self.address]),
            // A comment in the rules file.
            try RuleSet(yaml: "# v2\n" + Self.policy, source: "policy.yaml", includes: ["blocks/address.yaml": Self.address]),
        ]
        for other in others { #expect(other.fingerprint != rules.fingerprint) }
        expectEqual(Set(others.map(\.fingerprint)).count, others.count)
    }

    /// An imported JSON Schema's fingerprint is that of the schema and its UI schema.
    @Test func aSchemaAndItsUISchema() throws {
        let schema =
            #"{"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object", "properties": {"name": {"type": "string"}}}"#
        let imported = try RuleSet.importing(jsonSchema: Data(schema.utf8), source: "form.json").rules
        let withUI = try RuleSet.importing(
            jsonSchema: Data(schema.utf8), uiSchema: Data(#"{"ui:order": ["name"]}"#.utf8), source: "form.json"
        ).rules
        let again = try RuleSet.importing(jsonSchema: Data(schema.utf8), source: "elsewhere/form.json").rules
        expectEqual(imported.fingerprint.count, 64)
        expectEqual(imported.fingerprint, again.fingerprint)
        #expect(imported.fingerprint != withUI.fingerprint)
    }
}
