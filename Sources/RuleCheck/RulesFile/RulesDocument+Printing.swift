/// Prints a ``RulesDocument`` as a rules file that parses back into the same document: YAML
/// (block style) or JSON (which is YAML too). Used by `rulecheck schema import`.
extension RulesDocument {
    /// The document as a YAML rules file.
    func yaml() -> String {
        var printer = RulesYAMLPrinter()
        printer.document(self)
        return printer.output
    }

    /// The document as a JSON rules file (one value per line is not promised; it is valid JSON).
    func json() -> String {
        JSONWriter.string(RulesJSONBuilder.document(self)) + "\n"
    }
}
