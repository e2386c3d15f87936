/// The stable code of a kind of ``Diagnostic``: `RC2001` for an unknown key, whatever the key
/// and however the message is worded. Every code is declared here once, and documented with an
/// example and its fix in `Docs/diagnostics.md`.
///
/// Codes are grouped by family: `RC1xxx` reading the file (YAML, JSON, includes), `RC2xxx` the
/// structure and keys of a rules file, `RC3xxx` expressions and the names in them, `RC4xxx`
/// values, patterns, masks and dates, `RC5xxx` dependencies and pages, `RC6xxx` warnings about
/// likely mistakes, `RC7xxx` JSON Schemas, `RC8xxx` XLSForms. A code, once given, is never
/// renumbered or given to another problem; a code no longer reported stays retired.
public struct DiagnosticCode: Hashable, Sendable, CustomStringConvertible {
    /// The code as printed: `RC2001`.
    public let id: String
    /// What the code is about, in one line.
    public let summary: String

    init(_ id: String, _ summary: String) {
        self.id = id
        self.summary = summary
    }

    public var description: String { id }

    public static func == (lhs: DiagnosticCode, rhs: DiagnosticCode) -> Bool { lhs.id == rhs.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }

    /// The code whose ``id`` is `id`, if there is one.
    public init?(id: String) {
        guard let code = Self.all.first(where: { $0.id == id }) else { return nil }
        self = code
    }

    // MARK: - RC1xxx: reading the file

    public static let cannotReadFile = Self("RC1001", "a file cannot be read")
    public static let notUTF8 = Self("RC1002", "the file is not UTF-8 text")
    public static let emptyFile = Self("RC1003", "the rules file is empty")
    public static let yamlSyntax = Self("RC1004", "the file is not valid YAML")
    public static let jsonSyntax = Self("RC1005", "the file is not valid JSON")
    public static let duplicateKey = Self("RC1006", "a key is written twice in one mapping")
    public static let yamlAliasLimit = Self("RC1007", "YAML aliases expand to too many nodes")
    public static let badMergeKey = Self("RC1008", "a YAML merge key '<<' names something other than mappings")
    public static let unsupportedInput = Self("RC1009", "the file is not of a kind this command reads")
    public static let unknownInclude = Self("RC1101", "a field includes a block that is not declared")
    public static let includeCycle = Self("RC1102", "includes include themselves")
    public static let includeLimit = Self("RC1103", "includes nest too deep or make too many fields")
    public static let includeFieldShape = Self("RC1104", "a field with 'include' also has a type or fields")
    public static let includedFileShape = Self("RC1105", "an included file has keys only the including file can have")
    public static let includeRedefinition = Self("RC1106", "included files define one name in different ways")
    public static let includeOutside = Self("RC1107", "an include leads outside the rules file's directory")

    // MARK: - RC2xxx: structure and keys

    public static let unknownKey = Self("RC2001", "a key that is not allowed here")
    public static let wrongShape = Self("RC2002", "a value of the wrong shape: a list, mapping or single value where another is needed")
    public static let invalidValue = Self("RC2003", "a setting has a value it does not accept")
    public static let duplicateName = Self("RC2004", "a pattern, mask, mask class, gate or hint is defined twice")
    public static let duplicateFieldID = Self("RC2005", "two fields have the same id")
    public static let duplicateSectionID = Self("RC2006", "two sections have the same id")
    public static let duplicateOption = Self("RC2007", "an option is listed twice")
    public static let noFields = Self("RC2008", "a form, section, group or list has no fields")
    public static let sectionsAndFields = Self("RC2009", "a rules file has both 'sections:' and top-level 'fields:'")
    public static let missingID = Self("RC2010", "a field or section has no 'id'")
    public static let missingKey = Self("RC2011", "a key that is needed is missing")
    public static let nestingTooDeep = Self("RC2012", "groups, lists or hints nest too deep")
    public static let unsupportedVersion = Self("RC2013", "a rules file version this rulecheck does not read")
    public static let checkRuleCount = Self("RC2014", "a check has no rule or more than one")
    public static let invalidFieldID = Self("RC2015", "a field id that is not a name expressions can use")
    public static let unknownType = Self("RC2016", "an unknown field type")
    public static let keyNotApplicable = Self("RC2017", "a key that does not apply to this field's type")
    public static let emptyOptions = Self("RC2018", "a choice field has an empty list of options")
    public static let optionTypeMismatch = Self("RC2019", "options, or their attributes, of different types")

    // MARK: - RC3xxx: expressions and names

    public static let expressionSyntax = Self("RC3001", "an expression that does not parse")
    public static let unknownField = Self("RC3002", "a name that is not a field")
    public static let typeMismatch = Self("RC3003", "a value of the wrong type in an expression")
    public static let unknownFunction = Self("RC3004", "an unknown function")
    public static let wrongArguments = Self("RC3005", "a function given the wrong number or kind of arguments")
    public static let listItemScope = Self("RC3006", "a field of a list's items read where there is no item")
    public static let groupHasNoValue = Self("RC3007", "a group named where a value is needed")
    public static let selfReference = Self("RC3008", "a field's rule names the field itself")
    public static let nullComparison = Self("RC3009", "an ordering comparison with null, which is always false")
    public static let invalidLiteral = Self("RC3010", "a date, number or duration written in an expression that is not one")
    public static let optionReference = Self("RC3011", "'option' used outside options_filter, or an unknown option attribute")
    public static let expressionTooDeep = Self("RC3012", "an expression nests too deep")

