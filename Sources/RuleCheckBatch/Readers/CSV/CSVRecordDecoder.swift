import RuleCheck

/// Splits one CSV or TSV record (as cut by ``CSVFramer``) into cells.
///
/// ```swift
/// let decoder = CSVRecordDecoder(delimiter: UInt8(ascii: ","), header: ["a", "b"])
/// var scratch: [UInt8] = []
/// decoder.decode(bytes, scratch: &scratch)   // .cells(["1", "x\"y"]) for `1,"x""y"`
/// ```
///
/// Quoted cells lose their quotes and `""` becomes `"`; unquoted cells are taken as they are
/// (spaces kept). A record is malformed when a cell is not UTF-8, when a quote appears inside an
/// unquoted cell, when text follows a closing quote, or when its cell count differs from the
/// header's.
struct CSVRecordDecoder: Sendable {
    let delimiter: UInt8
    /// The column names; nil while decoding the header itself (no count check).
    let header: [String]?

    func decode(_ bytes: UnsafeBufferPointer<UInt8>, scratch: inout [UInt8]) -> DecodedRecord.Content {
        switch cells(bytes, scratch: &scratch) {
        case .success(let cells): .cells(cells)
        case .failure(let problem): .malformed(problem.message)
        }
    }

    /// Why a record is malformed.
    struct Problem: Error {
        var message: String
        /// Whether the record's bytes are not UTF-8, rather than badly quoted or counted.
        var isEncoding = false
    }

    func cells(_ bytes: UnsafeBufferPointer<UInt8>, scratch: inout [UInt8]) -> Result<[String], Problem> {
        var cells: [String] = []
        cells.reserveCapacity(header?.count ?? 8)
        guard let base = bytes.baseAddress else {
            return finish([""])
        }
        let count = bytes.count
        let quote = ByteSearch.quote
        let delimiter = self.delimiter
        var position = 0
        var failure: String?
        while true {
            let column = cells.count
            var cell: String?
            if position < count, base[position] == quote {
                position += 1
                var runStart = position
                var hasDoubledQuote = false
                var closed = false
                scratch.removeAll(keepingCapacity: true)
                while position < count {
                    guard let next = ByteSearch.find(quote, in: base, from: position, to: count) else {
                        position = count
                        break
                    }
                    if next + 1 < count, base[next + 1] == quote {
                        // `""` inside quotes is one `"`.
                        hasDoubledQuote = true
                        scratch.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: next + 1 - runStart))
                        position = next + 2
                        runStart = position
                    } else {
                        if hasDoubledQuote {
                            scratch.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: next - runStart))
                            cell = scratch.withUnsafeBufferPointer { Self.string($0) }
                        } else {
                            cell = Self.string(UnsafeBufferPointer(start: base + runStart, count: next - runStart))
                        }
                        position = next + 1
                        closed = true
                        break
                    }
                }
                if !closed {
                    failure = "unterminated quote in \(describeCell(column))"
                } else if position < count, base[position] != delimiter {
                    failure = "\(describeCell(column)) has text after its closing quote"
                }
            } else {
                let start = position
                while position < count, base[position] != delimiter {
                    if base[position] == quote {
                        failure =
                            "\(describeCell(column)) has a quote inside an unquoted value (quote the whole value and double the quote)"
                        break
                    }
                    position += 1
                }
                if failure == nil {
                    cell = Self.string(UnsafeBufferPointer(start: base + start, count: position - start))
                }
            }
            if let failure { return .failure(Problem(message: failure)) }
            guard let cell else {
                return .failure(Problem(message: "\(describeCell(column)) is not valid UTF-8", isEncoding: true))
            }
            cells.append(cell)
            if position >= count { break }
            position += 1  // the delimiter
        }
        return finish(cells)
    }

    /// Where a record's cells lie, for checking them where they are: whether ``cellSpans(_:into:scratch:)``
    /// left them in the record's own bytes or copied them to the scratch buffer.
    enum CellBuffer {
        /// `spans` are ranges of the record's bytes.
        case record
        /// `spans` are ranges of the scratch buffer: a cell had doubled quotes, so every cell was
        /// copied there with `""` made `"`.
        case scratch
    }

    /// Finds the cells of a well-formed record without making strings: `spans` gets where each
    /// cell's text lies (quotes taken off). Nil for a record that is not valid UTF-8, badly quoted
    /// or of the wrong cell count: ``cells(_:scratch:)`` then says what is wrong with it.
    func cellSpans(
        _ bytes: UnsafeBufferPointer<UInt8>, into spans: inout [Range<Int>],
        scratch: inout [UInt8]
    ) -> CellBuffer? {
        spans.removeAll(keepingCapacity: true)
        // Delimiters and quotes are ASCII, so the record is UTF-8 exactly when every cell is.
        guard let base = bytes.baseAddress, UTF8Validation.isValid(bytes) else { return nil }
        let count = bytes.count
        let quote = ByteSearch.quote
        let delimiter = self.delimiter
        var position = 0
        var doubledQuotes = false
        while true {
            if position < count, base[position] == quote {
                let start = position + 1
                var end = start
                while true {
                    guard let next = ByteSearch.find(quote, in: base, from: end, to: count) else { return nil }
                    if next + 1 < count, base[next + 1] == quote {
                        doubledQuotes = true
                        end = next + 2
                    } else {
                        end = next
                        break
                    }
                }
                spans.append(start..<end)
                position = end + 1
                if position < count, base[position] != delimiter { return nil }
            } else {
                let start = position
                let stop = ByteSearch.findEither(delimiter, quote, in: base, from: position, to: count) ?? count
                if stop < count, base[stop] == quote { return nil }
                spans.append(start..<stop)
                position = stop
            }
            if position >= count { break }
            position += 1  // the delimiter
        }
        if let header, spans.count != header.count { return nil }
        guard doubledQuotes else { return .record }
        // A copy of the record, each cell with doubled quotes made single in place.
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: bytes)
        scratch.withUnsafeMutableBufferPointer { copy in
            guard let base = copy.baseAddress else { return }
            for index in spans.indices {
                let span = spans[index]
                guard var read = ByteSearch.find(quote, in: base, from: span.lowerBound, to: span.upperBound) else { continue }
                var write = read
                // Inside a quoted cell a quote only comes doubled; an unquoted cell has none.
                while read < span.upperBound {
                    let byte = base[read]
                    base[write] = byte
                    write += 1
                    read += byte == quote ? 2 : 1
                }
                spans[index] = span.lowerBound..<write
            }
        }
        return .scratch
    }

    /// The bytes as a string, or nil when they are not UTF-8.
    @inline(__always)
    private static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        UTF8Validation.isValid(bytes) ? String(decoding: bytes, as: UTF8.self) : nil
    }

    private func finish(_ cells: [String]) -> Result<[String], Problem> {
        if let header, cells.count != header.count {
            let noun = cells.count == 1 ? "cell" : "cells"
            return .failure(Problem(message: "record has \(cells.count) \(noun), the header has \(header.count)"))
        }
        return .success(cells)
    }

    /// `cell 3 ("email")`, or `cell 9` past the header.
    private func describeCell(_ index: Int) -> String {
        if let header, index < header.count {
            return "cell \(index + 1) (\(JSONWriter.quoted(header[index])))"
        }
        return "cell \(index + 1)"
    }
}
