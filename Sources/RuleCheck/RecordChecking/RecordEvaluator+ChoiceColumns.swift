/// KoboToolbox's 0/1 columns of a select_multiple (``ColumnMap/ChoiceColumn``), each compared
/// with the answer's own column.
extension RecordEvaluator {
    /// A `choice_columns` violation for each 0/1 column that says otherwise than its field's
    /// answer (`colours/green` is 1 while `colours` is `red blue`). Not compared: a blank 0/1 cell,
    /// a field without a column of its own (its 0/1 columns alone are accepted as they are), an
    /// answer that could not be read (that is its own violation). Called while ``buffer`` holds
    /// the record.
    func choiceColumnDisagreements(cells: [Range<Int>], columns: ColumnMap) -> [Violation] {
        var violations: [Violation] = []
        for choice in columns.choiceColumns where choice.column < cells.count && !cells[choice.column].isEmpty {
            let slot = Slot(choice.field)
            guard columns.hasColumn[choice.field.index], unreadable.isEmpty || unreadable[slot] == nil else { continue }
            let field = rules.fields[choice.field.index]
            let chosen: Bool
            if case .list(let items)? = values[slot] {
                chosen = items.contains(field.options[choice.option].value)
            } else {
                chosen = false
            }
            // Read from the bytes: a cell that agrees (nearly all of them) makes no string.
            let bytes = UnsafeBufferPointer(rebasing: buffer[cells[choice.column]])
            guard ValueReader.bool(ascii: bytes) != chosen else { continue }
            let cell = String(decoding: bytes, as: UTF8.self)
            let answer = writtenText(slot) ?? ""
            let message = checker.evaluator.messages.message(
                .choiceColumns, variant: answer.isEmpty ? "blank" : nil,
                [
                    "column": columns.header[choice.column], "cell": cell, "title": field.title(in: checker.evaluator.messages.locale),
                    "answer": answer,
                ])
            violations.append(Violation(field: field.path, code: .choiceColumns, value: cell, message: message))
        }
        return violations
    }
}
