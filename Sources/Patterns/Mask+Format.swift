extension Mask {
    /// Applies the mask to what the user typed.
    ///
    /// ```swift
    /// let phone = try Mask("+7 (000) 000-00-00")
    /// phone.format("916 1")         // "+7 (916) 1", raw "9161", .partial
    /// phone.format("+7 (916) 1")    // the same: typed fixed characters are taken as they come
    /// phone.format("916abc")        // "+7 (916", raw "916", .invalid
    /// phone.format("+7 (916) 5123", caret: 9)   // "+7 (916) 512-3", caret 10: after the 5
    /// ```
    ///
    /// The input is read one Unicode scalar at a time, a decimal digit of any script as the ASCII
    /// digit it stands for (unless the mask takes ``DecimalDigits/ascii`` digits only), so that
    /// `۰۹۱۲…` gives what `0912…` gives:
    /// * at a fixed character, a typed scalar equal to it (or to a fixed character later in the
    ///   same run, such as the space in `) `) is taken as typed — a fixed digit is matched by the
    ///   digit it stands for in any script (`۷` is the 7 of `+7`); anything else makes the mask
    ///   write its fixed characters and try the scalar at the next position;
    /// * at an input position, a scalar it accepts fills it (a digit of another script as 0–9,
    ///   a letter converted to its class's case); a separator (space, punctuation) the
    ///   user typed is passed over, unless it is the fixed character after an optional position,
    ///   which the mask then skips; an optional position is skipped too for a scalar it does not
    ///   accept; any other scalar makes the result ``MaskResult/State/invalid``. After the last
    ///   required position, skipping an optional one ends the value;
    /// * at an optional block `[…]`, a scalar that fits its start (one of its opening fixed
    ///   characters, or its first input position) enters it, and the block must then be filled;
    ///   anything else skips it;
    /// * an open tail (`0…`) takes characters until one does not fit.
    ///
    /// The result is `complete` when every required position is filled: the fixed characters
    /// that close the mask are then written too, so `(000)` formats `123` as `(123)`.
    ///
    /// **Alternatives** are each applied, and one is chosen: one that does not find the input
    /// invalid; first those whose regex PCRE2 matches the text as typed, completely, then
    /// partially (the user typed its fixed characters, as in `8 (9`, or the text was formatted by
    /// it before); then the one that dropped the fewest characters; then a complete result
    /// before a partial one; then the one that took the most typed characters as its fixed
    /// characters (`7…` for `+7 (000) …`); ties go to the earlier one. A partial result that is
    /// a complete value of another alternative is that one's.
    ///
    /// - Parameters:
    ///   - typed: the text as it is now (after the keystroke).
    ///   - caret: where the caret is in `typed`, in Unicode scalars; `nil` for the end.
    ///   - droppingRefused: leave out a character that fits nowhere and read on, as input-mask
    ///     libraries do while the user types (`916x1` is `+7 (916) 1`, with
    ///     ``MaskResult/dropped`` 1), instead of stopping there with the state `invalid`.
    /// - Complexity: O(a(n + m)) for n typed scalars, a alternatives of m positions.
    public func format(_ typed: String, caret: Int? = nil, droppingRefused: Bool = false) -> MaskResult {
        // Folded as a check folds a masked value before matching it: one scalar for one, so the
        // caret stays where it is.
        let typed = digits == .any ? DecimalDigits.folded(typed) : typed
        let input = Array(typed.unicodeScalars)
        let caretIn = Swift.min(Swift.max(caret ?? input.count, 0), input.count)
        let accept = self.accept
        func scan(_ layout: MaskLayout, _ input: [Unicode.Scalar], caret: Int) -> MaskLayout.Scan {
            layout.scan(input, caret: caret, dropsRefused: droppingRefused, accept)
        }
        guard layouts.count > 1 else { return MaskResult(scan(layouts[0], input, caret: caretIn), alternative: 0) }
        var best: (rank: (Int, Int, Int, Int), alternative: Int, scan: MaskLayout.Scan)?
        for (alternative, layout) in layouts.enumerated() {
            let scan = scan(layout, input, caret: caretIn)
            let fit = input.isEmpty ? .noMatch : (try? layout.pattern.partialMatch(typed)) ?? .noMatch
            let fitRank =
                switch fit {
                case .complete: 0
                case .partial: 1
                case .noMatch: 2
                }
            let stateRank =
                switch scan.state {
                case .complete: 0
                case .partial: 1
                case .invalid: 2
                }
            let rank = (scan.state == .invalid ? 3 : fitRank, scan.dropped, stateRank, -scan.typedFixed)
            if let current = best, current.rank <= rank { continue }
            best = (rank, alternative, scan)
        }
        var chosen = best ?? (rank: (0, 0, 0, 0), alternative: 0, scan: scan(layouts[0], input, caret: caretIn))
        if chosen.scan.state == .partial,
            let complete = layouts.firstIndex(where: { $0.pattern.matchesQuietly(chosen.scan.text) })
        {
            // The text is a complete value of another alternative (`А 123 ВС 77` of the two-digit
            // region while the three-digit one was being typed): it is complete.
            var rescan = scan(layouts[complete], chosen.scan.text, caret: chosen.scan.caret)
            if rescan.state != .complete || rescan.text != chosen.scan.text {
                // Read otherwise by that alternative (a typed 7 taken as its fixed 7): the text
                // stands, complete.
                rescan = chosen.scan
                rescan.state = .complete
            }
            chosen = (chosen.rank, complete, rescan)
        }
        return MaskResult(chosen.scan, alternative: chosen.alternative)
    }
}
