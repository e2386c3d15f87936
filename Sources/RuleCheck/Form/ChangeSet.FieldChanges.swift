import Foundation

extension ChangeSet {
    /// The per-field part of a ``ChangeSet`` (values, visibility, enabled state, required-ness,
    /// issues, issues to show, interaction): recorded as a list of (path, what changed, new state)
    /// entries, with each public dictionary built from the list the first time it is read.
    ///
    /// An edit that touches a hundred fields would otherwise hash each path three or four times
    /// into dictionaries that most apps never read all of (Docs/performance.md, *Issue 25:
    /// edits*). Built dictionaries are kept, so a second read costs a lookup.
    ///
    /// A ``ChangeSet`` holds one of these by reference, as an array holds its buffer: it records
    /// into it only while it is the only owner (``isKnownUniquelyReferenced(_:)``, else it copies
    /// first), so no change is visible across copies. Reads of a shared one may come from several
    /// threads at once and build dictionaries: every read and build holds `lock`.
    final class FieldChanges: @unchecked Sendable {
        /// One recorded difference of a field: its path, which of its parts changed, its new state.
        struct Entry {
            let path: String
            let changed: Parts
            let new: FieldState
        }

        /// The public dictionaries, one bit each.
        struct Parts: OptionSet {
            let rawValue: UInt8
            static let values = Parts(rawValue: 1 << 0)
            static let visible = Parts(rawValue: 1 << 1)
            static let enabled = Parts(rawValue: 1 << 2)
            static let required = Parts(rawValue: 1 << 3)
            static let issues = Parts(rawValue: 1 << 4)
            static let shownIssues = Parts(rawValue: 1 << 5)
            static let interaction = Parts(rawValue: 1 << 6)
            static let all: Parts = [.values, .visible, .enabled, .required, .issues, .shownIssues, .interaction]
        }

        /// The one empty instance every new ``ChangeSet`` starts with (never recorded into: it is
        /// never uniquely referenced).
        static let none = FieldChanges()

        private let lock = NSLock()
        /// Every entry recorded, in order; a later entry for a path overrides an earlier one.
        private var entries: [Entry] = []
        /// The parts that some entry changed.
        private var present: Parts = []
        /// The parts whose dictionary is built (then the dictionary, not `entries`, is the truth).
        private var built: Parts = []
        private var values: [String: Value?] = [:]
        private var visible: [String: Bool] = [:]
        private var enabled: [String: Bool] = [:]
        private var required: [String: Bool] = [:]
        private var issues: [String: [FieldIssue]] = [:]
        private var shownIssues: [String: [FieldIssue]] = [:]
        private var interaction: [String: Interaction] = [:]

        init() {}

        /// A copy for a new sole owner.
        func copy() -> FieldChanges {
            lock.lock()
            defer { lock.unlock() }
            let copy = FieldChanges()
            copy.entries = entries
            copy.present = present
            copy.built = built
            copy.values = values
            copy.visible = visible
            copy.enabled = enabled
            copy.required = required
            copy.issues = issues
            copy.shownIssues = shownIssues
            copy.interaction = interaction
            return copy
        }

        /// Records an entry. Only for the sole owner (see the type's comment), so without the lock.
        func append(_ entry: Entry) {
            entries.append(entry)
            present.formUnion(entry.changed)
            if !built.isEmpty { apply(entry, to: built.intersection(entry.changed)) }
        }

        /// Makes room for about `count` entries.
        func reserveCapacity(_ count: Int) {
            entries.reserveCapacity(count)
        }

        /// Whether every dictionary is empty.
        var isEmpty: Bool {
            lock.lock()
            defer { lock.unlock() }
            if built.isEmpty { return entries.isEmpty }
            for part in [Parts.values, .visible, .enabled, .required, .issues, .shownIssues, .interaction] {
                if built.contains(part) ? !isEmptyBuilt(part) : present.contains(part) { return false }
            }
            return true
        }

