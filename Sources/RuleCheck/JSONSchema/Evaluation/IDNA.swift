import Foundation
import Patterns

/// IDNA2008's rules for a label (RFC 5891 §5.4): NFC, no `--` in the third and fourth places, no
/// leading or trailing hyphen, no leading combining mark, every code point PVALID or allowed by
/// its context rule (RFC 5892, derived from the Unicode properties this Swift knows), and the
/// Bidi rule (RFC 5893) for right-to-left labels.
///
/// ```swift
/// IDNA.isValidULabel(Array("실례".unicodeScalars))   // true
/// IDNA.isValidULabel(Array("a·b".unicodeScalars))    // false: a middle dot needs an `l` each side
/// ```
///
/// Gaps, documented: the Unicode version is the Swift runtime's (and PCRE2's, for scripts and
/// bidi classes) rather than a fixed one; joining types, for the ZERO WIDTH NON-JOINER rule, come
/// from Unicode 12.1's ArabicShaping.txt; the `Unstable` test uses `changesWhenNFKCCaseFolded`.
enum IDNA {
    /// RFC 5892's derived property values (UNASSIGNED counts as DISALLOWED).
    enum Property {
        case valid, contextJ, contextO, disallowed
    }

    /// Whether `label` (a U-label's code points) is valid.
    static func isValidULabel(_ label: [Unicode.Scalar]) -> Bool {
        guard let first = label.first, let last = label.last else { return false }
        guard first != "-", last != "-" else { return false }
        if label.count >= 4, label[2] == "-", label[3] == "-" { return false }
        switch first.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return false
        default: break
        }
        let text = String(String.UnicodeScalarView(label))
        guard text.precomposedStringWithCanonicalMapping.unicodeScalars.elementsEqual(label) else { return false }
        for index in label.indices {
            switch property(label[index]) {
            case .valid: continue
            case .disallowed: return false
            case .contextJ: guard joinerAllowed(label, at: index) else { return false }
            case .contextO: guard otherAllowed(label, at: index) else { return false }
            }
        }
        return true
    }

    /// RFC 5892 §3's derivation, exceptions first.
    static func property(_ scalar: Unicode.Scalar) -> Property {
        let value = scalar.value
        switch value {
        case 0xDF, 0x3C2, 0x6FD, 0x6FE, 0xF0B, 0x3007: return .valid
        case 0xB7, 0x375, 0x5F3, 0x5F4, 0x30FB, 0x660...0x669, 0x6F0...0x6F9: return .contextO
        case 0x640, 0x7FA, 0x302E, 0x302F, 0x3031...0x3035, 0x303B: return .disallowed
        case 0x61...0x7A, 0x30...0x39, 0x2D: return .valid
        case 0x200C, 0x200D: return .contextJ
        default: break
        }
        let properties = scalar.properties
        if properties.generalCategory == .unassigned { return .disallowed }
        if properties.changesWhenNFKCCaseFolded { return .disallowed }
        if properties.isDefaultIgnorableCodePoint || properties.isWhitespace || properties.isNoncharacterCodePoint {
            return .disallowed
        }
        switch value {
        // Combining Diacritical Marks for Symbols, Musical Symbols, Ancient Greek Musical Notation.
        case 0x20D0...0x20FF, 0x1D100...0x1D1FF, 0x1D200...0x1D24F: return .disallowed
        // Old Hangul Jamo (Hangul_Syllable_Type L, V, T).
        case 0x1100...0x11FF, 0xA960...0xA97F, 0xD7B0...0xD7FF: return .disallowed
        default: break
        }
        switch properties.generalCategory {
        case .lowercaseLetter, .uppercaseLetter, .otherLetter, .decimalNumber, .modifierLetter, .nonspacingMark, .spacingMark:
            return .valid
        default:
            return .disallowed
        }
    }

    /// RFC 5892 appendix A.1 and A.2: ZERO WIDTH NON-JOINER and JOINER.
    private static func joinerAllowed(_ label: [Unicode.Scalar], at index: Int) -> Bool {
        if index > 0, label[index - 1].properties.canonicalCombiningClass == .virama { return true }
        guard label[index] == "\u{200C}" else { return false }
        // (Joining_Type:{L,D})(Joining_Type:T)*\u200C(Joining_Type:T)*(Joining_Type:{R,D})
        var before = index - 1
        while before >= 0, joiningType(label[before]) == .transparent { before -= 1 }
        guard before >= 0, [.left, .dual].contains(joiningType(label[before])) else { return false }
        var after = index + 1
        while after < label.count, joiningType(label[after]) == .transparent { after += 1 }
        return after < label.count && [.right, .dual].contains(joiningType(label[after]))
    }

    /// RFC 5892 appendix A.3 to A.9.
    private static func otherAllowed(_ label: [Unicode.Scalar], at index: Int) -> Bool {
        let scalar = label[index]
        switch scalar.value {
        case 0xB7:
            return index > 0 && index + 1 < label.count && label[index - 1] == "l" && label[index + 1] == "l"
        case 0x375:
            return index + 1 < label.count && Script.greek.contains(label[index + 1])
        case 0x5F3, 0x5F4:
            return index > 0 && Script.hebrew.contains(label[index - 1])
        case 0x30FB:
            return label.contains { Script.hiragana.contains($0) || Script.katakana.contains($0) || Script.han.contains($0) }
        case 0x660...0x669:
            return !label.contains { (0x6F0...0x6F9).contains($0.value) }
        case 0x6F0...0x6F9:
            return !label.contains { (0x660...0x669).contains($0.value) }
        default:
            return false
        }
    }

    // MARK: - Bidi rule

    /// RFC 5893 §2: whether a domain's labels satisfy the Bidi rule (checked when some label
    /// has a right-to-left character).
    static func satisfiesBidiRule(_ labels: [[Unicode.Scalar]]) -> Bool {
        let classes = labels.map { $0.map(BidiClass.of) }
        guard classes.contains(where: { $0.contains { [.r, .al, .an].contains($0) } }) else { return true }
        for label in classes {
            guard let first = label.first else { continue }
            let trimmed = label.reversed().drop(while: { $0 == .nsm })
            guard let last = trimmed.first else { return false }
            switch first {
            case .r, .al:
                let allowed: Set<BidiClass> = [.r, .al, .an, .en, .es, .cs, .et, .on, .bn, .nsm]
                guard label.allSatisfy(allowed.contains), [.r, .al, .en, .an].contains(last) else { return false }
                if label.contains(.en) && label.contains(.an) { return false }
            case .l:
                let allowed: Set<BidiClass> = [.l, .en, .es, .cs, .et, .on, .bn, .nsm]
                guard label.allSatisfy(allowed.contains), [.l, .en].contains(last) else { return false }
            default:
                return false
            }
        }
        return true
    }

    /// The bidi classes RFC 5893 names; `other` for the rest.
    enum BidiClass: Hashable, CaseIterable {
        case l, r, al, an, en, es, cs, et, on, bn, nsm, other

        /// PCRE2 knows every code point's Bidi_Class.
        private static let patterns: [(BidiClass, Pattern)] = [
            (.l, "L"), (.r, "R"), (.al, "AL"), (.an, "AN"), (.en, "EN"), (.es, "ES"), (.cs, "CS"), (.et, "ET"), (.on, "ON"),
            (.bn, "BN"), (.nsm, "NSM"),
        ].compactMap { bidi, name in (try? Pattern("\\p{BC:\(name)}")).map { (bidi, $0) } }

        static func of(_ scalar: Unicode.Scalar) -> BidiClass {
            let text = String(Character(scalar))
            for (bidi, pattern) in patterns where (try? pattern.matches(text)) == true { return bidi }
            return .other
        }
    }

    /// The scripts the context rules ask about, by PCRE2's script properties.
    struct Script: Sendable {
        let pattern: Pattern?

        init(_ name: String) {
            pattern = try? Pattern("\\p{sc:\(name)}")
        }

        func contains(_ scalar: Unicode.Scalar) -> Bool {
            (try? pattern?.matches(String(Character(scalar)))) == true
        }

        static let greek = Script("Greek")
        static let hebrew = Script("Hebrew")
        static let hiragana = Script("Hiragana")
        static let katakana = Script("Katakana")
        static let han = Script("Han")
    }

    // MARK: - Joining types

    enum JoiningType {
        case left, right, dual, transparent, other
    }

    /// Joining_Type: the explicit values of Unicode 12.1's ArabicShaping.txt for L, R and D
    /// (C and U do not matter to the rule), T for the other marks and format characters.
    static func joiningType(_ scalar: Unicode.Scalar) -> JoiningType {
        let value = scalar.value
        var low = 0
        var high = joiningRanges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = joiningRanges[middle]
            if value < range.start {
                high = middle - 1
            } else if value > range.end {
                low = middle + 1
            } else {
                return range.type
            }
        }
        if value == 0x200C || value == 0x200D { return .other }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return .transparent
        default: return .other
        }
    }

    /// Sorted, non-overlapping ranges of Joining_Type L, R and D (from ArabicShaping.txt, Unicode 12.1,
    /// © Unicode, Inc., under the Unicode terms of use).
    private static let joiningRanges: [(start: UInt32, end: UInt32, type: JoiningType)] = [
        (0x0620, 0x0620, .dual), (0x0622, 0x0625, .right), (0x0626, 0x0626, .dual), (0x0627, 0x0627, .right),
        (0x0628, 0x0628, .dual), (0x0629, 0x0629, .right), (0x062A, 0x062E, .dual), (0x062F, 0x0632, .right),
        (0x0633, 0x063F, .dual), (0x0641, 0x0647, .dual), (0x0648, 0x0648, .right), (0x0649, 0x064A, .dual),
        (0x066E, 0x066F, .dual), (0x0671, 0x0673, .right), (0x0675, 0x0677, .right), (0x0678, 0x0687, .dual),
        (0x0688, 0x0699, .right), (0x069A, 0x06BF, .dual), (0x06C0, 0x06C0, .right), (0x06C1, 0x06C2, .dual),
        (0x06C3, 0x06CB, .right), (0x06CC, 0x06CC, .dual), (0x06CD, 0x06CD, .right), (0x06CE, 0x06CE, .dual),
        (0x06CF, 0x06CF, .right), (0x06D0, 0x06D1, .dual), (0x06D2, 0x06D3, .right), (0x06D5, 0x06D5, .right),
        (0x06EE, 0x06EF, .right), (0x06FA, 0x06FC, .dual), (0x06FF, 0x06FF, .dual),
        (0x0710, 0x0710, .right), (0x0712, 0x0714, .dual), (0x0715, 0x0719, .right), (0x071A, 0x071D, .dual),
        (0x071E, 0x071E, .right), (0x071F, 0x0727, .dual), (0x0728, 0x0728, .right), (0x0729, 0x0729, .dual),
        (0x072A, 0x072A, .right), (0x072B, 0x072B, .dual), (0x072C, 0x072C, .right), (0x072D, 0x072E, .dual),
        (0x072F, 0x072F, .right), (0x074D, 0x074D, .right), (0x074E, 0x074F, .dual),
        (0x0750, 0x0758, .dual), (0x0759, 0x075B, .right), (0x075C, 0x076A, .dual), (0x076B, 0x076C, .right),
        (0x076D, 0x0770, .dual), (0x0771, 0x0771, .right), (0x0772, 0x0772, .dual), (0x0773, 0x0774, .right),
        (0x0775, 0x0777, .dual), (0x0778, 0x0779, .right), (0x077A, 0x077F, .dual),
        (0x07CA, 0x07EA, .dual),
        (0x0840, 0x0840, .right), (0x0841, 0x0845, .dual), (0x0846, 0x0847, .right), (0x0848, 0x0848, .dual),
        (0x0849, 0x0849, .right), (0x084A, 0x0853, .dual), (0x0854, 0x0854, .right), (0x0855, 0x0855, .dual),
        (0x0860, 0x0860, .dual), (0x0862, 0x0865, .dual), (0x0867, 0x0867, .right), (0x0868, 0x0868, .dual),
        (0x0869, 0x086A, .right),
        (0x08A0, 0x08A9, .dual), (0x08AA, 0x08AC, .right), (0x08AE, 0x08AE, .right), (0x08AF, 0x08B0, .dual),
        (0x08B1, 0x08B2, .right), (0x08B3, 0x08B4, .dual), (0x08B6, 0x08B8, .dual), (0x08B9, 0x08B9, .right),
        (0x08BA, 0x08BD, .dual), (0x08C5, 0x08C6, .dual),
        (0x1807, 0x1807, .dual), (0x1820, 0x1878, .dual), (0x1887, 0x18A8, .dual), (0x18AA, 0x18AA, .dual),
        (0xA840, 0xA871, .dual), (0xA872, 0xA872, .left),
        (0x10AC0, 0x10AC4, .dual), (0x10AC5, 0x10AC5, .right), (0x10AC7, 0x10AC7, .right), (0x10AC9, 0x10ACA, .right),
        (0x10ACD, 0x10ACD, .left), (0x10ACE, 0x10AD2, .right), (0x10AD3, 0x10AD6, .dual), (0x10AD7, 0x10AD7, .left),
        (0x10AD8, 0x10ADC, .dual), (0x10ADD, 0x10ADD, .right), (0x10ADE, 0x10AE0, .dual), (0x10AE1, 0x10AE1, .right),
        (0x10AE4, 0x10AE4, .right), (0x10AEB, 0x10AEE, .dual), (0x10AEF, 0x10AEF, .right),
        (0x10B80, 0x10B80, .dual), (0x10B81, 0x10B81, .right), (0x10B82, 0x10B82, .dual), (0x10B83, 0x10B85, .right),
        (0x10B86, 0x10B88, .dual), (0x10B89, 0x10B89, .right), (0x10B8A, 0x10B8B, .dual), (0x10B8C, 0x10B8C, .right),
        (0x10B8D, 0x10B8D, .dual), (0x10B8E, 0x10B8F, .right), (0x10B90, 0x10B90, .dual), (0x10B91, 0x10B91, .right),
        (0x10BA9, 0x10BAC, .right), (0x10BAD, 0x10BAE, .dual),
        (0x10D00, 0x10D00, .left), (0x10D01, 0x10D21, .dual), (0x10D22, 0x10D22, .right), (0x10D23, 0x10D23, .dual),
        (0x10F30, 0x10F32, .dual), (0x10F33, 0x10F33, .right), (0x10F34, 0x10F44, .dual), (0x10F51, 0x10F53, .dual),
        (0x10F54, 0x10F54, .right),
        (0x1E900, 0x1E943, .dual),
    ]
}

