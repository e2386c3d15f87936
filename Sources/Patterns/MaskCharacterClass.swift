/// A character class of one's own for a mask position: the characters it accepts, written as
/// a list with ranges, such as the 12 Cyrillic letters allowed on Russian number plates.
///
/// ```swift
/// let plateLetter = try MaskCharacterClass("АВЕКМНОРСТУХ", case: .upper)
/// let plate = try Mask("R 000 RR 00[0]", classes: ["R": plateLetter])
/// plate.format("а123вс77").text     // "А 123 ВС 77": typed in lower case, stored in upper case
/// plate.format("Б").state           // .invalid: Б is not allowed on plates
/// ```
///
/// In the list, `x-y` is the range of scalars from x to y; a `-` first or last is itself, and
/// `\` makes the next character itself (`\-`, `\\`).
public struct MaskCharacterClass: Hashable, Sendable {
    /// A case a typed letter is converted to before it is tried.
    public enum LetterCase: String, Hashable, Sendable, CaseIterable {
        case upper, lower
    }

    /// The list as written.
    public let characters: String
    /// Typed letters are converted to this case first (so `а` fills an `А`-only position).
    public let letterCase: LetterCase?
    let ranges: [ClosedRange<UInt32>]

    /// Compiles a class.
    ///
    /// - Throws: ``MaskError`` for an empty list, a range whose end comes before its start, or a
    ///   trailing `\`.
    public init(_ characters: String, case letterCase: LetterCase? = nil) throws(MaskError) {
        let scalars = Array(characters.unicodeScalars)
        var ranges: [ClosedRange<UInt32>] = []
        var index = 0
        func next() throws(MaskError) -> Unicode.Scalar {
            if scalars[index] == "\\" {
                guard index + 1 < scalars.count else {
                    throw MaskError(reason: .trailingEscape, mask: characters, offset: index)
                }
                index += 2
                return scalars[index - 1]
            }
            index += 1
            return scalars[index - 1]
        }
        while index < scalars.count {
            let start = index
            let low = try next()
            if index + 1 < scalars.count, scalars[index] == "-" {
                index += 1
                let high = try next()
                guard low.value <= high.value else {
                    throw MaskError(reason: .badRange, mask: characters, offset: start)
                }
                ranges.append(low.value...high.value)
            } else {
                ranges.append(low.value...low.value)
            }
        }
        guard !ranges.isEmpty else { throw MaskError(reason: .emptyClass, mask: characters, offset: 0) }
        self.characters = characters
        self.letterCase = letterCase
        self.ranges = ranges
    }

    /// The scalar a typed one stands for in this class (after the case conversion), or `nil`.
    func accept(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        let converted = convert(scalar)
        return ranges.contains { $0.contains(converted.value) } ? converted : nil
    }

    private func convert(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        guard let letterCase else { return scalar }
        let mapped = letterCase == .upper ? scalar.properties.uppercaseMapping : scalar.properties.lowercaseMapping
        let result = mapped.unicodeScalars
        return result.count == 1 ? result[result.startIndex] : scalar
    }

    /// The class as a PCRE2 bracket expression.
    var regex: String {
        "["
            + ranges.map { range in
                let low = Unicode.Scalar(range.lowerBound).map(\.classLiteral) ?? ""
                guard range.lowerBound != range.upperBound else { return low }
                return low + "-" + (Unicode.Scalar(range.upperBound).map(\.classLiteral) ?? "")
            }.joined() + "]"
    }

    /// A sample character (the first of the class).
    var first: Unicode.Scalar {
        ranges.first.flatMap { Unicode.Scalar($0.lowerBound) } ?? "?"
    }
}

extension Unicode.Scalar {
    /// This scalar inside a PCRE2 bracket expression.
    var classLiteral: String {
        if isASCII, Character(self).isLetter || Character(self).isNumber { return String(Character(self)) }
        return "\\x{" + String(value, radix: 16) + "}"
    }
}

extension MaskCharacterClass {
    /// A random character of the class.
    func sample<R: RandomNumberGenerator>(using random: inout R) -> Unicode.Scalar {
        let range = ranges[Int.random(in: 0..<ranges.count, using: &random)]
        return Unicode.Scalar(UInt32.random(in: range, using: &random)) ?? first
    }
}
