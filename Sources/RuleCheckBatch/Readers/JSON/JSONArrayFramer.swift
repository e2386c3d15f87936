/// Cuts a file holding one JSON array into its elements, streaming: the framer tracks strings,
/// escapes and nesting depth to find each top-level element's bytes and starting line, and never
/// holds more than one element in memory.
///
/// ```swift
/// var framer = JSONArrayFramer(maxRecordSize: 1 << 20)
/// framer.frame(base, count: count, isEOF: true, into: &sink)
/// ```
///
/// Each element is a record (the decoder rejects elements that are not objects). Problems give
/// malformed records, numbered in order with the elements, and reading goes on where the
/// structure allows:
/// - the file does not start with `[` (after whitespace and a byte-order mark): one malformed record
///   at that line, and nothing more is read; an empty file has no records;
/// - an element not followed by `,` or `]` (a missing comma): that element is malformed, and
///   reading goes on at the next top-level `{`, `[`, `,` or `]`;
/// - a `{` where an object key or `}` should be (`{"a": 1, {"b": 2}`: an element without its
///   `}`): the element is malformed, and the next one starts at that `{`;
/// - a line break inside a string (an unterminated string): the element is malformed, and reading
///   goes on at the next line that starts with `{` (after optional whitespace and a comma), or that
///   closes the array with `]`;
/// - an element longer than `maxRecordSize` bytes: malformed; it is still scanned to its end
///   without being kept;
/// - an empty element (`,,`), a trailing comma (`,]`), the file ending before `]`, or content after
///   the closing `]`: a malformed record where it happens.
///
/// The framer keeps a stack of open brackets. A closing bracket that does not match the innermost
/// open one closes up to the nearest one it matches (`{"a": [1, 2}` ends at its `}`), and one that
/// matches none is ignored; the decoder's strict parser then reports the mismatch, while the
/// elements after it are still read.
struct JSONArrayFramer: RecordFramer {
    private enum Phase {
        case start, beforeElement, element, afterElement, skipGarbage, seekLine, lineStart, afterArray
    }

    private let maxRecordSize: Int
    private var phase = Phase.start
    private var scan = 0
    /// The line number at `scan`.
    private var line = 1
    private var afterComma = false
    /// In `lineStart`: whether the line's one allowed comma was seen.
    private var lineHasComma = false

    private var elementStart = 0
    private var elementLine = 1
    /// Where the current container element ends, once it has closed.
    private var elementEnd = 0
    /// The open brackets of the current element, innermost last (`{` or `[`); beyond
    /// `maxTrackedDepth` levels only ``untrackedDepth`` counts them.
    private var brackets: [UInt8] = []
    private var untrackedDepth = 0
    private static let maxTrackedDepth = 4096
    private var inString = false
    private var escaped = false
    /// The last byte outside strings, whitespace aside, in the current element (`"` for a string).
    private var lastToken: UInt8 = 0
    /// Whether the current element's record was already emitted (it was too long).
    private var reported = false
    private(set) var isFinished = false

    /// Whether the input ends inside the array (a slice before more elements): its end is then
    /// no finding.
    private let endsInside: Bool

    /// - Parameters:
    ///   - firstLine: the line the input starts on (a slice of a larger file starts later).
    ///   - part: for a slice of a larger file, which run of the array's elements it holds.
    init(maxRecordSize: Int, firstLine: Int = 1, part: InputSlice.ArrayPart? = nil) {
        self.maxRecordSize = max(1, maxRecordSize)
        line = firstLine
        endsInside = part?.endsInside ?? false
        if part?.startsInside == true {
            // A slice starts right after the comma that follows an element.
            phase = .beforeElement
            afterComma = true
        }
    }

    /// After a comma that followed an element: a slice may start there.
    var boundary: FramerBoundary? {
        guard !isFinished, phase == .beforeElement, afterComma else { return nil }
        return FramerBoundary(offset: scan, line: line)
    }

    var retainFrom: Int {
        (phase == .element || phase == .afterElement) && !reported ? elementStart : scan
    }

    mutating func shift(by offset: Int) {
        scan -= offset
        elementStart -= offset
        elementEnd -= offset
    }

