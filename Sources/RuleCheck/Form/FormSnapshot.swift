/// The values of a form and where each came from: enough to restore the form exactly (the
/// rest of its state is derived). `Codable`, for saving drafts.
///
/// ```swift
/// let data = try JSONEncoder().encode(form.snapshot)
/// let draft = try JSONDecoder().decode(FormSnapshot.self, from: data)
/// let restored = try Form(rules, snapshot: draft, today: today)   // identical to `form`
/// ```
public struct FormSnapshot: Codable, Hashable, Sendable {
    /// One field's stored value and provenance.
    public struct Entry: Codable, Hashable, Sendable {
        /// The value as JSON (dates as `yyyy-MM-dd`); absent when empty.
        public var value: SnapshotValue?
        /// `initial`, `user`, `suggestion` or `cleared` (`empty` and `computed` fields are not stored).
        public var source: String
        /// For `cleared`: `user`, `depends_on`, `hidden` or `options_filter`.
        public var cause: String?
        /// For `depends_on`: the field whose change cleared this one.
        public var parent: String?
        /// For `cleared`: the edit that cleared it.
        public var edit: String?
    }

    /// The form's identifier (`form:` of the rules).
    public var form: String
    /// Entries by field path (`doc_number`, `drivers[0].birth_date`).
    public var fields: [String: Entry]
    /// The number of items of each list.
    public var items: [String: Int]
}

