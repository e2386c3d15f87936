extension MaskLayout {
    /// What one alternative makes of typed input.
    struct Scan {
        var text: [Unicode.Scalar] = []
        /// The extracted value: what was typed into input positions, and kept fixed characters.
        var raw: [Unicode.Scalar] = []
        var state = MaskResult.State.partial
        var caret = 0
        /// How many typed characters were taken as the mask's fixed characters: how much the
        /// typing looks like this alternative.
        var typedFixed = 0
        /// How many typed characters were refused and left out (when dropping them).
        var dropped = 0
    }

    /// Applies this alternative to `input` (see ``Mask/format(_:caret:droppingRefused:)`` for the
    /// reading rules); `accept` says what an input position makes of a scalar (`nil`: it does not
    /// fit). `dropsRefused`: a scalar that fits nowhere is left out, and the rest read on.
    ///
    /// The caret goes after what the characters typed before it became: the text as it stands
    /// once the scalar before the caret has been read (with the fixed characters the mask wrote
    /// for it); a caret at the end stays at the end.
    ///
    /// At an optional block, a character that fits the block's start but not what follows the
    /// block enters it; one that fits both is first read as what follows. When that reading does
    /// not give a complete value, readings that decide such blocks the other way are tried too
    /// (the `-` of `00[-00]-00` may be the block's or the one after it), up to ``maxReadings``
    /// readings: the first complete one wins, else the first partial one, else the one that took
    /// the most input.
    ///
    /// - Complexity: O(n + m) for n typed scalars and m positions, times the readings tried.
    func scan(
        _ input: [Unicode.Scalar], caret caretIn: Int, dropsRefused: Bool = false,
        _ accept: (InputKind, Unicode.Scalar) -> Unicode.Scalar?
    ) -> Scan {
        var pending: [Set<Int>] = [[]]
        var tried: Set<Set<Int>> = []
        var partial: Scan?
        var invalid: Scan?
        while !pending.isEmpty, tried.count < Self.maxReadings {
            let flipped = pending.removeFirst()
            guard tried.insert(flipped).inserted else { continue }
            let (result, decided) = scan(input, caret: caretIn, dropsRefused: dropsRefused, accept, flipping: flipped)
            switch result.state {
            case .complete: return result
            case .partial: if partial == nil { partial = result }
            case .invalid: if invalid.map({ $0.text.count < result.text.count }) ?? true { invalid = result }
            }
            for block in decided.reversed() where !flipped.contains(block) { pending.append(flipped.union([block])) }
        }
        return partial ?? invalid ?? Scan()
    }

    /// The most readings of optional blocks ``scan(_:caret:_:)`` tries.
    static let maxReadings = 16

    /// One reading: `flipping` holds the blocks to decide the other way; returns the blocks
    /// where a decision was made (the character fitted the block's start).
    private func scan(
        _ input: [Unicode.Scalar], caret caretIn: Int, dropsRefused: Bool,
        _ accept: (InputKind, Unicode.Scalar) -> Unicode.Scalar?,
        flipping: Set<Int>
    ) -> (Scan, decided: [Int]) {
        var result = Scan()
        var decided: [Int] = []
        var slot = 0
        // Where the scan stood after the last typed scalar taken: a refused scalar that is
        // dropped takes the scan back there, with the fixed characters written for it.
        var checkpoint = (slot: 0, entered: -1, repeating: false, ended: false)
        var next = 0
        var invalid = false
        var ended = false
        // The optional block being filled (entered by a character that fits its start).
        var entered = -1
        // The open tail has been filled once: more characters are optional.
        var repeating = false
        // Text (and extracted value) up to the last typed scalar taken: fixed characters the mask
        // wrote on its own after it are dropped again when the input turns out invalid.
        var taken = 0, rawTaken = 0
        // Text (and extracted value) up to the last scalar placed in an input position.
        var filled = 0, rawFilled = 0
        var typedInputs = 0
        var caret: Int? = caretIn <= 0 ? 0 : nil

        func write(_ position: Int) {
            guard case .literal(let scalar, let kept) = slots[position] else { return }
            result.text.append(scalar)
            if kept { result.raw.append(scalar) }
        }

        /// Leaves out the scalar at `next`: back to the checkpoint, on to the next scalar.
        func drop() {
            result.text.removeLast(result.text.count - taken)
            result.raw.removeLast(result.raw.count - rawTaken)
            (slot, entered, repeating, ended) = checkpoint
            next += 1
            result.dropped += 1
        }

        /// Where only separators may follow (past the mask's end, or once the value has ended):
        /// passes over a separator at `next`, or drops another scalar when refused ones are
        /// dropped; returns false when the input is invalid there (the scan stops).
        func passOnlySeparators(_ scalar: Unicode.Scalar) -> Bool {
            if scalar.isSeparator {
                next += 1
                return true
            }
            if dropsRefused {
                drop()
                return true
            }
            invalid = true
            return false
        }

        scanning: while next < input.count {
            if caret == nil, next >= caretIn { caret = result.text.count }
            let scalar = input[next]
            guard slot < slots.count else {
                // Past the end of the mask only separators may follow.
                if passOnlySeparators(scalar) { continue } else { break scanning }
            }
            let block = blockOf[slot]
            if block >= 0, block != entered {
                // At the start of an optional block: a character that fits its start enters it
                // (it must then be completed); a separator is passed over; anything else skips it.
                let starts = startsBlock(block, scalar, accept)
                if starts { decided.append(block) }
                if starts && fits(after: block, scalar, accept) == flipping.contains(block) {
                    entered = block
                } else if !starts && scalar.isSeparator
                    && !literalRun(from: blocks[block].upperBound).contains(where: { isLiteral($0, scalar) })
                {
                    next += 1
                    continue
                } else {
                    if blocks[block].lowerBound >= tail { ended = true }
                    slot = blocks[block].upperBound
                    continue
                }
            }
            switch slots[slot] {
            case .literal:
                if let match = literalRun(from: slot).first(where: { isLiteral($0, scalar) }) {
                    for position in slot...match { write(position) }
                    slot = match + 1
                    next += 1
                    result.typedFixed += 1
                    taken = result.text.count
                    rawTaken = result.raw.count
                    checkpoint = (slot, entered, repeating, ended)
                } else {
                    write(slot)
                    slot += 1
                }
            case .input(let kind, let ownOptional, let repeats):
                if ended {
                    // The value has ended: only separators may follow.
                    if passOnlySeparators(scalar) { continue } else { break scanning }
                }
                let optional = ownOptional || (repeats && repeating)
                // A character equal to the fixed character after an optional position (or a run
                // of them) is taken as that fixed character: the user moves on.
                let movesOn = optional && literalRun(from: afterOptionals(slot + 1)).contains { isLiteral($0, scalar) }
                if !movesOn, let accepted = accept(kind, scalar) {
                    result.text.append(accepted)
                    result.raw.append(accepted)
                    if repeats { repeating = true } else { slot += 1 }
                    next += 1
                    typedInputs += 1
                    taken = result.text.count
                    rawTaken = result.raw.count
                    filled = taken
                    rawFilled = rawTaken
                    checkpoint = (slot, entered, repeating, ended)
                } else if optional && (!scalar.isSeparator || movesOn) {
                    // The user moves on past an optional position: with a character that fills a
                    // later one, or with the fixed character that follows.
                    if slot >= tail { ended = true }
                    slot += 1
                } else if scalar.isSeparator {
                    next += 1
                } else if dropsRefused {
                    drop()
                } else {
                    invalid = true
                    break scanning
                }
            }
        }

        if invalid {
            result.text.removeLast(result.text.count - taken)
            result.raw.removeLast(result.raw.count - rawTaken)
            result.state = .invalid
            result.caret = min(caret ?? taken, taken)
            return (result, decided)
        }
        let rest = slot..<slots.count
        let requiredLeft = rest.contains { position in
            guard slots[position].isRequired, !(position == slot && repeating) else { return false }
            return blockOf[position] < 0 || blockOf[position] == entered
        }
        if requiredLeft {
            // Typing fills optional positions as it goes; the regex may place the same characters
            // otherwise (`*90` takes `59` by skipping the optional digit). What the regex accepts
            // is complete.
            result.state = pattern.matchesQuietly(result.text) ? .complete : .partial
        } else if ended || rest.contains(where: { slots[$0].isInput }) {
            // Optional positions left empty: the value ends with the last one typed (`99H` takes
            // `5` as `5`), and with the fixed characters the regex still requires after them
            // (`[A9]H` takes `i` as `iH`: the block's H is not optional once the block is entered).
            result.text.removeLast(result.text.count - filled)
            result.raw.removeLast(result.raw.count - rawFilled)
            if !pattern.matchesQuietly(result.text) {
                for position in rest where !slots[position].isInput && (blockOf[position] < 0 || blockOf[position] == entered) {
                    write(position)
                }
            }
            result.state = .complete
        } else {
            if typedInputs > 0 {
                for position in rest where blockOf[position] < 0 || blockOf[position] == entered { write(position) }
            }
            result.state = .complete
        }
        // Complete means what the mask's regex accepts, whatever reading led here.
        if result.state == .complete && !pattern.matchesQuietly(result.text) { result.state = .partial }
        result.caret = min(caret ?? result.text.count, result.text.count)
        return (result, decided)
    }

    /// Whether `scalar` enters an optional block: it is one of the fixed characters that open the
    /// block, or fits the block's first input position.
    private func startsBlock(
        _ block: Int, _ scalar: Unicode.Scalar,
        _ accept: (InputKind, Unicode.Scalar) -> Unicode.Scalar?
    ) -> Bool {
        for position in blocks[block] {
            switch slots[position] {
            case .literal(let fixed, _): if fixed == scalar { return true }
            case .input(let kind, _, _): return accept(kind, scalar) != nil
            }
        }
        return false
    }

    /// Whether `scalar` fits what follows an optional block: a fixed character, optional position
    /// or block up to the next required input position, or that position.
    private func fits(
        after block: Int, _ scalar: Unicode.Scalar,
        _ accept: (InputKind, Unicode.Scalar) -> Unicode.Scalar?
    ) -> Bool {
        var position = blocks[block].upperBound
        while position < slots.count {
            let next = blockOf[position]
            if next >= 0 {
                if startsBlock(next, scalar, accept) { return true }
                position = blocks[next].upperBound
                continue
            }
            switch slots[position] {
            case .literal(let fixed, _):
                if fixed == scalar { return true }
            case .input(let kind, let optional, _):
                if accept(kind, scalar) != nil { return true }
                if !optional { return false }
            }
            position += 1
        }
        return false
    }

    private func isLiteral(_ position: Int, _ scalar: Unicode.Scalar) -> Bool {
        if case .literal(let fixed, _) = slots[position] { return fixed == scalar }
        return false
    }

    /// The first position at or after `slot` that is not an optional input position or in an
    /// optional block other than the one `slot` is in.
    private func afterOptionals(_ slot: Int) -> Int {
        let own = slot < slots.count ? blockOf[max(slot - 1, 0)] : -1
        var position = slot
        while position < slots.count,
            slots[position].isOptional || (blockOf[position] >= 0 && blockOf[position] != own)
        {
            position += 1
        }
        return position
    }

    /// The positions of the run of fixed characters that starts at `slot`, within its block (or
    /// outside any).
    private func literalRun(from slot: Int) -> Range<Int> {
        guard slot < slots.count else { return slot..<slot }
        var end = slot
        while end < slots.count, !slots[end].isInput, blockOf[end] == blockOf[slot] { end += 1 }
        return slot..<end
    }
}

extension Pattern {
    /// Whether the scalars match the whole pattern; a regex limit counts as no match (a mask's
    /// regex has no backtracking to speak of).
    func matchesQuietly(_ scalars: [Unicode.Scalar]) -> Bool {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return (try? matches(String(view))) ?? false
    }
}
