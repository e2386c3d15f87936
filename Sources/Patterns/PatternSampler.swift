/// Generates strings that a regex matches, for sample data: `[A-HJ-NPR-Z0-9]{17}` gives a
/// VIN-like string, `\d{4} \d{6}` a passport number.
///
/// ```swift
/// var random = SystemRandomNumberGenerator()
/// PatternSampler("[0-9]{3}-[a-z]{2}")?.sample(using: &random)   // "482-qa"
/// ```
///
/// Understands literals, escapes (`\d \w \s \p{L}` and escaped punctuation), character classes
/// with ranges and negation, `.`, groups, alternation, and the quantifiers `? * + {n} {n,m}`
/// (unbounded repeats stop at a few). Anchors and lookarounds are ignored; backreferences and
/// other constructs make the initializer return `nil`. A sample is not guaranteed to match
/// (lookarounds, say): check it with ``Pattern/matches(_:)``.
public struct PatternSampler: Sendable {
    indirect enum Node: Sendable {
        case literal(Unicode.Scalar)
        case set([ClosedRange<UInt32>], negated: Bool)
        case sequence([Node])
        case alternation([Node])
        case repeated(Node, min: Int, max: Int)
    }

    let root: Node

    /// Parses `source`, or returns `nil` for syntax the sampler does not handle.
    public init?(_ source: String) {
        var parser = RegexSubsetParser(Array(source.unicodeScalars))
        guard let root = parser.parseAlternation(), parser.isAtEnd else { return nil }
        self.root = root
    }

    /// One string the pattern is meant to match.
    public func sample<R: RandomNumberGenerator>(using random: inout R) -> String {
        var output = String.UnicodeScalarView()
        Self.emit(root, into: &output, using: &random)
        return String(output)
    }

    private static func emit<R: RandomNumberGenerator>(
        _ node: Node, into output: inout String.UnicodeScalarView,
        using random: inout R
    ) {
        switch node {
        case .literal(let scalar):
            output.append(scalar)
        case .set(let ranges, let negated):
            output.append(pick(ranges, negated: negated, using: &random))
        case .sequence(let nodes):
            for node in nodes { emit(node, into: &output, using: &random) }
        case .alternation(let branches):
            if let branch = branches.randomElement(using: &random) { emit(branch, into: &output, using: &random) }
        case .repeated(let inner, let min, let max):
            for _ in 0..<Int.random(in: min...max, using: &random) { emit(inner, into: &output, using: &random) }
        }
    }

    /// A scalar from the ranges (or, negated, from letters and digits outside them).
    private static func pick<R: RandomNumberGenerator>(
        _ ranges: [ClosedRange<UInt32>], negated: Bool,
        using random: inout R
    ) -> Unicode.Scalar {
        let candidates: [ClosedRange<UInt32>] =
            negated
            ? [0x61...0x7A, 0x41...0x5A, 0x30...0x39].compactMap { range in
                ranges.contains { $0.overlaps(range) } ? nil : range
            }
            : ranges
        let pool = candidates.isEmpty ? [0x61...0x7A] : candidates
        for _ in 0..<16 {
            let range = pool.randomElement(using: &random) ?? 0x61...0x7A
            let value = UInt32.random(in: range, using: &random)
            if let scalar = Unicode.Scalar(value), !(negated && ranges.contains { $0.contains(value) }) {
                return scalar
            }
        }
        return "a"
    }
}

/// A recursive-descent parser for the regex subset of ``PatternSampler``.
private struct RegexSubsetParser {
    typealias Node = PatternSampler.Node
    let scalars: [Unicode.Scalar]
    var index = 0