        private func isEmptyBuilt(_ part: Parts) -> Bool {
            switch part {
            case .values: values.isEmpty
            case .visible: visible.isEmpty
            case .enabled: enabled.isEmpty
            case .required: required.isEmpty
            case .issues: issues.isEmpty
            case .shownIssues: shownIssues.isEmpty
            default: interaction.isEmpty
            }
        }

        // The dictionaries, each built the first time it is read; each setter is only for the sole owner.
        var valuesByPath: [String: Value?] {
            get { dictionary(.values, \.values) }
            set { setDictionary(.values, \.values, newValue) }
        }
        var visibleByPath: [String: Bool] {
            get { dictionary(.visible, \.visible) }
            set { setDictionary(.visible, \.visible, newValue) }
        }
        var enabledByPath: [String: Bool] {
            get { dictionary(.enabled, \.enabled) }
            set { setDictionary(.enabled, \.enabled, newValue) }
        }
        var requiredByPath: [String: Bool] {
            get { dictionary(.required, \.required) }
            set { setDictionary(.required, \.required, newValue) }
        }
        var issuesByPath: [String: [FieldIssue]] {
            get { dictionary(.issues, \.issues) }
            set { setDictionary(.issues, \.issues, newValue) }
        }
        var shownIssuesByPath: [String: [FieldIssue]] {
            get { dictionary(.shownIssues, \.shownIssues) }
            set { setDictionary(.shownIssues, \.shownIssues, newValue) }
        }
        var interactionByPath: [String: Interaction] {
            get { dictionary(.interaction, \.interaction) }
            set { setDictionary(.interaction, \.interaction, newValue) }
        }

        /// The dictionary of `part`, built from the entries if it is not yet.
        private func dictionary<Element>(_ part: Parts, _ stored: ReferenceWritableKeyPath<FieldChanges, [String: Element]>)
            -> [String: Element]
        {
            lock.lock()
            defer { lock.unlock() }
            build(part)
            return self[keyPath: stored]
        }

        /// Replaces the dictionary of `part`.
        private func setDictionary<Element>(
            _ part: Parts, _ stored: ReferenceWritableKeyPath<FieldChanges, [String: Element]>,
            _ newValue: [String: Element]
        ) {
            lock.lock()
            defer { lock.unlock() }
            build(part)
            self[keyPath: stored] = newValue
        }

        /// Builds the dictionaries of `parts` that are not yet built (the lock held).
        private func build(_ parts: Parts) {
            let missing = parts.subtracting(built)
            guard !missing.isEmpty else { return }
            built.formUnion(missing)
            let wanted = missing.intersection(present)
            guard !wanted.isEmpty else { return }
            if entries.count > 16 {
                if wanted.contains(.values) { values.reserveCapacity(entries.count) }
                if wanted.contains(.visible) { visible.reserveCapacity(entries.count) }
                if wanted.contains(.required) { required.reserveCapacity(entries.count) }
                if wanted.contains(.issues) { issues.reserveCapacity(entries.count) }
            }
            for entry in entries where !entry.changed.isDisjoint(with: wanted) {
                apply(entry, to: wanted.intersection(entry.changed))
            }
        }

        /// Puts an entry's `parts` into their dictionaries.
        private func apply(_ entry: Entry, to parts: Parts) {
            let (path, new) = (entry.path, entry.new)
            if parts.contains(.values) { values[path] = .some(new.value) }
            if parts.contains(.visible) { visible[path] = new.isVisible }
            if parts.contains(.enabled) { enabled[path] = new.isEnabled }
            if parts.contains(.required) { required[path] = new.isRequired }
            if parts.contains(.issues) { issues[path] = new.issues }
            if parts.contains(.shownIssues) { shownIssues[path] = new.shownIssues }
            if parts.contains(.interaction) { interaction[path] = new.interaction }
        }
    }
}
