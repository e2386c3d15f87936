import RuleCheck

/// Writes a ``Workbook`` as an `.xlsx` workbook (Office Open XML): a ZIP of the package's
/// content types and relationships, the workbook part listing the sheets in order, and one
/// worksheet part per sheet whose cells are inline strings (`t="inlineStr"`) — no shared strings
/// or styles, which a reader does not need. ``XLSXReader``, Excel, LibreOffice and openpyxl (and
/// so pyxform) read it.
///
/// ```swift
/// let bytes = try XLSXWriter.write(workbook)
/// ```
public enum XLSXWriter {
    private static let mainNamespace = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
    private static let relationships = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    private static let declaration = #"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>"# + "\n"

    /// The workbook's bytes.
    ///
    /// - Throws: ``WorkbookError`` when a sheet name is not one Excel allows (empty, longer than
    ///   31 characters, or with one of `[]:*?/\`), a text holds a character XML cannot carry (a
    ///   control character other than tab and line breaks), or the archive would pass 4 GB.
    public static func write(_ workbook: Workbook) throws(WorkbookError) -> [UInt8] {
        var zip = ZIPWriter()
        try zip.add("[Content_Types].xml", Array(contentTypes(sheets: workbook.sheets.count).utf8))
        try zip.add("_rels/.rels", Array(packageRelationships.utf8))
        try zip.add("xl/workbook.xml", Array(try workbookPart(workbook).utf8))
        try zip.add("xl/_rels/workbook.xml.rels", Array(workbookRelationships(sheets: workbook.sheets.count).utf8))
        for (index, sheet) in workbook.sheets.enumerated() {
            try zip.add("xl/worksheets/sheet\(index + 1).xml", Array(try worksheet(sheet).utf8))
        }
        return try zip.archive()
    }

    private static func contentTypes(sheets: Int) -> String {
        var xml = declaration + #"<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">"#
        xml += #"<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>"#
        xml += #"<Default Extension="xml" ContentType="application/xml"/>"#
        xml +=
            #"<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>"#
        for index in 0..<sheets {
            xml +=
                #"<Override PartName="/xl/worksheets/sheet\#(index + 1).xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>"#
        }
        return xml + "</Types>"
    }

    private static var packageRelationships: String {
        declaration + #"<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">"#
            + #"<Relationship Id="rId1" Type="\#(relationships)/officeDocument" Target="xl/workbook.xml"/>"#
            + "</Relationships>"
    }

    private static func workbookPart(_ workbook: Workbook) throws(WorkbookError) -> String {
        var xml = declaration + #"<workbook xmlns="\#(mainNamespace)" xmlns:r="\#(relationships)"><sheets>"#
        var names = Set<String>()
        for (index, sheet) in workbook.sheets.enumerated() {
            guard (1...31).contains(sheet.name.count), !sheet.name.contains(where: { "[]:*?/\\".contains($0) }) else {
                throw WorkbookError("'\(sheet.name)' cannot be a sheet's name (1 to 31 characters, none of []:*?/\\)")
            }
            guard names.insert(sheet.name.lowercased()).inserted else {
                throw WorkbookError("two sheets are named '\(sheet.name)'")
            }
            xml += #"<sheet name="\#(try escaped(sheet.name, at: sheet.name))" sheetId="\#(index + 1)" r:id="rId\#(index + 1)"/>"#
        }
        return xml + "</sheets></workbook>"
    }

    private static func workbookRelationships(sheets: Int) -> String {
        var xml = declaration + #"<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">"#
        for index in 0..<sheets {
            xml +=
                #"<Relationship Id="rId\#(index + 1)" Type="\#(relationships)/worksheet" Target="worksheets/sheet\#(index + 1).xml"/>"#
        }
        return xml + "</Relationships>"
    }

    private static func worksheet(_ sheet: Sheet) throws(WorkbookError) -> String {
        var xml = declaration + #"<worksheet xmlns="\#(mainNamespace)"><sheetData>"#
        for row in sheet.rows where !row.cells.isEmpty {
            xml += #"<row r="\#(row.number)">"#
            for cell in row.cells {
                let reference = CellReference.columnName(cell.column) + String(row.number)
                let text = try escaped(cell.text, at: "\(sheet.name)!\(reference)")
                xml += #"<c r="\#(reference)" t="inlineStr"><is><t xml:space="preserve">\#(text)</t></is></c>"#
            }
            xml += "</row>"
        }
        return xml + "</sheetData></worksheet>"
    }

    /// `text` as XML character data or an attribute value (`XMLText`); a character XML cannot
    /// carry is an error naming `place`.
    static func escaped(_ text: String, at place: String) throws(WorkbookError) -> String {
        var refused: Unicode.Scalar?
        guard
            let escaped = XMLText.escaped(
                text, inAttribute: false,
                invalid: {
                    refused = $0; return nil
                })
        else {
            let code = refused.map { String($0.value, radix: 16, uppercase: true) } ?? "?"
            throw WorkbookError("\(place): the character U+\(code) cannot be written in an .xlsx workbook")
        }
        return escaped
    }
}
