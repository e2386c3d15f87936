import RuleCheck
import RuleCheckBatch
import Testing
import _RuleCheckTestSupport

/// Compares the streaming CSV reader with a deliberately naive reference on random inputs made of
/// the bytes that matter (delimiters, quotes, CR, LF, non-ASCII and invalid UTF-8).
@Suite struct CSVReferenceTests {
    /// RuleCheck's seeded generator, so failures reproduce.
    typealias SplitMix = SplitMix64

    /// A raw record: its bytes, or the message of a record that could not be cut out.
    enum Raw {
        case bytes([UInt8])
        case problem(String)
    }

    static let pieces: [[UInt8]] = [
        [0x61], [0x62], [0x2C], [0x2C], [0x22], [0x22], [0x22, 0x22], [0x0A], [0x0A], [0x0D, 0x0A], [0x0D],
        [0xC3, 0xA9], [0xFF], [0x20],
    ]

    /// What the reader should give, computed the slow and obvious way; nil when the header is malformed.
    static func reference(_ input: [UInt8]) -> ReadResult? {
        var bytes = input
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        var raw: [(line: Int, content: Raw)] = []
        var position = 0
        var line = 1
        // The header, once read (records spanning lines are decoded while cutting, to resync).
        var header: [String]?
        // Where malformed records that spanned lines ended.
        var malformedEnds: Set<Int> = []
        while position < bytes.count {
            let startLine = line
            var index = position
            var inQuotes = false
            var atCellStart = true
            var lines = 0
            var end: Int?
            while index < bytes.count {
                let byte = bytes[index]
                if inQuotes {
                    if byte == 0x22 {
                        if index + 1 < bytes.count, bytes[index + 1] == 0x22 {
                            index += 1
                        } else {
                            inQuotes = false
                        }
                    } else if byte == 0x0A || (byte == 0x0D && bytes[index...].starts(with: [0x0D, 0x0A]) == false) {
                        lines += 1  // a CR counts unless an LF follows
                    }
                } else if byte == 0x0A || (byte == 0x0D && !bytes[index...].starts(with: [0x0D, 0x0A])) {
                    end = index  // LF, or a lone CR; a CRLF ends at its LF
                    break
                } else if byte == 0x22, atCellStart {
                    inQuotes = true
                }
                atCellStart = !inQuotes && byte == 0x2C
                index += 1
            }
            if inQuotes {
                raw.append((startLine, .problem("unterminated quote")))
                guard let next = nextLineStart(bytes, from: position) else { break }
                position = next
                line = startLine + 1
                continue
            }
            var record = Array(bytes[position..<(end ?? bytes.count)])
            if record.last == 0x0D { record.removeLast() }
            if lines > 0, let end {
                // A record over several lines that is badly quoted or counted is read again from
                // its second line.
                var problem: String?
                if malformedEnds.contains(end) {
                    problem = "the quote opened on line \(startLine) runs into a malformed record that ends on line \(startLine + lines), "
                } else if case .malformed(let message) = decode(record, header: raw.isEmpty ? nil : header),
                    !message.hasSuffix("is not valid UTF-8")
                {
                    problem = "\(message); the quote opened on line \(startLine) closes on line \(startLine + lines), "
                }
                if let problem, let next = nextLineStart(bytes, from: position) {
                    malformedEnds.insert(end)
                    raw.append((startLine, .problem(problem + "so reading goes on at line \(startLine + 1)")))
                    position = next
                    line = startLine + 1
                    continue
                }
            }
            // Before the header, a line of spaces and tabs is blank; after it, it is a record.
            let isBlank = raw.isEmpty && record.allSatisfy { $0 == 0x20 || $0 == 0x09 }
            if raw.isEmpty, !isBlank, case .cells(let cells) = decode(record, header: nil) { header = cells }
            if !isBlank, !record.isEmpty { raw.append((startLine, .bytes(record))) }
            position = (end ?? bytes.count) + 1
            line = startLine + lines + 1
        }
        guard let first = raw.first else { return ReadResult(header: [], records: []) }
        guard case .bytes = first.content, let header else { return nil }
        var records: [DecodedRecord] = []
        for (offset, entry) in raw.dropFirst().enumerated() {
            let content: DecodedRecord.Content
            switch entry.content {
            case .problem(let message): content = .malformed(message)
            case .bytes(let bytes): content = decode(bytes, header: header)
            }
            records.append(DecodedRecord(number: offset + 1, line: entry.line, content: content))
        }
        return ReadResult(header: header, records: records)
    }

    static func decode(_ bytes: [UInt8], header: [String]?) -> DecodedRecord.Content {
        func name(_ index: Int) -> String {
            guard let header, index < header.count else { return "cell \(index + 1)" }
            return "cell \(index + 1) (\(JSONWriter.quoted(header[index])))"
        }
        var cells: [String] = []
        var index = 0
        while true {
            var value: [UInt8] = []
            if index < bytes.count, bytes[index] == 0x22 {
                index += 1
                while true {
                    if bytes[index] == 0x22 {
                        if index + 1 < bytes.count, bytes[index + 1] == 0x22 {
                            value.append(0x22)
                            index += 2
                            continue
                        }
                        index += 1
                        break
                    }
                    value.append(bytes[index])
                    index += 1
                }
                if index < bytes.count, bytes[index] != 0x2C {
                    return .malformed("\(name(cells.count)) has text after its closing quote")
                }
            } else {
                while index < bytes.count, bytes[index] != 0x2C {
                    if bytes[index] == 0x22 {
                        return .malformed(
                            "\(name(cells.count)) has a quote inside an unquoted value (quote the whole value and double the quote)")
                    }
                    value.append(bytes[index])
                    index += 1
                }
            }
            guard let text = String(validating: value, as: UTF8.self) else {
                return .malformed("\(name(cells.count)) is not valid UTF-8")
            }
            cells.append(text)
            if index >= bytes.count { break }
            index += 1
        }
        if let header, cells.count != header.count {
            return .malformed(
                "record has \(cells.count) \(cells.count == 1 ? "cell" : "cells"), the header has \(header.count)")
        }
        return .cells(cells)
    }

    @Test func randomInputsMatchTheReference() throws {
        var generator = SplitMix(seed: 20_261_122)
        var checked = 0
        for _ in 0..<3000 {
            var input: [UInt8] = []
            // A plausible header first, most of the time, so that records get decoded.
            if Bool.random(using: &generator) || Bool.random(using: &generator) { input += Array("h1,h2,h3\n".utf8) }
            for _ in 0..<Int.random(in: 0...40, using: &generator) {
                input += Self.pieces.randomElement(using: &generator) ?? []
            }
            let blockSize = Int.random(in: 1...9, using: &generator)
            let options = tinyOptions(blockSize: blockSize)
            guard let expected = Self.reference(input) else {
                #expect(throws: InputError.self, "\(input)") { try readAll(input, format: .csv, options: options) }
                continue
            }
            let result = try readAll(input, format: .csv, options: options)
            expectEqual(result, expected, "input \(input), block size \(blockSize)")
            if result != expected { return }
            checked += 1
        }
        #expect(checked > 1500)
    }
}
