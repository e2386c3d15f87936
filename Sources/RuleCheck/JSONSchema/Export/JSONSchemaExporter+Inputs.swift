import Foundation
import Patterns

/// How values are typed in and attached: masks (with their alternatives, classes and value
/// form) and file fields, as standard keywords where they fit and `x-rulecheck-*` keywords for
/// the rest.
extension JSONSchemaExporter {
    /// A mask as `x-rulecheck-mask` holds it: its notation, or its alternatives as an array.
    static func notation(_ mask: Mask) -> OrderedJSON {
        mask.alternatives.count == 1 ? .string(mask.alternatives[0]) : .array(mask.alternatives.map { .string($0) })
    }

    /// `pattern` (the regex of the values the field stores: formatted, or extracted with
    /// `mask_value: extracted`) unless the field has a pattern of its own, and the mask itself.
    func maskKeywords(_ mask: Mask, _ field: FieldRules, into p: inout OrderedObject) {
        let extracted = field.maskValue == .extracted
        if field.pattern == nil { p.set("pattern", .string(Self.ecmaEscapes(extracted ? mask.extractedRegex : mask.regex))) }
        p.set("x-rulecheck-mask", Self.notation(mask))
        if extracted { p.set("x-rulecheck-mask-value", .string(field.maskValue.rawValue)) }
    }

    /// `x-rulecheck-mask-classes` of the root: the classes the form's masks use, by name
    /// (`{"R": {"chars": "АВЕКМНОРСТУХ", "case": "upper"}}`; a class without a case is its
    /// characters alone). A rules file's classes are the form's, so every mask has them all.
    func maskClasses() -> OrderedJSON? {
        var classes: [Character: MaskCharacterClass] = [:]
        for field in rules.fields {
            var masks = field.mask.map { [$0] } ?? []
            for check in field.checks { if case .mask(let mask) = check.kind { masks.append(mask) } }
            for mask in masks { classes.merge(mask.classes) { first, _ in first } }
        }
        guard !classes.isEmpty else { return nil }
        return .object(
            classes.keys.sorted().compactMap { name in
                guard let characterClass = classes[name] else { return nil }
                guard let letterCase = characterClass.letterCase else { return (String(name), .string(characterClass.characters)) }
                return (String(name), .object([("chars", .string(characterClass.characters)), ("case", .string(letterCase.rawValue))]))
            })
    }

    /// A file field: an array of `{name, size, type}` objects, as records hold files, with
    /// `max_size` as the size's `maximum` and the media types as a pattern of the type (lower
    /// case, without parameters: RuleCheck also accepts other cases and `; charset=…`), and
    /// `x-rulecheck-type: file` and `x-rulecheck-media-types` for the importer.
    func fileKeywords(_ field: FieldRules, into p: inout OrderedObject) {
        var size = OrderedObject()
        size.set("type", .string("integer"))
        size.set("minimum", .number(0))
        size.set("maximum", field.maxSize.map { .number(Double($0)) })
        var type = OrderedObject()
        type.set("type", .string("string"))
        type.set("minLength", .number(1))
        if !field.mediaTypes.isEmpty {
            let alternatives = field.mediaTypes.map { media in
                media.hasSuffix("/*")
                    ? NSRegularExpression.escapedPattern(for: String(media.dropLast())) + ".*"
                    : NSRegularExpression.escapedPattern(for: media)
            }
            type.set("pattern", .string(Self.ecmaEscapes("^(?:" + alternatives.joined(separator: "|") + ")$")))
        }
        var members = OrderedObject()
        members.set("name", .object([("type", .string("string")), ("minLength", .number(1))]))
        members.set("size", size.json)
        members.set("type", type.json)
        var items = OrderedObject()
        items.set("type", .string("object"))
        items.set("properties", members.json)
        items.set("required", .array([.string("name"), .string("size"), .string("type")]))
        items.set("additionalProperties", .bool(false))
        p.set("type", .string("array"))
        p.set("items", items.json)
        p.set("minItems", field.minItems.map { .number(Double($0)) })
        p.set("maxItems", field.maxItems.map { .number(Double($0)) })
        p.set("x-rulecheck-type", .string("file"))
        if !field.mediaTypes.isEmpty { p.set("x-rulecheck-media-types", .array(field.mediaTypes.map { .string($0) })) }
    }
}
