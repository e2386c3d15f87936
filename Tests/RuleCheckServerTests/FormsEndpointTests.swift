import Foundation
import HTTPTypes
import RuleCheck
@testable import RuleCheckServer
import Testing
import _RuleCheckTestSupport

@Suite("/v1/forms")
struct FormsEndpointTests {
    let harness = ServerHarness(files: [ServerHarness.repository("Rules/osago.yaml")])

    @Test func aNewFormHasItsLayoutAndState() async throws {
        let (id, answer) = try await harness.newForm()
        expectEqual(answer.status, 201)
        expectEqual(id.count, 32)
        let json = answer.json
        expectEqual(json["rules"], "osago_policy")
        expectEqual(json["today"], "2026-11-22")
        expectEqual(json["locale"], "en")
        expectEqual(json["layout"]?["gates"], .array(["submit", "calculate"]))
        expectEqual(
            json["layout"]?["gate_fields"]?["calculate"],
            [
                "region", "vin", "engine_power", "unlimited_drivers", "drivers", "drivers.full_name", "drivers.birth_date",
                "drivers.license_number", "drivers.license_date", "term_months",
            ])
        let sections = json["layout"]?["sections"]?.array?.compactMap { $0["id"]?.string }
        expectEqual(sections, ["policyholder", "identity_document", "vehicle", "address", "permitted_drivers", "policy_period"])
        // A list node carries its item's fields; a group its members.
        let drivers = json["layout"]?["sections"]?[4]?["fields"]?[1]
        expectEqual(drivers?["type"], "list")
        expectEqual(
            drivers?["item"]?.array?.compactMap { $0["path"]?.string },
            ["drivers.full_name", "drivers.birth_date", "drivers.license_number", "drivers.license_date"])
        let state = json["state"]
        expectEqual(state?["fields"]?["doc_number"]?["visible"], .bool(false))
        expectEqual(state?["fields"]?["term_months"]?["value"], .number(12))
        expectEqual(state?["fields"]?["term_months"]?["display"], "1 year")
        expectEqual(state?["fields"]?["plate"]?["metadata"]?["mask"], "A 000 AA 009")
        expectEqual(state?["fields"]?["plate"]?["metadata"]?["placeholder"], "_ ___ __ ___")
        expectEqual(state?["fields"]?["model"]?["metadata"]?["options"], .array([]), "no make, no model on offer")
        expectEqual(state?["fields"]?["engine_power"]?["metadata"]?["keyboard"], "decimal")
        expectEqual(state?["fields"]?["vin"]?["input"], .null, "nothing typed")
        expectEqual(json["layout"]?["pages"], .array([]), "sections, not pages")
        expectEqual(state?["pages"], nil)
        expectEqual(state?["gates"], .object(["submit": false, "calculate": false]))
        expectEqual(state?["items"], .object(["drivers": 0]))
        expectEqual(state?["record"]?["term_months"], .number(12))
    }

