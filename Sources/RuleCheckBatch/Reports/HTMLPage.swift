import RuleCheck

/// The page of ``HTMLReport``, written piece by piece: its style sheet, the summary cards, SVG
/// bar charts and tables. Every text from the input goes through ``HTMLText/escaped(_:)``.
struct HTMLPage {
    private(set) var text = ""

    mutating func start(title: String) {
        text += """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="generator" content="rulecheck">
            <title>\(HTMLText.escaped(title))</title>
            <style>\(Self.style)</style>
            </head>
            <body>
            <main>
            <h1>\(HTMLText.escaped(title))</h1>

            """
    }

    mutating func finish() {
        text += "<footer>Made by <code>rulecheck check --format html</code>.</footer>\n</main>\n</body>\n</html>\n"
    }

    mutating func summary(_ summary: CheckSummary, files: [String]) {
        let attributes = [
            ("files", summary.files), ("records", summary.records), ("valid", summary.valid), ("invalid", summary.invalid),
            ("errors", summary.errors), ("warnings", summary.warnings),
        ].map { " data-\($0.0)=\"\($0.1)\"" }.joined()
        text += "<section id=\"summary\"\(attributes)>\n"
        text += "<p class=\"files\">" + files.map { "<code>\(HTMLText.escaped($0))</code>" }.joined(separator: ", ") + "</p>\n"
        text += "<div class=\"cards\">\n"
        let share = summary.records > 0 ? " (\(Self.percent(summary.invalid, of: summary.records)))" : ""
        for (name, label, value, note, kind) in [
            ("records", "records", summary.records, "", ""), ("valid", "valid", summary.valid, "", "good"),
            ("invalid", "invalid", summary.invalid, share, summary.invalid > 0 ? "bad" : ""),
            ("errors", "errors", summary.errors, "", summary.errors > 0 ? "bad" : ""),
            ("warnings", "warnings", summary.warnings, "", summary.warnings > 0 ? "warn" : ""),
        ] {
            text += "<div class=\"card \(kind)\" data-card=\"\(name)\"><b>\(value.grouped)</b><span>\(label)\(note)</span></div>\n"
        }
        text += "</div>\n"
        if let note = summary.truncationNote {
            text +=
                "<p class=\"note\" id=\"truncated\">\(HTMLText.escaped(note)): the tables count everything, the examples show what was reported.</p>\n"
        }
        if summary.fileErrors + summary.fileWarnings > 0 {
            text +=
                "<p class=\"note\">\(HTMLText.escaped((summary.fileErrors + summary.fileWarnings).grouped)) of them are findings about a file as a whole (record 0), which make no record invalid.</p>\n"
        }
        text += "</section>\n"
    }

    mutating func section(id: String, title: String, _ body: (inout HTMLPage) -> Void) {
        text += "<section id=\"\(id)\">\n<h2>\(HTMLText.escaped(title))</h2>\n"
        body(&self)
        text += "</section>\n"
    }

    mutating func paragraph(_ escapedText: String) {
        text += "<p>\(escapedText)</p>\n"
    }

    /// A horizontal bar chart: one bar per entry, its label and count, scaled to the largest;
    /// each bar a `<g data-ATTRIBUTE="name" data-count="n">`.
    mutating func chart(_ entries: [(String, Int)], attribute: String, total: Int) {
        guard let largest = entries.map(\.1).max(), largest > 0 else {
            text += "<p class=\"none\">No violations.</p>\n"
            return
        }
        let rowHeight = 26
        let labelWidth = 220
        let barWidth = 300
        let height = entries.count * rowHeight + 4
        text += "<svg class=\"chart\" role=\"img\" viewBox=\"0 0 640 \(height)\" width=\"640\" height=\"\(height)\""
        text += " aria-label=\"Violations by \(attribute)\" xmlns=\"http://www.w3.org/2000/svg\">\n"
        for (index, (name, count)) in entries.enumerated() {
            let y = index * rowHeight + 2
            let width = max(2, barWidth * count / largest)
            let label = HTMLText.escaped(TextReport.shortened(name, limit: 30))
            text += "<g data-\(attribute)=\"\(HTMLText.escaped(name))\" data-count=\"\(count)\">"
            text += "<title>\(HTMLText.escaped(name)): \(count.grouped)</title>"
            text += "<text x=\"\(labelWidth - 8)\" y=\"\(y + 17)\" text-anchor=\"end\">\(label)</text>"
            text += "<rect x=\"\(labelWidth)\" y=\"\(y + 3)\" width=\"\(width)\" height=\"\(rowHeight - 8)\" rx=\"3\"></rect>"
            text +=
                "<text x=\"\(labelWidth + width + 6)\" y=\"\(y + 17)\">\(count.grouped) (\(Self.percent(count, of: total)))</text></g>\n"
        }
        text += "</svg>\n"
    }

