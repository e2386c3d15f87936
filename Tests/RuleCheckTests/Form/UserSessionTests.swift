import Foundation
import RuleCheck
import Testing
import _RuleCheckTestSupport

/// A user's session through Rules/kasko.yaml — 54 fields on six pages, composed of blocks — step
/// by step as an app drives the engine: focus, type, blur, choose, add a driver, attach files, go
/// to the next page (refused while the page is not valid), submit. After each step the test checks
/// exactly what the screen shows (the page, each visible row's text, whether it is enabled, the
/// errors shown, the Next and Submit buttons), and that the rows reloaded from the step's
/// ChangeSet alone show the same as a screen rendered afresh.
@Suite("A user's session")
struct UserSessionTests {
    static let today = Day(iso: "2026-11-22")!

    static func rules() throws -> RuleSet {
        let url = Repository.file("Rules/kasko.yaml")
        return try RuleSet(contentsOf: url)
    }

    /// One step: what the user does, and the screen after it.
    struct Step: Sendable {
        let name: String
        let action: @Sendable (inout Form) throws -> ChangeSet
        let screen: String
    }

    static func photo(_ name: String) -> FileInfo { FileInfo(name: name, size: 3_000_000, mediaType: "image/jpeg") }

    @Test func aSessionThroughTheWizard() throws {
        var screen = SessionScreen(Form(try Self.rules(), today: Self.today))
        expectEqual(screen.form.rules.fields.count, 54)
        for step in Self.policyholderSteps + Self.vehicleSteps + Self.driversSteps + Self.finishSteps {
            try screen.step(step.action)
            expectEqual(screen.shown, screen.fresh, "\(step.name): the rows reloaded from the ChangeSet differ from the form")
            expectEqual(screen.fresh, step.screen, "\(step.name)")
        }
    }
}
