/// One alternative of a ``Mask``: its positions, optional blocks and regexes.
struct MaskLayout: Sendable {
    /// What an input position accepts.
    enum InputKind: Hashable, Sendable {
        case digit, letter, letterOrDigit
        /// A class of the mask's own (``MaskCharacterClass``), by index.
        case custom(Int)
    }

    /// One position of the mask.
    enum Slot: Hashable, Sendable {
        /// `repeats`: an open tail (`0…`): the position takes any number of characters.
        case input(InputKind, optional: Bool, repeats: Bool)
        /// `kept`: written in `{…}`, the character is part of the extracted value.
        case literal(Unicode.Scalar, kept: Bool)
    }

    /// The alternative as written.
    let notation: String
    let slots: [Slot]
    /// For each slot, the optional block (`[…]`) it is in, or -1.
    let blockOf: [Int]
    /// The slots of each optional block.
    let blocks: [Range<Int>]
    /// The position after the last required input position outside blocks: skipping an optional
    /// position or block from here on ends the value.
    let tail: Int
    /// Whether any fixed character is kept in the extracted value.
    let keepsLiterals: Bool
    /// The regex of complete formatted values, without anchors.
    let body: String
    /// The regex of complete extracted values (input positions and kept characters), without anchors.
    let extractedBody: String
    /// `^body$`, compiled: completeness and, while typing, PCRE2 partial matching.
    let pattern: Pattern

    /// Reads one alternative's notation; `classNames` maps a class's name to its index in
    /// `classes`, the classes' bracket expressions.
    init(_ notation: String, classNames: [Unicode.Scalar: Int], classes: [String]) throws(MaskError) {
        var slots: [Slot] = []
        var blockOf: [Int] = []
        var blocks: [Range<Int>] = []
        var blockStart: (slot: Int, offset: Int)?
        var keptStart: (slot: Int, offset: Int)?
        var openTail = false
        let scalars = Array(notation.unicodeScalars)
        var offset = 0
        func fail(_ reason: MaskError.Reason, _ at: Int) -> MaskError {
            MaskError(reason: reason, mask: notation, offset: at)
        }
        while offset < scalars.count {
            let scalar = scalars[offset]
            guard slots.count < Mask.maxLength else { throw fail(.tooLong, offset) }
            guard !openTail else { throw fail(.openTail, offset - 1) }
            var slot: Slot?
            if let kept = keptStart {
                switch scalar {
                case "}":
                    guard slots.count > kept.slot else { throw fail(.emptyKept, kept.offset) }
                    keptStart = nil
                case "{": throw fail(.nestedKept, offset)
                case "\\":
                    guard offset + 1 < scalars.count else { throw fail(.trailingEscape, offset) }
                    offset += 1
                    slot = .literal(scalars[offset], kept: true)
                default: slot = .literal(scalar, kept: true)
                }
            } else {
                switch scalar {
                case "0": slot = .input(.digit, optional: false, repeats: false)
                case "9": slot = .input(.digit, optional: true, repeats: false)
                case "A": slot = .input(.letter, optional: false, repeats: false)
                case "a": slot = .input(.letter, optional: true, repeats: false)
                case "*": slot = .input(.letterOrDigit, optional: false, repeats: false)
                case "\\":
                    guard offset + 1 < scalars.count else { throw fail(.trailingEscape, offset) }
                    offset += 1
                    slot = .literal(scalars[offset], kept: false)
                case "[":
                    guard blockStart == nil else { throw fail(.nestedBlock, offset) }
                    blockStart = (slots.count, offset)
                case "]":
                    guard let start = blockStart else { throw fail(.strayBlockEnd, offset) }
                    guard slots.count > start.slot else { throw fail(.emptyBlock, start.offset) }
                    blocks.append(start.slot..<slots.count)
                    blockStart = nil
                case "{":
                    keptStart = (slots.count, offset)
                case "}":
                    throw fail(.strayKeptEnd, offset)
                case "…":
                    guard blockStart == nil, blockOf.last == -1,
                        case .input(let kind, let optional, false)? = slots.last
                    else { throw fail(.openTail, offset) }
                    slots[slots.count - 1] = .input(kind, optional: optional, repeats: true)
                    openTail = true
                default:
                    if let custom = classNames[scalar] {
                        slot = .input(.custom(custom), optional: false, repeats: false)
                    } else {
                        slot = .literal(scalar, kept: false)
                    }
                }
            }
            if let slot {
                slots.append(slot)
                blockOf.append(blockStart == nil ? -1 : blocks.count)
            }
            offset += 1
        }
        if let start = blockStart { throw fail(.unclosedBlock, start.offset) }
        if let start = keptStart { throw fail(.unclosedKept, start.offset) }
        guard !slots.isEmpty else { throw fail(.empty, 0) }
        guard slots.contains(where: \.isInput) else { throw fail(.noInputPositions, 0) }
        self.notation = notation
        self.slots = slots
        self.blockOf = blockOf
        self.blocks = blocks
        tail = (slots.indices.last { slots[$0].isRequired && blockOf[$0] < 0 } ?? -1) + 1
        keepsLiterals = slots.contains { if case .literal(_, kept: true) = $0 { true } else { false } }
        body = Self.regex(slots: slots, blockOf: blockOf, blocks: blocks, classes: classes, extracted: false)
        extractedBody = Self.regex(slots: slots, blockOf: blockOf, blocks: blocks, classes: classes, extracted: true)
        do {
            pattern = try Pattern("^" + body + "$")
        } catch {
            // Every slot maps to a fixed, valid fragment; only PCRE2's own limits refuse one: more
            // than 250 optional positions after the last required one nest too deeply.
            throw fail(.regex(error.message), 0)
        }
    }