    /// The fields with the most violations: count, share of all records, and their codes.
    mutating func worstFields(_ fields: [(String, Int)], codes: [String: [String: Int]], records: Int) {
        text += "<div class=\"scroll\"><table class=\"worst\">\n<thead><tr><th>field</th><th class=\"n\">violations</th>"
        text += "<th class=\"n\">per 100 records</th><th>codes (as reported)</th></tr></thead>\n<tbody>\n"
        for (field, count) in fields {
            let perHundred = records > 0 ? String(format1: Double(count) * 100 / Double(records)) : "–"
            let byCode = CheckSummary.ranked(codes[field] ?? [:]).map { "\(HTMLText.escaped($0.key)) \($0.value.grouped)" }
            text +=
                "<tr data-field=\"\(HTMLText.escaped(field))\" data-count=\"\(count)\"><td><code>\(HTMLText.escaped(TextReport.shortened(field)))</code></td>"
            text +=
                "<td class=\"n\">\(count.grouped)</td><td class=\"n\">\(perHundred)</td><td>\(byCode.joined(separator: ", "))</td></tr>\n"
        }
        text += "</tbody></table></div>\n"
    }

    /// Each file's totals.
    mutating func files(_ files: [(name: String, summary: CheckSummary)]) {
        text += "<div class=\"scroll\"><table class=\"files\">\n<thead><tr><th>file</th>"
        for column in ["records", "valid", "invalid", "errors", "warnings"] { text += "<th class=\"n\">\(column)</th>" }
        text += "</tr></thead>\n<tbody>\n"
        for (name, summary) in files {
            text += "<tr data-file=\"\(HTMLText.escaped(name))\"><td><code>\(HTMLText.escaped(TextReport.shortened(name)))</code></td>"
            for value in [summary.records, summary.valid, summary.invalid, summary.errors, summary.warnings] {
                text += "<td class=\"n\">\(value.grouped)</td>"
            }
            text += "</tr>\n"
        }
        text += "</tbody></table></div>\n"
    }

    /// A code's first failing records: file, record, line, field, value and message of each
    /// violation of that code.
    mutating func examples(code: String, count: Int, _ examples: [(record: CheckedRecord, violations: [Violation])]) {
        let escaped = HTMLText.escaped(code)
        let shown = examples.count
        text += "<h3 id=\"code-\(escaped)\">\(escaped) <small>\(count.grouped) violation\(count == 1 ? "" : "s")"
        text += shown > 0 ? ", the first \(shown == 1 ? "record" : "\(shown) records")" : ""
        text += "</small></h3>\n"
        guard !examples.isEmpty else { return }
        // A submission's id (an ODK Central or KoboToolbox export) in a column of its own, when
        // any record shown has one.
        let named = examples.contains { $0.record.recordID != nil }
        text += "<div class=\"scroll\"><table class=\"examples\" data-examples=\"\(escaped)\">\n<thead><tr><th>file</th>"
        text += "<th class=\"n\">record</th>\(named ? "<th>submission</th>" : "")<th class=\"n\">line</th>"
        text += "<th>field</th><th>value</th><th>message</th></tr></thead>\n<tbody>\n"
        for (record, violations) in examples {
            let id = record.recordID.map { HTMLText.escaped($0) }
            for violation in violations {
                let value = violation.value.map { "<code>\(HTMLText.escaped(TextReport.shortened($0)))</code>" } ?? "<i>empty</i>"
                text += "<tr class=\"\(violation.severity.rawValue)\" data-record=\"\(record.record)\" data-line=\"\(record.line)\""
                text += id.map { " data-record-id=\"\($0)\">" } ?? ">"
                text += "<td><code>\(HTMLText.escaped(TextReport.shortened(record.file)))</code></td><td class=\"n\">\(record.record)</td>"
                if named {
                    text += "<td>\(record.recordID.map { "<code>\(HTMLText.escaped(TextReport.shortened($0)))</code>" } ?? "")</td>"
                }
                text += "<td class=\"n\">\(record.line)</td>"
                text += "<td><code>\(HTMLText.escaped(TextReport.shortened(violation.field)))</code></td><td>\(value)</td>"
                text += "<td>\(HTMLText.escaped(TextReport.message(violation)))</td></tr>\n"
            }
        }
        text += "</tbody></table></div>\n"
    }

