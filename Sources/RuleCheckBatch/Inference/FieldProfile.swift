import RuleCheck

/// What ``RulesInference`` saw of one field over all records: how many values, of which kinds,
/// which types they all read as, their bounds, lengths, shape and distinct values — in memory
/// that does not grow with the number of records.
final class FieldProfile {
    let name: String
    /// The path of the level the field is on (`insurant.`), for notes.
    let prefix: String
    /// How deeply the field is nested in groups and list items (0 at the top).
    let depth: Int
    let limits: FieldSet.Limits
    /// Whether its text values are CSV cells (numbers and bools are then read from text) rather
    /// than JSON strings (which stay text: JSON keeps its types).
    let fromCells: Bool

    /// Values that are not empty: not null, not empty text, not an empty array, and there.
    private(set) var present = 0
    private(set) var texts = 0
    /// JSON strings `""`: no value for a text or a date field, but a string all the same, which
    /// no number, bool, group, array or option field reads (CSV's empty cells are no value).
    private(set) var emptyTexts = 0
    private(set) var numbers = 0
    private(set) var bools = 0
    private(set) var objects = 0
    private(set) var arrays = 0

    /// Text values read as numbers (cells), and JSON numbers.
    private(set) var textNumbers = NumberRange()
    private(set) var jsonNumbers = NumberRange()
    /// Whether every text value is a bool word or 0/1, and whether one is a word.
    private(set) var allBoolTexts = true
    private(set) var boolWord = false
    private(set) var dates = DateGuess()
    /// The fewest and most Unicode scalars of a text value.
    private(set) var shortest = Int.max
    private(set) var longest = 0
    /// The shape all text values share; nil once two differ (``shapeBroken``).
    private(set) var shape: ValueShape?
    private(set) var shapeBroken = false
    private(set) var distinct: DistinctValues
    /// A few distinct text values, to try a proposed pattern or mask on.
    private(set) var examples: [String] = []

    /// A group's members (the field's values are JSON objects).
    private(set) var members: FieldSet?
    /// A list's item fields (JSON arrays of objects), and the plain values of a values field
    /// (JSON arrays of scalars).
    private(set) var items: FieldSet?
    private(set) var elements: FieldProfile?
    /// Arrays that held something other than objects, or objects and scalars mixed.
    private(set) var mixedArrays = false
    /// `null` elements of arrays of plain values, which no `values` or `multi_choice` field reads.
    private(set) var nullElements = 0
    private(set) var fewestItems = Int.max
    private(set) var mostItems = 0
    /// CSV and TSV: cells that hold a JSON array, and those of them with an item.
    private(set) var cellArrays = 0
    private(set) var filledCellArrays = 0
    /// CSV and TSV: the columns whose cells come here (1, or 0 for a group of `group.member` columns).
    var cells = 0

    static let maxExamples = 32

    init(name: String, depth: Int, fromCells: Bool, limits: FieldSet.Limits, prefix: String) {
        self.name = name
        self.prefix = prefix
        self.depth = depth
        self.fromCells = fromCells
        self.limits = limits
        distinct = DistinctValues(limit: limits.maxOptions)
    }

    /// The members of a group of CSV columns (`insurant.last_name`, …); nil when the field is a
    /// column itself.
    func columnMembers() -> FieldSet? {
        guard cells == 0 else { return nil }
        if members == nil { members = FieldSet(depth: depth + 1, fromCells: true, limits: limits, prefix: prefix + name + ".") }
        return members
    }

