/// The distinct values of a field with how often each was seen, up to a limit: past it, only
/// that there are more is known, so memory stays bounded whatever the input.
struct DistinctValues {
    /// How many distinct values are counted at most.
    let limit: Int
    /// The longest value counted (a longer one is no option: the field is then not a choice).
    static let maxLength = 200

    private(set) var counts: [String: Int] = [:]
    /// The values in the order first seen.
    private(set) var order: [String] = []
    /// Whether more values were seen than are counted (or one too long to count).
    private(set) var overflowed = false

    init(limit: Int) {
        self.limit = limit
    }

    mutating func add(_ value: String) {
        guard !overflowed else { return }
        if let count = counts[value] {
            counts[value] = count + 1
            return
        }
        guard counts.count < limit, value.utf8.count <= Self.maxLength else {
            overflowed = true
            counts = [:]
            order = []
            return
        }
        counts[value] = 1
        order.append(value)
    }

    /// The values, most frequent first (then in the order first seen).
    var ranked: [(value: String, count: Int)] {
        order.enumerated().sorted { a, b in
            let (x, y) = (counts[a.element] ?? 0, counts[b.element] ?? 0)
            return x != y ? x > y : a.offset < b.offset
        }.map { ($0.element, counts[$0.element] ?? 0) }
    }
}