    /// `12.5%`.
    private static func percent(_ part: Int, of whole: Int) -> String {
        guard whole > 0 else { return "–" }
        return String(format1: Double(part) * 100 / Double(whole)) + "%"
    }

    /// The page's style: light and dark, narrow screens (tables scroll), print.
    static let style = """

        :root{color-scheme:light dark;--fg:#1d1f23;--muted:#5b6270;--bg:#fff;--line:#d9dde3;--bar:#3b6fd8;--bad:#c0392b;--warn:#b7791f;--good:#2f855a}
        @media (prefers-color-scheme:dark){:root{--fg:#e8eaed;--muted:#a0a7b4;--bg:#17191c;--line:#3a3f47;--bar:#6d9bf1}}
        *{box-sizing:border-box}
        body{margin:0;background:var(--bg);color:var(--fg);font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
        main{max-width:60rem;margin:0 auto;padding:1rem}
        h1{font-size:1.4rem;margin:.2rem 0 .6rem;overflow-wrap:anywhere}
        h2{font-size:1.15rem;margin:1.6rem 0 .6rem;border-bottom:1px solid var(--line);padding-bottom:.2rem}
        h3{font-size:1rem;margin:1.2rem 0 .4rem}
        h3 small{color:var(--muted);font-weight:normal}
        code{font:13px/1.3 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;overflow-wrap:anywhere}
        .files{color:var(--muted)}
        .cards{display:flex;flex-wrap:wrap;gap:.6rem}
        .card{flex:1 1 8rem;border:1px solid var(--line);border-radius:.5rem;padding:.5rem .8rem}
        .card b{display:block;font-size:1.5rem}
        .card span{color:var(--muted)}
        .card.bad b{color:var(--bad)}.card.warn b{color:var(--warn)}.card.good b{color:var(--good)}
        .note{border-left:3px solid var(--warn);padding-left:.6rem}
        svg.chart{display:block;width:100%;height:auto;max-width:640px}
        svg.chart text{fill:var(--fg);font-size:13px}
        svg.chart rect{fill:var(--bar)}
        .scroll{overflow-x:auto}
        table{border-collapse:collapse;width:100%;font-size:14px}
        th,td{border-bottom:1px solid var(--line);padding:.3rem .5rem;text-align:left;vertical-align:top}
        th{color:var(--muted);font-weight:600}
        .n{text-align:right;font-variant-numeric:tabular-nums}
        tr.error td:first-child{border-left:3px solid var(--bad)}
        tr.warning td:first-child{border-left:3px solid var(--warn)}
        footer{margin-top:2rem;color:var(--muted);font-size:13px}
        @media (max-width:30rem){main{padding:.6rem}.card b{font-size:1.2rem}}
        @media print{:root{--fg:#000;--bg:#fff;--bar:#555}main{max-width:none;padding:0}section{break-inside:avoid-page}
        .scroll{overflow:visible}table{font-size:11px}h3{break-after:avoid}}

        """
}

extension String {
    /// A number with one decimal: `12.5`.
    init(format1 value: Double) {
        let tenths = Int((value * 10).rounded())
        self = "\(tenths / 10).\(abs(tenths % 10))"
    }
}