    /// A CSV or TSV cell. A cell holding a JSON array (a list's or a values field's column, as
    /// `check` reads them) counts as text and as that array: the field is a list when every
    /// cell is one.
    func add(cell: String) {
        guard !cell.isEmpty else { return }
        present += 1
        add(text: cell)
        if cell.utf8.first == UInt8(ascii: "["), case .array(let elements)? = try? JSONParser().parse(cell) {
            cellArrays += 1
            fewestItems = min(fewestItems, elements.count)
            mostItems = max(mostItems, elements.count)
            if !elements.isEmpty {
                filledCellArrays += 1
                limits.madeField = false
                add(elements: elements)
                // The parsed objects are dictionaries: new item fields take the order the cell
                // writes their keys in (at the array's path, `[]`), as a JSON record's do.
                if limits.madeField, let items {
                    var text = cell
                    text.withUTF8 { items.settleOrder(JSONKeyOrder.keys(in: $0), path: JSONKeyOrder.path("", "[]")) }
                }
            }
        }
    }

    /// A JSON value.
    func add(json value: JSONValue) {
        switch value {
        case .null:
            return
        case .string(let text):
            guard !text.isEmpty else {
                emptyTexts += 1
                return
            }
            present += 1
            add(text: text)
        case .number(let number):
            present += 1
            numbers += 1
            jsonNumbers.add(number: .number(number))
            distinct.add(Self.numberKey(.number(number)))
        case .decimal(let decimal):
            present += 1
            numbers += 1
            jsonNumbers.add(number: .decimal(decimal))
            distinct.add(Self.numberKey(.decimal(decimal)))
        case .bool(let flag):
            present += 1
            bools += 1
            distinct.add(flag ? "true" : "false")
        case .object(let object):
            present += 1
            objects += 1
            if members == nil { members = FieldSet(depth: depth + 1, fromCells: false, limits: limits, prefix: prefix + name + ".") }
            members?.add(object: object)
        case .array(let elements):
            arrays += 1
            fewestItems = min(fewestItems, elements.count)
            mostItems = max(mostItems, elements.count)
            guard !elements.isEmpty else { return }
            present += 1
            add(elements: elements)
        }
    }

    private func add(elements: [JSONValue]) {
        let objectCount = elements.count { if case .object = $0 { true } else { false } }
        if objectCount == elements.count {
            if items == nil { items = FieldSet(depth: depth + 1, fromCells: false, limits: limits, prefix: prefix + name + "[].") }
            for case .object(let object) in elements { items?.add(object: object) }
            if self.elements != nil { mixedArrays = true }
        } else if objectCount == 0 {
            if self.elements == nil {
                self.elements = FieldProfile(name: name, depth: depth + 1, fromCells: false, limits: limits, prefix: prefix)
            }
            for element in elements {
                switch element {
                case .array: mixedArrays = true
                case .null: nullElements += 1
                default:
                    self.elements?.add(json: element)
                }
            }
            if items != nil { mixedArrays = true }
        } else {
            mixedArrays = true
        }
    }

    private func add(text: String) {
        texts += 1
        if fromCells {
            textNumbers.add(text: text)
            if allBoolTexts {
                if RecordChecker.readsBool(text) == nil {
                    allBoolTexts = false
                } else if text != "0" && text != "1" {
                    boolWord = true
                }
            }
        }
        dates.add(text)
        let length = text.unicodeScalars.count
        shortest = min(shortest, length)
        longest = max(longest, length)
        if !shapeBroken {
            if let own = ValueShape(text), let merged = shape.map({ $0.merged(with: own) }) ?? own {
                shape = merged
            } else {
                shape = nil
                shapeBroken = true
            }
        }
        distinct.add(text)
        if examples.count < Self.maxExamples, !examples.contains(text) { examples.append(text) }
    }

    /// How a JSON number is counted among distinct values: as its literal (`3`, `2.5`).
    private static func numberKey(_ number: Value) -> String {
        NumberRange.literal(number) ?? number.exactNumber?.description ?? "\(number)"
    }

    /// The kinds of value seen, in words (`text`, `numbers`, …), for a field that mixes them.
    var kinds: [String] {
        [
            (texts + emptyTexts, texts > 0 ? "text" : "empty text"), (numbers, "numbers"), (bools, "true/false"),
            (objects, "objects"), (arrays, "arrays"),
        ]
        .filter { $0.0 > 0 }.map(\.1)
    }
}
