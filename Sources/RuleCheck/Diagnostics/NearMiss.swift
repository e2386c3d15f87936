/// Suggestions for misspelt names: `visibel_if` → `visible_if`.
enum NearMiss {
    /// Counts the candidates compared, for tests that hold compiling to linear time without
    /// timing it (debug builds).
    @TaskLocal static var comparisons: SourceText.ScanCounter?

    /// The candidate closest to `word`, if it is close enough to be a likely typo.
    static func suggestion<S: Sequence<String>>(for word: String, among candidates: S) -> String? {
        let word = Array(word.lowercased().unicodeScalars)
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            #if DEBUG
            comparisons?.add(1)
            #endif
            let distance = editDistance(word, Array(candidate.lowercased().unicodeScalars))
            if distance < best?.distance ?? .max { best = (candidate, distance) }
        }
        guard let best else { return nil }
        // A third of the length, at least 1 and at most 3 edits; a one-letter name is too short
        // to guess from.
        let allowed = word.count < 2 ? 0 : min(3, max(1, word.count / 3))
        return best.distance <= allowed ? best.name : nil
    }

    /// `"; did you mean 'x'?"`, or nothing.
    static func didYouMean<S: Sequence<String>>(_ word: String, among candidates: S) -> String {
        suggestion(for: word, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and swaps of
    /// adjacent characters each cost 1.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