    // MARK: - The regex

    /// A piece of the mask for the regex: one slot, or one optional block.
    private enum Element {
        case slot(Slot)
        case block([Slot])
    }

    /// The regex of the mask. Up to the last required position (outside blocks) each element is
    /// its own fragment (`X?` for an optional position, `(?:…)?` for a block); after it, the
    /// optional elements and the fixed characters before them nest as optional groups, because
    /// typing stops after the last position typed: `00-99` accepts `12`, `12-3` and `12-34`, not
    /// `12-`. For the extracted value, fixed characters not kept write nothing.
    static func regex(slots: [Slot], blockOf: [Int], blocks: [Range<Int>], classes: [String], extracted: Bool) -> String {
        var elements: [Element] = []
        for (index, slot) in slots.enumerated() {
            let block = blockOf[index]
            if block < 0 {
                elements.append(.slot(slot))
            } else if blocks[block].lowerBound == index {
                elements.append(.block(Array(slots[blocks[block]])))
            }
        }
        return nested(elements[...], classes: classes, extracted: extracted)
    }

    /// `head + (?:lead₁ X₁(?:lead₂ X₂ … closing)?)?`: each optional element after the last required
    /// one opens a group that holds the rest, and the fixed characters after the last one close
    /// the innermost. A block's own slots are nested the same way (blocks do not nest, so this
    /// goes one level deep).
    private static func nested(_ elements: ArraySlice<Element>, classes: [String], extracted: Bool) -> String {
        let lastRequired = elements.lastIndex { element in
            if case .slot(let slot) = element { return slot.isRequired }
            return false
        }
        var regex = ""
        if let lastRequired {
            for element in elements[...lastRequired] {
                switch element {
                case .slot(let slot): regex += slot.regex(classes: classes, extracted: extracted)
                case .block(let slots):
                    regex += "(?:" + nested(slots.map(Element.slot)[...], classes: classes, extracted: extracted) + ")?"
                }
            }
        }
        var groups = 0
        var lead = ""
        for element in elements[(lastRequired.map { $0 + 1 } ?? elements.startIndex)...] {
            switch element {
            case .slot(.input(let kind, _, let repeats)):
                let position = kind.regex(classes)
                regex += "(?:" + lead + position + (repeats ? position + "*" : "")
                lead = ""
                groups += 1
            case .slot(let literal):
                lead += literal.regex(classes: classes, extracted: extracted)
            case .block(let slots):
                regex += "(?:" + lead + nested(slots.map(Element.slot)[...], classes: classes, extracted: extracted)
                lead = ""
                groups += 1
            }
        }
        return regex + lead + String(repeating: ")?", count: groups)
    }
}

extension MaskLayout.InputKind {
    /// The PCRE2 fragment for one position (`classes`: the custom classes' bracket expressions).
    func regex(_ classes: [String]) -> String {
        switch self {
        case .digit: "[0-9]"
        case .letter: #"\p{L}"#
        case .letterOrDigit: #"[\p{L}0-9]"#
        case .custom(let index): classes[index]
        }
    }
}

extension MaskLayout.Slot {
    var isInput: Bool {
        if case .input = self { return true }
        return false
    }

    var isOptional: Bool {
        if case .input(_, optional: true, _) = self { return true }
        return false
    }

    /// An input position that must be filled (on its own; a block decides for its slots).
    var isRequired: Bool {
        if case .input(_, optional: false, _) = self { return true }
        return false
    }

    func regex(classes: [String], extracted: Bool) -> String {
        switch self {
        case .input(let kind, let optional, let repeats):
            // An open tail takes any number of characters: at least one unless optional.
            repeats
                ? (optional ? "" : kind.regex(classes)) + kind.regex(classes) + "*"
                : kind.regex(classes) + (optional ? "?" : "")
        case .literal(let scalar, let kept):
            extracted && !kept ? "" : scalar.regexLiteral
        }
    }
}
