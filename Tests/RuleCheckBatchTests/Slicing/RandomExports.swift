import Foundation
import RuleCheck
import RuleCheckBatch

/// Random exports for ``SliceHarness``'s rules (name, age, has_car, plate), made of what makes
/// cutting hard: quoted line breaks, CRLF and lone CR, byte-order marks (at the start, and as
/// data at the start of a line), blank lines, malformed records of every kind, columns and keys
/// that match no field (first seen anywhere), and now and then a header that cannot be read.
enum RandomExports {
    static func make(_ format: RecordFormat, _ random: SharedRandom) -> [UInt8] {
        switch format {
        case .csv, .tsv: csv(random)
        case .jsonl: jsonLines(random)
        case .json: jsonArray(random)
        }
    }

    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    static func lineEnd(_ random: SharedRandom, _ style: Int) -> String {
        switch style {
        case 0: "\n"
        case 1: "\r\n"
        case 2: "\r"
        default: random.pick(["\n", "\r\n", "\r"])
        }
    }

    static func csv(_ random: SharedRandom) -> [UInt8] {
        var bytes: [UInt8] = random.chance(0.2) ? byteOrderMark : []
        let style = random.int(0...3)
        var columns = ["name", "age", "has_car", "plate", "note", "extra"].filter { _ in random.chance(0.7) }
        if columns.isEmpty { columns = ["name"] }
        if random.chance(0.1) { columns.append("name") }
        if random.chance(0.15) { bytes += Array(" \t".utf8) + Array(lineEnd(random, style).utf8) }
        if random.chance(0.05) {
            bytes += random.chance(0.5) ? [0x61, 0xFF, 0x2C, 0x62] : Array("a,\"b".utf8)  // an unreadable header
        } else {
            bytes += Array(columns.joined(separator: ",").utf8)
        }
        for index in 0..<random.int(0...30) {
            bytes += Array(lineEnd(random, style).utf8)
            if random.chance(0.08) { bytes += Array(lineEnd(random, style).utf8) }  // a blank line
            var cells = columns.map { csvCell(for: $0, random) }
            switch random.int(0...30) {
            case 0: cells.removeLast()  // a cell short
            case 1: cells[0] = "ab\"c"  // a quote inside an unquoted cell
            case 2: cells[0] = "\"ab\"c"  // text after a closing quote
            case 3: cells[0] = "\"stray" + lineEnd(random, style) + "x,\"y"  // a stray quote closed lines later
            case 4: cells[0] = "\u{FEFF}Ann"  // a byte-order mark as data at a line start
            case 5 where index > 3: cells[0] = "\"never closed"
            default: break
            }
            bytes += Array(cells.joined(separator: ",").utf8)
        }
        if random.chance(0.5) { bytes += Array(lineEnd(random, style).utf8) }
        return bytes
    }

    static func csvCell(for column: String, _ random: SharedRandom) -> String {
        switch column {
        case "name": random.pick(["Ann", "", "Bartholomew", "\"Multi\nline\"", "\"Ro, Bo\"", "\"Say \"\"hi\"\"\"", "\"a\r\nb\""])
        case "age": random.pick(["30", "-1", "abc", "", "7"])
        case "has_car": random.pick(["yes", "no", "maybe", ""])
        case "plate": random.pick(["123", "12", "", "\"1\n2\""])
        default: random.pick(["x", "", "\"n\no\"te\""])
        }
    }

    static func jsonObject(_ random: SharedRandom) -> String {
        var members: [String] = []
        if random.chance(0.8) {
            members.append("\"name\":" + random.pick(["\"Ann\"", "\"\"", "\"Bartholomew\"", "null", "\"a\\nb\"", "3"]))
        }
        if random.chance(0.7) { members.append("\"age\":" + random.pick(["30", "-1", "\"abc\"", "null", "1.5"])) }
        if random.chance(0.6) { members.append("\"has_car\":" + random.pick(["true", "false", "\"yes\""])) }
        if random.chance(0.5) { members.append("\"plate\":" + random.pick(["\"123\"", "\"12\"", "\"\""])) }
        for key in ["note", "x", "y", "zz"] where random.chance(0.08) { members.append("\"\(key)\":1") }
        if random.chance(0.03) { members.append("\"name\":\"again\"") }  // a repeated key
        return "{" + members.joined(separator: random.pick([",", ", ", ",\n  "])) + "}"
    }

    static func jsonLines(_ random: SharedRandom) -> [UInt8] {
        var bytes: [UInt8] = random.chance(0.2) ? byteOrderMark : []
        let style = random.int(0...3)
        for _ in 0..<random.int(0...30) {
            var line = jsonObject(random).replacingOccurrences(of: "\n", with: "")
            switch random.int(0...25) {
            case 0: line = "{\"name\": \"a\""  // does not parse
            case 1: line = "[1]"  // not an object
            case 2: line = "   "  // blank
            case 3: line = "\u{FEFF}" + line  // a byte-order mark as data
            default: break
            }
            bytes += Array((line + lineEnd(random, style)).utf8)
        }
        if random.chance(0.3), !bytes.isEmpty { bytes.removeLast() }
        return bytes
    }

    static func jsonArray(_ random: SharedRandom) -> [UInt8] {
        var text = random.chance(0.2) ? "\u{FEFF}" : ""
        let separator = random.pick([",", ",\n", ", ", "\n,", ",\r\n  "])
        var elements = (0..<random.int(0...25)).map { _ in jsonObject(random) }
        for index in elements.indices {
            switch random.int(0...40) {
            case 0: elements[index] = "{\"name\": \"broken\nstring\"}"  // a line break inside a string
            case 1: elements[index] += " {\"age\": 1}"  // a missing comma
            case 2: elements[index] = "{\"name\": 1, {\"age\": 2}"  // an element without its }
            case 3: elements[index] = ""  // an empty element
            case 4: elements[index] = "42"  // not an object
            default: break
            }
        }
        text += random.pick(["[", "[\n", " [ "]) + elements.joined(separator: separator)
        switch random.int(0...12) {
        case 0: text += separator  // the file ends after a comma
        case 1: text += ",]"  // a trailing comma
        case 2: text += "]\n{\"after\": 1}"  // content after the array
        case 3: break  // no closing bracket
        default: text += random.pick(["]", "\n]\n", "]\r\n"])
        }
        if random.chance(0.03) { text = "{\"name\": \"Ann\"}\n" }  // not an array
        return Array(text.utf8)
    }
}
