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
    /// * at an input position, a scalar it accepts fills it; an optional position that does not
    ///   accept the scalar is skipped; a separator (space, punctuation) the user typed is passed
    ///   over; any other scalar makes the result ``MaskResult/State/invalid``.
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
                if kind.accepts(scalar) {
                    text.append(scalar)
                    raw.append(scalar)
                    slot += 1
                    next += 1
                    taken = text.count
                    filled = taken
                } else if optional {
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
            return MaskResult(text: string(text), raw: string(raw), state: .partial)
        }
        if rest.contains(where: \.isInput) {
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
