public import RuleCheck

/// Reads an XLSForm — an `.xlsx` workbook, or pyxform's CSV or markdown text of one — into rules:
/// the survey's questions become fields, the choices sheet their options, and `relevant`,
/// `required`, `constraint`, `calculation`, `choice_filter`, `default` and `read_only` the rules
/// a rules file writes (Docs/xlsform.md has the whole mapping). The rules are printed as a rules
/// file, each line with the cell it came from, and compiled as every rules file is.
///
/// What RuleCheck cannot say with ODK's meaning is an ``ImportFinding`` at its cell
/// (`survey!F12`), and left out of the rules; a workbook that cannot be read, or whose questions
/// cannot become a form, is a ``RulesError``.
///
/// ```swift
/// var loader = RulesLoader()
/// loader.translator = XLSFormTranslator()
/// let loaded = try loader.load("household.xlsx")
/// ```
public struct XLSFormTranslator: RulesTranslator {
    /// How the form is written.
    public enum Syntax: String, Sendable, CaseIterable {
        /// An Excel workbook.
        case xlsx
        /// pyxform's CSV: the sheets stacked in one table, the first column naming each.
        case csv
        /// pyxform's markdown tables (`| survey | | |`).
        case markdown
    }

    /// The syntax of every file given, or nil: by the file's extension and content.
    public var syntax: Syntax?
    /// The bounds of reading a workbook.
    public var reader = XLSXReader()

    public init(syntax: Syntax? = nil) {
        self.syntax = syntax
    }

    /// The syntax of the file: ``syntax`` if set; an `.xlsx` name or a ZIP archive; a `.csv` or
    /// `.md` file whose first sheet is `survey`; otherwise nil (not an XLSForm).
    public func syntax(path: String, bytes: [UInt8]) -> Syntax? {
        if let syntax { return syntax }
        let lower = path.lowercased()
        if lower.hasSuffix(".xlsx") || lower.hasSuffix(".xls") || XLSXReader.looksLikeZIP(bytes) { return .xlsx }
        if lower.hasSuffix(".csv"), StackedSheetsReader.looksLikeCSV(bytes) { return .csv }
        if lower.hasSuffix(".md") || lower.hasSuffix(".markdown"), StackedSheetsReader.looksLikeMarkdown(bytes) { return .markdown }
        return nil
    }

    /// The syntax a file's extension names (when the file is read as an XLSForm whatever its content).
    static func syntax(name: String) -> Syntax? {
        let lower = name.lowercased()
        if lower.hasSuffix(".md") || lower.hasSuffix(".markdown") { return .markdown }
        if lower.hasSuffix(".csv") { return .csv }
        return nil
    }

    /// The syntax of a file named nothing telling: a ZIP is a workbook, markdown tables are
    /// markdown, anything else is read as CSV.
    static func syntax(content bytes: [UInt8]) -> Syntax {
        if XLSXReader.looksLikeZIP(bytes) || bytes.starts(with: [0xD0, 0xCF, 0x11, 0xE0]) { return .xlsx }
        return StackedSheetsReader.looksLikeMarkdown(bytes) ? .markdown : .csv
    }

    public func recognises(path: String, bytes: [UInt8]) -> Bool {
        syntax(path: path, bytes: bytes) != nil
    }

    /// The workbook of the file's bytes.
    public func workbook(_ bytes: [UInt8], name: String) throws(RulesError) -> Workbook {
        do throws(WorkbookError) {
            switch syntax(path: name, bytes: bytes) ?? Self.syntax(name: name) ?? Self.syntax(content: bytes) {
            case .xlsx:
                if bytes.starts(with: [0xD0, 0xCF, 0x11, 0xE0]) {
                    throw WorkbookError("an .xls workbook (Excel 97-2003) is not read; save it as .xlsx")
                }
                return try reader.read(bytes)
            case .csv: return try StackedSheetsReader.read(bytes, syntax: .csv)
            case .markdown: return try StackedSheetsReader.read(bytes, syntax: .markdown)
            }
        } catch {
            throw RulesError(diagnostics: [
                Diagnostic(
                    .error, .cannotReadFile, "cannot read the XLSForm: \(error.message)", at: FileLocation(file: name, line: 0, column: 0))
            ])
        }
    }

    public func translate(_ bytes: [UInt8], name: String) throws(RulesError) -> TranslatedRules {
        try translate(workbook(bytes, name: name), name: name)
    }

    /// The rules of a workbook already read (named `name` in diagnostics and findings).
    public func translate(_ workbook: Workbook, name: String) throws(RulesError) -> TranslatedRules {
        var translation = XLSFormTranslation(workbook: workbook, source: name)
        let tree = try translation.tree()
        return translation.compiled(tree)
    }
}
