extension Mask {
    /// Applies the mask to what the user typed.
    ///
    /// ```swift
    /// let phone = try Mask("+7 (000) 000-00-00")
    /// phone.format("916 1")         // "+7 (916) 1", raw "9161", .partial
    /// phone.format("+7 (916) 1")    // the same: typed fixed characters are taken as they come
    /// phone.format("916abc")        // "+7 (916) ", raw "916", .invalid
    /// ```
    ///
    /// The input is read one Unicode scalar at a time:
    /// * at a fixed character, a typed scalar equal to it (or to a fixed character later in the
    ///   same run, such as the space in `) `) is taken as typed; anything else makes the mask
    ///   write its fixed characters and try the scalar at the next position;
    /// * at an input position, a scalar it accepts fills it; a separator (space, punctuation) the
    ///   user typed is passed over, unless it is the fixed character after an optional position,
    ///   which the mask then skips; an optional position is skipped too for a scalar it does not
    ///   accept; any other scalar makes the result ``MaskResult/State/invalid``. After the last
    ///   required position, skipping an optional one ends the value.
    ///
    /// The result is `complete` when every required position is filled: the fixed characters
    /// that close the mask are then written too, so `(000)` formats `123` as `(123)`.
    ///
    /// - Complexity: O(n + m) for n typed scalars and a mask of m positions.
    public func format(_ typed: String) -> MaskResult {
        var text: [Unicode.Scalar] = []
        var raw: [Unicode.Scalar] = []
        let input = Array(typed.unicodeScalars)
        var slot = 0
        var next = 0
        var invalid = false
        // After the last required position, an optional position passed over ends the value:
        // nothing after it can be filled (`00-99` takes `12`, `12-3`, `12-34`; never `12--4`).
        let tail = (slots.lastIndex { $0.isInput && !$0.isOptional } ?? -1) + 1
        var ended = false
        // Text up to the last typed scalar that was taken: fixed characters the mask wrote
        // on its own after it are dropped again when the input turns out invalid.
        var taken = 0
        // Text up to the last scalar placed in an input position.
        var filled = 0

        scanning: while next < input.count {
            let scalar = input[next]
            guard slot < slots.count else {
                // Past the end of the mask only separators may follow.
                if scalar.isSeparator {
                    next += 1
                    continue
                }
                invalid = true
                break scanning
            }
            switch slots[slot] {
            case .literal(let fixed):
                if let match = literalRun(from: slot).firstIndex(where: { slots[$0] == .literal(scalar) }) {
                    text.append(contentsOf: fixedScalars(slot...match))
                    slot = match + 1
                    next += 1
                    taken = text.count
                } else {
                    text.append(fixed)
                    slot += 1
                }
            case .input(let kind, let optional):
                if ended {
                    // The value has ended: only separators may follow.
                    if scalar.isSeparator {
                        next += 1
                        continue
                    }
                    invalid = true
                    break scanning
                }
                // A character equal to the fixed character after an optional position (or a run
                // of them) is taken as that fixed character: the user moves on.
                let movesOn = optional && literalRun(from: afterOptionals(slot + 1)).contains { slots[$0] == .literal(scalar) }
                if kind.accepts(scalar) && !movesOn {
                    text.append(scalar)
                    raw.append(scalar)
                    slot += 1
                    next += 1
                    taken = text.count
                    filled = taken
                } else if optional && (!scalar.isSeparator || movesOn) {
                    // The user moves on past an optional position: with a character that fills a
                    // later one, or with the fixed character that follows.
                    if slot >= tail { ended = true }
                    slot += 1
                } else if scalar.isSeparator {
                    next += 1
                } else {
                    invalid = true
                    break scanning
                }
            }
        }

        if invalid {
            return MaskResult(text: string(text.prefix(taken)), raw: string(raw), state: .invalid)
        }
        let rest = slots[slot...]
        guard rest.allSatisfy({ !$0.isInput || $0.isOptional }) else {
            // Typing fills optional positions as it goes; the regex may place the same characters
            // otherwise (`*90` takes `59` by skipping the optional digit). What the regex accepts
            // is complete.
            let typed = string(text)
            return MaskResult(text: typed, raw: string(raw), state: isComplete(typed) ? .complete : .partial)
        }
        if ended || rest.contains(where: \.isInput) {
            // Optional positions left empty: the value ends with the last one typed.
            return MaskResult(text: string(text.prefix(filled)), raw: string(raw), state: .complete)
        }
        if !raw.isEmpty {
            text.append(contentsOf: fixedScalars(rest.indices))
        }
        return MaskResult(text: string(text), raw: string(raw), state: .complete)
    }

    /// The characters of the fixed positions in `positions`.
    private func fixedScalars<R: Sequence<Int>>(_ positions: R) -> [Unicode.Scalar] {
        positions.compactMap { position in
            if case .literal(let scalar) = slots[position] { return scalar }
            return nil
        }
    }

    /// The first position at or after `slot` that is not an optional input position.
    private func afterOptionals(_ slot: Int) -> Int {
        var position = slot
        while position < slots.count, slots[position].isOptional { position += 1 }
        return position
    }

    /// The positions of the run of fixed characters that starts at `slot`.
    private func literalRun(from slot: Int) -> Range<Int> {
        var end = slot
        while end < slots.count, !slots[end].isInput { end += 1 }
        return slot..<end
    }
}

private func string<S: Sequence<Unicode.Scalar>>(_ scalars: S) -> String {
    var view = String.UnicodeScalarView()
    view.append(contentsOf: scalars)
    return String(view)
}
