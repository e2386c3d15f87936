// Rules files generated as YAML text, once per benchmark setup (never timed): the chains and the
// realistic form that the compilation benchmarks compile, and the three shapes of form that the
// edit benchmarks fill in.

public struct BenchmarkSetupError: Error, CustomStringConvertible {
    public let description: String

    public init(description: String) { self.description = description }
}

/// Builds YAML text line by line.
struct YAMLWriter {
    private(set) var text = ""

    init(header: [String]) {
        text.reserveCapacity(1 << 20)
        for line in header { self.line(line) }
    }

    mutating func line(_ line: String) {
        text += line
        text += "\n"
    }
}

public enum RulesText {
    // MARK: - Compilation

    /// `count` text fields `f1 … fN` under top-level `fields:`. Each field after the first
    /// `depends_on` the one before it and is visible only while it has a value
    /// (`visible_if: fN-1 != null`): two edges per link, a single path through the whole graph.
    ///
    /// With `backEdge`, `f1` is also `visible_if: fN != null`, which closes a cycle through every
    /// field: the file must fail to compile with a "dependency cycle" error.
    public static func chain(_ count: Int, backEdge: Bool) -> String {
        var yaml = YAMLWriter(header: ["form: chain_\(count)", "fields:"])
        for index in 1...count {
            yaml.line("  - id: f\(index)")
            yaml.line("    type: text")
            if index > 1 {
                yaml.line("    depends_on: [f\(index - 1)]")
                yaml.line("    visible_if: f\(index - 1) != null")
            } else if backEdge {
                yaml.line("    visible_if: f\(count) != null")
            }
        }
        return yaml.text
    }