/// A JSON value in a snapshot.
public enum SnapshotValue: Codable, Hashable, Sendable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case array([SnapshotValue])
    /// A file of a file field: `{"name": …, "size": …, "type": …}`.
    case object([String: SnapshotValue])

    init(_ json: JSONValue) {
        switch json {
        case .string(let text): self = .string(text)
        case .number(let number): self = .number(number)
        // A `Double` would lose its digits (and `JSONEncoder` writes `Double`s): its digits, as
        // text, which a number field's restore reads back as the number.
        case .decimal(let decimal): self = .string(decimal.description)
        case .bool(let flag): self = .bool(flag)
        case .array(let items): self = .array(items.map(SnapshotValue.init))
        case .object(let members): self = .object(members.mapValues(SnapshotValue.init))
        case .null: self = .string("")
        }
    }

    var json: JSONValue {
        switch self {
        case .string(let text): .string(text)
        case .number(let number): .number(number)
        case .bool(let flag): .bool(flag)
        case .array(let items): .array(items.map(\.json))
        case .object(let members): .object(JSONObject(members.mapValues(\.json)))
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let members = try? container.decode([String: SnapshotValue].self) {
            self = .object(members)
        } else {
            self = .array(try container.decode([SnapshotValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let text): try container.encode(text)
        case .number(let number): try container.encode(number)
        case .bool(let flag): try container.encode(flag)
        case .array(let items): try container.encode(items)
        case .object(let members): try container.encode(members)
        }
    }
}

extension Form {
    /// The form's values and their provenance.
    public var snapshot: FormSnapshot {
        var entries: [String: FormSnapshot.Entry] = [:]
        for slot in allSlots() {
            let field = rules.fields[slot.field.index]
            let state = state(slot)
            // A group or list holds a value only as the object or array a record gave
            // (`empty_values: present`).
            guard field.type.holdsValue || state.value != nil, !field.isComputed,
                state.provenance != .empty
            else { continue }
            var entry = FormSnapshot.Entry(value: state.value.map { SnapshotValue($0.json) }, source: "")
            switch state.provenance {
            case .empty, .computed: continue
            case .initial: entry.source = "initial"
            case .user: entry.source = "user"
            case .suggestion: entry.source = "suggestion"
            case .cleared(let cause, let edit):
                entry.source = "cleared"
                entry.edit = edit
                switch cause {
                case .user: entry.cause = "user"
                case .dependsOn(let parent): entry.cause = "depends_on"; entry.parent = parent
                case .hidden: entry.cause = "hidden"
                case .optionsFilter: entry.cause = "options_filter"
                }
            }
            entries[path(slot)] = entry
        }
        var counts: [String: Int] = [:]
        // A list inside a list's item: one count per outer item (`drivers[0].violations`).
        for slot in allSlots() where rules.fields[slot.field.index].type == .list { counts[path(slot)] = itemCount(of: slot) }
        return FormSnapshot(form: rules.form, fields: entries, items: counts)
    }

    /// Restores a form from a snapshot of the same rules.
    ///
    /// - Throws: ``FormError`` with code ``FormError/Code/snapshotMismatch`` when the snapshot
    ///   names fields these rules do not have, or holds values of the wrong type.
    public init(_ rules: RuleSet, snapshot: FormSnapshot, today: Day = .today(), locale: String? = nil) throws(FormError) {
        self.init(rules, today: today, locale: locale)
        if let first = try restore(snapshot, lenient: false).first {
            throw FormError(.snapshotMismatch, first.reason)
        }
    }

    /// Restores a draft saved with other (older) rules: keeps every value that still fits and
    /// reports what it dropped — fields and lists these rules do not have, values no longer of
    /// the field's type or among its options — instead of failing.
    ///
    /// ```swift
    /// let (form, dropped) = try Form.restoring(newRules, snapshot: draft)
    /// dropped    // [SnapshotDrop(path: "fax", reason: "the snapshot has a value for 'fax', …")]
    /// ```
    ///
    /// - Throws: ``FormError`` only when the snapshot is of another form.
    public static func restoring(
        _ rules: RuleSet, snapshot: FormSnapshot, today: Day = .today(),
        locale: String? = nil
    ) throws(FormError) -> (form: Form, dropped: [SnapshotDrop]) {
        var form = Form(rules, today: today, locale: locale)
        let dropped = try form.restore(snapshot, lenient: true)
        return (form, dropped)
    }

    /// Puts a snapshot's items and values into this form and evaluates it. Strict: stops at the
    /// first entry that does not fit (returned); lenient: skips each such entry, returning all.
    /// `anyForm`: the snapshot may be of another form (``copy(sections:from:)``).
    mutating func restore(_ snapshot: FormSnapshot, lenient: Bool, anyForm: Bool = false) throws(FormError) -> [SnapshotDrop] {
        guard anyForm || snapshot.form == rules.form else {
            throw FormError(.snapshotMismatch, "the snapshot is of form '\(snapshot.form)', not '\(rules.form)'")
        }
        var dropped: [SnapshotDrop] = []
        // Restored values are not typed text.
        typedInputs = [:]
        // Sorted, a list comes before the lists in its items (`drivers`, `drivers[0].violations`).
        for (path, count) in snapshot.items.sorted(by: { $0.key < $1.key }) {
            guard let listSlot = try? slot(path), rules.fields[listSlot.field.index].type == .list, count >= 0 else {
                dropped.append(SnapshotDrop(path: path, reason: "the snapshot has items of '\(path)', which is not a list of these rules"))
                if lenient { continue } else { return dropped }
            }
            let list = rules.fields[listSlot.field.index]
            let ordinal = rules.listOrdinal[list.id.index]
            let fresh = list.members.map { initialState(rules.fields[$0.index]) }
            if list.list == nil {
                values.resetItems(ordinal: ordinal, count: 0)
                states.resetItems(ordinal: ordinal, count: 0)
            }
            // A nested list's outer item was just made, without items: they go at its end.
            for _ in 0..<count {
                let end = values.items(ordinal: ordinal, owner: listSlot.item).upperBound
                values.insertItem(fresh.map(\.value), ordinal: ordinal, at: end, owner: listSlot.item)
                states.insertItem(fresh.map(\.status), ordinal: ordinal, at: end, owner: listSlot.item)
            }
        }
        for path in snapshot.fields.keys.sorted() {
            guard let entry = snapshot.fields[path] else { continue }
            let slot: Slot
            do { slot = try self.slot(path) } catch {
                dropped.append(SnapshotDrop(path: path, reason: "the snapshot has a value for '\(path)', which these rules do not have"))
                if lenient { continue } else { return dropped }
            }
            var state = self.state(slot)
            let field = rules.fields[slot.field.index]
            switch ValueReader.read(
                json: Self.numbers(in: entry.value?.json ?? .null, of: field), for: field, dates: .iso,
                options: evaluator.options(of: field))
            {
            case .success(let value): state.value = value
            case .failure(let failure):
                dropped.append(SnapshotDrop(path: path, reason: "the snapshot's value of '\(path)' is not \(failure.expected)"))
                if lenient { continue } else { return dropped }
            }
            do {
                state.provenance = try Self.provenance(entry, path)
            } catch {
                dropped.append(SnapshotDrop(path: path, reason: error.message))
                if lenient { continue } else { return dropped }
            }
            setState(state, slot)
        }
        recomputeAll(changed: [], edit: nil)
        recountValidity()
        settleCurrentPage()
        return dropped
    }

    /// A snapshot's value with a number written as text (``SnapshotValue/init(_:)``, for a number
    /// with more digits than a `Double` holds) read back as the number, for a field of numbers.
    private static func numbers(in json: JSONValue, of field: FieldRules) -> JSONValue {
        let type = field.type == .values ? field.itemType : field.type
        guard type == .number || type == .integer else { return json }
        switch json {
        case .string(let text): return ExactDecimal(text).map { Value(exactly: $0).json } ?? json
        case .array(let items) where field.type == .values: return .array(items.map { numbers(in: $0, of: field) })
        default: return json
        }
    }

    private static func provenance(_ entry: FormSnapshot.Entry, _ path: String) throws(FormError) -> FieldState.Provenance {
        switch (entry.source, entry.cause) {
        case ("initial", _): return .initial
        case ("user", _): return .user
        case ("suggestion", _): return .suggestion
        case ("cleared", "user"): return .cleared(.user, edit: entry.edit)
        case ("cleared", "depends_on"): return .cleared(.dependsOn(entry.parent ?? ""), edit: entry.edit)
        case ("cleared", "hidden"): return .cleared(.hidden, edit: entry.edit)
        case ("cleared", "options_filter"): return .cleared(.optionsFilter, edit: entry.edit)
        default:
            throw FormError(.snapshotMismatch, "the snapshot's entry for '\(path)' has an unknown source '\(entry.source)'")
        }
    }
}

/// An entry of a snapshot that ``Form/restoring(_:snapshot:today:locale:)`` could not keep.
public struct SnapshotDrop: Hashable, Sendable, CustomStringConvertible {
    /// The field or list path in the snapshot.
    public let path: String
    /// Why it was dropped, for people.
    public let reason: String

    public var description: String { reason }
}
