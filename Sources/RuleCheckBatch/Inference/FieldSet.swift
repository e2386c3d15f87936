import RuleCheck

/// The fields of one level — a record's, a group's members, a list item's — in the order the
/// input first shows them, with how many instances (records, objects, items) there were.
final class FieldSet {
    /// What bounds the fields all sets of one inference may hold: their number, their depth,
    /// and the distinct values each counts. Shared by the sets of one inference.
    final class Limits {
        let maxOptions: Int
        let maxFields: Int
        let maxDepth: Int
        /// Fields made so far, in every set.
        var fields = 0
        /// Whether a field was made since the flag was last cleared (its place is then set from
        /// the record's written key order).
        var madeField = false
        /// Names that are not fields, with why: at most ``maxNotes``, by path.
        private(set) var notes: [(path: String, reason: String)] = []
        private var noted: Set<String> = []
        static let maxNotes = 50

        init(maxOptions: Int, maxFields: Int = 2_000, maxDepth: Int = 16) {
            self.maxOptions = maxOptions
            self.maxFields = maxFields
            self.maxDepth = maxDepth
        }

        func note(_ path: String, _ reason: String) {
            guard notes.count < Self.maxNotes, noted.insert(path).inserted else { return }
            notes.append((path, reason))
        }
    }

    let depth: Int
    let fromCells: Bool
    let limits: Limits
    /// The path of this level's fields (`insurant.` for a group's members, `drivers[].` for a list's).
    let prefix: String
    /// Records, objects or items this level was seen in.
    private(set) var instances = 0
    /// The fields' names, in order.
    private(set) var names: [String] = []
    private(set) var profiles: [String: FieldProfile] = [:]
    /// Names not taken as fields (not ids, too deep, too many), so that they are noted once.
    private var refused: Set<String> = []
    /// The first of ``names`` whose place is not settled yet (see ``settleOrder(_:)``).
    private var unsettled = 0

    init(depth: Int, fromCells: Bool, limits: Limits, prefix: String = "") {
        self.depth = depth
        self.fromCells = fromCells
        self.limits = limits
        self.prefix = prefix
    }

    /// One more record or item, whose values are added to the profiles after this.
    func countInstance() { instances += 1 }

    /// A JSON object: one instance, each member added to its field.
    func add(object: JSONObject) {
        instances += 1
        for (key, value) in object {
            profile(named: key)?.add(json: value)
        }
    }

    /// The profile of the field `name`, made when first seen; nil for a name that cannot be a
    /// field here (noted once, with why).
    func profile(named name: String) -> FieldProfile? {
        if let profile = profiles[name] { return profile }
        guard !refused.contains(name) else { return nil }
        let reason: String? =
            if !RuleSet.isIdentifier(name) {
                "not a field id (ids are letters, digits and _, and do not start with a digit)"
            } else if RuleSet.isReservedName(name) {
                "a word expressions read as a keyword, which no field may be called"
            } else if depth >= limits.maxDepth {
                "nested more than \(limits.maxDepth) levels deep"
            } else if limits.fields >= limits.maxFields {
                "past the first \(limits.maxFields) fields"
            } else {
                nil
            }
        if let reason {
            if refused.count < 10_000 { refused.insert(name) }
            limits.note(prefix + name, reason)
            return nil
        }
        let profile = FieldProfile(name: name, depth: depth, fromCells: fromCells, limits: limits, prefix: prefix)
        profiles[name] = profile
        names.append(name)
        limits.fields += 1
        limits.madeField = true
        return profile
    }

    /// Puts the fields made since the last call in the order `written` gives (the record's key
    /// paths in written order, list items as `[]`), at this level and below.
    func settleOrder(_ written: [String: [String]], path: String = "") {
        if unsettled < names.count {
            let order = written[path] ?? []
            var rank: [String: Int] = [:]
            for (index, name) in order.enumerated() where rank[name] == nil { rank[name] = index }
            let settled = names[unsettled...].enumerated().sorted { a, b in
                (rank[a.element] ?? Int.max, a.offset) < (rank[b.element] ?? Int.max, b.offset)
            }.map(\.element)
            names.replaceSubrange(unsettled..., with: settled)
            unsettled = names.count
        }
        for name in names {
            guard let profile = profiles[name] else { continue }
            profile.members?.settleOrder(written, path: JSONKeyOrder.path(path, name))
            profile.items?.settleOrder(written, path: JSONKeyOrder.path(JSONKeyOrder.path(path, name), "[]"))
        }
    }
}