    mutating func frame(_ base: UnsafePointer<UInt8>, count: Int, isEOF: Bool, into sink: inout SpanSink) {
        while !isFinished, !sink.isFull {
            let proceed: Bool
            switch phase {
            case .start: proceed = frameStart(base, count: count, isEOF: isEOF, into: &sink)
            case .beforeElement: proceed = frameBeforeElement(base, count: count, isEOF: isEOF, into: &sink)
            case .element: proceed = frameElement(base, count: count, isEOF: isEOF, into: &sink)
            case .afterElement: proceed = frameAfterElement(base, count: count, isEOF: isEOF, into: &sink)
            case .skipGarbage: proceed = frameGarbage(base, count: count, isEOF: isEOF)
            case .seekLine: proceed = frameSeekLine(base, count: count, isEOF: isEOF)
            case .lineStart: proceed = frameLineStart(base, count: count, isEOF: isEOF)
            case .afterArray: proceed = frameAfterArray(base, count: count, isEOF: isEOF, into: &sink)
            }
            if !proceed { return }
        }
    }

    // MARK: Phases; each returns false when it needs more bytes.

    private mutating func frameStart(
        _ base: UnsafePointer<UInt8>, count: Int, isEOF: Bool, into sink: inout SpanSink
    ) -> Bool {
        let position = skipWhitespace(base, from: scan, to: count)
        guard position < count else { return waitOrFinish(at: count, isEOF: isEOF) }
        if base[position] == UInt8(ascii: "[") {
            phase = .beforeElement
            afterComma = false
            scan = position + 1
            return true
        }
        var message = "expected '[' at the start of a JSON array of records, found "
        message += ByteSearch.describe(base, at: position, count: count)
        if base[position] == UInt8(ascii: "{") {
            message += " (for one object per line, read the file as JSON Lines)"
        }
        sink.emitMalformed(message, line: line)
        isFinished = true
        return true
    }

    private mutating func frameBeforeElement(
        _ base: UnsafePointer<UInt8>, count: Int, isEOF: Bool, into sink: inout SpanSink
    ) -> Bool {
        let position = skipWhitespace(base, from: scan, to: count)
        guard position < count else {
            if isEOF, !endsInside {
                sink.emitMalformed("the file ends before the array is closed with ']'", line: line)
            }
            return waitOrFinish(at: count, isEOF: isEOF)
        }
        switch base[position] {
        case UInt8(ascii: "]"):
            if afterComma {
                sink.emitMalformed(
                    "expected an array element after ',', found ']' (trailing commas are not allowed)", line: line)
            }
            phase = .afterArray
            scan = position + 1
        case UInt8(ascii: ","):
            sink.emitMalformed("expected an array element, found ','", line: line)
            afterComma = true
            scan = position + 1
        default:
            startElement(at: position)
        }
        return true
    }

    private mutating func frameElement(
        _ base: UnsafePointer<UInt8>, count: Int, isEOF: Bool, into sink: inout SpanSink
    ) -> Bool {
        let limit = reported ? count : min(count, elementStart + maxRecordSize + 1)
        var position = scan
        while let stop = nextOutsideStrings(base, from: position, to: limit) {
            let byte = base[stop]
            position = stop + 1
            if byte == ByteSearch.newline {
                line += 1
                if inString {
                    // JSON strings cannot hold a raw line break: this string was never closed.
                    if !reported {
                        sink.emitMalformed("unterminated string (a line break inside a string)", line: elementLine)
                    }
                    phase = .lineStart
                    scan = position
                    return true
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "{") where standsForAKey:
                // `{"a": 1, {"b": 2}`: the element lacks its `}`, and the next one starts here.
                if !reported {
                    sink.emitMalformed(
                        "array element is not closed: found '{' where an object key or '}' should be "
                            + "(line \(line))", line: elementLine)
                }
                startElement(at: stop)
                return true
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                open(byte)
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if isOpen {
                    close(byte)
                    if !isOpen {
                        elementEnd = position
                        phase = .afterElement
                        scan = position
                        return true
                    }
                } else if byte == UInt8(ascii: "]") {
                    emitScalar(base, end: stop, into: &sink)
                    phase = .afterArray
                    scan = position
                    return true
                }
            case UInt8(ascii: ","):
                if !isOpen {
                    emitScalar(base, end: stop, into: &sink)
                    phase = .beforeElement
                    afterComma = true
                    scan = position
                    return true
                }
            default:
                break
            }
            lastToken = byte
        }
        scan = limit
        if !reported, limit == elementStart + maxRecordSize + 1 {
            sink.emitMalformed("array element is longer than \(maxRecordSize) bytes", line: elementLine)
            reported = true
            return true
        }
        if isEOF {
            if !reported { sink.emitMalformed("the file ends inside this array element", line: elementLine) }
            isFinished = true
            return true
        }
        return false
    }

