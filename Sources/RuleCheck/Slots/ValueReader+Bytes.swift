/// Reading a cell's value from its UTF-8 bytes, where it lies in the batch's buffer.
extension ValueReader {
    /// ``read(text:for:)`` for text given as its (valid) UTF-8 bytes, with the same answer.
    ///
    /// ASCII numbers, dates, bools and options are read from the bytes; any other text goes
    /// through ``read(text:for:)``, so what the rules accept is decided in one place, and a reader
    /// of digits of other scripts only has to be taught there. `options` is the field's
    /// ``OptionTable``, when it has one.
    static func read(
        utf8 bytes: UnsafeBufferPointer<UInt8>, for field: FieldRules,
        options: OptionTable?, locale: NumberSymbols?
    ) -> Result<Value?, Unreadable> {
        if bytes.isEmpty { return .success(nil) }
        // A text is read as text whatever its bytes: no need to look at them first.
        guard field.type != .text, UTF8Text.isASCII(bytes) else {
            return read(text: String(decoding: bytes, as: UTF8.self), for: field, locale: locale)
        }
        switch field.type {
        case .number, .integer:
            // Plain decimal from the bytes, unless a locale may read them otherwise (`1.200` in
            // German); what plain decimal does not read goes to the one reader of numbers.
            if let number = NumberText.parse(ascii: bytes), !(locale?.grouping.contains(".") ?? false),
                field.type == .number || number.isWholeNumber
            {
                return .success(number)
            }
        case .date:
            guard let day = field.dateFormat.parse(bytes: bytes) else {
                return .failure(Unreadable(failure: .type(.date(format: field.dateFormat.pattern))))
            }
            return .success(.date(day))
        case .bool:
            guard let flag = bool(ascii: bytes) else { return .failure(Unreadable(failure: .type(.bool))) }
            return .success(.bool(flag))
        case .choice:
            guard let options else { break }
            guard let option = options.option(ascii: bytes, of: field) else { return .failure(Unreadable(failure: .option)) }
            return .success(option)
        default:
            break
        }
        return read(text: String(decoding: bytes, as: UTF8.self), for: field, locale: locale)
    }

    /// ``bool(_:)`` for the UTF-8 bytes of a cell: `true`/`yes`/`1`, `false`/`no`/`0`, in any
    /// ASCII case; any other bytes (other scripts included) are no bool.
    static func bool(ascii bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        func spells(_ word: StaticString) -> Bool {
            guard bytes.count == word.utf8CodeUnitCount else { return false }
            let letters = word.utf8Start
            for index in 0..<bytes.count where bytes[index] | 0x20 != letters[index] | 0x20 {
                return false
            }
            return true
        }
        switch bytes.count {
        case 1: return bytes[0] == UInt8(ascii: "1") ? true : bytes[0] == UInt8(ascii: "0") ? false : nil
        case 2: return spells("no") ? false : nil
        case 3: return spells("yes") ? true : nil
        case 4: return spells("true") ? true : nil
        case 5: return spells("false") ? false : nil
        default: return nil
        }
    }
}

/// A choice field's options, for finding the one a cell names from the cell's ASCII bytes: made
/// once per checker, for fields whose options are all ASCII text or all numbers (other fields
/// read their cells as text).
final class OptionTable: Sendable {
    private enum Kind: Sendable {
        /// Every option value is ASCII text: the index of the first option of each value.
        case text(ByteKeyTable)
        /// Every option value is a number.
        case numbers
    }

    private let kind: Kind
    /// For `.numbers`: each option's `Double` (nil for a `.decimal`), so that a cell's number is
    /// found without comparing `Value`s.
    private let numbers: [Double?]

    init?(_ field: FieldRules) {
        guard field.type == .choice || field.type == .multiChoice, !field.options.isEmpty else { return nil }
        if field.options.allSatisfy({ $0.value.number != nil }) {
            kind = .numbers
            numbers = field.options.map { if case .number(let number) = $0.value { number } else { nil } }
            return
        }
        numbers = []
        var pairs: [(key: [UInt8], value: Int)] = []
        for (index, option) in field.options.enumerated() {
            guard case .text(let text) = option.value, text.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
            pairs.append((Array(text.utf8), index))
        }
        kind = .text(ByteKeyTable(pairs))
    }

    /// Whether every option value is text (so a JSON string may name one).
    var isText: Bool {
        if case .text = kind { return true }
        return false
    }

    /// Where an option with this value is among the field's options (they are all different).
    enum Lookup {
        case index(Int)
        case none
        /// The value is text that is not ASCII, which Swift may find equal to other bytes: look.
        case unknown
    }

    /// The option whose value is `value`.
    func lookup(_ value: Value, of field: FieldRules) -> Lookup {
        switch (kind, value) {
        case (.text(let table), .text(let text)):
            return UTF8Text.withBytes(of: text) { bytes in
                guard UTF8Text.isASCII(bytes) else { return .unknown }
                return table.find(bytes).map(Lookup.index) ?? .none
            }
        case (.numbers, .number(let number)):
            return numbers.firstIndex(of: number).map(Lookup.index) ?? .none
        case (.numbers, .decimal):
            return field.options.firstIndex { $0.value == value }.map(Lookup.index) ?? .none
        default:
            return .none
        }
    }

    /// The option an ASCII cell names, as ``ValueReader/option(_:of:)`` finds it.
    func option(ascii bytes: UnsafeBufferPointer<UInt8>, of field: FieldRules) -> Value? {
        index(ascii: bytes, of: field).map { field.options[$0].value }
    }

    /// The index of the option an ASCII cell names.
    func index(ascii bytes: UnsafeBufferPointer<UInt8>, of field: FieldRules) -> Int? {
        switch kind {
        case .text(let table):
            return table.find(bytes)
        case .numbers:
            switch NumberText.parse(ascii: bytes) {
            case .number(let number)?: return numbers.firstIndex(of: number)
            case let decimal?: return field.options.firstIndex { $0.value == decimal }
            case nil: return nil
            }
        }
    }
}
