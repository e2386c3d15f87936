import Patterns

/// Mask classes and the mask options of fields: `mask_classes:`, `digits:`, `mask_value:`.
extension RuleSetCompiler {
    /// Compiles `mask_classes:`; each name is one character.
    mutating func compileMaskClasses(_ classes: [NamedClass]) {
        for named in classes {
            guard named.name.value.count == 1, let name = named.name.value.first else {
                error(.invalidMask, "a mask class is named by one character, not '\(named.name.value)'", at: named.name.location)
                continue
            }
            var letterCase: MaskCharacterClass.LetterCase?
            if let written = named.letterCase {
                letterCase = MaskCharacterClass.LetterCase(rawValue: written.value)
                if letterCase == nil { error(.invalidValue, "case must be upper or lower, not '\(written.value)'", at: written.location) }
            }
            do {
                maskClasses[name] = try MaskCharacterClass(named.characters.text, case: letterCase)
            } catch {
                self.error(.invalidMask, "mask class '\(name)': \(error.message)", at: named.characters.location(of: error.offset))
            }
        }
    }

    /// A field's `digits:`; `.any` when not written, and for `fold` (``foldsDigits(_:)``).
    mutating func digits(_ spec: FieldSpec) -> DecimalDigits {
        guard let written = spec.digits else { return .any }
        if written.value == "fold" { return .any }
        guard let digits = DecimalDigits(rawValue: written.value) else {
            error(
                .invalidValue,
                "digits must be 'any' (the digits of every script, read as 0–9), 'ascii' (only 0–9) or 'fold' (a text's digits of every script stored as 0–9), not '\(written.value)'",
                at: written.location)
            return .any
        }
        return digits
    }

    /// `digits: fold`: a text field's digits of every script are stored as 0–9 (on another type,
    /// `fold` reads as `any`, which numbers and dates already store as 0–9).
    func foldsDigits(_ spec: FieldSpec, type: FieldType) -> Bool {
        type == .text && spec.digits?.value == "fold"
    }

    /// A file field's `media_types:`, each `type/subtype` or `type/*`.
    mutating func mediaTypes(_ spec: FieldSpec) -> [String] {
        (spec.mediaTypes ?? []).compactMap { written in
            let parts = written.value.lowercased().split(separator: "/", omittingEmptySubsequences: false)
            let token = { (part: Substring) in !part.isEmpty && part.allSatisfy { $0.isLetter || $0.isNumber || "!#$&^_.+-*".contains($0) }
            }
            guard parts.count == 2, token(parts[0]), parts[0] != "*", token(parts[1]) else {
                error(
                    .invalidValue, "a media type is written type/subtype (image/jpeg) or type/* (image/*), not '\(written.value)'",
                    at: written.location)
                return nil
            }
            return written.value.lowercased()
        }
    }

    /// A field's `mask_value:`; `.formatted` when not written.
    mutating func maskValue(_ spec: FieldSpec) -> Mask.ValueForm {
        guard let written = spec.maskValue else { return .formatted }
        guard let form = Mask.ValueForm(rawValue: written.value) else {
            error(
                .invalidValue,
                "mask_value must be 'formatted' (the text as the mask shows it) or 'extracted' (what was typed, with {…} characters), not '\(written.value)'",
                at: written.location)
            return .formatted
        }
        return form
    }
}
