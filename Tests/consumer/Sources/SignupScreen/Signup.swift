public import RuleCheck

/// The sign-up screen's rules. An app ships them as a file in its bundle and reads them with
/// `RuleSet(contentsOf:)`; they are inline here so that the example is one file.
public enum Signup {
    public static let rules = """
        version: 1
        form: signup
        title: Create an account
        gates:
          register: all
        fields:
          - id: email
            type: text
            title: E-mail
            required: true
            pattern: '[^@\\s]+@[^@\\s]+\\.[^@\\s]+'
          - id: phone
            type: text
            title: Mobile phone
            required: true
            mask: '+7 (000) 000-00-00'
          - id: code
            type: text
            title: Code from the SMS
            depends_on: [phone]
            visible_if: not empty(phone)
            required: true
            mask: '000000'
        """

    /// The rows of the screen, in order.
    public static let paths = ["email", "phone", "code"]

    /// A new, empty form for the screen (a rules error is the app's bug: show it, do not guess).
    @MainActor
    public static func model() throws(RulesError) -> FormModel {
        FormModel(Form(try RuleSet(yaml: rules, source: "signup.yaml")))
    }
}

/// What one row shows. Made inside a view's `body`, it reads only its own field's `FieldModel`,
/// so SwiftUI redraws the row when that field changes and not when another one does.
@MainActor
public struct SignupRow: Equatable {
    public let path: String
    public let title: String
    /// The text box's text: what the mask made of the typing, or the value as displayed.
    public let text: String
    public let isVisible: Bool
    public let isEnabled: Bool
    /// The messages to show now (a field's issues show once the user has been there).
    public let errors: [String]

    public init(_ model: FormModel, path: String) {
        let field = model.field(path)
        self.path = path
        title = model.form.metadata(path)?.title ?? path
        text = field.input?.text ?? model.form.displayText(path)
        isVisible = field.state.isVisible
        isEnabled = field.state.isEnabled
        errors = field.state.shownIssues.map(\.message)
    }
}