    @Test func anEditAnswersItsChangeSetAndWhatElseChanged() async throws {
        let (id, _) = try await harness.newForm()
        let answer = try await harness.edit(id, #"{"set": "make", "value": "lada"}"#)
        expectEqual(answer.status, 200)
        expectEqual(answer.json["changes"]?["values"], .object(["make": "lada"]))
        expectEqual(answer.json["changes"]?["enabled"], .object(["model": true]))
        expectEqual(answer.json["display"], .object(["make": "LADA"]))
        let models = answer.json["metadata"]?["model"]?["options"]?.array?.compactMap { $0["value"]?.string }
        expectEqual(models, ["lada_granta", "lada_vesta", "lada_largus", "lada_niva_legend"])
        expectEqual(answer.json["metadata"]?.object?.keys.sorted(), ["model"], "only the metadata that changed")
        expectEqual(answer.json["record"]?["make"], "lada")

        _ = try await harness.edit(id, #"{"set": "model", "value": "lada_vesta"}"#)
        let other = try await harness.edit(id, #"{"set": "make", "value": "kia"}"#)
        expectEqual(other.json["changes"]?["values"], .object(["make": "kia", "model": .null]), "depends_on clears the model")
    }

    @Test func typingGoesThroughTheMaskThatAppliesNow() async throws {
        let (id, _) = try await harness.newForm()
        let passport = try await harness.edit(id, #"{"set": "doc_type", "value": "passport"}"#)
        expectEqual(passport.json["metadata"]?["doc_number"]?["mask"], "0000 000000", "a check's mask, by its when")
        let typed = try await harness.edit(id, #"{"type": "doc_number", "text": "4509123", "caret": 7}"#)
        expectEqual(
            typed.json["changes"]?["input"], .object(["doc_number": .object(["text": "4509 123", "caret": 8, "state": "partial"])]))
        expectEqual(typed.json["changes"]?["values"], .object(["doc_number": "4509 123"]))
        expectEqual(typed.json["display"], .object(["doc_number": "4509 123"]))
        // A letter the mask does not take is dropped, and what follows it kept; the caret stays
        // after what was typed before it.
        let middle = try await harness.edit(id, #"{"type": "doc_number", "text": "45x09 123", "caret": 3}"#)
        expectEqual(middle.json["changes"]?["input"]?["doc_number"], .object(["text": "4509 123", "caret": 2, "state": "partial"]))
        let inserted = try await harness.edit(id, #"{"type": "doc_number", "text": "45709 123", "caret": 3}"#)
        expectEqual(inserted.json["changes"]?["input"]?["doc_number"], .object(["text": "4570 9123", "caret": 3, "state": "partial"]))
        let plate = try await harness.edit(id, #"{"type": "plate", "text": "А123ВС77"}"#)
        expectEqual(plate.json["changes"]?["input"]?["plate"], .object(["text": "А 123 ВС 77", "caret": 11, "state": "complete"]))
        // What was typed is part of the form's state.
        let shown = try await harness.send(.get, "/v1/forms/\(id)")
        expectEqual(shown.json["state"]?["fields"]?["plate"]?["input"]?["text"], "А 123 ВС 77")
    }

    @Test func aDateTypedSoFarIsPartialNotAnErrorWhileEditing() async throws {
        let (id, _) = try await harness.newForm()
        _ = try await harness.edit(id, #"{"focus": "insurant.birth_date"}"#)
        let partial = try await harness.edit(id, #"{"type": "insurant.birth_date", "text": "1990-05"}"#)
        expectEqual(partial.json["changes"]?["input"]?["insurant.birth_date"]?["state"], "partial")
        expectEqual(partial.json["changes"]?["shown_issues"]?["insurant.birth_date"], nil, "held back while typing")
        let full = try await harness.edit(id, #"{"type": "insurant.birth_date", "text": "1990-05-01"}"#)
        expectEqual(full.json["changes"]?["input"]?["insurant.birth_date"]?["state"], "complete")
        expectEqual(full.json["changes"]?["values"], .object(["insurant.birth_date": "1990-05-01", "insurant_age": 36]))
        let again = try await harness.edit(id, #"{"type": "insurant.birth_date", "text": "1990-05-0"}"#)
        expectEqual(again.json["changes"]?["values"]?["insurant.birth_date"], .null)
        let left = try await harness.edit(id, #"{"blur": "insurant.birth_date"}"#)
        expectEqual(left.json["changes"]?["shown_issues"]?["insurant.birth_date"]?[0]?["code"], "type", "shown once left")
    }

    @Test func focusBlurAndTouchAllDecideWhichIssuesShow() async throws {
        let (id, _) = try await harness.newForm()
        let focus = try await harness.edit(id, #"{"focus": "vin"}"#)
        expectEqual(focus.json["changes"]?["interaction"], .object(["vin": "editing"]))
        let blur = try await harness.edit(id, #"{"blur": "vin"}"#)
        expectEqual(blur.json["changes"]?["shown_issues"]?["vin"]?[0]?["code"], "required")
        let all = try await harness.edit(id, #"{"touch_all": true}"#)
        expectEqual(all.json["changes"]?["shown_issues"]?["make"]?[0]?["code"], "required")
    }

    @Test func listsGrowAndShrink() async throws {
        let (id, _) = try await harness.newForm()
        let added = try await harness.edit(id, #"{"append": "drivers"}"#)
        expectEqual(added.json["changes"]?["items"], .object(["drivers": 1]))
        expectEqual(added.json["changes"]?["visible"]?["drivers[0].full_name"], .bool(true))
        expectEqual(added.json["metadata"]?["drivers[0].license_number"]?["mask"], "00 00 000000", "the new item's fields")
        let removed = try await harness.edit(id, #"{"remove": "drivers", "index": 0}"#)
        expectEqual(removed.json["changes"]?["items"], .object(["drivers": 0]))
    }

    @Test func serverOptionsAndExternalIssuesAreEdits() async throws {
        let (id, _) = try await harness.newForm()
        let options = try await harness.edit(id, #"{"options": "make", "values": [{"value": "lada", "title": "ВАЗ"}, "uaz"]}"#)
        expectEqual(options.status, 200)
        expectEqual(
            options.json["metadata"]?["make"]?["options"],
            .array([.object(["value": "lada", "title": "ВАЗ"]), .object(["value": "uaz", "title": "uaz"])]))
        let external = try await harness.edit(id, #"{"external_issues": "vin", "messages": ["already insured"]}"#)
        expectEqual(external.json["changes"]?["issues"]?["vin"]?.array?.contains { $0["code"] == "external" }, true)
    }

    @Test func severalEditsInOneRequestAnswerOneResultEach() async throws {
        let (id, _) = try await harness.newForm()
        let array = try await harness.edit(
            id, #"[{"set": "make", "value": "lada"}, {"set": "model", "value": "kia_rio"}, {"clear": "make"}]"#)
        expectEqual(array.status, 200)
        let results = array.json["results"]?.array ?? []
        expectEqual(results.count, 3)
        expectEqual(results[0]["changes"]?["values"], .object(["make": "lada"]))
        expectEqual(results[1]["error"]?["code"], "not_an_option")
        expectEqual(results[2]["changes"]?["values"], .object(["make": .null]))
        let lines = try await harness.send(
            .post, "/v1/forms/\(id)/edits",
            text: "{\"set\": \"vin\", \"value\": \"X\"}\n\n{\"clear\": \"vin\"}\n",
            type: "application/x-ndjson")
        expectEqual(lines.json["results"]?.array?.count, 2)
    }

    @Test func aFormFromARecordReportsWhatItDropped() async throws {
        let (_, answer) = try await harness.newForm(.object(["record": .object(["make": "lada", "colour": "red", "engine_power": "x"])]))
        expectEqual(answer.status, 201)
        expectEqual(answer.json["state"]?["fields"]?["make"]?["value"], "lada")
        let dropped = answer.json["dropped"]?.array?.compactMap { $0["path"]?.string }.sorted()
        expectEqual(dropped, ["colour", "engine_power"])
    }

    @Test func aFormFromAnotherKeepsItsValuesUnderNewLocaleAndDay() async throws {
        let (id, _) = try await harness.newForm()
        _ = try await harness.edit(id, #"{"set": "vin", "value": "XTA210990Y2765432"}"#)
        _ = try await harness.edit(id, #"{"blur": "make"}"#)
        let (copy, answer) = try await harness.newForm(.object(["from": .string(id), "locale": "ru", "today": "2027-01-01"]))
        #expect(copy != id)
        expectEqual(answer.json["today"], "2027-01-01")
        expectEqual(answer.json["locale"], "ru")
        expectEqual(answer.json["state"]?["fields"]?["vin"]?["value"], "XTA210990Y2765432")
        expectEqual(answer.json["state"]?["fields"]?["make"]?["interaction"], "touched", "what showed still shows")
        let snapshot = answer.json["snapshot"] ?? .null
        let (_, restored) = try await harness.newForm(.object(["snapshot": snapshot]))
        expectEqual(restored.json["state"]?["fields"]?["vin"]?["value"], "XTA210990Y2765432")
    }

    /// A `restore` edit of a draft saved under older rules keeps what fits and answers what it
    /// dropped, in the words of `POST /v1/forms`; a snapshot that does not decode is named.
    @Test func aRestoreEditOfAnOlderDraftSaysWhatItDropped() async throws {
        let (id, created) = try await harness.newForm()
        let form = try #require(created.json["snapshot"]?["form"]?.string)
        let answer = try await harness.edit(
            id,
            #"{"restore": {"form": "\#(form)", "fields": {"fax": {"value": "1", "source": "user"}, "#
                + #""vin": {"value": "XTA210990Y2765432", "source": "user"}}, "items": {}}}"#)
        expectEqual(answer.status, 200)
        expectEqual(answer.json["changes"]?["values"]?["vin"], "XTA210990Y2765432")
        expectEqual(
            answer.json["changes"]?["dropped"],
            .array([.object(["path": "fax", "message": "the snapshot has a value for 'fax', which these rules do not have"])]))
        let bad = try await harness.edit(id, #"{"restore": {"form": "\#(form)", "fields": {"vin": {"value": "X"}}, "items": {}}}"#)
        expectEqual(bad.status, 400)
        expectEqual(bad.json["error"]?["message"], "'restore' is not a snapshot: fields.vin: missing 'source'")
        let refused = try await harness.send(
            .post, "/v1/forms", text: #"{"snapshot": {"form": "\#(form)", "fields": {"vin": {"value": "X"}}, "items": {}}}"#)
        expectEqual(refused.status, 400)
        expectEqual(refused.json["error"]?["message"]?.string?.hasSuffix(": fields.vin: missing 'source'"), true)
    }

    @Test func explainSaysWhy() async throws {
        let (id, _) = try await harness.newForm()
        let answer = try await harness.send(.get, "/v1/forms/\(id)/explain?field=doc_number")
        expectEqual(answer.status, 200)
        expectEqual(answer.json["explain"]?["visible"]?["rules"], .array(["visible_if: doc_type != null"]))
        expectEqual(answer.json["text"]?.string?.hasPrefix("doc_number = (empty)"), true)
        let unknown = try await harness.send(.get, "/v1/forms/\(id)/explain?field=doc_numbr")
        expectEqual(unknown.status, 422)
        expectEqual(unknown.json["error"]?["message"], "no field 'doc_numbr'; did you mean 'doc_number'?")
        let missing = try await harness.send(.get, "/v1/forms/\(id)/explain")
        expectEqual(missing.status, 400)
    }

    @Test func getAndDelete() async throws {
        let (id, _) = try await harness.newForm()
        let shown = try await harness.send(.get, "/v1/forms/\(id)")
        expectEqual(shown.status, 200)
        expectEqual(shown.json["id"], .string(id))
        let deleted = try await harness.send(.delete, "/v1/forms/\(id)")
        expectEqual(deleted.status, 204)
        #expect(deleted.bytes.isEmpty)
        let gone = try await harness.send(.get, "/v1/forms/\(id)")
        expectEqual(gone.status, 404)
        expectEqual(gone.errorCode, "form_not_found")
        let again = try await harness.send(.delete, "/v1/forms/\(id)")
        expectEqual(again.status, 404)
    }

    // MARK: - Bad requests

    @Test(arguments: [
        (#"{"set": "vin", "valu": "X"}"#, "unknown key 'valu'"),
        (#"{"set": "vin"}"#, "a set edit needs a 'value'"),
        (#"{"reset": false}"#, "must be true"),
        (#"{"set": "vin", "clear": "vin"}"#, "exactly one of"),
        (#"{"value": 1}"#, "exactly one of"),
        (#"{"remove": "drivers", "index": -1}"#, "'index' must be an item index"),
        (#"{"remove": "drivers", "index": 1.5}"#, "'index' must be an item index"),
        (#"{"set": 7, "value": 1}"#, "'set' must name a field"),
        (#"{"type": "vin", "text": 5}"#, "'text' must be text"),
        (#"{"options": "make", "values": [[1]]}"#, "'values' must be a list of options"),
        (#"{"options": "make", "values": [{"title": "x"}]}"#, "'values' must be a list of options"),
        (#"{"external_issues": "vin", "messages": [1]}"#, "'messages' must be a list of texts"),
        (#"{"external_issues": "vin", "messages": null}"#, "'messages' must be a list of texts"),
        (#"{"type": "vin", "text": "x", "caret": null}"#, "'caret' must be a whole number"),
        (#"{"page": 1}"#, "'page' must be text"),
        (#"{"restore": []}"#, "'restore' must be a snapshot"),
        (#"[]"#, "empty array"),
        (#"[{"clear": "vin"}, {"clear": "vin", "x": 1}]"#, "edit 2: unknown key 'x' in a clear edit"),
        (#""set""#, "an edit must be a JSON object"),
    ])
    func malformedEditsAre400sAndChangeNothing(body: String, message: String) async throws {
        let (id, _) = try await harness.newForm()
        let answer = try await harness.edit(id, body)
        expectEqual(answer.status, 400)
        expectEqual(answer.errorCode, "bad_request")
        expectEqual(answer.json["error"]?["message"]?.string?.contains(message), true, "\(answer.text)")
        let state = try await harness.send(.get, "/v1/forms/\(id)")
        expectEqual(
            state.json["state"]?["record"],
            .object(["driver_count": 0, "no_plate_yet": false, "term_months": 12, "unlimited_drivers": false]))
    }

    @Test(arguments: [
        (#"{"set": "vim", "value": "X"}"#, "unknown_field"), (#"{"set": "insurant_age", "value": 3}"#, "computed_field"),
        (#"{"set": "model", "value": "lada_vesta"}"#, "disabled_field"), (#"{"set": "engine_power", "value": "big"}"#, "type_mismatch"),
        (#"{"set": "doc_number", "value": "1"}"#, "hidden_field"), (#"{"remove": "drivers", "index": 0}"#, "index_out_of_range"),
        (#"{"type": "make", "text": "tesla"}"#, "type_mismatch"), (#"{"append": "vin"}"#, "not_a_value_field"),
        (#"{"page": "next"}"#, "unknown_page"),
        (#"{"restore": {"form": "signup", "fields": {}, "items": {}}}"#, "snapshot_mismatch"),
    ])
    func editsTheFormRefusesAre422s(body: String, code: String) async throws {
        let (id, _) = try await harness.newForm()
        let answer = try await harness.edit(id, body)
        expectEqual(answer.status, 422)
        expectEqual(answer.errorCode, code)
    }

    /// A refused edit's message is in the form's locale, its code the same in every locale; in
    /// English it is the message `replay` prints.
    @Test func aRefusedEditSpeaksTheFormsLocale() async throws {
        let (russian, _) = try await harness.newForm(["locale": "ru"])
        let refused = try await harness.edit(russian, #"{"type": "make", "text": "tesla"}"#)
        expectEqual(refused.status, 422)
        expectEqual(refused.errorCode, "type_mismatch")
        expectEqual(refused.json["error"]?["message"], "«make»: «tesla» — ожидается один из вариантов")
        let several = try await harness.edit(russian, #"[{"set": "vim", "value": "X"}, {"remove": "drivers", "index": 0}]"#)
        expectEqual(
            several.json["results"]?.array?.compactMap { $0["error"]?["message"]?.string },
            ["Поля «vim» нет; может быть, имелось в виду «vin»?", "В списке «drivers» 0 элементов; элемента 0 нет"])
        let (english, _) = try await harness.newForm()
        let same = try await harness.edit(english, #"{"set": "engine_power", "value": "big"}"#)
        #expect(same.json["error"]?["message"] == #""big" is not a JSON number for 'engine_power'"#)
    }

    @Test(arguments: [
        (#"{"rulez": "x"}"#, 400, "bad_request"), (#"{"today": "tomorrow"}"#, 400, "bad_request"),
        (#"{"from": null}"#, 400, "bad_request"), (#"{"record": null}"#, 400, "bad_request"),
        (#"{"locale": 5}"#, 400, "bad_request"), (#"{"record": [1]}"#, 400, "bad_request"),
        (#"{"record": {}, "from": "x"}"#, 400, "bad_request"), (#"{"from": "nope"}"#, 404, "form_not_found"),
        (#"{"snapshot": {"form": "x"}}"#, 400, "bad_request"), (#"{"rules": "signup"}"#, 404, "unknown_rules"),
        (#"{"snapshot": {"form": "other", "fields": {}, "items": {}}}"#, 422, "snapshot_mismatch"),
        (#"{"#, 400, "bad_json"), (#"[]"#, 400, "bad_request"),
    ])
    func badNewFormRequestsAre4xx(body: String, status: Int, code: String) async throws {
        let answer = try await harness.send(.post, "/v1/forms", text: body)
        expectEqual(answer.status, status)
        expectEqual(answer.errorCode, code)
    }

    @Test func unknownFormsAre404() async throws {
        for (method, path) in [
            (HTTPRequest.Method.get, "/v1/forms/abc"), (.post, "/v1/forms/abc/edits"),
            (.get, "/v1/forms/abc/explain?field=vin"),
        ] {
            let answer = try await harness.send(method, path, text: #"{"clear": "vin"}"#)
            expectEqual(answer.status, 404)
            expectEqual(answer.errorCode, "form_not_found")
        }
    }

    @Test func editsOfAnotherMediaTypeAre415() async throws {
        let (id, _) = try await harness.newForm()
        let answer = try await harness.send(.post, "/v1/forms/\(id)/edits", text: "clear=vin", type: "text/plain")
        expectEqual(answer.status, 415)
    }
}
