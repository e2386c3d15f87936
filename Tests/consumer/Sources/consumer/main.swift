import Foundation
import RuleCheck
import SignupScreen

// What an app does with the library alone: a form from rules, typing through a mask, a regex
// check (PCRE2), a field that appears, a gate, and the batch checker. Any surprise exits 1.
var failures: [String] = []
@MainActor func expect(_ condition: Bool, _ what: @autoclosure () -> String) {
    if !condition { failures.append(what()) }
}

let model = try Signup.model()
expect(!SignupRow(model, path: "code").isVisible, "the code row is hidden while the phone is empty")

_ = try model.type("phone", text: "9161234567")
let phone = SignupRow(model, path: "phone")
expect(phone.text == "+7 (916) 123-45-67", "the phone is typed through its mask, got '\(phone.text)'")
expect(SignupRow(model, path: "code").isVisible, "the code row appears once the phone is typed")

_ = try model.set("email", to: "not an e-mail")
_ = model.touchAll()
let email = SignupRow(model, path: "email")
expect(email.errors.count == 1, "a bad e-mail shows one error, got \(email.errors)")
expect(model.gates["register"] == false, "the register gate stays closed")

_ = try model.set("email", to: "anna@example.org")
_ = try model.type("code", text: "123456")
expect(Signup.paths.allSatisfy { SignupRow(model, path: $0).errors.isEmpty }, "no errors once all is filled")
expect(model.gates["register"] == true, "the register gate opens when the form is valid")

let checker = RecordChecker(model.form.rules)
let violations = checker.check(["email": "anna@", "phone": "+7 (916) 123-45-67", "code": "123456"])
expect(violations.map(\.field) == ["email"], "the batch checker finds the bad e-mail only, got \(violations)")

if failures.isEmpty {
    print("consumer: the RuleCheck library alone built a form and checked it (\(Signup.paths.count) fields)")
} else {
    for failure in failures { print("consumer: FAILED: \(failure)") }
    exit(1)
}
