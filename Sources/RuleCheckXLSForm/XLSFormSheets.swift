import Foundation

/// A sheet of an XLSForm read by its header row: each later row's cells by column name, each
/// with its place. Column names are read as pyxform reads them: `bind::relevant`, `bind:relevant`
/// and `relevance` are `relevant`; `label::French (fr)` and `label:French (fr)` are `label` in
/// French.
struct XLSFormSheet {
    struct Column: Hashable {
        /// The column's meaning (`label`, `relevant`, `constraint_message`), lowercased.
        var name: String
        /// The language of a translated column (`French (fr)`), or nil.
        var language: String?
        /// As written in the header.
        var written: String
        var index: Int
    }

    struct Row {
        var number: Int
        var values: [Column: String]

        func value(_ name: String) -> String? {
            values.first { $0.key.name == name && $0.key.language == nil }?.value
        }

        func column(_ name: String) -> Column? {
            values.keys.filter { $0.name == name && $0.language == nil }.min { $0.index < $1.index }
        }

        /// Every language's text of `name` (nil: the column without a language).
        func translations(_ name: String) -> [(language: String?, column: Column, text: String)] {
            values.filter { $0.key.name == name }.sorted { $0.key.index < $1.key.index }.map { ($0.key.language, $0.key, $0.value) }
        }
    }

    var name: String
    var columns: [Column]
    var rows: [Row]
    /// The header row's number.
    var headerRow: Int

    init(_ sheet: Sheet) {
        name = sheet.name
        guard let header = sheet.rows.first else {
            columns = []
            rows = []
            headerRow = 1
            return
        }
        headerRow = header.number
        columns = header.cells.map { cell in Self.column(cell.text, index: cell.column) }
        var byIndex: [Int: Column] = [:]
        for column in columns where byIndex[column.index] == nil { byIndex[column.index] = column }
        rows = sheet.rows.dropFirst().map { row in
            var values: [Column: String] = [:]
            for cell in row.cells {
                guard let column = byIndex[cell.column] else { continue }
                values[column] = cell.text
            }
            return Row(number: row.number, values: values)
        }
    }

    /// A header cell written as an earlier one is, with that earlier one: pyxform refuses such a
    /// sheet (`Duplicate column header`), and which of the two a form means cannot be told.
    var repeatedColumn: (first: Column, again: Column)? {
        var seen: [String: Column] = [:]
        for column in columns {
            if let first = seen[column.written] { return (first, column) }
            seen[column.written] = column
        }
        return nil
    }

    /// The columns pyxform knows under other names.
    static let aliases: [String: String] = [
        "relevance": "relevant", "caption": "label", "constraint message": "constraint_message",
        "jr:constraintmsg": "constraint_message", "constraintmsg": "constraint_message",
        "required message": "required_message", "jr:requiredmsg": "required_message", "requiredmsg": "required_message",
        "readonly": "read_only", "read only": "read_only", "calculate": "calculation", "list name": "list_name",
        "choice filter": "choice_filter", "repeat count": "repeat_count", "jr:count": "repeat_count",
        "count": "repeat_count", "jr:choice_filter": "choice_filter", "default_language": "default_language",
        "form title": "form_title", "form id": "form_id", "id_string": "form_id", "title": "form_title",
        "default language": "default_language", "parameters": "parameters", "params": "parameters",
        "hint": "hint", "appearance": "appearance", "control:appearance": "appearance",
        "jr:preloadparams": "parameters",
    ]

    static func column(_ written: String, index: Int) -> Column {
        var text = written.trimmingSpaces
        var language: String?
        // `bind::relevant`, `bind::jr:constraintMsg`: the prefix goes, the rest is the column.
        for prefix in ["bind::", "control::", "body::"] where text.lowercased().hasPrefix(prefix) {
            text = String(text.dropFirst(prefix.count))
        }
        if let range = text.range(of: "::") {
            language = String(text[range.upperBound...]).trimmingSpaces
            text = String(text[..<range.lowerBound])
        }
        var name = text.lowercased()
        for prefix in ["bind:", "control:", "body:"] where name.hasPrefix(prefix) && name != "control:appearance" {
            name = String(name.dropFirst(prefix.count))
        }
        if language == nil, let colon = name.firstIndex(of: ":"), !name.hasPrefix("jr:") {
            // `label:French (fr)`: a translation written with one colon.
            let base = String(name[..<colon])
            if ["label", "hint", "constraint_message", "required_message", "guidance_hint", "media", "image", "audio", "video"]
                .contains(base)
            {
                let offset = text.distance(from: text.startIndex, to: text.firstIndex(of: ":") ?? text.startIndex)
                language = String(text.dropFirst(offset + 1)).trimmingSpaces
                name = base
            }
        }
        name = name.replacingOccurrences(of: "  ", with: " ")
        name = aliases[name] ?? name.replacingOccurrences(of: " ", with: "_")
        if name.hasPrefix("jr:") { name = aliases[name] ?? name }
        return Column(name: name, language: language, written: written, index: index)
    }
}
