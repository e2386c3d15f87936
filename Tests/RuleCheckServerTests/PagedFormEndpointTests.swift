import Foundation
import RuleCheck
@testable import RuleCheckServer
import Testing
import _RuleCheckTestSupport

/// A paged form (Rules/kasko.yaml: six pages, included blocks, file fields, mask alternatives)
/// driven over `/v1/forms`, as the preview page drives it.
@Suite("/v1/forms: a paged form")
struct PagedFormEndpointTests {
    let harness = ServerHarness(files: [ServerHarness.repository("Rules/kasko.yaml")])
    static let pages: [JSONValue] = ["policyholder", "vehicle", "drivers", "coverage", "documents", "confirm"]

    @Test func theLayoutListsThePagesAndTheStateSaysWhereTheFormIs() async throws {
        let (_, answer) = try await harness.newForm()
        let layout = answer.json["layout"]
        expectEqual(layout?["pages"]?.array?.compactMap { $0["id"] }, Self.pages)
        expectEqual(layout?["pages"]?[1], .object(["id": "vehicle", "title": "Vehicle", "sections": ["vehicle"]]))
        let pages = answer.json["state"]?["pages"]
        expectEqual(pages?["current"], "policyholder")
        expectEqual(pages?["shown"], .array(Self.pages))
        // Every page has a required field still empty (Coverage its plan, Confirm the terms).
        expectEqual(pages?["valid"]?.object?.values.allSatisfy { $0 == .bool(false) }, true)
        expectEqual(pages?["valid"]?.object?.count, 6)
    }

    @Test func nextStaysOnAPageWithErrorsAndShowsThem() async throws {
        let (id, _) = try await harness.newForm()
        let next = try await harness.edit(id, #"{"page": "next"}"#)
        expectEqual(next.status, 200)
        expectEqual(next.json["changes"]?["pages"], nil, "still on the first page")
        expectEqual(next.json["changes"]?["shown_issues"]?["holder.last_name"]?[0]?["code"], "required")
        expectEqual(next.json["changes"]?["shown_issues"]?["vin"], nil, "another page's fields stay untouched")
        let jump = try await harness.edit(id, #"{"page": "vehicle"}"#)
        expectEqual(jump.json["changes"]?["pages"], .object(["current": "vehicle"]))
        let back = try await harness.edit(id, #"{"page": "previous"}"#)
        expectEqual(back.json["changes"]?["pages"], .object(["current": "policyholder"]))
        let unknown = try await harness.edit(id, #"{"page": "vehicel"}"#)
        expectEqual(unknown.status, 422)
        expectEqual(unknown.errorCode, "unknown_page")
        expectEqual(unknown.json["error"]?["message"], "no page 'vehicel'; did you mean 'vehicle'?")
    }

    @Test func aValidPageMovesOnAndSaysWhichPagesAreValid() async throws {
        let (id, _) = try await harness.newForm()
        _ = try await harness.edit(id, #"{"page": "drivers"}"#)
        let any = try await harness.edit(id, #"{"set": "unlimited_drivers", "value": true}"#)
        expectEqual(any.json["changes"]?["pages"], .object(["valid": .object(["drivers": true])]))
        let next = try await harness.edit(id, #"{"page": "next"}"#)
        expectEqual(next.json["changes"]?["pages"], .object(["current": "coverage"]))
    }

    @Test func aReloadedFormStaysOnItsPage() async throws {
        let (id, _) = try await harness.newForm()
        _ = try await harness.edit(id, #"{"page": "coverage"}"#)
        let (_, copy) = try await harness.newForm(.object(["from": .string(id), "locale": "ru"]))
        expectEqual(copy.json["state"]?["pages"]?["current"], "coverage")
    }

    @Test func aPhoneIsTypedWithPlus7OrWith8() async throws {
        let (id, answer) = try await harness.newForm()
        let phone = answer.json["state"]?["fields"]?["holder.phone"]?["metadata"]
        expectEqual(phone?["keyboard"], "phone")
        expectEqual(phone?["placeholder"], "+7 (___) ___-__-__")
        expectEqual(phone?["mask"], "+7 (000) 000-00-00 | 8 (000) 000-00-00")
        let eight = try await harness.edit(id, #"{"type": "holder.phone", "text": "89161234567"}"#)
        expectEqual(
            eight.json["changes"]?["input"]?["holder.phone"], .object(["text": "8 (916) 123-45-67", "caret": 17, "state": "complete"]))
        let plus = try await harness.edit(id, #"{"type": "holder.phone", "text": "9161234567"}"#)
        expectEqual(plus.json["changes"]?["values"]?["holder.phone"], "+7 (916) 123-45-67")
        // The included block's help text and keyboard, in the form's locale.
        expectEqual(answer.json["state"]?["fields"]?["holder.email"]?["metadata"]?["help"], "The policy is sent here")
    }

    @Test func aDriversFieldsComeFromTheIncludedBlock() async throws {
        let (id, _) = try await harness.newForm()
        let added = try await harness.edit(id, #"{"append": "drivers"}"#)
        expectEqual(added.json["changes"]?["visible"]?["drivers[0].driver.last_name"], .bool(true))
        expectEqual(added.json["metadata"]?["drivers[0].driver.phone"]?["keyboard"], "phone")
        let name = try await harness.edit(id, #"{"type": "drivers[0].driver.last_name", "text": "Ivanova"}"#)
        expectEqual(name.json["record"]?["drivers"], .array([.object(["driver": .object(["last_name": "Ivanova"])])]))
    }

    @Test func fileFieldsHoldWhatAnUploadSaysOfAFile() async throws {
        let (id, answer) = try await harness.newForm()
        let photos = answer.json["state"]?["fields"]?["photos"]?["metadata"]
        expectEqual(photos?["media_types"], .array(["image/jpeg", "image/png", "image/heic"]))
        expectEqual(photos?["max_size"], .number(15 * 1024 * 1024))
        expectEqual(photos?["min_items"], .number(4))
        let one = try await harness.edit(id, #"{"set": "photos", "value": [{"name": "front.jpg", "size": 2400000, "type": "image/jpeg"}]}"#)
        expectEqual(
            one.json["changes"]?["values"]?["photos"], .array([.object(["name": "front.jpg", "size": 2400000, "type": "image/jpeg"])]))
        expectEqual(one.json["changes"]?["issues"]?["photos"]?[0]?["code"], "items", "four photos at least")
        expectEqual(one.json["display"]?["photos"], "front.jpg")
        let wrong = try await harness.edit(id, #"{"set": "photos", "value": [{"name": "a.gif", "size": 10, "type": "image/gif"}]}"#)
        expectEqual(wrong.json["changes"]?["issues"]?["photos"]?.array?.compactMap { $0["code"]?.string }.contains("media_type"), true)
    }
}
