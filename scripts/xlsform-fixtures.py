#!/usr/bin/env python3
"""Writes the .xlsx fixtures of Tests/RuleCheckXLSFormTests/Fixtures: small XLSForm workbooks
made here, part by part, with Python's zipfile (fixed timestamps: the same bytes on every run),
so that the tests read workbooks as Excel stores them — shared strings, inline strings, number
cells, dates as serial numbers under the 1900 and the 1904 date systems — and workbooks that are
broken on purpose (not a ZIP, no survey sheet, a sheet missing, a ZIP bomb, too many parts, a DTD).

Usage: scripts/xlsform-fixtures.py   (then commit the files it wrote)"""
import os, zipfile
from xml.sax.saxutils import escape

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "RuleCheckXLSFormTests", "Fixtures")
STAMP = (2026, 12, 1, 0, 0, 0)

CONTENT_TYPES = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/></Types>"""
ROOT_RELS = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>"""
STYLES = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="1"><numFmt numFmtId="164" formatCode="dd/mm/yyyy"/></numFmts><cellXfs count="3"><xf numFmtId="0"/><xf numFmtId="14" applyNumberFormat="1"/><xf numFmtId="164" applyNumberFormat="1"/></cellXfs></styleSheet>"""


def column(index):
    name = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        name = chr(65 + rest) + name
    return name


class Date:
    """A cell holding an Excel serial number in a date format (style 1 built in, style 2 custom)."""

    def __init__(self, serial, style=1):
        self.serial, self.style = serial, style


class Inline:
    """A cell written as an inline string (t="inlineStr"), as some tools write them."""

    def __init__(self, text):
        self.text = text


def sheet_xml(rows, strings):
    out = ['<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
           '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>']
    for r, row in enumerate(rows, start=1):
        cells = []
        for c, value in enumerate(row):
            ref = f"{column(c)}{r}"
            if value is None or value == "":
                continue
            if isinstance(value, Date):
                cells.append(f'<c r="{ref}" s="{value.style}"><v>{value.serial}</v></c>')
            elif isinstance(value, Inline):
                cells.append(f'<c r="{ref}" t="inlineStr"><is><t>{escape(value.text)}</t></is></c>')
            elif isinstance(value, bool):
                cells.append(f'<c r="{ref}" t="b"><v>{int(value)}</v></c>')
            elif isinstance(value, (int, float)):
                cells.append(f'<c r="{ref}"><v>{value!r}</v></c>')
            else:
                if value not in strings:
                    strings.append(value)
                cells.append(f'<c r="{ref}" t="s"><v>{strings.index(value)}</v></c>')
        out.append(f'<row r="{r}">' + "".join(cells) + "</row>")
    out.append("</sheetData></worksheet>")
    return "".join(out)


def workbook(path, sheets, date1904=False, drop=(), extra=()):
    """Writes `sheets` ([(name, rows)]) as an .xlsx; `drop` leaves parts out, `extra` adds (name, bytes)."""
    strings = []
    parts = {}
    rels = ['<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
            '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">']
    listed = []
    for index, (name, rows) in enumerate(sheets, start=1):
        parts[f"xl/worksheets/sheet{index}.xml"] = sheet_xml(rows, strings)
        rels.append(f'<Relationship Id="rId{index}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet{index}.xml"/>')
        listed.append(f'<sheet name="{escape(name)}" sheetId="{index}" r:id="rId{index}"/>')
    n = len(sheets)
    rels.append(f'<Relationship Id="rId{n + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>')
    rels.append(f'<Relationship Id="rId{n + 2}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>')
    rels.append("</Relationships>")
    pr = '<workbookPr date1904="1"/>' if date1904 else "<workbookPr/>"
    parts["xl/workbook.xml"] = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
                                '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
                                'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">'
                                f'{pr}<sheets>{"".join(listed)}</sheets></workbook>')
    parts["xl/_rels/workbook.xml.rels"] = "".join(rels)
    parts["xl/sharedStrings.xml"] = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
                                     f'<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="{len(strings)}" uniqueCount="{len(strings)}">'
                                     + "".join(f"<si><t xml:space=\"preserve\">{escape(s)}</t></si>" for s in strings) + "</sst>")
    parts["xl/styles.xml"] = STYLES
    parts["[Content_Types].xml"] = CONTENT_TYPES
    parts["_rels/.rels"] = ROOT_RELS
    for name in drop:
        parts.pop(name, None)
    for name, data in extra:
        parts[name] = data
    with zipfile.ZipFile(os.path.join(OUT, path), "w", zipfile.ZIP_DEFLATED) as archive:
        for name in sorted(parts):
            info = zipfile.ZipInfo(name, STAMP)
            info.compress_type = zipfile.ZIP_DEFLATED
            data = parts[name]
            archive.writestr(info, data.encode() if isinstance(data, str) else data)


SURVEY_HEADER = ["type", "name", "label", "label::French (fr)", "hint", "required", "required_message",
                 "relevant", "constraint", "constraint_message", "constraint_message::French (fr)",
                 "calculation", "default", "read_only", "choice_filter", "appearance", "parameters", "repeat_count"]


def row(**cells):
    return [cells.get(name.replace("::French (fr)", "_fr"), "") for name in SURVEY_HEADER]


HOUSEHOLD = [
    SURVEY_HEADER,
    row(type="text", name="respondent", label="Respondent's name", label_fr="Nom", required="yes",
        required_message="Enter a name", constraint="string-length(.) >= 2",
        constraint_message="At least 2 letters", constraint_message_fr="Au moins 2 lettres"),
    row(type="integer", name="age", label="Age", label_fr="Âge", required="true",
        constraint=". >= 0 and . <= 120", constraint_message="Between 0 and 120"),
    row(type="select_one yes_no", name="consent", label="Do you agree?", required="yes"),
    row(type="note", name="thanks", label="Thank you", relevant="${consent} = 'yes'"),
    row(type="begin group", name="details", label="Details", relevant="${consent} = 'yes'"),
    row(type="decimal", name="income", label="Monthly income", constraint=". > 0"),
    row(type="select_one state", name="state", label="State"),
    row(type="select_one county", name="county", label="County", choice_filter="state=${state}"),
    row(type="select_multiple fruit", name="fruits", label="Fruits", default="apple",
        constraint="count-selected(.) <= 2 and not(selected(., 'none') and count-selected(.) > 1)"),
    row(type="select_one color or_other", name="color", label="Favourite colour"),
    row(type="date", name="visit", label="Visit date", constraint=". <= today()", default=Date(45352)),
    row(type="text", name="phone", label="Phone", constraint="regex(., '[0-9]{10}')",
        relevant="${age} >= 18 or selected(${fruits}, 'apple')"),
    row(type="end group"),
    row(type="calculate", name="age_next_year", calculation="${age} + 1"),
    row(type="hidden", name="batch"),
    row(type="acknowledge", name="ready", label="Ready?", read_only="false"),
    row(type="range", name="score", label="Score", parameters="start=0 end=10 step=2"),
    row(type="integer", name="members", label="How many members?", constraint=". > 0"),
    row(type="begin repeat", name="member", label="Member", repeat_count="${members}"),
    row(type="text", name="member_name", label="Name", required="yes"),
    row(type="integer", name="member_age", label="Age", constraint=". < ${age} + 100"),
    row(type="end repeat"),
    row(type="calculate", name="total_age", calculation="sum(${member_age})"),
    row(type="text", name="code", label="Code", read_only="yes", default=Inline("X-1")),
    row(type="text", name="lookup", label="Looked up", calculation="pulldata('people', 'name', 'id', ${code})"),
    row(type="integer", name="lucky", label="Lucky", constraint=". mod 7 = 0"),
]

CHOICES = [
    ["list_name", "name", "label", "label::French (fr)", "state"],
    ["yes_no", "yes", "Yes", "Oui"], ["yes_no", "no", "No", "Non"],
    ["state", "texas", "Texas"], ["state", "washington", "Washington"],
    ["county", "harris", "Harris", "", "texas"], ["county", "king", "King", "", "washington"],
    ["fruit", "apple", "Apple"], ["fruit", "banana", "Banana"], ["fruit", "none", "None"],
    ["color", 1, "Red"], ["color", 2, "Blue"],
]

SETTINGS = [["form_id", "form_title", "version", "default_language"], ["household", "Household survey", 2026120101, "English (en)"]]


def main():
    os.makedirs(OUT, exist_ok=True)
    workbook("household.xlsx", [("survey", HOUSEHOLD), ("choices", CHOICES), ("settings", SETTINGS)])
    # Dates: 45352 is 2024-03-01 in the 1900 system and 2028-03-02 in the 1904 one; 45352.5 noon.
    dates = [["type", "name", "label", "default"],
             ["date", "a", "A", Date(45352)], ["date", "b", "B", Date(45352, style=2)],
             ["text", "c", "C", 45352.5], ["text", "d", "D", Date(0.75)], ["decimal", "e", "E", 0.1], ["text", "f", "F", True]]
    workbook("dates1900.xlsx", [("survey", dates)])
    workbook("dates1904.xlsx", [("survey", dates)], date1904=True)
    # Broken on purpose.
    with open(os.path.join(OUT, "not-a-zip.xlsx"), "w") as f:
        f.write("type,name,label\ntext,a,A\n")
    workbook("no-survey.xlsx", [("Sheet1", [["type", "name"], ["text", "a"]])])
    workbook("missing-sheet.xlsx", [("survey", [["type", "name"], ["text", "a"]])], drop=["xl/worksheets/sheet1.xml"])
    # Shared strings of 4 MB (blanks between two items): a few kB compressed.
    bomb = ('<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
            '<si><t>type</t></si>' + " " * (4 << 20) + "<si><t>name</t></si><si><t>text</t></si><si><t>a</t></si></sst>")
    workbook("bomb.xlsx", [("survey", [["type", "name"], ["text", "a"]])], extra=[("xl/sharedStrings.xml", bomb)])
    workbook("many-parts.xlsx", [("survey", [["type", "name"], ["text", "a"]])],
             extra=[(f"xl/media/part{i}.bin", b"x") for i in range(40)])
    laughs = ('<?xml version="1.0"?><!DOCTYPE sst [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>'
              '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>&b;</t></si></sst>')
    workbook("entities.xlsx", [("survey", [["type", "name"], ["text", "a"]])], extra=[("xl/sharedStrings.xml", laughs)])
    unclosed = [["type", "name", "label"], ["begin group", "g", "G"], ["text", "a", "A"]]
    workbook("unclosed-group.xlsx", [("survey", unclosed)])


if __name__ == "__main__":
    main()