    // MARK: - RC4xxx: values, patterns, masks and dates

    public static let unknownPattern = Self("RC4001", "an unknown named pattern '@name'")
    public static let invalidRegex = Self("RC4002", "a regex that does not compile")
    public static let unknownMask = Self("RC4003", "an unknown named mask '@name'")
    public static let invalidMask = Self("RC4004", "a mask or mask class that does not compile")
    public static let invalidDateFormat = Self("RC4005", "a date format without yyyy, MM and dd once each")
    public static let invalidInitialValue = Self("RC4006", "an initial value that is not a value of the field")
    public static let minAboveMax = Self("RC4007", "a lower bound above the upper bound")
    public static let unknownFailureCode = Self("RC4008", "a message for a failure code that does not exist")
    public static let invalidDisplay = Self("RC4009", "a display template with an unclosed '{'")
    public static let invalidJSONTypes = Self("RC4010", "json_types that are not JSON types")

    // MARK: - RC5xxx: dependencies and pages

    public static let dependencyCycle = Self("RC5001", "fields that depend on one another in a cycle")
    public static let pageOrder = Self("RC5002", "the sections of a page do not follow one another")
    public static let invalidPagePosition = Self("RC5003", "a page position outside the pages")

    // MARK: - RC6xxx: warnings about likely mistakes

    public static let requiredNeverVisible = Self("RC6001", "a required field that can never be visible")
    public static let neverVisible = Self("RC6002", "a visible_if that can never hold")
    public static let checkNeverApplies = Self("RC6003", "a check whose 'when' can never hold")
    public static let optionsNeverOffered = Self("RC6004", "an options_filter that can never hold")
    public static let unusedPattern = Self("RC6005", "a named pattern that is never used")
    public static let unusedMask = Self("RC6006", "a named mask that is never used")
    public static let redundantPages = Self("RC6007", "'pages: true' where 'page:' on sections implies it")

    // MARK: - RC7xxx: JSON Schemas

    public static let schemaNotJSON = Self("RC7001", "a JSON Schema that is not JSON")
    public static let invalidSchema = Self("RC7002", "a JSON Schema that is not valid")
    public static let unsupportedSchemaRegex = Self("RC7003", "a schema pattern that is not an ECMA-262 regex")
    public static let unresolvedSchemaReference = Self("RC7004", "a $ref that points at nothing in the schema")
    public static let schemaReferenceNotGiven = Self("RC7005", "a $ref to a schema that was not given")
    public static let schemaReferenceCycle = Self("RC7006", "a schema that contains itself")
    public static let schemaTooLarge = Self("RC7007", "a schema that makes too many fields, parts or levels")
    public static let schemaNotAForm = Self("RC7008", "a schema that cannot become a form")
    public static let unsupportedSchemaFeature = Self("RC7009", "a schema keyword the form does not support (strict import)")
    public static let invalidRuleCheckKeyword = Self("RC7010", "an x-rulecheck-* keyword of a schema with a value it does not accept")
    public static let importFinding = Self(
        "RC7011", "something an imported JSON Schema or XLSForm says that the rules approximate or leave out")

    // MARK: - RC8xxx: XLSForms

    public static let invalidXLSForm = Self("RC8001", "an XLSForm that cannot be translated")

    /// Every code, in order.
    public static let all: [DiagnosticCode] = [
        cannotReadFile, notUTF8, emptyFile, yamlSyntax, jsonSyntax, duplicateKey, yamlAliasLimit, badMergeKey,
        unsupportedInput, unknownInclude, includeCycle, includeLimit, includeFieldShape, includedFileShape,
        includeRedefinition, includeOutside,
        unknownKey, wrongShape, invalidValue, duplicateName, duplicateFieldID, duplicateSectionID, duplicateOption,
        noFields, sectionsAndFields, missingID, missingKey, nestingTooDeep, unsupportedVersion, checkRuleCount,
        invalidFieldID, unknownType, keyNotApplicable, emptyOptions, optionTypeMismatch,
        expressionSyntax, unknownField, typeMismatch, unknownFunction, wrongArguments, listItemScope,
        groupHasNoValue, selfReference, nullComparison, invalidLiteral, optionReference, expressionTooDeep,
        unknownPattern, invalidRegex, unknownMask, invalidMask, invalidDateFormat, invalidInitialValue,
        minAboveMax, unknownFailureCode, invalidDisplay, invalidJSONTypes,
        dependencyCycle, pageOrder, invalidPagePosition,
        requiredNeverVisible, neverVisible, checkNeverApplies, optionsNeverOffered, unusedPattern, unusedMask,
        redundantPages,
        schemaNotJSON, invalidSchema, unsupportedSchemaRegex, unresolvedSchemaReference, schemaReferenceNotGiven,
        schemaReferenceCycle, schemaTooLarge, schemaNotAForm, unsupportedSchemaFeature, invalidRuleCheckKeyword,
        importFinding,
        invalidXLSForm,
    ]
}