    /// Issue 13's shape: `count` text fields, each with a `pattern` of its own (`^F<n>-[A-Z]{2}[0-9]+$`,
    /// so that none is shared), `depends_on` the field before it and `visible_if: fN-1 != null`.
    /// As block YAML, or as minified JSON: one line of the whole file, as servers send it.
    public static func patterned(_ count: Int, json: Bool) -> String {
        var text = ""
        text.reserveCapacity(count * 130)
        if json {
            text += #"{"form":"patterned_\#(count)","fields":["#
            for index in 1...count {
                if index > 1 { text += "," }
                text += #"{"id":"f\#(index)","type":"text","pattern":"^F\#(index)-[A-Z]{2}[0-9]+$""#
                if index > 1 { text += #","depends_on":["f\#(index - 1)"],"visible_if":"f\#(index - 1) != null""# }
                text += "}"
            }
            return text + "]}"
        }
        var yaml = YAMLWriter(header: ["form: patterned_\(count)", "fields:"])
        for index in 1...count {
            yaml.line("  - id: f\(index)")
            yaml.line("    type: text")
            yaml.line("    pattern: '^F\(index)-[A-Z]{2}[0-9]+$'")
            if index > 1 {
                yaml.line("    depends_on: [f\(index - 1)]")
                yaml.line("    visible_if: f\(index - 1) != null")
            }
        }
        return yaml.text
    }

    /// The same document as `yaml`, nested one level down as the only item of a top-level
    /// sequence. Yams reads (composes) the whole of it, then the rules-file parser stops at
    /// once with "the rules file must be a mapping": compiling it costs the YAML reading alone.
    public static func asSequence(_ yaml: String) -> String {
        var nested = ""
        nested.reserveCapacity(yaml.utf8.count * 11 / 10)
        var first = true
        for line in yaml.split(separator: "\n", omittingEmptySubsequences: false) where !line.isEmpty {
            nested += first ? "- " : "  "
            nested += line
            nested += "\n"
            first = false
        }
        return nested
    }

    /// Fields per section (page) of the realistic form.
    public static let realisticBlockSize = 20

    /// A realistic form of `blocks × 20` fields: one section per block, each a policyholder-like
    /// page with a group (name, birth date), a computed age, a document type and a number checked
    /// by the type (mask or pattern, `depends_on` the type), phone and e-mail with named mask and
    /// pattern, a car (bool) that shows VIN and power, a region → city cascade, income and a
    /// computed tax, a start/end date pair with a bound and an `expr` check, and a list of
    /// drivers. Two gates: `submit` (all) and `quote` (a few fields of every block).
    public static func realistic(blocks: Int) -> String {
        var yaml = YAMLWriter(header: [
            "version: 1",
            "form: realistic_\(blocks * realisticBlockSize)",
            "title: Generated application form",
            "defaults:",
            "  date_format: yyyy-MM-dd",
            "  hidden_values: clear",
            "patterns:",
            "  vin: '^[A-HJ-NPR-Z0-9]{17}$'",
            #"  person_name: '\p{L}+(?:[ ''-]\p{L}+)*'"#,
            "  email: '[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}'",
            "masks:",
            "  phone: '+7 (000) 000-00-00'",
            "  license: '00 00 000000'",
            "gates:",
            "  submit: all",
            "  quote: [" + (1...blocks).flatMap { ["region_\($0)", "power_\($0)", "drivers_\($0)"] }.joined(separator: ", ") + "]",
            "sections:",
        ])
        for block in 1...blocks {
            let b = "_\(block)"
            for line in [
                "  - id: page\(b)",
                "    title: Page \(block)",
                "    fields:",
                "      - id: person\(b)",
                "        type: group",
                "        display: '{last_name} {first_name}'",
                "        fields:",
                "          - id: last_name",
                "            type: text",
                "            required: true",
                "            max_length: 50",
                "            pattern: '@person_name'",
                "            messages:",
                "              required:",
                "                en: Enter the last name",
                "                ru: Укажите фамилию",
                "          - id: first_name",
                "            type: text",
                "            required: true",
                "            max_length: 50",
                "            pattern: '@person_name'",
                "          - id: birth_date",
                "            type: date",
                "            required: true",
                "            min: today - 120y",
                "            max: today - 18y",
                "      - id: age\(b)",
                "        type: integer",
                "        value: age(person\(b).birth_date)",
                "      - id: doc_type\(b)",
                "        type: choice",
                "        required: true",
                "        options:",
                "          - {value: passport, title: Passport}",
                "          - {value: foreign_passport, title: International passport}",
                "          - {value: driver_license, title: Driving licence}",
                "      - id: doc_number\(b)",
                "        type: text",
                "        depends_on: [doc_type\(b)]",
                "        visible_if: doc_type\(b) != null",
                "        required: true",
                "        checks:",
                "          - when: doc_type\(b) == \"passport\"",
                "            mask: '0000 000000'",
                "          - when: doc_type\(b) == \"foreign_passport\"",
                "            mask: '00 0000000'",
                "          - when: doc_type\(b) == \"driver_license\"",
                "            mask: '@license'",
                "            message: 'A licence number looks like 00 00 000000'",
                "      - id: phone\(b)",
                "        type: text",
                "        mask: '@phone'",
                "        required: email\(b) == null",
                "      - id: email\(b)",
                "        type: text",
                "        pattern: '@email'",
                "        max_length: 254",
                "      - id: has_car\(b)",
                "        type: bool",
                "        initial: false",
                "      - id: vin\(b)",
                "        type: text",
                "        visible_if: has_car\(b)",
                "        required: true",
                "        pattern: '@vin'",
                "      - id: power\(b)",
                "        type: integer",
                "        visible_if: has_car\(b)",
                "        required: true",
                "        min: 1",
                "        max: 1500",
                "      - id: region\(b)",
                "        type: choice",
                "        options: [msk, spb, nsk, ekb]",
                "      - id: city\(b)",
                "        type: text",
                "        depends_on: [region\(b)]",
                "        enabled_if: region\(b) != null",
                "        required: region\(b) != null",
                "        min_length: 2",
                "      - id: income\(b)",
                "        type: number",
                "        min: 0",
                "      - id: tax\(b)",
                "        type: number",
                "        value: income\(b) * 0.13",
                "      - id: start\(b)",
                "        type: date",
                "        min: today",
                "      - id: end\(b)",
                "        type: date",
                "        depends_on: [start\(b)]",
                "        visible_if: start\(b) != null",
                "        min: start\(b) + 1d",
                "        checks:",
                "          - expr: end\(b) <= start\(b) + 1y",
                "            message: At most one year",
                "      - id: drivers\(b)",
                "        type: list",
                "        min_items: 1",
                "        max_items: 5",
                "        required: true",
                "        item:",
                "          - id: license",
                "            type: text",
                "            required: true",
                "            mask: '@license'",
            ] {
                yaml.line(line)
            }
        }
        return yaml.text
    }

    // MARK: - Form shapes for the edit benchmarks

    /// Fields per section (page) in the edit benchmarks' forms.
    public static let sectionSize = 100
    /// Fields in one chain of the `chains` shape.
    public static let chainLength = 10
    /// Fields that read the switch in the `fan-out` shape.
    public static let fanOut = 100
    /// Fields in one unit (five nested groups and their members) of the `groups` shape.
    public static let groupUnitSize = 20

    /// `count / 10` independent chains of 10 text fields, `c<k>_0 … c<k>_9`: each field after the
    /// first `depends_on` the one before and is `visible_if` it is not null, so changing `c<k>_0`
    /// clears the 9 fields after it and hides 8 of them, whatever the size of the form.
    public static func chains(_ count: Int) -> String {
        precondition(count.isMultiple(of: chainLength) && sectionSize.isMultiple(of: chainLength))
        var yaml = YAMLWriter(header: ["form: chains_\(count)", "gates:", "  submit: all", "sections:"])
        for chain in 0..<(count / chainLength) {
            if (chain * chainLength).isMultiple(of: sectionSize) {
                yaml.line("  - id: s\(chain * chainLength / sectionSize)")
                yaml.line("    fields:")
            }
            for link in 0..<chainLength {
                yaml.line("      - id: c\(chain)_\(link)")
                yaml.line("        type: text")
                yaml.line("        max_length: 20")
                if link > 0 {
                    yaml.line("        depends_on: [c\(chain)_\(link - 1)]")
                    yaml.line("        visible_if: c\(chain)_\(link - 1) != null")
                }
            }
        }
        return yaml.text
    }

    /// One bool field `switch` read by 100 fields (`visible_if: switch`, `required: true`), then
    /// independent text fields up to `count`. Toggling the switch shows or hides the 100 readers
    /// and adds or removes their `required` issues, whatever the size of the form.
    public static func fanOut(_ count: Int) -> String {
        precondition(count > fanOut + 1)
        var yaml = YAMLWriter(header: ["form: fan_out_\(count)", "gates:", "  submit: all", "sections:"])
        for index in 0..<count {
            if index.isMultiple(of: sectionSize) {
                yaml.line("  - id: s\(index / sectionSize)")
                yaml.line("    fields:")
            }
            if index == 0 {
                yaml.line("      - id: switch")
                yaml.line("        type: bool")
            } else if index <= fanOut {
                yaml.line("      - id: reader\(index)")
                yaml.line("        type: text")
                yaml.line("        visible_if: switch")
                yaml.line("        required: true")
            } else {
                yaml.line("      - id: plain\(index)")
                yaml.line("        type: text")
                yaml.line("        max_length: 40")
            }
        }
        return yaml.text
    }

    /// `count / 20` units, each a required group `g<k>` with groups nested five deep
    /// (`g<k>.l2.l3.l4.l5`), 20 fields in all: every level holds members, and the innermost
    /// holds `m` (edited by the benchmark), `note` (visible while `m` is "A-1", then required)
    /// and five more. Every group is required, so each depends on all the values inside it.
    public static func groups(_ count: Int) -> String {
        precondition(count.isMultiple(of: groupUnitSize) && sectionSize.isMultiple(of: groupUnitSize))
        var yaml = YAMLWriter(header: ["form: groups_\(count)", "gates:", "  submit: all", "sections:"])
        for unit in 0..<(count / groupUnitSize) {
            if (unit * groupUnitSize).isMultiple(of: sectionSize) {
                yaml.line("  - id: s\(unit * groupUnitSize / sectionSize)")
                yaml.line("    fields:")
            }
            let m = "g\(unit).l2.l3.l4.l5.m"
            for line in [
                "      - id: g\(unit)",
                "        type: group",
                "        required: true",
                "        display: '{name} {code}'",
                "        fields:",
                "          - {id: name, type: text, max_length: 50}",
                "          - {id: code, type: text, pattern: '[A-Z]{2}[0-9]{4}'}",
                "          - id: l2",
                "            type: group",
                "            required: true",
                "            fields:",
                "              - {id: a, type: text}",
                "              - {id: b, type: integer, min: 0}",
                "              - id: l3",
                "                type: group",
                "                required: true",
                "                fields:",
                "                  - {id: a, type: text}",
                "                  - {id: b, type: integer, min: 0}",
                "                  - id: l4",
                "                    type: group",
                "                    required: true",
                "                    fields:",
                "                      - {id: a, type: text}",
                "                      - {id: b, type: integer, min: 0}",
                "                      - id: l5",
                "                        type: group",
                "                        required: true",
                "                        fields:",
                "                          - {id: m, type: text, pattern: '[A-Z]-[0-9]'}",
                "                          - id: note",
                "                            type: text",
                "                            visible_if: \(m) == \"A-1\"",
                "                            required: true",
                "                          - {id: x1, type: text}",
                "                          - {id: x2, type: text}",
                "                          - {id: x3, type: text}",
                "                          - {id: x4, type: bool}",
                "                          - {id: x5, type: number}",
            ] {
                yaml.line(line)
            }
        }
        return yaml.text
    }
}
