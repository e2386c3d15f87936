import Foundation
import RuleCheck
import Testing
import _RuleCheckTestSupport

/// The `file` field type: attachments as metadata (name, size, media type), with rules for their
/// count, size and types, checked alike in a form and in a batch check.
@Suite("File fields")
struct FileFieldTests {
    static let yaml = """
        form: claim
        fields:
          - id: documents
            type: file
            title: Documents
            required: true
            max_items: 2
            max_size: 10 MB
            media_types: [application/pdf, image/*]
          - id: document_count
            type: integer
            value: count(documents)
          - id: photos
            type: file
            min_items: 2
            visible_if: not empty(documents)
        """

    static let scan = FileInfo(name: "passport.pdf", size: 1_200_000, mediaType: "application/pdf")
    static let photo = FileInfo(name: "front.JPG", size: 2_400_000, mediaType: "Image/JPEG")
    static let movie = FileInfo(name: "walkaround.mov", size: 80_000_000, mediaType: "video/quicktime")

    private func rules() throws -> RuleSet { try RuleSet(yaml: Self.yaml, source: "claim.yaml") }

    @Test func filesInAForm() throws {
        var form = Form(try rules(), today: Day(iso: "2026-11-22")!)
        expectEqual(form["documents"].issues.map(\.code), [.required])
        let changes = try form.set("documents", to: .files([Self.scan, Self.photo]))
        expectEqual(changes.issues["documents"], [])
        expectEqual(form["document_count"].value, 2)
        expectEqual(form["documents"].value?.files, [Self.scan, Self.photo])
        expectEqual(form.displayText("documents"), "passport.pdf, front.JPG")
        #expect(form["photos"].isVisible)

        try form.set("documents", to: .files([Self.scan, Self.photo, Self.movie]))
        let messages = form["documents"].issues.map(\.message)
        expectEqual(
            messages,
            [
                "Documents: 'walkaround.mov' is larger than 10 MB",
                "Documents: 'walkaround.mov' is not of a type allowed (application/pdf, image/*)", "Documents can have at most 2 items",
            ])
        expectEqual(form["documents"].issues.map(\.code), [.fileSize, .mediaType, .items])
        expectEqual(form["documents"].issues.map(\.rule), ["max_size: 10 MB", "media_types: [application/pdf, image/*]", "max_items: 2"])
        expectEqual(form.metadata("documents")?.keyboard, .notTyped)
        #expect(throws: FormError.self) { try form.set("documents", to: "passport.pdf") }
        #expect(throws: FormError.self) { try form.type("documents", text: "x") }
    }

    @Test func recordsAndSnapshotsWriteFilesAsObjects() throws {
        var form = Form(try rules(), today: Day(iso: "2026-11-22")!)
        try form.set("documents", to: .files([Self.scan]))
        expectEqual(form.record["documents"], .array([.object(["name": "passport.pdf", "size": 1_200_000, "type": "application/pdf"])]))
        let data = try JSONEncoder().encode(form.snapshot)
        let restored = try Form(try rules(), snapshot: JSONDecoder().decode(FormSnapshot.self, from: data), today: Day(iso: "2026-11-22")!)
        expectEqual(restored["documents"], form["documents"])
        let (filled, dropped) = Form.filled(try rules(), record: form.record, today: Day(iso: "2026-11-22")!)
        #expect(dropped.isEmpty)
        expectEqual(filled["documents"].value, form["documents"].value)
        let line = #"{"set": "documents", "value": [{"name": "a.png", "size": 10, "type": "image/png"}]}"#
        let changes = try form.apply(FormEdit(json: JSONParser().parse(line)))
        #expect(JSONWriter.string(changes.json).contains(#""values":{"documents":[{"name":"a.png","size":10,"type":"image/png"}]}"#))
    }

    @Test func theBatchCheckFindsWhatTheFormShows() throws {
        let checker = RecordChecker(try rules(), today: Day(iso: "2026-11-22")!)
        let json: JSONObject = [
            "documents": .array([Self.scan.json, Self.movie.json, Self.photo.json]),
            "document_count": 3, "photos": .array([Self.photo.json, Self.photo.json]),
        ]
        let violations = checker.check(json: json).violations
        expectEqual(violations.map(\.code), [.fileSize, .mediaType, .items])
        // A CSV cell holds the files as JSON text.
        let cell = JSONWriter.string(.array([Self.scan.json]))
        #expect(checker.check(["documents": cell, "document_count": "1"]).isEmpty)
        let bad = checker.check(["documents": "passport.pdf"])
        expectEqual(bad.map(\.code), [.type])
        #expect(bad.first?.message == #"Documents: 'passport.pdf' is not a JSON array of files, each {"name": …, "size": …, "type": …}"#)
    }

    @Test(arguments: [
        ("media_types: [pdf]", "a media type is written type/subtype (image/jpeg) or type/* (image/*), not 'pdf'"),
        ("max_size: 10 TB", "max_size must be a number of bytes, or one with KB, MB or GB ('10 MB'), not '10 TB'"),
    ])
    func mistakes(_ key: String, _ message: String) {
        let error = #expect(throws: RulesError.self) {
            try RuleSet(yaml: "form: x\nfields:\n  - id: f\n    type: file\n    \(key)\n", source: "x.yaml")
        }
        expectEqual(error?.errors.map(\.message), [message])
    }

    @Test func filesFitOnlyFileFields() {
        let error = #expect(throws: RulesError.self) {
            try RuleSet(yaml: "form: x\nfields:\n  - id: f\n    type: text\n    max_size: 1 MB\n", source: "x.yaml")
        }
        expectEqual(error?.errors.map(\.message), ["'max_size' applies to file fields, not text fields"])
    }
}