    private mutating func frameAfterElement(
        _ base: UnsafePointer<UInt8>, count: Int, isEOF: Bool, into sink: inout SpanSink
    ) -> Bool {
        let limit = reported ? count : min(count, elementStart + maxRecordSize + 1)
        let position = skipWhitespace(base, from: scan, to: limit)
        if position == limit {
            scan = position
            if !reported, position == elementStart + maxRecordSize + 1 {
                // Too much whitespace to keep the element waiting: emit it now.
                sink.emit(elementStart..<elementEnd, line: elementLine)
                reported = true
                return true
            }
            if isEOF {
                if !reported {
                    // One record per step, so that a batch never holds more than its limit.
                    emitPending(into: &sink)
                    reported = true
                    return true
                }
                sink.emitMalformed("the file ends before the array is closed with ']'", line: line)
            }
            return waitOrFinish(at: count, isEOF: isEOF)
        }
        let byte = base[position]
        switch byte {
        case UInt8(ascii: ","):
            emitPending(into: &sink)
            phase = .beforeElement
            afterComma = true
            scan = position + 1
        case UInt8(ascii: "]"):
            emitPending(into: &sink)
            phase = .afterArray
            scan = position + 1
        default:
            let found = ByteSearch.describe(base, at: position, count: count)
            if reported {
                sink.emitMalformed("expected ',' or ']' after an array element, found \(found)", line: line)
            } else {
                sink.emitMalformed("expected ',' or ']' after this array element, found \(found)", line: elementLine)
            }
            if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                startElement(at: position)
            } else {
                phase = .skipGarbage
                inString = false
                escaped = false
                scan = position
            }
        }
        return true
    }

    /// Skips what follows a missing comma up to the next top-level `,`, `]`, `{` or `[`.
    private mutating func frameGarbage(_ base: UnsafePointer<UInt8>, count: Int, isEOF: Bool) -> Bool {
        var position = scan
        while let stop = nextOutsideStrings(base, from: position, to: count) {
            position = stop + 1
            switch base[stop] {
            case ByteSearch.newline:
                // A line break ends a string here too (JSON strings hold none), escape and all.
                line += 1
                inString = false
                escaped = false
            case UInt8(ascii: ","):
                phase = .beforeElement
                afterComma = true
                scan = position
                return true
            case UInt8(ascii: "]"):
                phase = .afterArray
                scan = position
                return true
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                startElement(at: stop)
                return true
            default:
                break
            }
        }
        return waitOrFinish(at: count, isEOF: isEOF)
    }

    /// Skips to the start of the next line.
    private mutating func frameSeekLine(_ base: UnsafePointer<UInt8>, count: Int, isEOF: Bool) -> Bool {
        guard let newline = ByteSearch.find(ByteSearch.newline, in: base, from: scan, to: count) else {
            return waitOrFinish(at: count, isEOF: isEOF)
        }
        line += 1
        scan = newline + 1
        phase = .lineStart
        return true
    }

    /// At a line start after a broken string: an element starts here if the line starts with `{`
    /// (after whitespace and an optional comma); `]` closes the array; anything else is skipped.
    private mutating func frameLineStart(_ base: UnsafePointer<UInt8>, count: Int, isEOF: Bool) -> Bool {
        var position = scan
        while position < count {
            switch base[position] {
            case 0x20, 0x09, 0x0D:
                position += 1
            case UInt8(ascii: ",") where !lineHasComma:
                lineHasComma = true
                position += 1
            case ByteSearch.newline:
                line += 1
                position += 1
                lineHasComma = false
            case UInt8(ascii: "{"):
                lineHasComma = false
                startElement(at: position)
                return true
            case UInt8(ascii: "]"):
                lineHasComma = false
                phase = .afterArray
                scan = position + 1
                return true
            default:
                lineHasComma = false
                phase = .seekLine
                scan = position
                return true
            }
        }
        return waitOrFinish(at: count, isEOF: isEOF)
    }

    private mutating func frameAfterArray(
        _ base: UnsafePointer<UInt8>, count: Int, isEOF: Bool, into sink: inout SpanSink
    ) -> Bool {
        let position = skipWhitespace(base, from: scan, to: count)
        guard position < count else { return waitOrFinish(at: count, isEOF: isEOF) }
        let found = ByteSearch.describe(base, at: position, count: count)
        sink.emitMalformed("unexpected content after the array's closing ']', found \(found)", line: line)
        isFinished = true
        return true
    }

    // MARK: Helpers

    /// The next byte of `base[from..<limit]` that matters to the structure: outside strings `,`
    /// `[` `]` `{` `}` or a line break, inside a string a line break (which JSON strings cannot
    /// hold); nil when there is none before `limit`. Strings are stepped over — their quotes,
    /// backslash escapes and bytes — with ``inString`` and ``escaped`` kept for the next call,
    /// and the last token outside strings noted (`"` for a string).
    @inline(__always)
    private mutating func nextOutsideStrings(_ base: UnsafePointer<UInt8>, from start: Int, to limit: Int) -> Int? {
        var position = start
        while position < limit {
            if !inString {
                guard let stop = ByteSearch.findJSONStructural(in: base, from: position, to: limit) else {
                    noteLastToken(base, from: position, to: limit)
                    return nil
                }
                noteLastToken(base, from: position, to: stop)
                guard base[stop] == ByteSearch.quote else { return stop }
                inString = true
                lastToken = ByteSearch.quote
                position = stop + 1
            } else if escaped {
                // The escaped byte; a line break still ends the string.
                if base[position] == ByteSearch.newline { return position }
                escaped = false
                position += 1
            } else {
                // Inside a string only a quote, a backslash or a (forbidden) line break matter.
                guard
                    let stop = ByteSearch.findAny(
                        ByteSearch.quote, UInt8(ascii: "\\"), ByteSearch.newline, in: base, from: position, to: limit)
                else { return nil }
                switch base[stop] {
                case ByteSearch.quote: inString = false
                case ByteSearch.newline: return stop
                default: escaped = true
                }
                position = stop + 1
            }
        }
        return nil
    }

    /// Whether a `{` here stands where an object key or `}` should: the innermost open bracket is
    /// `{` and the last token before it is not `:`. False beyond the tracked depth.
    private var standsForAKey: Bool {
        untrackedDepth == 0 && brackets.last == UInt8(ascii: "{") && lastToken != UInt8(ascii: ":")
    }

    /// Notes the last byte of `base[from..<to]` (bytes outside strings between structural ones)
    /// that is not whitespace, if any, as the last token.
    @inline(__always)
    private mutating func noteLastToken(_ base: UnsafePointer<UInt8>, from: Int, to: Int) {
        var index = to
        while index > from {
            index -= 1
            switch base[index] {
            case 0x20, 0x09, 0x0A, 0x0D: continue
            default:
                lastToken = base[index]
                return
            }
        }
    }

    /// Whether the current element has an open bracket.
    private var isOpen: Bool { untrackedDepth > 0 || !brackets.isEmpty }

    private mutating func open(_ bracket: UInt8) {
        if brackets.count < Self.maxTrackedDepth {
            brackets.append(bracket)
        } else {
            untrackedDepth += 1
        }
    }

    /// Closes the innermost open bracket that `closer` matches, and any opened inside it; a closer
    /// that matches no open bracket is ignored.
    private mutating func close(_ closer: UInt8) {
        if untrackedDepth > 0 {
            untrackedDepth -= 1
            return
        }
        let opener = closer == UInt8(ascii: "}") ? UInt8(ascii: "{") : UInt8(ascii: "[")
        if let match = brackets.lastIndex(of: opener) {
            brackets.removeSubrange(match...)
        }
    }

    /// At the end of the window: finishes at the end of the input, or asks for more bytes.
    private mutating func waitOrFinish(at position: Int, isEOF: Bool) -> Bool {
        scan = position
        if isEOF { isFinished = true }
        return isEOF
    }

    private mutating func startElement(at position: Int) {
        phase = .element
        elementStart = position
        elementLine = line
        scan = position
        brackets.removeAll(keepingCapacity: true)
        untrackedDepth = 0
        inString = false
        escaped = false
        reported = false
        lastToken = 0
    }

    private func emitPending(into sink: inout SpanSink) {
        if !reported { sink.emit(elementStart..<elementEnd, line: elementLine) }
    }

    /// Emits a scalar element ending before `end`, without trailing whitespace.
    private func emitScalar(_ base: UnsafePointer<UInt8>, end: Int, into sink: inout SpanSink) {
        guard !reported else { return }
        var last = end
        while last > elementStart, [0x20, 0x09, 0x0A, 0x0D].contains(base[last - 1]) { last -= 1 }
        sink.emit(elementStart..<last, line: elementLine)
    }

    /// Skips JSON whitespace, counting lines.
    private mutating func skipWhitespace(_ base: UnsafePointer<UInt8>, from start: Int, to limit: Int) -> Int {
        var position = start
        while position < limit {
            switch base[position] {
            case ByteSearch.newline: line += 1
            case 0x20, 0x09, 0x0D: break
            default: return position
            }
            position += 1
        }
        return position
    }
}