    init(_ scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    var isAtEnd: Bool { index >= scalars.count }
    private var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    mutating func parseAlternation() -> Node? {
        var branches: [Node] = []
        repeat {
            guard let branch = parseSequence() else { return nil }
            branches.append(branch)
        } while take("|")
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    private mutating func take(_ scalar: Unicode.Scalar) -> Bool {
        guard current == scalar else { return false }
        index += 1
        return true
    }

    private mutating func parseSequence() -> Node? {
        var nodes: [Node] = []
        while let scalar = current, scalar != "|", scalar != ")" {
            if scalar == "^" || scalar == "$" {
                index += 1
                continue
            }
            guard let atom = parseAtom() else { return nil }
            guard let quantified = parseQuantifier(atom) else { return nil }
            nodes.append(quantified)
        }
        return .sequence(nodes)
    }

    private mutating func parseAtom() -> Node? {
        guard let scalar = current else { return nil }
        index += 1
        switch scalar {
        case "(":
            if take("?") {
                guard take(":") else { return nil }  // lookarounds, named groups: not handled
            }
            guard let inner = parseAlternation(), take(")") else { return nil }
            return inner
        case "[": return parseClass()
        case ".": return .set([0x61...0x7A, 0x30...0x39], negated: false)
        case "\\":
            guard let ranges = parseEscape(inClass: false) else { return nil }
            if ranges.isEmpty { return .sequence([]) }  // \b, \A, \z: positions, not characters
            if ranges.count == 1, ranges[0].count == 1, let scalar = Unicode.Scalar(ranges[0].lowerBound) {
                return .literal(scalar)
            }
            return .set(ranges, negated: false)
        case "*", "+", "?", "{", ")": return nil
        default: return .literal(scalar)
        }
    }

    private mutating func parseQuantifier(_ atom: Node) -> Node? {
        switch current {
        case "?": index += 1; _ = take("?"); return .repeated(atom, min: 0, max: 1)
        case "*": index += 1; _ = take("?"); return .repeated(atom, min: 0, max: 3)
        case "+": index += 1; _ = take("?"); return .repeated(atom, min: 1, max: 4)
        case "{":
            index += 1
            guard let low = number() else { return nil }
            var high = low
            if take(",") { high = number() ?? low + 3 }
            guard take("}"), low <= high else { return nil }
            return .repeated(atom, min: low, max: high)
        default:
            return atom
        }
    }

    private mutating func number() -> Int? {
        var digits = ""
        while let scalar = current, ("0"..."9").contains(scalar) {
            digits.unicodeScalars.append(scalar)
            index += 1
        }
        return Int(digits)
    }

    private mutating func parseClass() -> Node? {
        let negated = take("^")
        var ranges: [ClosedRange<UInt32>] = []
        var first = true
        while let scalar = current, scalar != "]" || first {
            first = false
            index += 1
            var low: UInt32
            if scalar == "\\" {
                guard let escaped = parseEscape(inClass: true) else { return nil }
                if escaped.count != 1 || escaped[0].count != 1 {
                    ranges += escaped
                    continue
                }
                low = escaped[0].lowerBound
            } else {
                low = scalar.value
            }
            if current == "-", index + 1 < scalars.count, scalars[index + 1] != "]" {
                index += 1
                guard let end = current else { return nil }
                index += 1
                var high = end.value
                if end == "\\" {
                    guard let escaped = parseEscape(inClass: true), escaped.count == 1 else { return nil }
                    high = escaped[0].lowerBound
                }
                guard low <= high else { return nil }
                ranges.append(low...high)
            } else {
                ranges.append(low...low)
            }
        }
        guard take("]") else { return nil }
        return .set(ranges, negated: negated)
    }

    /// The scalars an escape stands for (after the backslash).
    private mutating func parseEscape(inClass: Bool) -> [ClosedRange<UInt32>]? {
        guard let scalar = current else { return nil }
        index += 1
        switch scalar {
        case "d": return [0x30...0x39]
        case "w": return [0x61...0x7A, 0x41...0x5A, 0x30...0x39, 0x5F...0x5F]
        case "s": return [0x20...0x20]
        case "p":
            // \p{L}, \p{Lu}, \p{Cyrillic}…
            guard take("{") else { return [0x61...0x7A] }
            var name = ""
            while let next = current, next != "}" { name.unicodeScalars.append(next); index += 1 }
            guard take("}") else { return nil }
            // Samples stay readable: Cyrillic only when asked for, Latin otherwise.
            if name.hasPrefix("Cyrillic") { return [0x430...0x44F] }
            if name == "Lu" { return [0x41...0x5A] }
            return [0x61...0x7A]
        case "n": return [0x0A...0x0A]
        case "t": return [0x09...0x09]
        case "b", "B", "A", "z", "Z": return []
        case "D", "W", "S", "P": return nil
        default:
            if ("0"..."9").contains(scalar) && !inClass { return nil }  // backreferences
            return [scalar.value...scalar.value]
        }
    }
}