extension SchemaFormat {
    /// `idn-hostname`: labels separated by `.` or its ideographic and full-width forms, each an
    /// LDH label, a valid A-label (`xn--` and Punycode of a valid U-label) or a valid U-label,
    /// at most 63 bytes as an A-label, at most 253 in all; the Bidi rule over the whole name.
    static func isIDNHostname(_ text: String) -> Bool {
        var labels: [[Unicode.Scalar]] = [[]]
        for scalar in text.unicodeScalars {
            if scalar == "." || scalar == "\u{3002}" || scalar == "\u{FF0E}" || scalar == "\u{FF61}" {
                labels.append([])
            } else {
                labels[labels.count - 1].append(scalar)
            }
        }
        if labels.count > 1, labels.last?.isEmpty == true { labels.removeLast() }
        var total = labels.count - 1
        var uLabels: [[Unicode.Scalar]] = []
        for label in labels {
            guard !label.isEmpty else { return false }
            if label.allSatisfy(\.isASCII) {
                let bytes = label.map { UInt8($0.value) }
                guard isHostname(bytes) else { return false }
                total += bytes.count
                let lowered = String(decoding: bytes, as: UTF8.self).lowercased()
                if lowered.hasPrefix("xn--"), let decoded = Punycode.decode(Array(bytes.dropFirst(4))) {
                    uLabels.append(decoded)
                } else {
                    uLabels.append(label)
                }
            } else {
                guard IDNA.isValidULabel(label), let encoded = Punycode.encode(label) else { return false }
                let length = 4 + encoded.utf8.count
                guard length <= 63 else { return false }
                total += length
                uLabels.append(label)
            }
        }
        return total <= 253 && IDNA.satisfiesBidiRule(uLabels)
    }
}
